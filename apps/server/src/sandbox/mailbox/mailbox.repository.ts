import type { Insertable } from 'kysely';
import type { Database } from '../../db/database';
import type { SandboxMailTable } from '../../db/schema';

export async function insertSandboxMail(
  db: Database,
  row: Insertable<SandboxMailTable>,
): Promise<void> {
  await db.insertInto('sandbox_mail').values(row).execute();
}

/** Newest first; only one recipient's messages when `to` is given. */
export async function listSandboxMail(db: Database, to: string | undefined, limit: number) {
  let query = db.selectFrom('sandbox_mail').selectAll().orderBy('id', 'desc').limit(limit);
  if (to) query = query.where('to_address', '=', to.toLowerCase());
  return query.execute();
}
