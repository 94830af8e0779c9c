import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrateDatabase } from '../src/db/migrate';

export const TEMPLATE_DATABASE = 'pago_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's `postgres` database, for creating per-file databases. */
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-test-pg-'));
  const pg = await startEmbeddedPostgres(dataDir);

  // Migrate once into a template; every test file clones it, which is much faster than migrating.
  const admin = createDatabase(pg.url, { max: 1 });
  // A throwaway cluster: no test needs its data to survive a crash of the machine, so commits and
  // database clones do not wait for the disk (each file still gets its own database).
  await sql`alter system set fsync = off`.execute(admin);
  await sql`alter system set synchronous_commit = off`.execute(admin);
  await sql`alter system set full_page_writes = off`.execute(admin);
  await sql`select pg_reload_conf()`.execute(admin);
  await sql`create database ${sql.id(TEMPLATE_DATABASE)}`.execute(admin);
  await admin.destroy();
  const template = createDatabase(pg.urlFor(TEMPLATE_DATABASE), { max: 1 });
  await migrateDatabase(template, 'sandbox');
  await template.destroy();

  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
