// `npm run bench:backup`: the backup and restore drill alone, on a one-node PostgreSQL 15 of its
// own (Debian's postgresql-15, run as `postgres`) with Pago's schema, so that it is tested without
// `npm run bench:ha`, which runs the same `runBackupDrill` at its end. BENCH_BACKUP_CLUSTER=<n>
// runs it on bench/ha/cluster.ts's Patroni cluster of n nodes instead (through HAProxy), with
// BENCH_BACKUP_FROM_STANDBY=1 its backups taken from a standby (`backup-standby=y`).
// BENCH_BACKUP_TRANSFERS: transfers per phase (default 1000); BENCH_BACKUP_NO_REPORT=1 prints
// the section without writing docs/benchmarks.md; BENCH_BACKUP_PAD_MB=<n> adds a table of about
// n MB of random text before the backups, to see how the restore time grows with the size.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/database';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { freePort, tempDataDir } from '../../e2e/support/server-process';
import { clusterBackupNodes, pgbackrestSetup, runBackupDrill, setBackupNodes } from './backup';
import { ensurePackages, type LocalPg, pgCtl, socketUrl, startPrimary } from './backup-pg';
import { backupSection, writeBackupSection } from './backup-report';
import { type Cluster, startCluster } from './cluster';
import { UUIDV7_BEFORE_18 } from './pg15';

const CLUSTER_NODES = Number(process.env.BENCH_BACKUP_CLUSTER ?? 0);
const padMb = Number(process.env.BENCH_BACKUP_PAD_MB ?? 0);
const FROM_STANDBY = process.env.BENCH_BACKUP_FROM_STANDBY === '1';
await ensurePackages();
const workDir = tempDataDir('pago-backup-');
const setup = pgbackrestSetup(workDir);
const stops: (() => Promise<void>)[] = [];

/** The source: a Patroni cluster (pgBackRest sees every node) or one PostgreSQL 15 node. */
async function startSource(): Promise<{ url: (database: string) => string; where: string }> {
  if (CLUSTER_NODES > 0) {
    const cluster: Cluster = await startCluster({
      workDir: path.join(workDir, 'cluster'),
      nodes: CLUSTER_NODES,
      postgresParameters: setup.parameters,
    });
    stops.push(() => cluster.stop());
    setBackupNodes(setup, clusterBackupNodes(cluster.nodes), { fromStandby: FROM_STANDBY });
    return {
      url: (database) => cluster.primaryUrl(database),
      where: `a ${CLUSTER_NODES}-node Patroni cluster (synchronous_mode; transfers through HAProxy to the primary; backups from ${FROM_STANDBY ? 'a standby, `backup-standby=y`' : 'the primary'})`,
    };
  }
  const node: LocalPg = {
    dataDir: path.join(workDir, 'pg1'),
    socketDir: path.join(workDir, 'socket'),
    port: await freePort(),
    database: 'pago',
  };
  setBackupNodes(setup, [node]);
  await startPrimary(node, setup.parameters);
  stops.push(() => pgCtl(node.dataDir, 'stop'));
  return {
    url: (database) => socketUrl(node, database),
    where: 'a one-node PostgreSQL 15 (`npm run bench:backup`)',
  };
}

try {
  const source = await startSource();
  const admin = new pg.Client(source.url('postgres'));
  await admin.connect();
  await admin.query('create database pago');
  await admin.end();
  const db = createDatabase(source.url('pago'));
  // PostgreSQL 18's uuidv7() for this 15 (Pago's migrations need it), then Pago's schema.
  await sql.raw(UUIDV7_BEFORE_18).execute(db);
  await migrateDatabase(db, 'live');
  if (padMb > 0) {
    // ~1 kB a row of random hex (lz4 barely shrinks it): about padMb MB on disk.
    await sql`create table backup_drill_pad (id bigint primary key, filler text not null)`.execute(
      db,
    );
    await sql`insert into backup_drill_pad select g, (select string_agg(md5(random()::text || g || i), '') from generate_series(1, 30) i)
      from generate_series(1, ${padMb * 1000}::int) g`.execute(db);
  }
  await db.destroy();
  const figures = await runBackupDrill({
    setup,
    sourceUrl: source.url('pago'),
    scratchDir: path.join(workDir, 'restore'),
    scratchPort: await freePort(),
    transfersPerPhase: Number(process.env.BENCH_BACKUP_TRANSFERS ?? 1000),
  });
  const where = padMb > 0 ? `${source.where}, with a ${padMb} MB table added` : source.where;
  console.log(backupSection(figures, where));
  if (!process.env.BENCH_BACKUP_NO_REPORT) writeBackupSection(figures, where);
  if (!figures.ok) process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  // BENCH_BACKUP_KEEP=1 keeps the work directory (pgBackRest's logs) for a look after the run.
  if (!process.env.BENCH_BACKUP_KEEP) fs.rmSync(workDir, { recursive: true, force: true });
}
