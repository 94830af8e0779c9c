import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { type JobQueue, type JobRun, type RecurringJob, startJobQueue } from './job-queue';

const { db, url } = await createTestDatabase();
const queues: JobQueue[] = [];
afterAll(async () => {
  for (const queue of queues) await queue.stop();
});
const quiet = { warn() {}, error() {} };

async function worker(job: RecurringJob): Promise<JobQueue> {
  const queue = await startJobQueue({
    databaseUrl: url,
    log: quiet,
    jobs: [job],
    superviseSeconds: 1,
  });
  queues.push(queue);
  return queue;
}

/** Polls until `check` holds (a busy machine is slow, never wrong). */
async function eventually(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Run = JobRun & { worker: string; startedAt: number; endedAt?: number };

/** A worker of the job `name` that records each run it starts, then does `then`. */
async function recordingWorker(name: string, then: (run: JobRun) => void = () => {}) {
  const runs: Run[] = [];
  await worker({
    name,
    everySeconds: 1,
    run: async (current) => {
      runs.push({ ...current, worker: name, startedAt: Date.now() });
      then(current);
    },
  });
  return runs;
}

describe('recurring jobs in PostgreSQL', () => {
  it('never runs two at a time, with two workers on the database', async () => {
    const runs: Run[] = [];
    const waiting: number[] = [];
    const job = (workerName: string): RecurringJob => ({
      name: 'test-once',
      everySeconds: 1,
      run: async (current) => {
        const run: Run = { ...current, worker: workerName, startedAt: Date.now() };
        runs.push(run);
        // How many instances wait meanwhile: the queue keeps at most one.
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
          where name = 'test-once' and state in ('created', 'retry')`.execute(db);
        waiting.push(rows[0]?.n ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 300));
        run.endedAt = Date.now();
      },
    });
    await Promise.all([worker(job('a')), worker(job('b'))]);
    await eventually('six runs have finished', () => runs.filter((r) => r.endedAt).length >= 6);

    const done = runs.filter((r) => r.endedAt);
    // An instance is one worker's, all its runs.
    for (const id of new Set(done.map((r) => r.id))) {
      expect(new Set(done.filter((r) => r.id === id).map((r) => r.worker)).size).toBe(1);
    }
    expect(done.every((r) => r.retryCount === 0)).toBe(true);
    const ordered = [...runs].sort((x, y) => x.startedAt - y.startedAt);
    for (let i = 1; i < ordered.length; i++) {
      expect(ordered[i]?.startedAt).toBeGreaterThanOrEqual(ordered[i - 1]?.endedAt ?? Infinity);
    }
    expect(Math.max(...waiting)).toBeLessThanOrEqual(1);
  }, 90_000);

  it('runs a frequent job again and again in one instance, which stop() ends with the next one queued', async () => {
    const runs: Run[] = [];
    const queue = await startJobQueue({
      databaseUrl: url,
      log: quiet,
      superviseSeconds: 1,
      jobs: [
        {
          name: 'test-claim',
          everySeconds: 1,
          run: async (current) => {
            runs.push({ ...current, worker: 'a', startedAt: Date.now() });
          },
        },
      ],
    });
    await eventually('three runs have started', () => runs.length >= 3);
    // Three runs, a second apart, took pg-boss one instance: one fetch, no completion yet.
    expect(new Set(runs.map((r) => r.id)).size).toBe(1);
    const [first, , third] = runs as [Run, Run, Run];
    expect(third.startedAt - first.startedAt).toBeGreaterThanOrEqual(2000);

    // stop() ends the instance at its pause, as a success, with the next one queued for whoever
    // runs the job next (pg-boss would fail one still running when its 10 s of grace are over).
    await queue.stop();
    const { rows } = await sql<{ id: string; state: string }>`select id, state from pgboss.job
      where name = 'test-claim' order by created_on`.execute(db);
    expect(rows.find((row) => row.id === first.id)?.state).toBe('completed');
    expect(rows.filter((row) => row.state === 'created')).toHaveLength(1);
  }, 90_000);

  it('retries a failed run of the same job with growing delays', async () => {
    const attempts = await recordingWorker('test-retry', (current) => {
      if (current.retryCount < 2) throw new Error('the vendor is down');
    });
    await eventually('the third attempt ran', () => attempts.length >= 3);
    const [first, second, third] = attempts as [Run, Run, Run];
    expect([first.id, second.id, third.id]).toEqual([first.id, first.id, first.id]);
    expect([first.retryCount, second.retryCount, third.retryCount]).toEqual([0, 1, 2]);
    // Exponential backoff from 1 s: the second wait is at least twice the first one's floor.
    expect(second.startedAt - first.startedAt).toBeGreaterThanOrEqual(1000);
    expect(third.startedAt - second.startedAt).toBeGreaterThanOrEqual(2000);
  }, 90_000);

  it('runs a job again elsewhere when the process running it is killed', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'job-worker.fixture.ts'),
        url,
        'test-kill',
      ],
      { cwd: path.resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await eventually('the other process has taken the job', () => output.includes('started'));
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    const [, killedId] = /started (\S+) 0/.exec(output) ?? [];

    // The job runs here once the killed process's claim has lapsed (one instance runs at a time)…
    const runs = await recordingWorker('test-kill');
    await eventually('the job runs in this process', () => runs.length > 0);
    // …and the killed instance is not lost: pg-boss failed it for a retry, run here first or
    // once this process's instance ends.
    const { rows } = await sql<{ state: string }>`select state from pgboss.job
      where id = ${killedId}`.execute(db);
    const retried = runs.find((r) => r.id === killedId);
    if (retried) expect(retried.retryCount).toBe(1);
    else expect(rows[0]?.state).toBe('retry');
  }, 90_000);
});
