import { VERIFIED_IDENTITY } from '@pago/shared/contracts/accounts';
import type { Database } from '../../db/database';
import { type BatchRow, type SendInput, sendBatchInOneStatement } from './transfers.repository';

/**
 * Most sends in one batch: each send that writes takes a subtransaction id, and PostgreSQL keeps
 * 64 per backend in shared memory before every other backend's snapshots get slower.
 */
const MAX_BATCH = 32;

/**
 * Batches at the database at once. While they run, new sends queue and leave together as the
 * next batch: the busier the server, the bigger the batches, and an idle server sends each
 * request alone, at once (no timer, no added wait). Two, so that one batch waiting on a wallet
 * another transaction holds does not hold up every send of the process, and the pool's other
 * connections stay free for everything else.
 */
const BATCHES_IN_FLIGHT = 2;

/**
 * A send's outcome: its sender (null: the session was refused — no live session, or an identity
 * not verified — and nothing was done), and the answer stored under its Idempotency-Key (this
 * send's or a replay's), or undefined when the phone is no Pago user's.
 */
export type SendOutcome = {
  userId: string | null;
  stored: { status_code: number; response: string } | undefined;
};

type Waiting = {
  send: SendInput;
  resolve: (outcome: SendOutcome) => void;
  reject: (error: unknown) => void;
};

/**
 * What a send raised inside its batch, shaped as `pg` throws it (SQLSTATE `code`, `detail`,
 * `constraint`), so callers map refusals as for any statement, with the sender it was for.
 */
export class BatchedSendError extends Error {
  readonly code: string;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;
  readonly userId: string | null;

  constructor(row: BatchRow & { r_sqlstate: string }) {
    super(row.r_message ?? 'send refused');
    this.name = 'BatchedSendError';
    this.code = row.r_sqlstate;
    this.detail = row.r_detail || undefined;
    this.constraint = row.r_constraint || undefined;
    this.userId = row.r_user;
  }
}

/**
 * P2P sends grouped into one database statement and one commit (`transfer_send_batch`, in
 * db/functions/transfer_send_batch.sql), each with its own outcome: what a transaction and a
 * round trip cost is paid once per batch instead of once per send, and so is the session check's
 * (the figures are in docs/benchmarks.md). This is the only caller of the P2P send's rule
 * (`transfer_send`); a send arriving alone is a batch of one. A batch that fails whole (a
 * deadlock, a lost connection) committed nothing of itself, or committed and lost its answer:
 * each of its sends then runs alone, and a committed one replays its stored answer.
 */
export function createSendBatcher(
  db: Database,
  options: {
    sessionIdleMinutes: number;
    lookupRules: readonly object[];
    /**
     * Called after a statement that sent money committed: the receivers' notifications, written
     * by the ledger in that transaction, are announced now (see notifications_announce.sql).
     */
    afterSent?: () => void;
  },
) {
  const session = { idleMinutes: options.sessionIdleMinutes, verified: VERIFIED_IDENTITY };
  const queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Statements sent and the sends they carried. */
  const counts = { statements: 0, sends: 0 };

  function answer(waiting: Waiting, row: BatchRow) {
    if (row.r_sqlstate !== null) {
      waiting.reject(new BatchedSendError({ ...row, r_sqlstate: row.r_sqlstate }));
      return;
    }
    const stored =
      row.r_status === null || row.r_response === null
        ? undefined
        : { status_code: row.r_status, response: row.r_response };
    waiting.resolve({ userId: row.r_session_refused ? null : row.r_user, stored });
  }

  async function runAlone(waiting: Waiting) {
    try {
      const [row] = await statement([waiting]);
      if (!row) throw new Error('transfer_send_batch answered no row');
      answer(waiting, row);
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function statement(batch: Waiting[]) {
    counts.statements += 1;
    counts.sends += batch.length;
    const rows = await sendBatchInOneStatement(
      db,
      batch.map((waiting) => waiting.send),
      session,
      options.lookupRules,
    );
    if (rows.some((row) => row.r_status === 201)) options.afterSent?.();
    return rows;
  }

  async function run(batch: Waiting[]) {
    if (batch.length === 1) return runAlone(batch[0] as Waiting);
    let rows: BatchRow[];
    try {
      rows = await statement(batch);
    } catch {
      await Promise.all(batch.map(runAlone));
      return;
    }
    const answered = new Set<Waiting>();
    for (const row of rows) {
      const waiting = batch[row.r_item - 1];
      if (!waiting) continue;
      answered.add(waiting);
      answer(waiting, row);
    }
    // Never expected (the function answers every item); a rerun alone replays a committed one.
    await Promise.all(batch.filter((waiting) => !answered.has(waiting)).map(runAlone));
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
    /** The send's outcome; a refusal the send raised is thrown (a `BatchedSendError`). */
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

export type SendBatcher = ReturnType<typeof createSendBatcher>;
