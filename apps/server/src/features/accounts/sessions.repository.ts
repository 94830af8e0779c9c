import { sql } from 'kysely';
import type { Database } from '../../db/database';

export async function insertSession(
  db: Database,
  row: { tokenHash: Buffer; userId: string; absoluteHours: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      expires_at: sql<Date>`now() + make_interval(hours => ${row.absoluteHours})`,
    })
    .execute();
}

/**
 * The session's user (and whether their identity is verified) when the session is neither
 * revoked nor past its absolute or idle expiry. Using it renews the idle timer, written at most
 * once a minute so that a busy session does not cost a write per request.
 */
export async function touchSession(db: Database, tokenHash: Buffer, idleMinutes: number) {
  const live = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.user_id',
      sql<boolean>`sessions.last_used_at < now() - interval '1 minute'`.as('stale'),
      'users.kyc_status',
      'users.persona_status',
      'users.plaid_identity_status',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.last_used_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
    .executeTakeFirst();
  if (live?.stale) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return live;
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
