// pgBackRest for the HA cluster (issue 28 part 2) and the restore drill `npm run bench:ha` ends
// with. `pgbackrestSetup` writes pgbackrest.conf and returns the PostgreSQL parameters every node
// gets (WAL archiving into the repository); `runBackupDrill` takes a full and an incremental
// backup around Pago transfers written through `ledger_post`, records a point in time with the
// exact count of transfers at it, writes more, restores to that point into a scratch data
// directory on another port, starts it, and checks the ledger's invariants and the count there.
// bench/ha/backup-standalone.ts runs the same drill on a one-node PostgreSQL 15 of its own.
//
// With bench/ha/cluster.ts: `const setup = pgbackrestSetup(workDir)`; `startCluster({ ...,
// postgresParameters: { ...setup.parameters } })`; `setBackupNodes(setup,
// clusterBackupNodes(cluster.nodes))`; `createStanza(setup)` (archiving starts; before the
// failovers, so they are archived too); at the end, with no other writer on the ledger,
// `runBackupDrill({ setup, sourceUrl: cluster.primaryUrl('pago'), scratchDir, scratchPort })`
// and `writeBackupSection(figures, where)` (backup-report.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../apps/server/src/db/database';
import { findInvariantViolations } from '../../apps/server/src/features/ledger/ledger.repository';
import { seedWallets, type Wallet, writeTransfers } from './backup-load';
import {
  asPostgres,
  chownPostgres,
  type LocalPg,
  pgCtl,
  postgresDir,
  socketUrl,
} from './backup-pg';

export const STANZA = 'pago';

/** A PostgreSQL node on this machine that pgBackRest archives from and may back up. */
export type BackupNode = { dataDir: string; port: number; socketDir: string };

export type BackupSetup = {
  configPath: string;
  repoPath: string;
  /** PostgreSQL parameters every node gets (Patroni: `postgresql.parameters`). */
  parameters: Record<string, string>;
  /** How many full backups the repository keeps (`repo1-retention-full`). */
  retentionFull: number;
  cipherType: string;
  /** The config's [global] section (setBackupNodes writes the stanza's after it). */
  global: string;
};

/**
 * Writes `<workDir>/pgbackrest/pgbackrest.conf` and returns the parameters that archive every WAL
 * segment into the repository, for a cluster about to start (Patroni: `postgresql.parameters`).
 * The nodes, if not known yet (startCluster picks their ports), are added by `setBackupNodes`
 * once they are: archiving needs only the global part. The repository is encrypted (aes-256-cbc,
 * a passphrase made here and kept in the config, mode 0600) as in production. `archive_command`
 * passes the node's own data directory (`$PWD`: PostgreSQL runs it there), so one command serves
 * every node of the cluster, whichever is the primary.
 */
export function pgbackrestSetup(
  workDir: string,
  nodes: BackupNode[] = [],
  options: { retentionFull?: number; processMax?: number } = {},
): BackupSetup {
  const base = postgresDir(path.join(workDir, 'pgbackrest'), 0o750);
  const repoPath = postgresDir(path.join(base, 'repo'), 0o750);
  for (const dir of ['log', 'lock', 'spool']) postgresDir(path.join(base, dir), 0o750);
  const retentionFull = options.retentionFull ?? 2;
  const cipherType = 'aes-256-cbc';
  const global = {
    'repo1-path': repoPath,
    'repo1-retention-full-type': 'count',
    'repo1-retention-full': String(retentionFull),
    'repo1-cipher-type': cipherType,
    'repo1-cipher-pass': randomBytes(32).toString('base64url'),
    'compress-type': 'lz4',
    'process-max': String(options.processMax ?? 2),
    'start-fast': 'y',
    delta: 'y',
    'log-path': path.join(base, 'log'),
    'lock-path': path.join(base, 'lock'),
    'spool-path': path.join(base, 'spool'),
    'log-level-console': 'warn',
    'log-level-file': 'info',
  };
  const configPath = path.join(base, 'pgbackrest.conf');
  const setup: BackupSetup = {
    configPath,
    repoPath,
    retentionFull,
    cipherType,
    global: ['[global]', ...Object.entries(global).map(([k, v]) => `${k}=${v}`)].join('\n'),
    parameters: {
      archive_mode: 'on',
      archive_command: `pgbackrest --config=${configPath} --stanza=${STANZA} --pg1-path="$PWD" archive-push %p`,
      // A quiet cluster still ships a segment at least every minute: the data an operator can
      // lose with the machine is bounded by it, not by the next busy hour.
      archive_timeout: '60',
      wal_level: 'replica',
    },
  };
  setBackupNodes(setup, nodes);
  return setup;
}

/**
 * The stanza's nodes, pg1..pgN: pgBackRest asks each which one is the primary when it backs up,
 * so the config holds across a failover. Local nodes: reached over their Unix socket as `postgres`.
 */
export function setBackupNodes(setup: BackupSetup, nodes: BackupNode[]): void {
  const stanza = nodes.flatMap((node, i) => [
    `pg${i + 1}-path=${node.dataDir}`,
    `pg${i + 1}-port=${node.port}`,
    `pg${i + 1}-socket-path=${node.socketDir}`,
  ]);
  fs.writeFileSync(setup.configPath, [setup.global, '', `[${STANZA}]`, ...stanza, ''].join('\n'), {
    mode: 0o600,
  });
  chownPostgres(setup.configPath);
}

/** The nodes of bench/ha/cluster.ts's cluster (each node's socket is in its node directory). */
export function clusterBackupNodes(nodes: { dataDir: string; pgPort: number }[]): BackupNode[] {
  return nodes.map((n) => ({
    dataDir: n.dataDir,
    port: n.pgPort,
    socketDir: path.dirname(n.dataDir),
  }));
}

/** Runs `pgbackrest <command>` as `postgres` with the setup's config; returns stdout. */
export function pgbackrest(setup: BackupSetup, command: string, args: string[] = []) {
  return asPostgres('pgbackrest', [
    `--config=${setup.configPath}`,
    `--stanza=${STANZA}`,
    ...args,
    command,
  ]);
}

/** Creates the stanza (idempotent) and checks that a WAL segment reaches the repository. */
export async function createStanza(setup: BackupSetup): Promise<void> {
  await pgbackrest(setup, 'stanza-create');
  await pgbackrest(setup, 'check');
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

type InfoBackup = {
  label: string;
  type: string;
  timestamp: { start: number; stop: number };
  info: { size: number; delta: number; repository: { size: number; delta: number } };
};

/** `pgbackrest info --output=json`: the stanza's backups, oldest first. */
export async function backupInfo(setup: BackupSetup): Promise<InfoBackup[]> {
  const info = JSON.parse(await pgbackrest(setup, 'info', ['--output=json'])) as {
    backup: InfoBackup[];
  }[];
  return info[0]?.backup ?? [];
}

export type BackupFigures = {
  wallets: number;
  full: { ms: number; sizeBytes: number; repoBytes: number };
  incr: {
    label: string;
    ms: number;
    sizeBytes: number;
    deltaBytes: number;
    repoBytes: number;
  };
  backupsKept: number;
  target: { time: string; transfers: number; p2p: number };
  transfersAtEnd: number;
  restore: {
    /** The backup set pgBackRest chose for the target (the incremental, taken before it). */
    backupSet: string;
    commandMs: number;
    startMs: number;
    promotedMs: number;
    totalMs: number;
    transfers: number;
    p2p: number;
    violations: { unbalanced: number; drifted: number; negative: number };
  };
  /** Restored count equals the source's at the target and the invariants hold. */
  ok: boolean;
};

export type DrillOptions = {
  setup: BackupSetup;
  /** Pago's database on the cluster's primary (through HAProxy or directly). */
  sourceUrl: string;
  /** Where the scratch cluster goes (created empty, removed at the end). */
  scratchDir: string;
  scratchPort: number;
  /** Transfers written in each of the four phases (before the full backup, before the incremental, before and after the target). */
  transfersPerPhase?: number;
  wallets?: number;
  log?: (line: string) => void;
};

async function counts(db: Database) {
  const { rows } = await sql<{ all: number; p2p: number }>`
    select count(*)::int8 as all, count(*) filter (where kind = 'p2p')::int8 as p2p
    from ledger_transfers`.execute(db);
  return rows[0] ?? { all: 0, p2p: 0 };
}

/**
 * The point in time: the server's clock after every transfer so far has committed, with the count
 * read just before it and again after it (no other writer may commit in between, or the count
 * would not be the target's: then it tries again).
 */
async function pickTarget(db: Database) {
  for (let attempt = 1; ; attempt++) {
    if (attempt > 50) throw new Error('Another writer keeps adding transfers: stop it first');
    const before = await counts(db);
    const { rows } = await sql<{ t: string }>`
      select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as t`.execute(
      db,
    );
    const after = await counts(db);
    if (before.all === after.all && rows[0]) return { time: rows[0].t, ...before };
  }
}

export async function runBackupDrill(options: DrillOptions): Promise<BackupFigures> {
  const { setup, log = console.log } = options;
  const perPhase = options.transfersPerPhase ?? 1000;
  const db = createDatabase(options.sourceUrl, { max: 8 });
  try {
    log('pgbackrest stanza-create and check (archiving works)');
    await createStanza(setup);
    const wallets: Wallet[] = await seedWallets(db, options.wallets ?? 200);
    await writeTransfers(db, wallets, perPhase);
    log('full backup');
    const [, fullMs] = await timed(() => pgbackrest(setup, 'backup', ['--type=full']));
    await writeTransfers(db, wallets, perPhase);
    log('incremental backup');
    const [, incrMs] = await timed(() => pgbackrest(setup, 'backup', ['--type=incr']));
    await writeTransfers(db, wallets, perPhase);
    const target = await pickTarget(db);
    log(`target ${target.time}: ${target.all} transfers (${target.p2p} P2P)`);
    await writeTransfers(db, wallets, perPhase);
    const end = await counts(db);
    // `check` switches to a new WAL segment and waits until it is archived: everything written
    // so far, the transfers after the target included, is in the repository.
    await pgbackrest(setup, 'check');
    const backups = await backupInfo(setup);
    const full = backups.findLast((b) => b.type === 'full');
    const incr = backups.findLast((b) => b.type === 'incr');
    if (!full || !incr) throw new Error('pgbackrest info lists no full or no incremental backup');
    const restore = await restoreAndCheck(options, target.time);
    const ok =
      restore.backupSet === incr.label &&
      restore.transfers === target.all &&
      restore.p2p === target.p2p &&
      Object.values(restore.violations).every((n) => n === 0);
    return {
      wallets: wallets.length,
      full: {
        ms: fullMs,
        sizeBytes: full.info.size,
        repoBytes: full.info.repository.delta,
      },
      incr: {
        label: incr.label,
        ms: incrMs,
        sizeBytes: incr.info.size,
        deltaBytes: incr.info.delta,
        repoBytes: incr.info.repository.delta,
      },
      backupsKept: backups.length,
      target: { time: target.time, transfers: target.all, p2p: target.p2p },
      transfersAtEnd: end.all,
      restore,
      ok,
    };
  } finally {
    await db.destroy();
  }
}

/**
 * `pgbackrest restore --type=time` into the scratch directory, then PostgreSQL started there on
 * its own port and socket, not archiving (it must never push WAL into the cluster's repository),
 * with a trust-on-socket pg_hba of its own (the restored files carry the cluster's), then the
 * invariant check and the count once it has promoted.
 */
async function restoreAndCheck(options: DrillOptions, targetTime: string) {
  const { setup, scratchDir, scratchPort, log = console.log } = options;
  fs.rmSync(scratchDir, { recursive: true, force: true });
  postgresDir(scratchDir, 0o755);
  const scratch: LocalPg = {
    dataDir: postgresDir(path.join(scratchDir, 'data')),
    socketDir: postgresDir(path.join(scratchDir, 'socket'), 0o755),
    port: scratchPort,
    database: options.sourceUrl.match(/^postgres(?:ql)?:\/\/[^/]*\/([^?]+)/)?.[1] ?? 'postgres',
  };
  const hba = path.join(scratchDir, 'pg_hba.conf');
  fs.writeFileSync(hba, 'local all all trust\n');
  const ident = path.join(scratchDir, 'pg_ident.conf');
  fs.writeFileSync(ident, '');
  log(`restore to ${targetTime} into ${scratch.dataDir}`);
  const [restoreOut, commandMs] = await timed(() =>
    pgbackrest(setup, 'restore', [
      `--pg1-path=${scratch.dataDir}`,
      '--type=time',
      `--target=${targetTime}`,
      '--target-action=promote',
      '--archive-mode=off',
      '--log-level-console=info',
    ]),
  );
  const backupSet = restoreOut.match(/restore backup set ([^\s,]+)/)?.[1] ?? 'unknown';
  const settings = {
    port: String(scratchPort),
    listen_addresses: "''",
    unix_socket_directories: scratch.socketDir,
    hba_file: hba,
    ident_file: ident,
    archive_mode: 'off',
    synchronous_standby_names: "''",
    hot_standby: 'on',
    cluster_name: 'pago-restore-drill',
  };
  const start = performance.now();
  const [, startMs] = await timed(() =>
    pgCtl(
      scratch.dataDir,
      'start',
      Object.entries(settings)
        .map(([k, v]) => `-c ${k}=${v}`)
        .join(' '),
    ),
  );
  const db = createDatabase(socketUrl(scratch), { max: 2 });
  try {
    for (;;) {
      const { rows } = await sql<{ r: boolean }>`select pg_is_in_recovery() as r`.execute(db);
      if (!rows[0]?.r) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const promotedMs = performance.now() - start;
    const violations = await findInvariantViolations(db);
    const restored = await counts(db);
    log(`restored: ${restored.all} transfers; invariants checked`);
    return {
      backupSet,
      commandMs,
      startMs,
      promotedMs,
      totalMs: commandMs + promotedMs,
      transfers: restored.all,
      p2p: restored.p2p,
      violations: {
        unbalanced: violations.unbalancedTransfers.length,
        drifted: violations.driftedAccounts.length,
        negative: violations.negativeUserAccounts.length,
      },
    };
  } finally {
    await db.destroy();
    await pgCtl(scratch.dataDir, 'stop');
    fs.rmSync(scratchDir, { recursive: true, force: true });
  }
}
