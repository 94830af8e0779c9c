import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { createDatabase, type Database } from '../../db/database';
import { dbGauges, dbRegistry } from './db-gauges';
import { collectProcessMetrics, processRegistry } from './metrics';
import type { ObservabilityConfig } from './observability-config';

// GET /metrics on a listener of its own (METRICS_PORT, loopback unless told otherwise, bearer
// token when set): never on the API's port, so nothing public reveals it and a slow scrape never
// queues behind (or in front of) the API's requests.

type MetricsSettings = NonNullable<ObservabilityConfig['metrics']>;

/**
 * In an API process of a cluster (PAGO_PROCESSES > 1): answer the primary's requests for this
 * process's figures (prom-client's cluster messages). The primary serves /metrics for them all.
 */
export function reportToPrimary(): void {
  collectProcessMetrics();
  AggregatorRegistry.setRegistries([processRegistry]);
  new AggregatorRegistry();
}

function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export type MetricsServer = { url: string; close(): Promise<void> };

/**
 * Serves /metrics: this process's figures, or with `cluster` the sum over the cluster's API
 * processes (prom-client's AggregatorRegistry asks each over IPC), then the figures read from
 * `db` (one process reads them, so they are not counted once per process).
 */
export async function startMetricsServer(
  settings: MetricsSettings,
  db: Database,
  options: { cluster: boolean },
): Promise<MetricsServer> {
  collectProcessMetrics();
  const aggregator = options.cluster && cluster.isPrimary ? new AggregatorRegistry() : null;
  const gauges = dbGauges(db);
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    if (!authorized(request.headers.authorization, settings.token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('METRICS_TOKEN needed\n');
      return;
    }
    void (async () => {
      try {
        await gauges.refresh();
        const own = aggregator
          ? await aggregator.clusterMetrics()
          : await processRegistry.metrics();
        const fromDb = await dbRegistry.metrics();
        response.writeHead(200, { 'content-type': processRegistry.contentType });
        response.end(`${own.trimEnd()}\n\n${fromDb}`);
      } catch (error) {
        response.writeHead(503, { 'content-type': 'text/plain' });
        response.end(`metrics unavailable: ${(error as Error).message}\n`);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address, family } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * This start's /metrics, when METRICS_PORT is set: its own one-connection pool on `databaseUrl`
 * and the listener. A listener that cannot start (port taken) is logged and the API runs on
 * without it. Answers the cleanup.
 */
export async function serveMetrics(
  settings: MetricsSettings,
  databaseUrl: string,
  log: Pick<Logger, 'info' | 'error'>,
  options: { cluster: boolean },
): Promise<() => Promise<void>> {
  const db = createDatabase(databaseUrl, { max: 1 });
  try {
    const server = await startMetricsServer(settings, db, options);
    log.info(`Metrics at ${server.url}${settings.token ? ' (bearer token)' : ''}`);
    return async () => {
      await server.close();
      await db.destroy();
    };
  } catch (error) {
    log.error(
      { err: error },
      `metrics: cannot listen on ${settings.host}:${settings.port}; running without /metrics`,
    );
    await db.destroy();
    return async () => {};
  }
}
