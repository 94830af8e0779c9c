import type { Database } from '../../db/database';
import {
  type AuthorizeCall,
  type AuthorizedRow,
  authorizeBatchInOneStatement,
  authorizeInOneStatement,
} from './authorizations.repository';
import { CARD_CLEARING_SHARDS, cardClearingShard } from './card-clearing';

/** Most authorizations in one statement: one commit's worth, as for P2P sends. */
const MAX_BATCH = 32;
/**
 * Batches in flight at once (per process): the shards are dealt into this many lanes (shard mod
 * lanes), so no two batches ever credit the same clearing account. More lanes use more of
 * PostgreSQL's cores but make smaller batches, each with its own commit to flush: on 2 cores,
 * 2 lanes gave 408 authorizations/s (p99 189 ms) where 8 gave 346/s (p99 251 ms), the 8 lanes'
 * connections waiting on the WAL's write lock 29% of the time (docs/cards-performance.md).
 */
const LANES = 2;

type Waiting = {
  call: AuthorizeCall;
  resolve: (row: AuthorizedRow | undefined) => void;
  reject: (error: unknown) => void;
};

/**
 * Card authorizations that arrive together leave together: one statement and one commit
 * (`card_authorize_batch`) for all of them, each with its own answer, so the clearing account
 * every hold credits is locked and flushed once per batch rather than once per authorization
 * (docs/cards-performance.md). Batches go by lane, a fixed set of clearing shards
 * (card-clearing.ts): one batch at a time per lane, since the next one would only wait on its
 * accounts' locks, while the lanes' batches run side by side (PostgreSQL uses more than one
 * core). While a lane's batch runs, its new requests gather into its next. An idle server
 * decides a request alone at once (no timer, no added wait). A batch that fails whole (a
 * deadlock with another process, a freeze racing a hold) kept nothing: each of its items is then
 * decided alone, and the same authorization id asked again answers what was decided.
 */
export function createAuthorizationBatcher(db: Database) {
  const lanes = Math.min(CARD_CLEARING_SHARDS, LANES);
  const queues: Waiting[][] = Array.from({ length: lanes }, () => []);
  const running: boolean[] = queues.map(() => false);
  let scheduled = false;
  const counts = { statements: 0, authorizations: 0 };

  async function alone(waiting: Waiting) {
    try {
      counts.statements += 1;
      counts.authorizations += 1;
      let row: AuthorizedRow | undefined;
      try {
        row = await authorizeInOneStatement(db, waiting.call);
      } catch (error) {
        // Staff froze the account between the function's check and its hold (the frozen guard,
        // P2010): nothing was written; asked again, the function sees the freeze and declines.
        if ((error as { code?: string }).code !== 'P2010') throw error;
        row = await authorizeInOneStatement(db, waiting.call);
      }
      waiting.resolve(row);
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function run(batch: Waiting[]) {
    if (batch.length === 1) return alone(batch[0] as Waiting);
    let rows: (AuthorizedRow & { item: number })[];
    try {
      counts.statements += 1;
      counts.authorizations += batch.length;
      rows = await authorizeBatchInOneStatement(
        db,
        batch.map((waiting) => waiting.call),
      );
    } catch {
      for (const waiting of batch) await alone(waiting);
      return;
    }
    const byItem = new Map(rows.map((row) => [row.item, row]));
    batch.forEach((waiting, i) => {
      waiting.resolve(byItem.get(i + 1));
    });
  }

  function pump() {
    scheduled = false;
    queues.forEach((queue, lane) => {
      if (running[lane] || queue.length === 0) return;
      running[lane] = true;
      void run(queue.splice(0, MAX_BATCH)).finally(() => {
        running[lane] = false;
        pump();
      });
    });
  }

  return {
    /** How many statements carried how many authorizations so far (the batching at work). */
    counts: () => ({ ...counts }),
    /** The authorization as recorded, or undefined for a card Pago does not know. */
    authorize(call: AuthorizeCall): Promise<AuthorizedRow | undefined> {
      return new Promise((resolve, reject) => {
        queues[cardClearingShard(call.partnerCardId) % lanes]?.push({ call, resolve, reject });
        // After this turn of the event loop, so requests that arrived together leave together.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
