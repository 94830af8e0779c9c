import type { Kysely } from 'kysely';

/**
 * Sends in batches. `transfer_send_batch` runs many P2P sends (each exactly what
 * `transfer_send` does alone: recipient, Idempotency-Key, quote, `ledger_post`, stored answer) in
 * one statement, hence one transaction and one commit, so what a transaction costs (its start,
 * the commit record and the WAL flush the client waits for, the round trip and the backend's
 * wake-up) is paid once per batch instead of once per send.
 *
 * - **Each send on its own**: every send runs in its own block with an exception handler (a
 *   subtransaction), so a refused send (insufficient funds, a limit, a reused key, ...) rolls
 *   back only its own writes and comes back as that item's SQLSTATE, message, detail and
 *   constraint, exactly what the send alone would have raised; the others commit.
 * - **No deadlocks between batches**: every wallet the batch will touch (the senders' and the
 *   recipients' found by phone) is locked first, in id order, the order `ledger_post` locks in;
 *   later locks (the limit totals, a quote, the keys) belong to a sender whose wallet is already
 *   held, so two batches, or a batch and a single send, never wait on each other in a cycle.
 *   (A recipient without a wallet yet gets one inside `ledger_post`; that first-use lock is the
 *   one taken out of order. A deadlock, a cancel or a lost connection aborts the whole batch:
 *   those SQLSTATEs are raised, not kept per item, and the caller runs each send alone.)
 * - **Twins** (one Idempotency-Key twice) serialize on the sender's wallet: inside one batch the
 *   second finds the first's stored answer (same transaction), across batches it waits for the
 *   first batch's commit on the wallet lock, after which its look-up sees the key.
 * - **The session check too**: a send may name its sender by the session's token hash instead of
 *   a user id; the batch then runs `session_touch` for it (each token once, in token order, before
 *   any wallet is locked, so two batches never wait on each other's sessions in a cycle) and sends
 *   only for a live session whose identity is verified by the statuses the caller passes (the
 *   shared `VERIFIED_IDENTITY`). A refused session comes back as `r_session_refused` with nothing
 *   done, and the caller answers it as the session check alone would (401 or 403).
 * - Items are kept under 64 by the caller: each writing subtransaction takes a subtransaction id,
 *   and past 64 a backend's snapshot entry overflows, which slows every other backend.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // transfer_send_batch: db/functions/transfer_send_batch.sql.
}
