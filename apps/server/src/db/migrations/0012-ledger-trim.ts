import { type Kysely, sql } from 'kysely';

/**
 * The send trimmed to what the product reads. Same signatures, refusals and answers as
 * migrations 0010 and 0011; what a send writes and checks is cut:
 * - **Status history**: a transfer's first status is its own `status` and `created_at` until the
 *   status first changes; `ledger_post` writes no history row for it (unless it carries a note),
 *   and a status change writes the first row (from the transfer, still unchanged) before its own.
 *   The receipt reads the rows, or the transfer when there are none: it reads the same.
 * - **Idempotency-Key written once**, with its answer, at the end of `transfer_send` (it was a
 *   reservation inserted first and updated last): see the function's comment.
 * - **Foreign keys to users** that every send checked with a `FOR KEY SHARE` lock on the users'
 *   rows: `ledger_transfers.user_id` and `.counterparty_user_id`, `idempotency_keys.user_id`,
 *   `ledger_limit_usage.user_id`. No user is ever deleted (no code path deletes one), and every
 *   id written there comes from a signed-in session or a recipient found in `users` in the same
 *   statement, so the checks guarded nothing; the wallet's key (`ledger_accounts.user_id`), checked
 *   only when a wallet is opened, stays and ties every money row to a real user.
 * - **Indexes nothing reads**: `ledger_entries_transfer` and `ledger_entries_account`. No query
 *   looks entries up by transfer or account; the invariant check aggregates the whole table.
 * - **Limits**: one running total per sender and US Eastern day (one upsert per send, was two);
 *   the month is the sum of its days' totals, at most 31 rows read by the primary key, so it does
 *   not grow with history. Month totals are deleted; refunds give room back to the day only.
 * - **Fill factor 50** on `ledger_accounts` and `ledger_limit_usage`, whose rows every send
 *   updates: with room on the page the update is HOT (no index entry). New pages only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_transfers drop constraint ledger_transfers_user_id_fkey,
      drop constraint ledger_transfers_counterparty_user_id_fkey`.execute(db);
  await sql`alter table idempotency_keys drop constraint idempotency_keys_user_id_fkey`.execute(db);
  await sql`alter table ledger_limit_usage drop constraint ledger_limit_usage_user_id_fkey`.execute(
    db,
  );
  await sql`drop index ledger_entries_transfer, ledger_entries_account`.execute(db);

  // Limits: the day totals stay, the month totals go (the month is summed from its days).
  await sql`delete from ledger_limit_usage where period = 'month'`.execute(db);
  await sql`delete from ledger_limit_usage_pending where period = 'month'`.execute(db);
  await sql`alter table ledger_accounts set (fillfactor = 50)`.execute(db);
  await sql`alter table ledger_limit_usage set (fillfactor = 50)`.execute(db);
  // ledger_transfers_limit_usage: db/functions/ledger_transfers_limit_usage.sql.

  // ledger_post: db/functions/ledger_post.sql.

  // transfer_send: db/functions/transfer_send.sql.
}
