import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { queryTracing } from '../lib/trace-state';
import type { DB } from './schema';

export type Database = Kysely<DB>;

// int8 (bigint) columns hold cents and counts; they fit in a JS number well below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is beyond 2^53`);
  return n;
});

export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    application_name: 'pago',
  });
  survivesLostConnections(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...queryTracing() });
  pools.set(db, pool);
  return db;
}

/**
 * A client losing its connection (PostgreSQL restarted, a backend terminated, a database dropped
 * under a pool that was just ended) emits `error`; unhandled, that would end the process. Idle
 * ones are dropped by the pool; for one in use the query in flight fails too, and the request
 * answers 503 (isDatabaseUnavailable). Broken clients are not reused: the pool discards them on
 * release, and the next query reconnects. Every pool of ours takes this.
 */
export function survivesLostConnections(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

const pools = new WeakMap<Database, pg.Pool>();

/** Connections of the sandbox fakes' own pool: they answer one short query or transaction each. */
export const SANDBOX_POOL_SIZE = 4;

/**
 * The pool the in-process sandbox fakes answer from (AppDeps.sandboxDb). In sandbox mode it has a
 * few connections of its own: a fake answers calls its own process makes, and sharing that
 * process's pool, its answer could wait for a connection the caller holds until the call times
 * out. In live mode no fake runs, and it is `db`. The caller destroys it when it is not `db`.
 */
export function sandboxDatabase(
  mode: 'sandbox' | 'live',
  connectionString: string,
  db: Database,
): Database {
  return mode === 'sandbox' ? createDatabase(connectionString, { max: SANDBOX_POOL_SIZE }) : db;
}

/**
 * A connection of its own to `db`'s database, outside its pool: for LISTEN, which holds the
 * connection for as long as it listens. The caller connects and ends it.
 */
export function dedicatedClient(db: Database): pg.Client {
  const pool = pools.get(db);
  if (!pool) throw new Error('This database was not made by createDatabase');
  return new pg.Client({ ...pool.options, application_name: 'pago-listen' });
}

/** How many queries wait for one of the pool's connections right now (load shedding reads it). */
export function poolWaiting(db: Database): number {
  return pools.get(db)?.waitingCount ?? 0;
}

/** How many of the pool's connections are checked out right now (tests: none held across a call). */
export function poolInUse(db: Database): number {
  const pool = pools.get(db);
  return pool ? pool.totalCount - pool.idleCount : 0;
}

/**
 * SQLSTATEs of a database that cannot take the request right now: class 08 (connection lost or
 * refused), 57P01/57P02 (terminated: admin or crash shutdown, a failover), 57P03 (cannot connect
 * now: starting up, in recovery, shutting down), 53300 (too many connections), and 25006
 * (read-only transaction: a write reached a node that is now a standby, e.g. a demoted primary
 * the proxy has not yet marked down; Pago opens no read-only transactions of its own for writes).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300|25006)$/;
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What pg and its pool say when a connection breaks or cannot be had (they set no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'the database system is',
  'timeout exceeded when trying to connect',
  'is not queryable',
];

/**
 * An Error, or a copy of one: pg-boss reports a worker's failure as a plain object spread from the
 * pg error (`{ ...error, message, stack, queue, worker }`), which keeps its `code`.
 */
function isErrorLike(value: unknown): value is Error {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/**
 * Whether an error means the database cannot be reached right now (as opposed to a bug or a bad
 * statement): the caller should retry, so the API answers 503. Looks through causes and
 * AggregateErrors (a host name resolving to several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!isErrorLike(error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  const unavailable =
    (typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) ||
    UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text)) ||
    (error instanceof AggregateError &&
      error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)));
  return unavailable || isDatabaseUnavailable(error.cause, depth + 1);
}
