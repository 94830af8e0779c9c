import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type CodePurpose = 'email' | 'password_reset';

/** A new code replaces every earlier open one for the same address and purpose. */
export async function replaceOpenCode(
  db: Database,
  row: { email: string; purpose: CodePurpose; codeHash: Buffer; ttlSeconds: number },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('verification_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('email', '=', row.email)
      .where('purpose', '=', row.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await tx
      .insertInto('verification_codes')
      .values({
        email: row.email,
        purpose: row.purpose,
        code_hash: row.codeHash,
        expires_at: sql<Date>`now() + make_interval(secs => ${row.ttlSeconds})`,
      })
      .execute();
  });
}

/** The newest open, unexpired code, with one attempt taken from it; null when none is left. */
export async function takeAttempt(
  db: Database,
  email: string,
  purpose: CodePurpose,
  maxAttempts: number,
) {
  const open = await db
    .selectFrom('verification_codes')
    .select(['id', 'attempts'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!open) return { status: 'none' as const };
  // Atomic, so concurrent guesses cannot exceed the allowance.
  const taken = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', open.id)
    .where('attempts', '<', maxAttempts)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
  return taken ? { status: 'taken' as const, ...taken } : { status: 'locked' as const };
}

export async function markVerified(db: Database, id: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ verified_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The code verified for this address within the window and not yet used. */
function verifiedCode(db: Database, email: string, purpose: CodePurpose, withinSeconds: number) {
  return db
    .selectFrom('verification_codes')
    .select(['id'])
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('verified_at', '>', sql<Date>`now() - make_interval(secs => ${withinSeconds})`)
    .orderBy('verified_at', 'desc')
    .limit(1);
}

export async function findVerified(
  db: Database,
  email: string,
  purpose: CodePurpose,
  withinSeconds: number,
) {
  return verifiedCode(db, email, purpose, withinSeconds).executeTakeFirst();
}

/** The same, locked for use. */
export async function findVerifiedForUpdate(
  db: Database,
  email: string,
  purpose: CodePurpose,
  withinSeconds: number,
) {
  return verifiedCode(db, email, purpose, withinSeconds).forUpdate().executeTakeFirst();
}

export async function consumeCode(db: Database, id: number): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
