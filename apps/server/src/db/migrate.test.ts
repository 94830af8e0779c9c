import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../test/test-database';
import { createDatabase } from './database';
import { MigrationError, migrateToLatest } from './migrate';

// Counts its own runs in a table, so applying it twice would show.
const testMigrations = {
  '0001_counter': {
    async up(db: Kysely<unknown>) {
      await sql`create table migration_runs (id serial primary key)`.execute(db);
      await sql`insert into migration_runs default values`.execute(db);
      await sql`select pg_sleep(0.2)`.execute(db);
    },
  },
  '0002_more': {
    async up(db: Kysely<unknown>) {
      await sql`insert into migration_runs default values`.execute(db);
    },
  },
};

describe('migrateToLatest', () => {
  it('applies each migration once when two servers migrate at the same moment', async () => {
    const { url } = await createEmptyDatabase();
    const first = createDatabase(url);
    const second = createDatabase(url);
    try {
      const results = await Promise.all([
        migrateToLatest(first, testMigrations),
        migrateToLatest(second, testMigrations),
      ]);
      expect(results.flat().sort()).toEqual(['0001_counter', '0002_more']);
      const { rows } = await sql<{
        runs: number;
      }>`select count(*)::int as runs from migration_runs`.execute(first);
      expect(rows[0]?.runs).toBe(2);
      expect(await migrateToLatest(first, testMigrations)).toEqual([]);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });

  it('reports a failing migration by name and leaves nothing half applied', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url);
    try {
      const broken = {
        '0001_ok': {
          up: (d: Kysely<unknown>) => sql`create table kept (id int)`.execute(d).then(() => {}),
        },
        '0002_bad': {
          up: (d: Kysely<unknown>) => sql`select * from no_such_table`.execute(d).then(() => {}),
        },
      };
      await expect(migrateToLatest(db, broken)).rejects.toThrow(MigrationError);
      await expect(migrateToLatest(db, broken)).rejects.toThrow(/0002_bad failed/);
      // Kysely runs the whole batch in one transaction on PostgreSQL.
      const { rows } = await sql<{
        t: string | null;
      }>`select to_regclass('kept')::text as t`.execute(db);
      expect(rows[0]?.t).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
