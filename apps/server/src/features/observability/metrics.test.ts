import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { verifiedUser } from '../../../test/money-helpers';
import { parsePrometheusText, samples, total } from '../../../test/prom-text';
import { payerOf } from '../../../test/remittance-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, servicesOf } from '../../app';
import { createDatabase, type Database } from '../../db/database';
import { type JobQueue, startJobQueue } from '../../jobs/job-queue';
import { type MetricsServer, startMetricsServer } from './metrics-server';

// /metrics of one process: the figures after real requests, read back in the Prometheus text format.

const TOKEN = 'metrics-test-token-0123456789';
const t = {} as {
  app: AppInstance;
  db: Database;
  url: string;
  down: AppInstance;
  metrics: MetricsServer;
  jobs: JobQueue | null;
};

beforeAll(async () => {
  ({ db: t.db, url: t.url } = await createTestDatabase());
  t.app = await buildTestApp(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // An app whose database is unreachable: its database routes answer 503 (a failover's view).
  t.down = await buildTestApp(createDatabase('postgres://pago:x@127.0.0.1:1/pago', { max: 1 }));
  t.metrics = await startMetricsServer({ port: 0, host: '127.0.0.1', token: TOKEN }, t.db, {
    cluster: false,
  });
  let ran = false;
  t.jobs = await startJobQueue({
    databaseUrl: t.url,
    log: { warn() {}, error() {} },
    jobs: [
      {
        name: 'metrics-test',
        everySeconds: 3600,
        run: async () => {
          ran = true;
        },
      },
    ],
  });
  const deadline = Date.now() + 60_000;
  while (!ran && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}, 120_000);

afterAll(async () => {
  await t.jobs?.stop();
  await t.metrics?.close();
  await t.down?.close();
  await t.app?.close();
});

async function scrape() {
  const response = await fetch(t.metrics.url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusText(await response.text());
}

describe('/metrics', () => {
  it('is refused without the token, and serves nothing else', async () => {
    expect((await fetch(t.metrics.url)).status).toBe(401);
    const wrong = await fetch(t.metrics.url, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const other = await fetch(t.metrics.url.replace('/metrics', '/'), {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(other.status).toBe(404);
  });

  it('counts requests by route template, with their status class, 5xx and 503', async () => {
    const before = await scrape();
    const healthBefore = total(before, 'pago_http_request_duration_seconds_count', {
      route: '/api/health/live',
      status_class: '2xx',
    });
    const unavailableBefore = total(before, 'pago_http_503_responses_total');
    for (let i = 0; i < 5; i++) await t.app.inject('/api/health/live');
    // A transfer id in the URL: the route template is counted, never the id.
    const id = randomUUID();
    const user = await verifiedUser(t.app, t.db);
    const missing = await t.app.inject({
      url: `/api/transactions/${id}`,
      headers: bearer(user.token),
    });
    expect(missing.statusCode).toBe(404);
    // The database away: 503 with Retry-After, counted as such.
    for (let i = 0; i < 3; i++) expect((await t.down.inject('/api/health')).statusCode).toBe(503);

    const after = await scrape();
    expect(after.get('pago_http_request_duration_seconds')?.type).toBe('histogram');
    expect(
      total(after, 'pago_http_request_duration_seconds_count', {
        route: '/api/health/live',
        method: 'GET',
        status_class: '2xx',
      }) - healthBefore,
    ).toBe(5);
    const routes = samples(after, 'pago_http_request_duration_seconds_count').map(
      (s) => s.labels.route ?? '',
    );
    expect(routes).toContain('/api/transactions/:id');
    expect(routes.some((route) => route.includes(id))).toBe(false);
    expect(total(after, 'pago_http_503_responses_total') - unavailableBefore).toBe(3);
    expect(total(after, 'pago_http_5xx_responses_total', { status: '503' })).toBeGreaterThanOrEqual(
      3,
    );
    const slowest = samples(after, 'pago_http_request_duration_seconds_sum', {
      route: '/api/health/live',
    });
    expect(slowest[0]?.value).toBeGreaterThan(0);
    expect(slowest[0]?.value).toBeLessThan(60);
  });

  it('reports the pools, the partner calls, the jobs and the process', async () => {
    const user = await verifiedUser(t.app, t.db);
    // The payers of a country come from the payout partner (the Thunes fake, over HTTP).
    await payerOf({ app: t.app, db: t.db, now: new Date() }, { ...user }, 'MX', 'bank_deposit');
    const figures = await scrape();
    expect(samples(figures, 'pago_db_pool_in_use', { pool: 'api' })).toHaveLength(1);
    expect(samples(figures, 'pago_db_pool_waiting', { pool: 'api' })[0]?.value).toBe(0);
    expect(
      total(figures, 'pago_partner_request_duration_seconds_count', {
        vendor: 'thunes',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      total(figures, 'pago_job_run_duration_seconds_count', {
        queue: 'metrics-test',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(total(figures, 'pago_process_resident_memory_bytes')).toBeGreaterThan(1e6);
  });

  it('reads the queues, payouts, invariants and the database at scrape time', async () => {
    await servicesOf(t.app).ledgerInvariants.check('cli');
    // The worker stopped, a due job waits in its queue.
    await t.jobs?.stop();
    t.jobs = null;
    await sql`insert into pgboss.job (name, data, start_after)
      values ('metrics-test', null, now() - interval '30 seconds')`.execute(t.db);
    // Scrape-time figures are kept a second: scrape until they show the new job.
    let figures = await scrape();
    const deadline = Date.now() + 10_000;
    while (total(figures, 'pago_job_queue_depth', { queue: 'metrics-test' }) === 0) {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
      figures = await scrape();
    }
    expect(total(figures, 'pago_metrics_db_up')).toBe(1);
    expect(total(figures, 'pago_job_queue_depth', { queue: 'metrics-test' })).toBe(1);
    const oldest = total(figures, 'pago_job_queue_oldest_age_seconds', { queue: 'metrics-test' });
    expect(oldest).toBeGreaterThanOrEqual(29);
    expect(oldest).toBeLessThan(600);
    expect(samples(figures, 'pago_payouts', { status: 'processing' })[0]?.value).toBe(0);
    expect(total(figures, 'pago_ledger_invariants_ok')).toBe(1);
    expect(total(figures, 'pago_ledger_invariants_last_check_age_seconds')).toBeLessThan(60);
    expect(total(figures, 'pago_ledger_invariants_violations')).toBe(0);
    expect(total(figures, 'pago_db_is_primary')).toBe(1);
    expect(total(figures, 'pago_db_replicas')).toBe(0);
    expect(total(figures, 'pago_db_max_connections')).toBeGreaterThan(
      total(figures, 'pago_db_connections'),
    );
  });
});
