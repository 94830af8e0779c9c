import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/database';
import { timeJobRun } from '../features/observability/metrics';

/** What a job's work sees of the job: its id and which attempt this is (0 for the first). */
export type JobRun = { id: string; retryCount: number };

/**
 * Background work that repeats every `everySeconds`, such as settling due payouts. However many
 * processes run it, the queue holds at most one waiting and one running instance (pg-boss's
 * `stately` policy). An instance runs the work, then again every `everySeconds` while its claim
 * lasts (CLAIM_SECONDS; once for a job of a longer period), then queues the next instance.
 */
export type RecurringJob = {
  name: string;
  everySeconds: number;
  run(job: JobRun): Promise<unknown>;
};

export type JobQueueOptions = {
  databaseUrl: string;
  log: Pick<Logger, 'warn' | 'error'>;
  jobs: readonly RecurringJob[];
  /**
   * How often a process checks for jobs whose worker stopped sending heartbeats (killed) and
   * retries them. pg-boss needs at least 10 s of missed heartbeats before it does.
   */
  superviseSeconds?: number;
};

export type JobQueue = { stop(): Promise<void> };

/** pg-boss's floor: a job is declared dead after this long without a heartbeat from its worker. */
const HEARTBEAT_SECONDS = 10;

/**
 * How long one instance of a frequent job keeps running it. Each instance costs pg-boss a fetch,
 * a completion and the next instance's insert, each a commit: with an instance a run, the idle
 * server spent 0.14 of a core, and still 0.12 with every job's work a no-op (docs/benchmarks.md,
 * "The job queue's own cost"). The work's cadence is the same; a process killed during a claim
 * loses it after the missed heartbeats, as before, and its instance is retried after the next.
 */
const CLAIM_SECONDS = 30;

/**
 * Starts this process's worker of the PostgreSQL job queue (pg-boss, in the `pgboss` schema of
 * Pago's database; it installs and migrates its schema itself, under an advisory lock).
 */
export async function startJobQueue({
  databaseUrl,
  log,
  jobs,
  superviseSeconds = 5,
}: JobQueueOptions): Promise<JobQueue> {
  // stop() ends the claims under way at their next pause, before pg-boss waits for them.
  const stopping = new AbortController();
  const boss = new PgBoss({
    connectionString: databaseUrl,
    application_name: 'pago-jobs',
    max: 3,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    // Completed instances are deleted after an hour; this pass does it every 5 minutes.
    maintenanceIntervalSeconds: 300,
    // The minute safety net below is a cron schedule; pg-boss checks its schedules this often.
    cronWorkerIntervalSeconds: 5,
  });
  // While the database is away, the queue's own polling fails every cycle: a warning each.
  boss.on('error', (error: unknown) =>
    isDatabaseUnavailable(error)
      ? log.warn('job queue: the database is unavailable')
      : log.error({ err: error }, 'job queue failed'),
  );
  await boss.start();

  for (const job of jobs) {
    await boss.createQueue(job.name, {
      policy: 'stately',
      heartbeatSeconds: HEARTBEAT_SECONDS,
      // A failed run (the database away, a bug) is retried with exponential backoff, 1 s up to a
      // minute, for about a day before pg-boss marks it failed; the minute schedule then starts over.
      retryLimit: 1500,
      retryDelay: 1,
      retryBackoff: true,
      retryDelayMax: 60,
      expireInSeconds: 15 * 60,
      deleteAfterSeconds: 3600,
    });
    await boss.work<object>(
      job.name,
      // A free worker looks for a due instance at half the job's period, from 0.5 s (pg-boss's
      // floor) to 5 s: a daily job's worker asking every second was most of the idle queries.
      { pollingIntervalSeconds: Math.min(Math.max(job.everySeconds / 2, 0.5), 5) },
      async ([current]) => {
        if (!current) return;
        // Lost: pg-boss gave the instance up (its heartbeat found the claim gone), or we stop.
        const lost = AbortSignal.any([current.signal, stopping.signal]);
        const claimEnds = Date.now() + CLAIM_SECONDS * 1000;
        for (;;) {
          try {
            await timeJobRun(job.name, () =>
              job.run({ id: current.id, retryCount: current.retryCount }),
            );
          } catch (error) {
            if (isDatabaseUnavailable(error)) log.warn(`${job.name}: the database is unavailable`);
            else log.error({ err: error }, `${job.name} failed`);
            throw error;
          }
          const wait = job.everySeconds * 1000;
          if (Date.now() + wait >= claimEnds) break;
          // Rejects (AbortError) when the instance is lost meanwhile or already.
          const paused = await sleep(wait, true, { signal: lost }).catch(() => false);
          if (!paused) break;
        }
        if (current.signal.aborted) return;
        await boss.send(job.name, null, { startAfter: job.everySeconds });
      },
    );
    // The first instance (a no-op when one is already queued), and a safety net that starts the
    // chain again within a minute should it ever break (a run that exhausted its retries).
    await boss.send(job.name, null);
    await boss.schedule(job.name, '* * * * *', null, { key: 'restart' });
  }
  return {
    // Waits for running jobs to finish (up to 10 s); a job cut short is retried by another process.
    stop: () => {
      stopping.abort();
      return boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
