import type { Database } from '../../db/database';
import type { InvariantFindings } from '../../db/schema';

/** The most ids of each kind a check keeps; the counts are always whole. */
const KEPT = 100;

export type InvariantCheck = {
  source: 'job' | 'cli';
  checkedAt: Date;
  unbalancedTransfers: number;
  driftedAccounts: number;
  negativeUserAccounts: number;
  found: InvariantFindings;
};

/** Stores one run of the invariant check with what it found. */
export async function recordInvariantCheck(
  db: Database,
  source: InvariantCheck['source'],
  found: InvariantFindings,
): Promise<InvariantCheck> {
  const row = await db
    .insertInto('ledger_invariant_checks')
    .values({
      source,
      unbalanced_transfers: found.unbalancedTransfers.length,
      drifted_accounts: found.driftedAccounts.length,
      negative_user_accounts: found.negativeUserAccounts.length,
      found: JSON.stringify({
        unbalancedTransfers: found.unbalancedTransfers.slice(0, KEPT),
        driftedAccounts: found.driftedAccounts.slice(0, KEPT),
        negativeUserAccounts: found.negativeUserAccounts.slice(0, KEPT),
      }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCheck(row);
}

/** The last run of the check, or null when it never ran. */
export async function latestInvariantCheck(db: Database): Promise<InvariantCheck | null> {
  const row = await db
    .selectFrom('ledger_invariant_checks')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toCheck(row) : null;
}

function toCheck(row: {
  source: 'job' | 'cli';
  checked_at: Date;
  unbalanced_transfers: number;
  drifted_accounts: number;
  negative_user_accounts: number;
  found: InvariantFindings;
}): InvariantCheck {
  return {
    source: row.source,
    checkedAt: row.checked_at,
    unbalancedTransfers: row.unbalanced_transfers,
    driftedAccounts: row.drifted_accounts,
    negativeUserAccounts: row.negative_user_accounts,
    found: row.found,
  };
}
