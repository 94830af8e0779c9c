import { type Kysely, sql } from 'kysely';

/**
 * Identity verification: each vendor attempt (a Plaid identity verification or a Persona
 * inquiry), the webhook events already applied, and the state of the sandbox fakes of both vendors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_attempts (
      id text primary key,
      user_id uuid not null references users (id) on delete cascade,
      provider text not null check (provider in ('plaid', 'persona')),
      vendor_status text not null,
      status_rank integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index identity_attempts_user on identity_attempts (user_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table webhook_events (
      provider text not null,
      event_id text not null,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    )`.execute(db);
  // Its sandbox_* tables moved to db/sandbox-migrations (sandbox mode only).
}
