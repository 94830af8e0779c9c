import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import { migrations as allMigrations } from './migrations';

export class MigrationError extends Error {}

/**
 * Applies pending migrations. Kysely's Migrator runs them in one transaction holding a PostgreSQL
 * advisory lock, so two servers starting at once apply each migration exactly once.
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema
  db: Kysely<any>,
  migrations: Record<string, Migration> = allMigrations,
): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new MigrationError(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
