import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../db/database';
import { timeJobRun } from '../features/observability/metrics';

/** What a job's work sees of the job: its id and which attempt this is (0 for the first). */
export type JobRun = { id: string; retryCount: number };

/**
 * Background work that repeats every `everySeconds`, such as settling due payouts. However many
 * processes run it, the queue holds at most one waiting and one running instance (pg-boss's
 * `stately` policy): each instance runs once, then queues the next.
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
 * Starts this process's worker of the PostgreSQL job queue (pg-boss, in the `pgboss` schema of
 * Pago's database; it installs and migrates its schema itself, under an advisory lock).
 */
export async function startJobQueue({
  databaseUrl,
  log,
  jobs,
  superviseSeconds = 5,
}: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    application_name: 'pago-jobs',
    max: 3,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
    // Completed runs (two a second) are deleted after an hour; this pass does it every 5 minutes.
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
      { pollingIntervalSeconds: Math.min(job.everySeconds, 2) / 2 },
      async ([current]) => {
        if (!current) return;
        try {
          await timeJobRun(job.name, () =>
            job.run({ id: current.id, retryCount: current.retryCount }),
          );
        } catch (error) {
          if (isDatabaseUnavailable(error)) log.warn(`${job.name}: the database is unavailable`);
          else log.error({ err: error }, `${job.name} failed`);
          throw error;
        }
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
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
