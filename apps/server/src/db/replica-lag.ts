import { sql } from 'kysely';
import type { Database } from './database';

/** A WAL position ('16/B374D848') as a number of bytes, to compare two of them. */
export function lsnBytes(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn);
  if (!match) throw new Error(`Not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** What the last probe saw; `lagMs` is computed when read, so it grows while replay is stuck. */
export type ReplicaLag = {
  /** The last probe reached both servers and the replica is a standby. */
  healthy: boolean;
  /** How far behind the primary the replica's data may be (Infinity: unknown or not usable). */
  lagMs: number;
  /** The replica's replay position at the last probe (null: never read). */
  replayLsn: string | null;
  /** Why it is not usable, when it is not. */
  problem: string | null;
};

type Sample = { at: number; lsn: bigint };

/**
 * Measures how stale the replica is, in time, from WAL positions: each probe notes the primary's
 * `pg_current_wal_insert_lsn()` with the time it was read, then reads the replica's
 * `pg_last_wal_replay_lsn()`. The replica holds everything the primary had at the latest noted
 * time whose position it has replayed ("covered"); the lag is the time since then. An idle
 * primary's position does not move, so a replica that replayed it is covered up to the last probe
 * (a replay timestamp would grow on an idle primary and be taken for lag). A probe that fails
 * leaves the replica unhealthy until one succeeds.
 */
export function createLagMonitor(opts: {
  primary: Database;
  replica: Database;
  intervalMs: number;
  now?: () => number;
  onProblem?: (problem: string) => void;
}) {
  const now = opts.now ?? Date.now;
  let samples: Sample[] = [];
  let coveredAt: number | null = null;
  let replay: { text: string; bytes: bigint } | null = null;
  let lastOkAt: number | null = null;
  let problem: string | null = 'not measured yet';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  function fail(reason: string) {
    if (problem !== reason) opts.onProblem?.(reason);
    problem = reason;
    lastOkAt = null;
  }

  async function measure(): Promise<void> {
    const at = now();
    try {
      const { rows } = await sql<{
        lsn: string;
      }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(opts.primary);
      samples.push({ at, lsn: lsnBytes(rows[0]?.lsn ?? '') });
      if (samples.length > 256) samples = samples.slice(-256);
    } catch (error) {
      return fail(`primary: ${(error as Error).message}`);
    }
    try {
      const { rows } = await sql<{ standby: boolean; replay: string | null }>`
        select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replay`.execute(
        opts.replica,
      );
      const row = rows[0];
      if (!row?.standby || !row.replay) {
        return fail('DATABASE_REPLICA_URL is not a standby (pg_is_in_recovery() is false)');
      }
      const bytes = lsnBytes(row.replay);
      replay = { text: row.replay, bytes };
      const covered = samples.filter((s) => s.lsn <= bytes);
      const latest = covered[covered.length - 1];
      if (latest) {
        coveredAt = Math.max(coveredAt ?? 0, latest.at);
        samples = samples.filter((s) => s.at > latest.at);
      }
      lastOkAt = now();
      if (problem !== null) problem = null;
    } catch (error) {
      fail(`replica: ${(error as Error).message}`);
    }
  }

  /** One probe at a time; callers that arrive meanwhile wait for it. */
  function probe(): Promise<void> {
    running ??= measure().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void probe().then(schedule), opts.intervalMs);
    timer.unref();
  }

  return {
    probe,
    start() {
      void probe().then(schedule);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      return running ?? Promise.resolve();
    },
    /** Whether the replica has replayed at least this position, as last seen. */
    replayedAtLeast(lsn: bigint): boolean {
      return replay !== null && replay.bytes >= lsn;
    },
    state(): ReplicaLag {
      // Unhealthy when the last success is older than three probes (a probe hanging on a dead host).
      const fresh = lastOkAt !== null && now() - lastOkAt <= 3 * opts.intervalMs + 1000;
      const healthy = problem === null && fresh;
      return {
        healthy,
        lagMs: healthy && coveredAt !== null ? Math.max(0, now() - coveredAt) : Infinity,
        replayLsn: replay?.text ?? null,
        problem: healthy ? null : (problem ?? 'no answer from the replica lately'),
      };
    },
  };
}

export type LagMonitor = ReturnType<typeof createLagMonitor>;
