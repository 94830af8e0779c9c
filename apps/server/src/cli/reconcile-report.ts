import type { Difference } from '../features/banking/banking.repository';
import type { InvariantCheck } from '../features/ledger/ledger-invariants.service';
import type { PayoutDifference } from '../features/remittances/payout-reconciliation';

/** The invariant check's result: a summary, then the ids found of each broken invariant. */
export function formatInvariants(check: InvariantCheck): string {
  const lines = [
    `Ledger invariants: ${check.unbalancedTransfers} unbalanced transfer(s), ${check.driftedAccounts} drifted account(s), ${check.negativeUserAccounts} negative user account(s).`,
  ];
  const { found } = check;
  if (found.unbalancedTransfers.length > 0)
    lines.push(`unbalanced  transfers=${found.unbalancedTransfers.join(',')}`);
  if (found.driftedAccounts.length > 0)
    lines.push(`drifted  accounts=${found.driftedAccounts.join(',')}`);
  if (found.negativeUserAccounts.length > 0)
    lines.push(`negative  accounts=${found.negativeUserAccounts.join(',')}`);
  return `${lines.join('\n')}\n`;
}

/** The reconciliation's result as `npm run reconcile` prints it: a summary, then one line each. */
export function formatReconciliation(result: {
  runId: string;
  accountsChecked: number;
  differences: Difference[];
}): string {
  const lines = [
    `Reconciliation ${result.runId}: ${result.accountsChecked} account(s) checked, ${result.differences.length} difference(s).`,
  ];
  for (const d of result.differences) {
    lines.push(
      [
        d.kind,
        `user=${d.userId}`,
        `transfer=${d.transferId ?? '-'}`,
        `unit=${d.unitId ?? '-'}`,
        `expected=${d.expected ?? '-'}`,
        `actual=${d.actual ?? '-'}`,
      ].join('  '),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The payout partner's reconciliation as `npm run reconcile` prints it. */
export function formatPayoutReconciliation(result: {
  runId: string;
  transfersChecked: number;
  differences: PayoutDifference[];
  balance: { available: string; expectedVolume: string; low: boolean };
}): string {
  const lines = [
    `Payout partner ${result.runId}: ${result.transfersChecked} remittance(s) checked, ${result.differences.length} difference(s); prefunded balance ${result.balance.available} USD available, busiest day of the last week ${result.balance.expectedVolume} USD${result.balance.low ? ' (will not cover it)' : ''}.`,
  ];
  for (const d of result.differences) {
    lines.push(
      [
        d.kind,
        `transfer=${d.transferId ?? '-'}`,
        `expected=${d.expected ?? '-'}`,
        `actual=${d.actual ?? '-'}`,
      ].join('  '),
    );
  }
  return `${lines.join('\n')}\n`;
}
