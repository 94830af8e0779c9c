import { z } from 'zod';
import { textLines } from './text';

/**
 * Transaction monitoring (docs/monitoring.md): rules kept as data (`monitoring_rules`), each
 * evaluated after money moved; a rule that fires stores a hit (`monitoring_hits`) that staff
 * dismiss or escalate in the operations console (`/api/ops/monitoring/*`).
 */

export const MONITORING_RULE_CODES = [
  'structuring',
  'new_account_outflow',
  'many_senders_one_recipient',
  'credential_change_then_send',
] as const;
export const monitoringRuleCodeSchema = z.enum(MONITORING_RULE_CODES);
export type MonitoringRuleCode = z.infer<typeof monitoringRuleCodeSchema>;

/** What a hit does: 'alert' puts it in the queue; 'hold' is reserved (docs/monitoring.md). */
export const MONITORING_ACTIONS = ['alert', 'hold'] as const;
export type MonitoringAction = (typeof MONITORING_ACTIONS)[number];

const cents = (max: number) => z.number().int().min(1).max(max);
const hours = z
  .number()
  .int()
  .min(1)
  .max(24 * 90);

/**
 * Several transfers (or days) just under a line within a window: each transfer's amount is
 * checked against `transferLinesCents`, each US Eastern day's outgoing total against
 * `dayLinesCents`; "just under" is at most `nearPercent` below the line.
 */
export const structuringThresholds = z.strictObject({
  windowHours: hours,
  nearPercent: z.number().int().min(1).max(50),
  transferLinesCents: z.array(cents(100_000_000)).min(1).max(10),
  minNearTransfers: z.number().int().min(2).max(100),
  dayLinesCents: z.array(cents(100_000_000)).min(1).max(10),
  minNearDays: z.number().int().min(2).max(100),
});

/** An account younger than `maxAccountAgeDays` sending at least `minSentCents` and `ratio` times what others sent it. */
export const newAccountOutflowThresholds = z.strictObject({
  maxAccountAgeDays: z.number().int().min(1).max(365),
  minSentCents: cents(100_000_000),
  ratio: z.number().int().min(1).max(100),
});

/** One recipient paid by at least `minUnrelatedSenders` unrelated senders, `minTotalCents` in all, within `windowDays`. */
export const manySendersThresholds = z.strictObject({
  windowDays: z.number().int().min(1).max(90),
  minUnrelatedSenders: z.number().int().min(2).max(1000),
  minTotalCents: cents(100_000_000),
});

/** A change of phone, e-mail or password followed within `withinHours` by `largeSendCents` or more sent. */
export const credentialChangeThresholds = z.strictObject({
  withinHours: hours,
  largeSendCents: cents(100_000_000),
});

export const RULE_THRESHOLD_SCHEMAS = {
  structuring: structuringThresholds,
  new_account_outflow: newAccountOutflowThresholds,
  many_senders_one_recipient: manySendersThresholds,
  credential_change_then_send: credentialChangeThresholds,
} as const;

export type RuleThresholds = {
  structuring: z.infer<typeof structuringThresholds>;
  new_account_outflow: z.infer<typeof newAccountOutflowThresholds>;
  many_senders_one_recipient: z.infer<typeof manySendersThresholds>;
  credential_change_then_send: z.infer<typeof credentialChangeThresholds>;
};

export const monitoringRuleSchema = z.object({
  code: monitoringRuleCodeSchema,
  enabled: z.boolean(),
  action: z.enum(MONITORING_ACTIONS),
  thresholds: z.record(z.string(), z.unknown()),
  updatedAt: z.iso.datetime(),
});
export type MonitoringRule = z.infer<typeof monitoringRuleSchema>;
export const monitoringRuleListSchema = z.object({ items: z.array(monitoringRuleSchema) });

// PATCH /api/ops/monitoring/rules/:code — thresholds are checked against the rule's own schema.
export const updateMonitoringRuleBody = z
  .strictObject({
    enabled: z.boolean().optional(),
    thresholds: z.record(z.string().max(40), z.unknown()).optional(),
    reason: textLines().min(3).max(500),
  })
  .refine((body) => body.enabled !== undefined || body.thresholds !== undefined, {
    message: 'Give enabled, thresholds or both',
    path: ['enabled'],
  });
export type UpdateMonitoringRuleBody = z.infer<typeof updateMonitoringRuleBody>;
export const monitoringRuleParams = z.strictObject({ code: monitoringRuleCodeSchema });

export const MONITORING_HIT_STATUSES = ['open', 'dismissed', 'escalated'] as const;
export type MonitoringHitStatus = (typeof MONITORING_HIT_STATUSES)[number];

export const monitoringHitTransferSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  createdAt: z.iso.datetime(),
  senderName: z.string(),
  /** The other party's name where known (a P2P user, a remittance recipient). */
  counterpartyName: z.string().nullable(),
});

export const monitoringHitSchema = z.object({
  id: z.uuid(),
  rule: monitoringRuleCodeSchema,
  status: z.enum(MONITORING_HIT_STATUSES),
  /** The reason in words, with the figures that fired it (English; `figures` for other words). */
  reason: z.string(),
  figures: z.record(z.string(), z.unknown()),
  /** The customer the hit is about (the recipient for a P2P recipient; null for one abroad). */
  customer: z
    .object({ id: z.uuid(), name: z.string(), email: z.string(), username: z.string() })
    .nullable(),
  /** Who or what the hit is about, in words (a recipient abroad: name, country, account). */
  subject: z.string(),
  transfers: z.array(monitoringHitTransferSchema),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type MonitoringHit = z.infer<typeof monitoringHitSchema>;
export const monitoringHitListSchema = z.object({ items: z.array(monitoringHitSchema) });

// GET /api/ops/monitoring/hits
export const monitoringHitsQuery = z.strictObject({
  status: z.enum(MONITORING_HIT_STATUSES).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const monitoringHitParams = z.strictObject({ id: z.uuid() });

// POST /api/ops/monitoring/hits/:id/dismiss and /escalate
export const decideMonitoringHitBody = z.strictObject({ reason: textLines().min(3).max(500) });
