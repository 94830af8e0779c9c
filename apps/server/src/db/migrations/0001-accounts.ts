import { type Kysely, sql } from 'kysely';

/** Users, sessions, e-mail codes, rate-limit events and the sandbox mailbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      username text not null,
      email text not null,
      phone text,
      phone_verified boolean not null default false,
      address text,
      zip_code text,
      verification_service text check (verification_service in ('plaid', 'persona')),
      kyc_status text,
      persona_status text,
      persona_inquiry_id text,
      plaid_identity_status text,
      unit_account_id text,
      language text not null default 'es' check (language in ('es', 'en')),
      password_hash text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  // Usernames are unique without regard to case; e-mails are stored lower-cased.
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);
  await sql`create unique index users_email_key on users (email)`.execute(db);

  await sql`
    create table sessions (
      token_hash bytea primary key,
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index sessions_user_id on sessions (user_id)`.execute(db);

  await sql`
    create table verification_codes (
      id bigserial primary key,
      email text not null,
      purpose text not null check (purpose in ('email', 'password_reset')),
      code_hash bytea not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      attempts integer not null default 0,
      verified_at timestamptz,
      consumed_at timestamptz
    )`.execute(db);
  await sql`create index verification_codes_lookup on verification_codes (email, purpose, created_at desc)`.execute(
    db,
  );

  await sql`
    create table rate_limit_events (
      key text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rate_limit_events_key_at on rate_limit_events (key, at)`.execute(db);
  // Its sandbox_* tables moved to db/sandbox-migrations (sandbox mode only).
}
