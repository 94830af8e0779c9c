import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../src/db/database';
import { afterFile } from './after-file';
import { TEMPLATE_DATABASE } from './global-setup';

export function databaseUrl(name: string): string {
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database for one test file, dropped when the file's tests are done. */
export async function createTestDatabase(): Promise<{ db: Database; url: string }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(inject('pgAdminUrl'), { max: 1 });
  await sql`create database ${sql.id(name)} template ${sql.id(TEMPLATE_DATABASE)}`.execute(admin);
  const db = createDatabase(databaseUrl(name));
  afterFile(async () => {
    await db.destroy();
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await admin.destroy();
  });
  return { db, url: databaseUrl(name) };
}

/** An empty database (not migrated), for tests of the migrator itself. */
export async function createEmptyDatabase(): Promise<{ url: string }> {
  const name = `empty_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(inject('pgAdminUrl'), { max: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin);
  afterFile(async () => {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
    await admin.destroy();
  });
  return { url: databaseUrl(name) };
}
