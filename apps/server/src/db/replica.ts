import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Database, isDatabaseUnavailable, survivesLostConnections } from './database';
import { createLagMonitor, type LagMonitor, lsnBytes, type ReplicaLag } from './replica-lag';
import type { DB } from './schema';

/**
 * Reads that may be served by a streaming replica (docs/read-replicas.md): a user's activity list,
 * CSV export and statements, and the operations console's searches. Everything else, and these
 * too when no replica is configured, reads the primary.
 */
export type ReadRouting = {
  /**
   * Runs `read` on the replica when it is fresh enough, else on the primary. `userId`: whose data
   * this is, so their own writes are seen (read-your-writes); null (staff searches): the
   * staleness bound alone. A replica that fails the read (down, a recovery conflict) is left for
   * the primary, which answers instead.
   */
  read<T>(userId: string | null, read: (db: Database) => Promise<T>): Promise<T>;
  /** For /metrics and tests: the replica's health, its lag and where reads went. */
  status(): ReplicaStatus;
  /** Stops the probes and closes the replica's pool. */
  close(): Promise<void>;
};

/** Why a read went where it went (the counters in status()). */
export type ReadReason =
  | 'fresh' // replica: within the bound, and the user's own writes are on it
  | 'no_replica' // primary: none configured
  | 'unhealthy' // primary: the replica is down, unreachable or not a standby
  | 'too_stale' // primary: lag above the bound
  | 'own_write' // primary: the user wrote lately and the replica has not replayed it yet
  | 'fallback'; // primary: the replica failed this read

export type ReplicaStatus = ReplicaLag & {
  configured: boolean;
  maxLagMs: number;
  reads: Record<ReadReason, number>;
};

/**
 * How long after a user's transfer their reads check that the replica has replayed the primary's
 * current position. Longer than any transaction that writes a transfer stays open (they take
 * milliseconds; the longest wait inside one, a partner call, times out well within it), so a
 * transfer older than this was committed before the replica's covered point moved past it.
 */
export const OWN_WRITE_WINDOW_MS = 60_000;

const zeroCounts = (): Record<ReadReason, number> => ({
  fresh: 0,
  no_replica: 0,
  unhealthy: 0,
  too_stale: 0,
  own_write: 0,
  fallback: 0,
});

/** Without DATABASE_REPLICA_URL: every read on the primary, as before. */
export function primaryReads(primary: Database): ReadRouting {
  const reads = zeroCounts();
  return {
    read(_userId, read) {
      reads.no_replica += 1;
      return read(primary);
    },
    status: () => ({
      configured: false,
      maxLagMs: 0,
      healthy: false,
      lagMs: Infinity,
      replayLsn: null,
      problem: 'no replica configured',
      reads: { ...reads },
    }),
    close: async () => {},
  };
}

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The replica's own pool: connections fail fast, so a dead replica costs little before fallback,
 * and a query that hangs (a host gone silent after connecting) fails after 30 s and is answered
 * by the primary.
 */
function replicaDatabase(url: string, max: number): { db: Database; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 1_000,
    query_timeout: 30_000,
    application_name: 'pago-replica-reads',
  });
  survivesLostConnections(pool);
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/**
 * The replica failed this read, not the read itself: it cannot be reached, it cancelled the query
 * to apply WAL (SQLSTATE 40001, "conflict with recovery"), the read tried to write (25006,
 * read-only transaction) or the query hung past the pool's timeout. The primary answers instead.
 */
function isReplicaFailure(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '25006' || /conflict with recovery|Query read timeout/.test(error.message);
}

export function createReadRouting(opts: {
  primary: Database;
  replicaUrl: string | undefined;
  maxLagMs: number;
  poolSize: number;
  log: Log;
  /** Tests: a probe interval of their own (default: a quarter of the bound, 100 ms to 1 s). */
  probeIntervalMs?: number;
}): ReadRouting {
  const { primary, replicaUrl, maxLagMs, log } = opts;
  if (!replicaUrl) return primaryReads(primary);
  const replica = replicaDatabase(replicaUrl, opts.poolSize);
  // Logged once when the replica starts being read, and again after each problem.
  let loggedFresh = false;
  const monitor: LagMonitor = createLagMonitor({
    primary,
    replica: replica.db,
    intervalMs: opts.probeIntervalMs ?? Math.min(1_000, Math.max(100, Math.floor(maxLagMs / 4))),
    onProblem: (problem) => {
      loggedFresh = false;
      log.warn({ problem }, 'read replica not used: reads go to the primary');
    },
  });
  monitor.start();
  const reads = zeroCounts();

  /** Whether the user's own recent writes may be missing from the replica. */
  async function ownWritePending(userId: string): Promise<boolean> {
    // One indexed query on the primary (ledger_transfers_user): the position every write the user
    // was answered for is at or before, if they wrote within the window.
    const { rows } = await sql<{ lsn: string; recent: boolean }>`
      select pg_current_wal_insert_lsn()::text as lsn, exists (
        select 1 from ledger_transfers
        where user_id = ${userId} and created_at > now() - make_interval(secs => ${OWN_WRITE_WINDOW_MS / 1000})
      ) as recent`.execute(primary);
    const row = rows[0];
    if (!row?.recent) return false;
    const lsn = lsnBytes(row.lsn);
    if (monitor.replayedAtLeast(lsn)) return false;
    // The last probe is older than the write: ask the replica where it is now, briefly.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([monitor.probe(), new Promise((done) => (timer = setTimeout(done, 500)))]);
    clearTimeout(timer);
    return !monitor.replayedAtLeast(lsn);
  }

  async function choose(userId: string | null): Promise<ReadReason> {
    const lag = monitor.state();
    if (!lag.healthy) return 'unhealthy';
    if (lag.lagMs > maxLagMs) return 'too_stale';
    if (userId !== null && (await ownWritePending(userId))) return 'own_write';
    return 'fresh';
  }

  return {
    async read(userId, read) {
      const reason = await choose(userId);
      if (reason !== 'fresh') {
        reads[reason] += 1;
        return read(primary);
      }
      try {
        const result = await read(replica.db);
        reads.fresh += 1;
        if (!loggedFresh) {
          loggedFresh = true;
          log.info({ lagMs: monitor.state().lagMs }, 'read replica in use');
        }
        return result;
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        log.warn({ err: error }, 'read replica failed a read: answered from the primary');
        reads.fallback += 1;
        void monitor.probe();
        return read(primary);
      }
    },
    status: () => ({ configured: true, maxLagMs, ...monitor.state(), reads: { ...reads } }),
    async close() {
      await monitor.stop();
      await replica.db.destroy();
    },
  };
}
