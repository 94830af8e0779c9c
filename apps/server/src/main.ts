import cluster, { type Worker } from 'node:cluster';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { buildApp, servicesOf } from './app';
import { type Config, ConfigError, loadConfig, loadDotEnv } from './config';
import { lockDataDir } from './db/data-dir';
import { createDatabase, type Database, sandboxDatabase } from './db/database';
import { DataDirError, type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres';
import { MigrationError, migrateDatabase } from './db/migrate';
import { reportToPrimary, serveMetrics } from './features/observability/metrics-server';
import {
  loadObservabilityConfig,
  type ObservabilityConfig,
} from './features/observability/observability-config';
import { backgroundJobs } from './jobs/background-jobs';
import { startJobQueue } from './jobs/job-queue';
import { createLogger } from './lib/logger';

const startedAt = performance.now();

/** A problem the person starting the server can fix: one line on stderr, exit code 1. */
class StartupError extends Error {}

function describeDbError(error: unknown, url: string): string {
  const { hostname, port } = new URL(url);
  const code = (error as NodeJS.ErrnoException).code;
  return `Cannot reach the database at ${hostname}:${port || 5432} (${code ?? (error as Error).message}). Check DATABASE_URL.`;
}

type Cleanups = Array<() => Promise<void> | void>;

/** How long an API process's stop may take before it leaves anyway. */
const STOP_GRACE_MS = 20_000;
/**
 * A cluster's primary waits for its API processes (each up to STOP_GRACE_MS), then stops
 * PostgreSQL: its own limit is longer, or a slow but healthy stop would end it with code 1.
 */
const PRIMARY_STOP_GRACE_MS = 45_000;

/**
 * Runs `start`, then on SIGINT/SIGTERM (or a failed start) the cleanups it registered, last first.
 * A second signal (a terminal's Ctrl-C reaches every process of its group, and a supervisor may add
 * SIGTERM) must not cut the shutdown short and leave PostgreSQL running.
 */
async function withShutdown(
  log: Logger,
  start: (cleanups: Cleanups) => Promise<void>,
  graceMs = STOP_GRACE_MS,
) {
  const cleanups: Cleanups = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        log.error({ err: error }, 'shutdown step failed');
      }
    }
  };
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      log.warn(`${signal} received again: still stopping`);
      return;
    }
    shuttingDown = true;
    log.info(`${signal} received: stopping`);
    // Past the grace something hangs: leave anyway (a PostgreSQL left behind is stopped by the
    // next start).
    setTimeout(() => {
      log.error(`still stopping after ${graceMs / 1000} s: leaving`);
      process.exit(1);
    }, graceMs).unref();
    void cleanup().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await start(cleanups);
  } catch (error) {
    // Stopped while starting: the start failed because the signal's cleanup closed what it was
    // using (the database, the job queue). That cleanup ends the process, as any stop does.
    if (shuttingDown) return new Promise<never>(() => {});
    await cleanup();
    throw error;
  }
}

/**
 * The database this start uses: DATABASE_URL, or the embedded PostgreSQL (started here, with the
 * data directory locked), reachable and migrated. Runs once per start, in the primary process.
 */
async function prepareDatabase(config: Config, log: Logger, cleanups: Cleanups): Promise<string> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    cleanups.push(lockDataDir(config.dataDir));
    const pg: EmbeddedPostgres = await startEmbeddedPostgres(config.dataDir, {
      debug: (line) => log.debug({ postgres: line }),
      error: (line) => log.error(line),
    });
    cleanups.push(() => pg.stop());
    const admin = createDatabase(pg.url, { max: 1 });
    try {
      const { rows } = await sql`select 1 from pg_database where datname = 'pago'`.execute(admin);
      if (rows.length === 0) await sql`create database pago`.execute(admin);
    } finally {
      await admin.destroy();
    }
    databaseUrl = pg.urlFor('pago');
  }
  const db = createDatabase(databaseUrl, { max: 1 });
  try {
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      throw new StartupError(describeDbError(error, databaseUrl));
    }
    const applied = await migrateDatabase(db, config.mode);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  } finally {
    await db.destroy();
  }
  return databaseUrl;
}

/** One API process: the HTTP server and its worker of the job queue, on a migrated database. */
async function serve(
  config: Config,
  obs: ObservabilityConfig,
  log: Logger,
  databaseUrl: string,
  cleanups: Cleanups,
) {
  // /metrics (docs/observability.md): a cluster's primary serves it for all its API processes,
  // asking each (from before it listens, so no scrape finds one that cannot answer yet).
  if (obs.metrics && cluster.isWorker) reportToPrimary();
  const db: Database = createDatabase(databaseUrl, { max: config.databasePoolSize });
  cleanups.push(() => db.destroy());
  // The in-process sandbox fakes get their own few connections (see AppDeps.sandboxDb).
  const sandboxDb = sandboxDatabase(config.mode, databaseUrl, db);
  if (sandboxDb !== db) cleanups.push(() => sandboxDb.destroy());
  const app = await buildApp({ config, db, sandboxDb }, { logger: log });
  cleanups.push(() => app.close());
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `Port ${config.port} is already in use. Stop the other program or set PORT.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(`Not allowed to listen on port ${config.port}. Choose another PORT.`);
    }
    throw error;
  }
  // Payout settlement and the sandbox vendors' work are jobs in PostgreSQL, taken by any process.
  const jobs = await startJobQueue({ databaseUrl, log, jobs: backgroundJobs(servicesOf(app)) });
  cleanups.push(() => jobs.stop());
  if (obs.metrics && cluster.isPrimary)
    cleanups.push(await serveMetrics(obs.metrics, databaseUrl, log, { cluster: false }));
}

function logReady(config: Config, log: Logger) {
  if (config.mode === 'sandbox' && config.sandboxSharedTestServer) {
    log.warn('Shared test server: anyone who reaches it can read sign-in codes in /sandbox/');
  }
  const readyMs = Math.round(performance.now() - startedAt);
  const processes = config.processes > 1 ? `, ${config.processes} processes` : '';
  // The ready line names the Node that runs Pago (npm scripts run the `node` devDependency, 24).
  log.info(
    {
      readyMs,
      mode: config.mode,
      database: config.databaseUrl ? 'external' : 'embedded',
      processes: config.processes,
      node: process.version,
    },
    `Pago is running at ${config.publicUrl} (${config.mode} mode${processes}, Node ${process.version})`,
  );
}

/**
 * PAGO_PROCESSES > 1: this primary prepares the database once (the embedded PostgreSQL, if used,
 * runs here and nowhere else; migrations run here), then forks the API processes, which share the
 * port, and starts a new one whenever one dies.
 */
async function runPrimary(config: Config, obs: ObservabilityConfig, log: Logger) {
  const start = async (cleanups: Cleanups) => {
    const databaseUrl = await prepareDatabase(config, log, cleanups);
    if (obs.metrics)
      cleanups.push(await serveMetrics(obs.metrics, databaseUrl, log, { cluster: true }));
    let stopping = false;
    const fork = () => cluster.fork({ DATABASE_URL: databaseUrl });
    const stopWorkers = async () => {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    };
    cleanups.push(stopWorkers);

    let listening = 0;
    const ready = new Promise<void>((resolve, reject) => {
      const started = new WeakSet<Worker>();
      cluster.on('listening', (worker) => {
        started.add(worker);
        listening += 1;
        if (listening === config.processes) resolve();
      });
      cluster.on('exit', (worker, code, signal) => {
        if (stopping) return;
        // One that never listened cannot start (port taken, bad setting): it said why; stop.
        if (!started.has(worker)) {
          reject(new StartupError(`An API process could not start (exit ${signal ?? code}).`));
          return;
        }
        log.error(
          `API process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`,
        );
        // A second later, so a process that keeps crashing does not spin the machine.
        setTimeout(() => stopping || fork(), 1000);
      });
    });
    for (let i = 0; i < config.processes; i++) fork();
    await ready;
    logReady(config, log);
  };
  await withShutdown(log, start, PRIMARY_STOP_GRACE_MS);
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const obs = loadObservabilityConfig();
  // Before any database is made: each chooses its per-statement spans when it is.
  if (config.processes > 1 && cluster.isPrimary) return runPrimary(config, obs, log);
  // The OpenTelemetry SDK is loaded only when tracing is on: no start pays for it otherwise.
  const stopTracing = obs.tracing
    ? (await import('./features/observability/tracing')).startTracing(obs.tracing)
    : null;
  await withShutdown(log, async (cleanups) => {
    if (stopTracing) cleanups.push(stopTracing);
    // A cluster worker is handed the prepared database by its primary.
    const databaseUrl = cluster.isWorker
      ? (config.databaseUrl as string)
      : await prepareDatabase(config, log, cleanups);
    await serve(config, obs, log, databaseUrl, cleanups);
    if (cluster.isPrimary) logReady(config, log);
  });
}

main().catch((error: unknown) => {
  const expected =
    error instanceof StartupError ||
    error instanceof ConfigError ||
    error instanceof DataDirError ||
    error instanceof MigrationError;
  if (expected) {
    process.stderr.write(`pago: ${(error as Error).message}\n`);
  } else {
    process.stderr.write(
      `pago: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
