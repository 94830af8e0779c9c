import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type StaffRole = 'support' | 'compliance' | 'admin';

export async function insertStaff(
  db: Database,
  row: {
    email: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    sealedSecret: string;
    id: string;
  },
) {
  return db
    .insertInto('staff')
    .values({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      password_hash: row.passwordHash,
      totp_secret: row.sealedSecret,
    })
    .returning(['id', 'email', 'name', 'role'])
    .executeTakeFirstOrThrow();
}

export async function findStaffByEmail(db: Database, email: string) {
  return db
    .selectFrom('staff')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findStaffById(db: Database, id: string) {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Claims a TOTP step once: it must be newer than the last one accepted. */
export async function claimTotpStep(db: Database, staffId: string, step: number) {
  const row = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertChallenge(
  db: Database,
  tokenHash: Buffer,
  staffId: string,
  minutes: number,
) {
  await db
    .insertInto('staff_sign_in_challenges')
    .values({
      token_hash: tokenHash,
      staff_id: staffId,
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .execute();
}

/** The challenge's staff member while it is unused and unexpired. */
export async function liveChallenge(db: Database, tokenHash: Buffer) {
  return db
    .selectFrom('staff_sign_in_challenges')
    .select(['staff_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function useChallenge(db: Database, tokenHash: Buffer) {
  const row = await db
    .updateTable('staff_sign_in_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('staff_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertStaffSession(
  db: Database,
  row: { tokenHash: Buffer; staffId: string; absoluteMinutes: number; ip: string | null },
) {
  return db
    .insertInto('staff_sessions')
    .values({
      token_hash: row.tokenHash,
      staff_id: row.staffId,
      expires_at: sql<Date>`now() + make_interval(mins => ${row.absoluteMinutes})`,
      ip: row.ip?.slice(0, 64) ?? null,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/**
 * The session's staff member when the session is neither revoked, nor past its absolute expiry,
 * nor idle longer than `idleMinutes`, nor of a disabled staff member; using it renews the idle
 * timer (in the same statement).
 */
export async function touchStaffSession(db: Database, tokenHash: Buffer, idleMinutes: number) {
  const result = await sql<{
    session_id: string;
    staff_id: string;
    email: string;
    name: string;
    role: StaffRole;
    expires_at: Date;
  }>`
    update staff_sessions s set last_seen_at = now()
    from staff st
    where s.token_hash = ${tokenHash}
      and st.id = s.staff_id
      and st.disabled_at is null
      and s.revoked_at is null
      and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(mins => ${idleMinutes})
    returning s.id as session_id, st.id as staff_id, st.email, st.name, st.role, s.expires_at`.execute(
    db,
  );
  return result.rows[0];
}

export async function revokeStaffSession(db: Database, tokenHash: Buffer) {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
