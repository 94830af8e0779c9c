import { sql } from 'kysely';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { lockDataDir } from './db/data-dir';
import { createDatabase, type Database, isDatabaseUnavailable } from './db/database';
import { DataDirError, type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres';
import { MigrationError, migrateDatabase } from './db/migrate';
import { createLogger } from './lib/logger';

const startedAt = performance.now();

/** A problem the person starting the server can fix: one line on stderr, exit code 1. */
class StartupError extends Error {}

function describeDbError(error: unknown, url: string): string {
  const { hostname, port } = new URL(url);
  const code = (error as NodeJS.ErrnoException).code;
  return `Cannot reach the database at ${hostname}:${port || 5432} (${code ?? (error as Error).message}). Check DATABASE_URL.`;
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const cleanups: Array<() => Promise<void> | void> = [];
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
    // A second signal (a terminal's Ctrl-C reaches every process of its group, and a supervisor may
    // add SIGTERM) must not cut the shutdown short and leave PostgreSQL running.
    if (shuttingDown) {
      log.warn(`${signal} received again: still stopping`);
      return;
    }
    shuttingDown = true;
    log.info(`${signal} received: stopping`);
    // Past 20 s something hangs: leave anyway (a PostgreSQL left behind is stopped by the next start).
    setTimeout(() => process.exit(1), 20_000).unref();
    void cleanup().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
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

    const db: Database = createDatabase(databaseUrl);
    cleanups.push(() => db.destroy());
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      throw new StartupError(describeDbError(error, databaseUrl));
    }
    const applied = await migrateDatabase(db, config.mode);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');

    const app = await buildApp({ config, db }, { logger: log });
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
        throw new StartupError(
          `Not allowed to listen on port ${config.port}. Choose another PORT.`,
        );
      }
      throw error;
    }
    // While the database is away the loops fail every second: a warning each, not an error.
    const logLoopFailure = (error: unknown, what: string) =>
      isDatabaseUnavailable(error)
        ? log.warn(`${what}: the database is unavailable`)
        : log.error({ err: error }, what);
    // The payout partner's outcomes are applied by a loop every second (several servers may run it).
    const payoutTimer = setInterval(() => {
      app.services.transfers
        .settleDuePayouts()
        .catch((error: unknown) => logLoopFailure(error, 'payout settlement failed'));
    }, 1000);
    cleanups.push(() => clearInterval(payoutTimer));
    // Sandbox mode: the fake vendors decide reviews and deliver their webhooks, also every second.
    const { sandboxVendors } = app.services;
    if (sandboxVendors) {
      let busy = false;
      const vendorTimer = setInterval(() => {
        if (busy) return;
        busy = true;
        sandboxVendors
          .tick()
          .catch((error: unknown) => logLoopFailure(error, 'sandbox vendors failed'))
          .finally(() => {
            busy = false;
          });
      }, 1000);
      cleanups.push(() => clearInterval(vendorTimer));
    }
    if (config.mode === 'sandbox' && config.sandboxSharedTestServer) {
      log.warn('Shared test server: anyone who reaches it can read sign-in codes in /sandbox/');
    }
    const readyMs = Math.round(performance.now() - startedAt);
    // The ready line names the Node that runs Pago (npm scripts run the `node` devDependency, 24).
    log.info(
      {
        readyMs,
        mode: config.mode,
        database: config.databaseUrl ? 'external' : 'embedded',
        node: process.version,
      },
      `Pago is running at ${config.publicUrl} (${config.mode} mode, Node ${process.version})`,
    );
  } catch (error) {
    await cleanup();
    throw error;
  }
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
