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
  let pg = await startEmbeddedPostgres(dataDir);

  // Migrate once into a template; every test file clones it, which is much faster than migrating.
  const admin = createDatabase(pg.url, { max: 1 });
  // A throwaway cluster: no test needs its data to survive a crash of the machine, so commits and
  // database clones do not wait for the disk (each file still gets its own database).
  await sql`alter system set fsync = off`.execute(admin);
  await sql`alter system set synchronous_commit = off`.execute(admin);
  await sql`alter system set full_page_writes = off`.execute(admin);
  // Files run side by side, each with its app's pool, its fakes' and now and then a child process
  // (npm run reconcile): room beyond the default 100, so a busy moment never refuses a connection.
  await sql`alter system set max_connections = 300`.execute(admin);
  await admin.destroy();
  // max_connections takes a restart.
  await pg.stop();
  pg = await startEmbeddedPostgres(dataDir);
  const created = createDatabase(pg.url, { max: 1 });
  await sql`create database ${sql.id(TEMPLATE_DATABASE)}`.execute(created);
  await created.destroy();
  const template = createDatabase(pg.urlFor(TEMPLATE_DATABASE), { max: 1 });
  await migrateDatabase(template, 'sandbox');
  await template.destroy();

  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
