import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Serializes code sending for one number, so the counts below cannot be raced past. */
export async function lockNumber(tx: Database, phone: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`phone-send:${phone}`}, 0))`.execute(
    tx,
  );
}

/** Codes sent in the last `seconds`, to this number (by anyone) and by this user (to any number). */
export async function countSentSince(
  tx: Database,
  by: { phone?: string; userId?: string },
  seconds: number,
): Promise<number> {
  let query = tx
    .selectFrom('phone_verifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`);
  if (by.phone) query = query.where('phone', '=', by.phone);
  if (by.userId) query = query.where('user_id', '=', by.userId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A new code for this user and number replaces their earlier open one. */
export async function openVerification(
  tx: Database,
  row: { userId: string; phone: string; ttlSeconds: number },
): Promise<number> {
  await tx
    .updateTable('phone_verifications')
    .set({ closed_at: sql<Date>`now()` })
    .where('user_id', '=', row.userId)
    .where('phone', '=', row.phone)
    .where('closed_at', 'is', null)
    .execute();
  const inserted = await tx
    .insertInto('phone_verifications')
    .values({
      user_id: row.userId,
      phone: row.phone,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A code Twilio did not send is not counted against anyone's limits. */
export async function deleteVerification(db: Database, id: number): Promise<void> {
  await db.deleteFrom('phone_verifications').where('id', '=', id).execute();
}

/** The user's open, unexpired verification of this number, with one attempt taken from it. */
export async function takeAttempt(
  db: Database,
  userId: string,
  phone: string,
  maxAttempts: number,
) {
  const open = await db
    .selectFrom('phone_verifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('phone', '=', phone)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!open) return { status: 'none' as const };
  // Atomic, so concurrent guesses cannot exceed the allowance.
  const taken = await db
    .updateTable('phone_verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', open.id)
    .where('closed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returning('id')
    .executeTakeFirst();
  return taken ? { status: 'taken' as const, id: taken.id } : { status: 'locked' as const };
}

/** Marks the verification used; false when another request used it first. */
export async function completeVerification(tx: Database, id: number): Promise<boolean> {
  const done = await tx
    .updateTable('phone_verifications')
    .set({ verified_at: sql<Date>`now()`, closed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return done !== undefined;
}
