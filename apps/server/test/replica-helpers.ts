import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/database';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrateDatabase } from '../src/db/migrate';
import { lsnBytes } from '../src/db/replica-lag';

/**
 * A primary and a streaming replica of it, made with only the embedded binaries (no
 * pg_basebackup): the primary's data directory copied between pg_backup_start and pg_backup_stop,
 * the backup_label the latter returns written into the copy, standby.signal and primary_conninfo
 * beside it. The replica streams through a physical replication slot, so the primary keeps every
 * WAL segment the copy needs. Tests pause its replay (pg_wal_replay_pause) to make it lag.
 */
export type ReplicaPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** The `pago` database on the primary (migrated), for the app and for setup writes. */
  primary: Database;
  /** The same database on the replica, as superuser, for replay control and checks. */
  replica: Database;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary had written when called. */
  caughtUp(): Promise<void>;
  /** Stops the replica's PostgreSQL (an outage); the primary keeps running. */
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
};

/** In the data directory, these are made again by the server: their contents are not copied. */
const NOT_COPIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label.old']);

/** A copy of a running cluster's directory; a file the server removes meanwhile is skipped. */
function copyCluster(from: string, to: string, top = true): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && NOT_COPIED.has(entry.name)) {
        fs.mkdirSync(target, { mode: 0o700 });
        if (entry.name === 'pg_wal') fs.mkdirSync(path.join(target, 'archive_status'));
        if (entry.name === 'pg_wal') fs.mkdirSync(path.join(target, 'summaries'));
        continue;
      }
      copyCluster(source, target, false);
    } else if (!(top && SKIPPED_FILES.has(entry.name))) {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  const primaryDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-primary-'));
  const replicaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-replica-'));
  const started: EmbeddedPostgres[] = [];
  const primaryPg = await startEmbeddedPostgres(primaryDir);
  started.push(primaryPg);
  const admin = createDatabase(primaryPg.url, { max: 1 });
  // A throwaway cluster (as the shared test cluster): commits do not wait for the disk.
  await sql`alter system set fsync = off`.execute(admin);
  await sql`alter system set synchronous_commit = off`.execute(admin);
  // No autovacuum: its analyses commit now and then, and a test waits for an idle primary.
  await sql`alter system set autovacuum = off`.execute(admin);
  await sql`select pg_reload_conf()`.execute(admin);
  await sql`create database pago`.execute(admin);
  await sql`select pg_create_physical_replication_slot('pago_replica', true)`.execute(admin);
  await admin.destroy();
  const primary = createDatabase(primaryPg.urlFor('pago'), { max: 4 });
  await migrateDatabase(primary, 'sandbox');

  // The base backup, in one session (pg_backup_stop must be called by the one that started it).
  const session = new pg.Client({ connectionString: primaryPg.url });
  await session.connect();
  await session.query(`select pg_backup_start('pago replica', true)`);
  copyCluster(path.join(primaryDir, 'pg'), path.join(replicaDir, 'pg'));
  const stopped = await session.query<{ labelfile: string }>(
    'select labelfile from pg_backup_stop(true)',
  );
  await session.end();
  const replicaPg = path.join(replicaDir, 'pg');
  fs.writeFileSync(path.join(replicaPg, 'backup_label'), stopped.rows[0]?.labelfile ?? '');
  fs.writeFileSync(path.join(replicaPg, 'standby.signal'), '');
  const primaryUrl = new URL(primaryPg.url);
  const password = decodeURIComponent(primaryUrl.password);
  fs.appendFileSync(
    path.join(replicaPg, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primaryUrl.port} user=${primaryUrl.username} password=${password} application_name=pago_replica'\n` +
      `primary_slot_name = 'pago_replica'\nhot_standby = on\n`,
  );
  fs.copyFileSync(path.join(primaryDir, 'pg-password'), path.join(replicaDir, 'pg-password'));
  // As root, PostgreSQL runs as `postgres` (embedded-postgres.ts): the copy must be its own.
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', replicaPg]);
  fs.chmodSync(replicaPg, 0o700);
  const standby = await startEmbeddedPostgres(replicaDir);
  started.push(standby);
  const replica = createDatabase(standby.urlFor('pago'), { max: 2 });

  const replayLsn = async () => {
    const { rows } = await sql<{
      lsn: string | null;
    }>`select pg_last_wal_replay_lsn()::text as lsn`.execute(replica);
    return rows[0]?.lsn ? lsnBytes(rows[0].lsn) : -1n;
  };
  const replayState = async () =>
    (await sql<{ state: string }>`select pg_get_wal_replay_pause_state() as state`.execute(replica))
      .rows[0]?.state;
  let replicaStopped = false;

  const pair: ReplicaPair = {
    primaryUrl: primaryPg.urlFor('pago'),
    replicaUrl: standby.urlFor('pago'),
    primary,
    replica,
    async pauseReplay() {
      await sql`select pg_wal_replay_pause()`.execute(replica);
      await until('replay paused', async () => (await replayState()) === 'paused');
    },
    async resumeReplay() {
      await sql`select pg_wal_replay_resume()`.execute(replica);
      await until('replay resumed', async () => (await replayState()) === 'not paused');
    },
    async caughtUp() {
      const { rows } = await sql<{
        lsn: string;
      }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(primary);
      const target = lsnBytes(rows[0]?.lsn ?? '');
      await until('the replica to catch up', async () => (await replayLsn()) >= target);
    },
    async stopReplica() {
      replicaStopped = true;
      await replica.destroy();
      await standby.stop();
    },
    async stop() {
      if (!replicaStopped) await replica.destroy();
      await primary.destroy();
      for (const cluster of started.reverse()) await cluster.stop();
      fs.rmSync(primaryDir, { recursive: true, force: true });
      fs.rmSync(replicaDir, { recursive: true, force: true });
    },
  };
  await pair.caughtUp();
  return pair;
}
