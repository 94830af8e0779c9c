import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Config } from '../config';
import { applyFunctions } from './functions';
import { migrations as allMigrations } from './migrations';
import { sandboxMigrations } from './sandbox-migrations';

export class MigrationError extends Error {}

/**
 * Applies pending migrations. Kysely's Migrator runs them in one transaction holding a PostgreSQL
 * advisory lock, so two servers starting at once apply each migration exactly once.
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema
  db: Kysely<any>,
  migrations: Record<string, Migration> = allMigrations,
  /** Where the applied migrations are recorded: each set has its own table. */
  migrationTableName = 'kysely_migration',
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName,
    migrationLockTableName: `${migrationTableName}_lock`,
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new MigrationError(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The schema for a mode: the main set, then in sandbox mode only the sandbox fakes' tables (their
 * own set, recorded in kysely_sandbox_migration), so a live database has no sandbox_* table; then
 * the function files whose content changed (db/functions.ts), under the same advisory lock.
 */
export async function migrateDatabase(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema
  db: Kysely<any>,
  mode: Config['mode'],
): Promise<string[]> {
  const applied = await migrateToLatest(db);
  const sandbox =
    mode === 'sandbox'
      ? await migrateToLatest(db, sandboxMigrations, 'kysely_sandbox_migration')
      : [];
  const functions = await applyFunctions(db);
  return [
    ...applied,
    ...sandbox.map((name) => `sandbox/${name}`),
    ...functions.map((name) => `functions/${name}`),
  ];
}
