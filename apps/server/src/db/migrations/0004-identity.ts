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

  // The sandbox fakes keep their state here, as the real vendors keep it on their side.
  await sql`
    create table sandbox_plaid_link_tokens (
      token text primary key,
      client_user_id text not null,
      template_id text not null,
      language text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table sandbox_plaid_idvs (
      id text primary key,
      link_token text not null references sandbox_plaid_link_tokens (token),
      client_user_id text not null,
      template_id text not null,
      status text not null,
      user_data jsonb not null,
      document_type text not null,
      photo_sha256 text not null,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`
    create table sandbox_plaid_keys (
      kid text primary key,
      private_jwk jsonb not null,
      public_jwk jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table sandbox_persona_inquiries (
      id text primary key,
      template_id text not null,
      reference_id text not null,
      status text not null,
      fields jsonb not null,
      decision text check (decision in ('approved', 'declined')),
      decide_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz,
      decided_at timestamptz
    )`.execute(db);
  await sql`create index sandbox_persona_due on sandbox_persona_inquiries (decide_at) where decide_at is not null`.execute(
    db,
  );
  await sql`
    create table sandbox_webhook_outbox (
      id bigserial primary key,
      vendor text not null check (vendor in ('plaid', 'persona')),
      path text not null,
      body text not null,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      delivered_at timestamptz,
      last_error text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_webhook_outbox_due on sandbox_webhook_outbox (next_attempt_at) where delivered_at is null`.execute(
    db,
  );
}
