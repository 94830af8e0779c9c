import { type Kysely, sql } from 'kysely';

/**
 * The sandbox fakes' state (mailbox, SMS outbox, Plaid, Persona and Twilio fakes, their webhook
 * outbox), as the real vendors keep theirs on their side. Run in sandbox mode only, so a live
 * database never has these tables. `if not exists`: databases made before this set existed got
 * the same tables from 0001, 0004 and 0006 and keep them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sandbox_mail (
      id bigserial primary key,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      code text,
      sent_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index if not exists sandbox_mail_to on sandbox_mail (to_address, id desc)`.execute(
    db,
  );

  // The sandbox fakes keep their state here, as the real vendors keep it on their side.
  await sql`
    create table if not exists sandbox_plaid_link_tokens (
      token text primary key,
      client_user_id text not null,
      template_id text not null,
      language text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table if not exists sandbox_plaid_idvs (
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
    create table if not exists sandbox_plaid_keys (
      kid text primary key,
      private_jwk jsonb not null,
      public_jwk jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists sandbox_persona_inquiries (
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
  await sql`create index if not exists sandbox_persona_due on sandbox_persona_inquiries (decide_at) where decide_at is not null`.execute(
    db,
  );
  await sql`
    create table if not exists sandbox_webhook_outbox (
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
  await sql`create index if not exists sandbox_webhook_outbox_due on sandbox_webhook_outbox (next_attempt_at) where delivered_at is null`.execute(
    db,
  );

  // The sandbox Twilio Verify fake keeps its state here, as Twilio keeps it on its side.
  await sql`
    create table if not exists sandbox_twilio_verifications (
      sid text primary key,
      service_sid text not null,
      account_sid text not null,
      to_number text not null,
      channel text not null,
      locale text,
      code text not null,
      status text not null check (status in ('pending', 'approved', 'canceled', 'max_attempts_reached', 'expired')),
      check_attempts integer not null default 0,
      send_attempts integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index if not exists sandbox_twilio_verifications_to on sandbox_twilio_verifications (service_sid, to_number, created_at desc)`.execute(
    db,
  );
  await sql`
    create table if not exists sandbox_sms (
      id bigserial primary key,
      to_number text not null,
      body text not null,
      code text,
      sent_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index if not exists sandbox_sms_to on sandbox_sms (to_number, id desc)`.execute(
    db,
  );
}
