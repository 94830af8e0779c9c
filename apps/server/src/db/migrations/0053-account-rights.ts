import { type Kysely, sql } from 'kysely';

/**
 * Customers' rights over their account (docs/account-rights.md):
 * - `users.closed_at` / `closed_by` / `close_reason`: a closed account (by the customer, or by a
 *   staff member: `staff:<id>`); nobody signs in to it again;
 * - `users.partner_closed_at`: when its cards, partner account and linked banks were closed at
 *   the vendors (the closing job retries until then);
 * - `users.access_erased_at` and `users.anonymised_at`: the retention job's two steps (sign-in
 *   data and notifications after the short period; contact data and identity results after the
 *   records period);
 * - `account_data_exports`: one-time tickets for downloading one's data (their SHA-256 only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users
    add column closed_at timestamptz,
    add column closed_by text check (closed_by is null or length(closed_by) between 1 and 100),
    add column close_reason text
      check (close_reason is null or length(close_reason) between 1 and 500),
    add column partner_closed_at timestamptz,
    add column access_erased_at timestamptz,
    add column anonymised_at timestamptz,
    add constraint users_closed_by_closed check ((closed_at is null) = (closed_by is null))`.execute(
    db,
  );
  await sql`create index users_closed on users (closed_at) where closed_at is not null`.execute(db);
  await sql`
    create table account_data_exports (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      token_hash bytea not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      downloaded_at timestamptz
    )`.execute(db);
  await sql`create index account_data_exports_user on account_data_exports (user_id)`.execute(db);
}
