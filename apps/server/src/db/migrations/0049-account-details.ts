import { type Kysely, sql } from 'kysely';

/**
 * Account details (docs/account-details.md):
 * - `users.time_zone`: the IANA zone the user reads times in (null: derived from the ZIP);
 * - `sessions.sign_in_method` and `sessions.place`: how a session was opened (password, an
 *   external sign-in's provider, a sign-in link) and the approximate place of the address it was
 *   opened from (only where a local GeoIP database is configured), for the list of sessions, and
 *   `sign_in_challenges.sign_in_method`, which a two-step code's session inherits;
 * - an index on `ledger_transfers.related_transfer_id`, so that activity can tell a card hold a
 *   clearing replaced (the charge points at it) without reading every transfer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column time_zone text
    check (time_zone is null or length(time_zone) between 1 and 64)`.execute(db);
  await sql`alter table sessions add column sign_in_method text
    check (sign_in_method is null or length(sign_in_method) between 1 and 64)`.execute(db);
  await sql`alter table sessions add column place text
    check (place is null or length(place) between 1 and 200)`.execute(db);
  await sql`alter table sign_in_challenges add column sign_in_method text
    check (sign_in_method is null or length(sign_in_method) between 1 and 64)`.execute(db);
  await sql`create index ledger_transfers_related on ledger_transfers (related_transfer_id)
    where related_transfer_id is not null`.execute(db);
}
