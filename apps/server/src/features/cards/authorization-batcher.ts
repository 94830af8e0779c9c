import type { Database } from '../../db/database';
import {
  type AuthorizeCall,
  type AuthorizedRow,
  authorizeBatchInOneStatement,
  authorizeInOneStatement,
} from './authorizations.repository';

/** Most authorizations in one statement: one commit's worth, as for P2P sends. */
const MAX_BATCH = 32;

type Waiting = {
  call: AuthorizeCall;
  resolve: (row: AuthorizedRow | undefined) => void;
  reject: (error: unknown) => void;
};

/**
 * Card authorizations that arrive together leave together: one statement and one commit
 * (`card_authorize_batch`) for all of them, each with its own answer, so the `card_clearing`
 * account every hold credits is locked and flushed once per batch rather than once per
 * authorization (docs/cards-performance.md). One batch at a time: the next one would only wait
 * on that account's lock, and while a batch runs the new requests gather into the next. An idle
 * server decides a request alone at once (no timer, no added wait). A batch that fails whole
 * (a deadlock with another process, a freeze racing a hold) kept nothing: each of its items is
 * then decided alone, and the same authorization id asked again answers what was decided.
 */
export function createAuthorizationBatcher(db: Database) {
  const queue: Waiting[] = [];
  let running = false;
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
    if (running || queue.length === 0) return;
    running = true;
    void run(queue.splice(0, MAX_BATCH)).finally(() => {
      running = false;
      pump();
    });
  }

  return {
    /** How many statements carried how many authorizations so far (the batching at work). */
    counts: () => ({ ...counts }),
    /** The authorization as recorded, or undefined for a card Pago does not know. */
    authorize(call: AuthorizeCall): Promise<AuthorizedRow | undefined> {
      return new Promise((resolve, reject) => {
        queue.push({ call, resolve, reject });
        // After this turn of the event loop, so requests that arrived together leave together.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}

export type AuthorizationBatcher = ReturnType<typeof createAuthorizationBatcher>;
