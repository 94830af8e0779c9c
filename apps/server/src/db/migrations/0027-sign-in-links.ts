import { type Kysely, sql } from 'kysely';

/**
 * Lockout without denial: `sign_in_links`, the one-time sign-in links sent to an
 * account's e-mail (the owner's way past the all-networks back-off on wrong passwords). Only the
 * SHA-256 of the link's token is kept; `used_at` once it signed someone in (or a newer one did).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_links (
      token_hash bytea primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index sign_in_links_user on sign_in_links (user_id)`.execute(db);
  await sql`create index sign_in_links_expires on sign_in_links (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sign_in_links`.execute(db);
}
