import { type Kysely, sql } from 'kysely';

/**
 * The sandbox OpenID provider (sandbox mode only): its signing keys, made once and
 * shared by every process and restart, and what oidc-provider stores through its adapter
 * (sessions, interactions, grants, authorization codes, access tokens), one row per model and id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sandbox_oidc_keys (
      kid text primary key,
      private_jwk jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists sandbox_oidc_models (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    )`.execute(db);
  await sql`create index if not exists sandbox_oidc_models_grant on sandbox_oidc_models (grant_id)`.execute(
    db,
  );
  await sql`create index if not exists sandbox_oidc_models_uid on sandbox_oidc_models (uid)`.execute(
    db,
  );
}
