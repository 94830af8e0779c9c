import fs from 'node:fs';
import path from 'node:path';
import { buildApp, servicesOf } from '../app';
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { lockDataDir } from '../db/data-dir';
import { createDatabase, sandboxDatabase } from '../db/database';
import {
  DataDirError,
  isAlive,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
} from '../db/embedded-postgres';
import { createHealth, LATEST_MIGRATION } from '../features/health/health.service';
import { isBroken } from '../features/ledger/ledger-invariants.service';
import { AppError } from '../lib/app-error';
import { createLogger } from '../lib/logger';
import {
  formatInvariants,
  formatPayoutReconciliation,
  formatReconciliation,
} from './reconcile-report';

/**
 * `npm run reconcile`: the ledger's invariant check (the job `ledger-invariants`), then the
 * reconciliation jobs (`banking.reconcile()`, the job `unit-reconcile`; the payout partner's,
 * `payoutReconciliation.reconcile()`, the job `payout-reconcile`), each run once against the
 * configured database and stored as the jobs store them, what they found printed. Exit code 0:
 * nothing found; 1: something;
 * 2: it could not run. The database is DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (the
 * running server's, or started here when none runs). In sandbox mode the Unit fake answers from
 * this process, on a loopback port of its own; in live mode the partner is UNIT_API_URL.
 */
class CliError extends Error {}

const cleanups: Array<() => Promise<void> | void> = [];

/** The database to reconcile, and the embedded PostgreSQL started for it if none was running. */
async function databaseUrl(config: ReturnType<typeof loadConfig>): Promise<string> {
  if (config.databaseUrl) return config.databaseUrl;
  const lockFile = path.join(config.dataDir, 'pago.pid');
  const holder = fs.existsSync(lockFile) ? Number(fs.readFileSync(lockFile, 'utf8').trim()) : 0;
  if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
    return runningEmbeddedUrl(config.dataDir);
  }
  if (!fs.existsSync(path.join(config.dataDir, 'pg'))) {
    throw new CliError(`No database in ${config.dataDir}: start Pago once, or set DATABASE_URL.`);
  }
  cleanups.push(lockDataDir(config.dataDir));
  const pg = await startEmbeddedPostgres(config.dataDir, { debug: () => {}, error: () => {} });
  cleanups.push(() => pg.stop());
  return pg.urlFor('pago');
}

async function run(): Promise<number> {
  loadDotEnv();
  // The app built here serves nobody but this command (the sandbox fakes it calls): shedding load
  // would turn its own calls away on a busy machine, which the Unit client reports as the partner
  // not answering.
  const config = { ...loadConfig(), shedding: { maxEventLoopDelayMs: 0, maxPoolWaiting: 0 } };
  const url = await databaseUrl(config);
  const db = createDatabase(url, { max: 4 });
  cleanups.push(() => db.destroy());
  // In sandbox mode this app also serves the Unit and Thunes fakes the reconciliation calls (two
  // at once per account): they answer from a pool of their own, as in main.ts.
  const sandboxDb = sandboxDatabase(config.mode, url, db);
  if (sandboxDb !== db) cleanups.push(() => sandboxDb.destroy());
  const app = await buildApp(
    { config, db, sandboxDb },
    { logger: createLogger(config.logLevel === 'info' ? 'error' : config.logLevel) },
  );
  cleanups.push(() => app.close());
  // The readiness probe's check: reachable, and migrated as far as this code needs.
  const migrated = await createHealth(db)
    .isMigrated()
    .catch((error: unknown) => {
      throw new CliError(`Cannot reach the database (${(error as Error).message}).`);
    });
  if (!migrated) {
    throw new CliError(`The database is not migrated to ${LATEST_MIGRATION}: start Pago once.`);
  }
  // The Unit and Thunes fakes are served by this app in sandbox mode; the clients reach them
  // over HTTP.
  if (config.mode === 'sandbox') await app.listen({ port: 0, host: '127.0.0.1' });
  // The ledger's own invariants first (they need no partner), stored as the daily job's are.
  const invariants = await servicesOf(app).ledgerInvariants.check('cli');
  process.stdout.write(formatInvariants(invariants));
  const result = await servicesOf(app).banking.reconcile();
  process.stdout.write(formatReconciliation(result));
  // The payout partner's remittances and prefunded balance (none in live mode without THUNES_*).
  const payouts = await servicesOf(app).payoutReconciliation.reconcile();
  if (payouts) process.stdout.write(formatPayoutReconciliation(payouts));
  const found = result.differences.length + (payouts?.differences.length ?? 0);
  return found > 0 || isBroken(invariants) ? 1 : 0;
}

async function cleanup() {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch {
      // Nothing left to do about it here.
    }
  }
}

run()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    await cleanup();
    const expected =
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof DataDirError ||
      error instanceof AppError;
    // A partner's failure says why (its `reason`: unreachable, http_503, …), for the operator.
    const why =
      error instanceof AppError && error.details ? ` ${JSON.stringify(error.details)}` : '';
    process.stderr.write(
      `reconcile: ${expected ? (error as Error).message : error instanceof Error ? error.stack : String(error)}${why}\n`,
    );
    process.exit(2);
  });
