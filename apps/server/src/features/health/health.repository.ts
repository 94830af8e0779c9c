import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** One round trip: throws when the database cannot be reached. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Whether the migration `name` is recorded as applied. A database without the migrations table
 * (42P01) has none; any other failure (unreachable) is thrown.
 */
export async function isMigrationApplied(db: Database, name: string): Promise<boolean> {
  try {
    const { rows } = await sql`select 1 from kysely_migration where name = ${name}`.execute(db);
    return rows.length > 0;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return false;
    throw error;
  }
}

/** The sanctions list as last loaded (`npm run sanctions:update`, or sandbox mode's own), if any. */
export async function latestSanctionsLoad(db: Database) {
  return db
    .selectFrom('sanctions_list_loads')
    .select(['loaded_at', 'entry_count'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
