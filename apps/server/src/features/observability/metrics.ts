import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppInstance } from '../../app-instance';
import { type Database, poolInUse, poolWaiting } from '../../db/database';

// This process's own figures (docs/observability.md lists every family). With PAGO_PROCESSES > 1
// each API process keeps its own, and the primary sums them at scrape time (metrics-server.ts).
// The figures read from PostgreSQL at scrape time are in db-gauges.ts, not here.

export const processRegistry = new Registry();

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: 'pago_http_request_duration_seconds',
  help: 'API requests by route template, method and status class (2xx, 4xx, 5xx…), and their time',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [processRegistry],
});

const http5xx = new Counter({
  name: 'pago_http_5xx_responses_total',
  help: 'Answers with a 5xx status (503s included), whatever the route',
  labelNames: ['status'] as const,
  registers: [processRegistry],
});

const http503 = new Counter({
  name: 'pago_http_503_responses_total',
  help: 'Answers 503 (load shed, database unreachable, failover): the caller should retry',
  registers: [processRegistry],
});

new Gauge({
  name: 'pago_db_pool_in_use',
  help: "Database connections checked out of the process's pool right now",
  labelNames: ['pool'] as const,
  registers: [processRegistry],
  collect() {
    this.reset();
    for (const [db, name] of pools) this.inc({ pool: name }, poolInUse(db));
  },
});

new Gauge({
  name: 'pago_db_pool_waiting',
  help: 'Queries waiting for a database connection of the pool right now',
  labelNames: ['pool'] as const,
  registers: [processRegistry],
  collect() {
    this.reset();
    for (const [db, name] of pools) this.inc({ pool: name }, poolWaiting(db));
  },
});

export const partnerDuration = new Histogram({
  name: 'pago_partner_request_duration_seconds',
  help: 'Calls to partners (vendor: plaid, unit, persona, thunes, stripe, twilio…) by outcome',
  labelNames: ['vendor', 'outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

export const partnerErrors = new Counter({
  name: 'pago_partner_errors_total',
  help: 'Partner calls that failed: no answer (network, timeout) or a 5xx answer',
  labelNames: ['vendor', 'kind'] as const,
  registers: [processRegistry],
});

const jobRuns = new Histogram({
  name: 'pago_job_run_duration_seconds',
  help: "Runs of the background jobs (queue: the job's name) by outcome (ok, error), and their time",
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [processRegistry],
});

let defaultsCollected = false;
/** Node's own figures (CPU, memory, event loop lag, GC), prefixed pago_ (pago_process_…, pago_nodejs_…), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry, prefix: 'pago_' });
}

const pools = new Map<Database, string>();

/** Reports `db`'s pool as `pool` in the pool gauges until `forget` is called. */
function watchPool(db: Database, name: string): () => void {
  pools.set(db, name);
  return () => pools.delete(db);
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One answered request: a histogram observation, and the 5xx/503 counters when it is one. */
export function observeRequest(
  method: string,
  route: string,
  status: number,
  seconds: number,
): void {
  const statusClass = `${Math.trunc(status / 100)}xx`;
  httpDuration.labels(METHODS.has(method) ? method : 'OTHER', route, statusClass).observe(seconds);
  if (status >= 500) {
    http5xx.labels(String(status)).inc();
    if (status === 503) http503.inc();
  }
}

/**
 * The request metrics of an app: one observation per answer in `onResponse` (after the answer is
 * sent, so it adds nothing to the caller's wait), by route template — never the raw URL, which
 * holds ids — and the pools' gauges read at scrape time.
 */
export function installMetrics(app: AppInstance): void {
  const forget = [watchPool(app.deps.db, 'api')];
  if (app.deps.sandboxDb && app.deps.sandboxDb !== app.deps.db) {
    forget.push(watchPool(app.deps.sandboxDb, 'sandbox'));
  }
  app.addHook('onClose', async () => {
    for (const stop of forget) stop();
  });
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** Runs one job's work, timing it into pago_job_run_duration_seconds (errors pass through). */
export async function timeJobRun<T>(queue: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome = 'error';
  try {
    const result = await run();
    outcome = 'ok';
    return result;
  } finally {
    jobRuns.labels(queue, outcome).observe((performance.now() - started) / 1000);
  }
}
