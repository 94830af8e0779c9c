import type { Database } from '../../db/database';
import {
  type BatchRow,
  type SendInput,
  type SendOutcome,
  sendBatchInOneStatement,
  sendInOneStatement,
} from './transfers.repository';

/**
 * Most sends in one batch: each send that writes takes a subtransaction id, and PostgreSQL keeps
 * 64 per backend in shared memory before every other backend's snapshots get slower.
 */
const MAX_BATCH = 32;

/**
 * Batches at the database at once. While they run, new sends queue and leave together as the
 * next batch: the busier the server, the bigger the batches, and an idle server sends each
 * request alone, at once, as before (no timer, no added wait). Two keep the database busy while
 * a batch's commit is being flushed, and leave the pool's other connections to everything else.
 */
const BATCHES_IN_FLIGHT = Number(process.env.PAGO_BATCHES_IN_FLIGHT ?? 2);

type Waiting = {
  send: SendInput;
  resolve: (outcome: SendOutcome) => void;
  reject: (error: unknown) => void;
};

/**
 * What a send raised inside its batch, shaped as `pg` throws it for the send alone (SQLSTATE
 * `code`, `detail`, `constraint`), so callers map refusals the same way on both paths.
 */
export class BatchedSendError extends Error {
  readonly code: string;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;

  constructor(row: BatchRow & { r_sqlstate: string }) {
    super(row.r_message ?? 'send refused');
    this.name = 'BatchedSendError';
    this.code = row.r_sqlstate;
    this.detail = row.r_detail || undefined;
    this.constraint = row.r_constraint || undefined;
  }
}

/**
 * P2P sends grouped into one database statement and one commit (`transfer_send_batch`, migration
 * 0019), each with its own outcome: what a transaction costs is paid once per batch instead of
 * once per send (issue 12; the figures are in docs/benchmarks.md). A batch that fails whole (a
 * deadlock, a lost connection) committed nothing of itself, or committed and lost its answer:
 * each of its sends then runs alone, and a committed one replays its stored answer.
 */
export function createSendBatcher(db: Database) {
  const queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Statements sent and the sends they carried (a batch of one is `transfer_send` alone). */
  const counts = { statements: 0, sends: 0 };

  async function runAlone(waiting: Waiting) {
    try {
      waiting.resolve(await sendInOneStatement(db, waiting.send));
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function run(batch: Waiting[]) {
    counts.statements += 1;
    counts.sends += batch.length;
    if (batch.length === 1) return runAlone(batch[0] as Waiting);
    let rows: BatchRow[];
    try {
      rows = await sendBatchInOneStatement(
        db,
        batch.map((waiting) => waiting.send),
      );
    } catch {
      await Promise.all(batch.map(runAlone));
      return;
    }
    const answered = new Set<Waiting>();
    for (const row of rows) {
      const waiting = batch[row.r_item - 1];
      if (!waiting) continue;
      answered.add(waiting);
      if (row.r_sqlstate !== null) {
        waiting.reject(new BatchedSendError({ ...row, r_sqlstate: row.r_sqlstate }));
      } else if (row.r_status === null || row.r_response === null) {
        waiting.resolve(undefined);
      } else {
        waiting.resolve({ status_code: row.r_status, response: row.r_response });
      }
    }
    const missing = batch.filter((waiting) => !answered.has(waiting));
    if (missing.length > 0) {
      // Never expected: the function answers every item. A rerun alone replays a committed one.
      await Promise.all(missing.map(runAlone));
    }
  }

  function pump() {
    scheduled = false;
    while (inFlight < BATCHES_IN_FLIGHT && queue.length > 0) {
      inFlight += 1;
      void run(queue.splice(0, MAX_BATCH)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    /** How many statements carried how many sends so far (the batching at work). */
    counts: () => ({ ...counts }),
    /** The send's outcome, as `sendInOneStatement` gives it (and throws its refusals). */
    send(send: SendInput): Promise<SendOutcome> {
      return new Promise<SendOutcome>((resolve, reject) => {
        queue.push({ send, resolve, reject });
        // After this turn of the event loop, so requests that arrived together leave together.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
