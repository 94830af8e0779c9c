import { type Kysely, sql } from 'kysely';

/**
 * External sign-in (OpenID Connect). `external_signin_states`: one row per sign-in
 * started, kept server-side (state, nonce and the PKCE verifier never reach the browser's storage),
 * used once and good for ten minutes. `external_signin_tickets`: a provider's verified identity
 * waiting for what is missing (a new account's ZIP code) or for the Pago password that links it
 * to an existing account; stored hashed, used once, good for fifteen minutes.
 * `external_identities`: the link (issuer, subject) → user, so later sign-ins find the user by it
 * and never by e-mail. A session remembers the identity it was opened with, for the auth method
 * shown and for the provider's end-session redirect at logout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table external_signin_states (
      state text primary key,
      nonce text not null,
      code_verifier text not null,
      language text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index external_signin_states_expires on external_signin_states (expires_at)`.execute(
    db,
  );
  await sql`
    create table external_identities (
      issuer text not null,
      subject text not null,
      user_id uuid not null references users(id) on delete cascade,
      email text not null,
      created_at timestamptz not null default now(),
      primary key (issuer, subject),
      unique (user_id, issuer)
    )`.execute(db);
  await sql`
    create table external_signin_tickets (
      ticket_hash bytea primary key,
      kind text not null check (kind in ('signup', 'link')),
      issuer text not null,
      subject text not null,
      email text not null,
      name text not null,
      id_token text not null,
      language text not null,
      user_id uuid references users(id) on delete cascade,
      failed_attempts int not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`
    alter table sessions
      add column external_issuer text,
      add column external_id_token text`.execute(db);
}
