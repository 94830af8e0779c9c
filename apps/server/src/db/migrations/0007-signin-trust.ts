import { type Kysely, sql } from 'kysely';

/**
 * Rate limits as one row per key holding the times of its counted events, so that "count the
 * window, then record one more" is a single `INSERT … ON CONFLICT DO UPDATE`: PostgreSQL locks the
 * row and re-reads its newest version, so concurrent requests cannot all pass the same count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_events`.execute(db);
  await sql`
    create table rate_limits (
      key text primary key,
      hits timestamptz[] not null,
      allowed boolean not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rate_limits_updated_at on rate_limits (updated_at)`.execute(db);
  // The hits after `since`, oldest first.
  // rate_limit_recent: db/functions/rate_limit_recent.sql.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
  await sql`
    create table rate_limit_events (
      key text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rate_limit_events_key_at on rate_limit_events (key, at)`.execute(db);
}
