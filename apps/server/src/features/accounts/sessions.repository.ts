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
 * The session's user when the session is neither revoked nor past its absolute or idle expiry;
 * using it renews the idle timer.
 */
export async function touchSession(db: Database, tokenHash: Buffer, idleMinutes: number) {
  return db
    .updateTable('sessions')
    .set({ last_used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_used_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`)
    .returning(['user_id'])
    .executeTakeFirst();
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
