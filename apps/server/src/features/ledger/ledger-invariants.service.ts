import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { findInvariantViolations } from './ledger.repository';
import {
  type InvariantCheck,
  latestInvariantCheck,
  recordInvariantCheck,
} from './ledger-invariants.repository';

export type { InvariantCheck };

/** Whether a check found the ledger broken. */
export function isBroken(check: InvariantCheck): boolean {
  return check.unbalancedTransfers + check.driftedAccounts + check.negativeUserAccounts > 0;
}

/**
 * The design's three ledger invariants (each transfer's entries sum to zero, each balance equals
 * its entries, no person's balance is negative), checked over the whole ledger: daily by the job
 * `ledger-invariants` and on demand by `npm run reconcile` (docs/operations.md). Each run is
 * stored; one that finds anything is logged as an error and shows in `/api/health/detail`.
 */
export function createLedgerInvariants({ db, log }: { db: Database; log: FastifyBaseLogger }) {
  return {
    async check(source: InvariantCheck['source']): Promise<InvariantCheck> {
      const found = await findInvariantViolations(db);
      const check = await recordInvariantCheck(db, source, found);
      const counts = {
        unbalancedTransfers: check.unbalancedTransfers,
        driftedAccounts: check.driftedAccounts,
        negativeUserAccounts: check.negativeUserAccounts,
      };
      if (isBroken(check)) {
        log.error(
          { ledgerInvariants: { ...counts, found: check.found } },
          'ledger invariants broken',
        );
      } else {
        log.info({ ledgerInvariants: counts }, 'ledger invariants hold');
      }
      return check;
    },

    latest: () => latestInvariantCheck(db),
  };
}

export type LedgerInvariants = ReturnType<typeof createLedgerInvariants>;
