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
 * once a minute and in the same statement as the read: a busy session costs one round trip and
 * no commit of its own (a statement that updates no row writes nothing to the WAL). The idle
 * expiry is exact to within that minute.
 */
export async function touchSession(db: Database, tokenHash: Buffer, idleMinutes: number) {
  return db
    .with('live', (qb) =>
      qb
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
        .where(
          'sessions.last_used_at',
          '>',
          sql<Date>`now() - make_interval(mins => ${idleMinutes})`,
        ),
    )
    .with('touched', (qb) =>
      qb
        .updateTable('sessions')
        .set({ last_used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where(sql<boolean>`exists (select 1 from live where stale)`),
    )
    .selectFrom('live')
    .select(['user_id', 'kyc_status', 'persona_status', 'plaid_identity_status'])
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
