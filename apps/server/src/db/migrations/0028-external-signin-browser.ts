import { type Kysely, sql } from 'kysely';

/**
 * Login CSRF: a started external sign-in belongs to the browser that started it.
 * `browser_hash` is the SHA-256 of the random value in that browser's httpOnly cookie; the
 * callback takes the state only with the same cookie. Rows started before this (ten minutes at
 * most) have no browser to match and are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from external_signin_states`.execute(db);
  await sql`alter table external_signin_states add column browser_hash bytea not null`.execute(db);
}
