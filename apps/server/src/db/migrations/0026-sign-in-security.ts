import { type Kysely, sql } from 'kysely';

/**
 * Sign-in security.
 *
 * - `users.two_step_secret`: the authenticator app's TOTP secret, sealed with AES-256-GCM (never
 *   stored in the clear); `two_step_enabled_at` is set once a first code confirmed it (a secret
 *   without it is a set-up in progress); `two_step_last_step` is the last 30-second step accepted,
 *   so a code is never accepted twice.
 * - `two_step_recovery_codes`: the ten one-time recovery codes, as HMACs; `used_at` once used.
 * - `sign_in_challenges`: after a right password on an account with two-step codes, a short-lived
 *   challenge that a code turns into a session (an external sign-in's keeps its issuer and ID token).
 * - `sessions.id` (a public id for the sessions list, never the token) and `sessions.user_agent`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column two_step_secret text,
      add column two_step_enabled_at timestamptz,
      add column two_step_last_step bigint`.execute(db);
  await sql`
    create table two_step_recovery_codes (
      user_id uuid not null references users (id) on delete cascade,
      code_hash bytea not null,
      used_at timestamptz,
      primary key (user_id, code_hash)
    )`.execute(db);
  await sql`
    create table sign_in_challenges (
      token_hash bytea primary key,
      user_id uuid not null references users (id) on delete cascade,
      user_agent text,
      -- An external sign-in waiting for its code: the session it makes keeps the provider's.
      external_issuer text,
      external_id_token text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index sign_in_challenges_expires on sign_in_challenges (expires_at)`.execute(db);
  await sql`
    alter table sessions
      add column id uuid not null default gen_random_uuid() unique,
      add column user_agent text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column id, drop column user_agent`.execute(db);
  await sql`drop table sign_in_challenges`.execute(db);
  await sql`drop table two_step_recovery_codes`.execute(db);
  await sql`
    alter table users
      drop column two_step_secret,
      drop column two_step_enabled_at,
      drop column two_step_last_step`.execute(db);
}
