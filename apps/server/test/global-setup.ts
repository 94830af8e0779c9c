import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
    /** The server as `npm start` runs it (apps/server/dist/main.mjs), built if its sources changed. */
    serverEntry: string;
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
  project.provide('serverEntry', await currentServerBuild());
  return async () => {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

type ServerBuild = {
  serverEntry: string;
  serverBuildIsStale(): boolean;
  buildServer(): Promise<void>;
};

/**
 * The tests that start Pago as a process (main.test.ts, metrics-cluster.test.ts) start the bundle
 * `npm start` runs, so they test what ships, and each start loads one file instead of ~500
 * modules through tsx (about 1.2 s of CPU less per start); reconcile.test.ts runs
 * `npm run reconcile`'s command, bundled with it. Built here when a source is newer.
 */
async function currentServerBuild(): Promise<string> {
  const script = path.resolve(import.meta.dirname, '../../../scripts/build-server.mjs');
  const build = (await import(pathToFileURL(script).href)) as ServerBuild;
  if (build.serverBuildIsStale()) await build.buildServer();
  return build.serverEntry;
}
