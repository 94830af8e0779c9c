import type {
  MonitoringAction,
  MonitoringRuleCode,
  RuleThresholds,
} from '@pago/shared/contracts/monitoring';
import { TRANSFER_LIMITS } from '@pago/shared/fees';

/**
 * The one place the monitoring rules' defaults are written: migration 0052 seeds
 * `monitoring_rules` from it, and an admin changes a rule's thresholds or turns it off through
 * `PATCH /api/ops/monitoring/rules/:code` afterwards (the row, not this file, is then the truth).
 * docs/monitoring.md gives the reasoning behind each figure.
 */
export const DEFAULT_RULES: {
  [K in MonitoringRuleCode]: {
    enabled: boolean;
    action: MonitoringAction;
    thresholds: RuleThresholds[K];
  };
} = {
  structuring: {
    enabled: true,
    action: 'alert',
    thresholds: {
      windowHours: 72,
      nearPercent: 10,
      // The ledger's per-transfer limit, and the $3,000 funds-transfer record line and the
      // $10,000 currency-report line (lines a partner with higher limits would make reachable).
      transferLinesCents: [TRANSFER_LIMITS.perTransaction, 300_000, 1_000_000],
      minNearTransfers: 3,
      // The ledger's daily limit and the same two reporting lines, against a day's total.
      dayLinesCents: [TRANSFER_LIMITS.daily, 300_000, 1_000_000],
      minNearDays: 2,
    },
  },
  new_account_outflow: {
    enabled: true,
    action: 'alert',
    thresholds: { maxAccountAgeDays: 30, minSentCents: 100_000, ratio: 3 },
  },
  many_senders_one_recipient: {
    enabled: true,
    action: 'alert',
    thresholds: { windowDays: 7, minUnrelatedSenders: 5, minTotalCents: 100_000 },
  },
  credential_change_then_send: {
    enabled: true,
    action: 'alert',
    thresholds: { withinHours: 24, largeSendCents: 50_000 },
  },
};
