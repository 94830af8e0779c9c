import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';

export async function insertSession(
  db: Database,
  row: {
    tokenHash: Buffer;
    userId: string;
    absoluteHours: number;
    userAgent?: string | null;
    /** An external sign-in's issuer and ID token (for the auth method and the provider's logout). */
    external?: { issuer: string; idToken: string };
    /** How it was opened (`SignInMethod`) and the approximate place of its address. */
    signInMethod?: string | null;
    place?: string | null;
  },
): Promise<void> {
  // Only for an open account: every way of signing in ends here, so a closed account
  // (features/account-rights) gets no session by any of them.
  const inserted = await sql`
    insert into sessions (token_hash, user_id, user_agent, expires_at, external_issuer,
      external_id_token, sign_in_method, place)
    select ${row.tokenHash}, u.id, ${row.userAgent?.slice(0, 512) ?? null},
      now() + make_interval(hours => ${row.absoluteHours}), ${row.external?.issuer ?? null},
      ${row.external?.idToken ?? null}, ${row.signInMethod ?? null},
      ${row.place?.slice(0, 200) || null}
    from users u where u.id = ${row.userId} and u.closed_at is null`.execute(db);
  if (!inserted.numAffectedRows) throw accountClosed();
}

/** The answer to any sign-in to a closed account. */
export function accountClosed(): AppError {
  return new AppError(
    'account_closed',
    403,
    'This account is closed. You can no longer sign in to it.',
  );
}

/**
 * The session's user (and whether their identity is verified) when the session is neither
 * revoked nor past its absolute or idle expiry. Using it renews the idle timer, written at most
 * once a minute and in the same statement as the read: a busy session costs one round trip and
 * no commit of its own (a statement that updates no row writes nothing to the WAL). The idle
 * expiry is exact to within that minute.
 */
export async function touchSession(db: Database, tokenHash: Buffer, idleMinutes: number) {
  // A function (`session_touch`, db/functions/session_touch.sql), so that its plan is cached per connection:
  // planning the statement at every request cost more than running it.
  const result = await sql<{
    user_id: string;
    kyc_status: string | null;
    persona_status: string | null;
    plaid_identity_status: string | null;
  }>`select * from session_touch(${tokenHash}, ${idleMinutes})`.execute(db);
  return result.rows[0];
}

export async function revokeSession(db: Database, tokenHash: Buffer): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A user's live sessions (not revoked, not past either expiry), the most recently used first. */
export async function listLiveSessions(db: Database, userId: string, idleMinutes: number) {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'token_hash',
      'user_agent',
      'created_at',
      'last_used_at',
      'sign_in_method',
      'place',
    ])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_used_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Ends one of the user's sessions by its public id; false when the user has no such session. */
export async function revokeSessionById(db: Database, userId: string, id: string) {
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every session of the user but the one under `keepTokenHash`. */
export async function revokeOtherSessions(db: Database, userId: string, keepTokenHash: Buffer) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
