import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * How long an e-mailed sign-in link stays good: as long as the hour in which at most 5 are sent
 * per account, so whenever a new one is refused, one sent in that hour still works (a stranger
 * who asks for the owner's links only fills the owner's mailbox with working ones).
 */
export const SIGN_IN_LINK_TTL_MINUTES = 60;

export async function insertSignInLink(db: Database, row: { tokenHash: Buffer; userId: string }) {
  // Links that can no longer be used are cleared as new ones come (a small, indexed delete).
  await db
    .deleteFrom('sign_in_links')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db
    .insertInto('sign_in_links')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      expires_at: sql<Date>`now() + make_interval(mins => ${SIGN_IN_LINK_TTL_MINUTES})`,
    })
    .execute();
}

/**
 * Spends a link: one statement marks it used only if it is unused and unexpired, so of two
 * requests with one link only one gets its user. Every other waiting link of that user ends too.
 */
export async function useSignInLink(db: Database, tokenHash: Buffer): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const used = await tx
      .updateTable('sign_in_links')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!used) return null;
    await tx
      .updateTable('sign_in_links')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', used.user_id)
      .where('used_at', 'is', null)
      .execute();
    return used.user_id;
  });
}
