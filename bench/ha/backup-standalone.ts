// `npm run bench:backup`: the backup and restore drill alone, on a one-node PostgreSQL 15 of its
// own (Debian's postgresql-15, run as `postgres`) with Pago's schema, so that it is tested without
// the Patroni cluster. `npm run bench:ha` runs the same `runBackupDrill` on the cluster.
// BENCH_BACKUP_TRANSFERS: transfers per phase (default 1000); BENCH_BACKUP_NO_REPORT=1 prints
// the section without writing docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { freePort, tempDataDir } from '../../e2e/support/server-process';
import { pgbackrestSetup, runBackupDrill } from './backup';
import {
  ensurePackages,
  type LocalPg,
  pgCtl,
  socketUrl,
  startPrimary,
  UUIDV7_SQL,
} from './backup-pg';
import { backupSection, writeBackupSection } from './backup-report';

await ensurePackages();
const workDir = tempDataDir('pago-backup-');
const node: LocalPg = {
  dataDir: path.join(workDir, 'pg1'),
  socketDir: path.join(workDir, 'socket'),
  port: await freePort(),
  database: 'pago',
};
const setup = pgbackrestSetup(workDir, [node]);
let started = false;
try {
  await startPrimary(node, setup.parameters);
  started = true;
  const admin = new pg.Client(socketUrl(node, 'postgres'));
  await admin.connect();
  await admin.query('create database pago');
  await admin.end();
  const db = createDatabase(socketUrl(node));
  // PostgreSQL 18's uuidv7() for this 15 (Pago's migrations need it), then Pago's schema.
  await sql.raw(UUIDV7_SQL).execute(db);
  await migrateDatabase(db, 'live');
  await db.destroy();
  const figures = await runBackupDrill({
    setup,
    sourceUrl: socketUrl(node),
    scratchDir: path.join(workDir, 'restore'),
    scratchPort: await freePort(),
    transfersPerPhase: Number(process.env.BENCH_BACKUP_TRANSFERS ?? 1000),
  });
  const where = 'a one-node PostgreSQL 15 (`npm run bench:backup`)';
  console.log(backupSection(figures, where));
  if (!process.env.BENCH_BACKUP_NO_REPORT) writeBackupSection(figures, where);
  if (!figures.ok) process.exitCode = 1;
} finally {
  if (started) await pgCtl(node.dataDir, 'stop').catch(() => {});
  fs.rmSync(workDir, { recursive: true, force: true });
}
