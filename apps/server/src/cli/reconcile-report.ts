import type { Difference } from '../features/banking/banking.repository';

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
