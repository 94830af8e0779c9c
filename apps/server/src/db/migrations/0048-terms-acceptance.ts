import { type Kysely, sql } from 'kysely';

/**
 * The terms a user accepted at sign-up (docs/onboarding.md): the version and the time, written by
 * every sign-up path. Accounts made before this was recorded keep nulls: their sign-up form already
 * required the checkbox, but nothing kept it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column terms_version text,
      add column terms_accepted_at timestamptz,
      add constraint users_terms_accepted_together
        check ((terms_version is null) = (terms_accepted_at is null))
  `.execute(db);
}
