import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../test/money-helpers';
import { buildTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { AppInstance } from '../app';
import { createDatabase, type Database, isDatabaseUnavailable } from './database';

let app: AppInstance;
let db: Database;
let url: string;

beforeAll(async () => {
  ({ db, url } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(() => app.close());

/**
 * Holds `table` locked from another connection, so the app's query on it waits; then terminates
 * the app's backend that waits for that table (as an operator's pg_terminate_backend or a
 * failover would), and lets the table go. Only a backend waiting on `table`: the app's own
 * background work may wait on other locks meanwhile, and is not the request under test.
 */
async function terminateTheQueryOn(table: string, request: () => Promise<unknown>) {
  const locker = new pg.Client({ connectionString: url, application_name: 'test-locker' });
  await locker.connect();
  try {
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    const answer = request();
    for (;;) {
      const { rows } = await locker.query(
        `select pg_terminate_backend(a.pid) as done from pg_stat_activity a
          join pg_locks l on l.pid = a.pid and not l.granted and l.relation = $1::regclass
          where a.datname = current_database() and a.application_name = 'pago'`,
        [table],
      );
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await locker.query('rollback');
    return await answer;
  } finally {
    await locker.end();
  }
}

describe('a lost database connection', () => {
  it('fails the request it served with 503, and the server keeps answering', async () => {
    const user = await verifiedUser(app, db);
    const profile = () =>
      app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(user.token) });

    const lost = (await terminateTheQueryOn('sessions', profile)) as Awaited<
      ReturnType<typeof profile>
    >;
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
      },
      message: 'The service is briefly unavailable. Please try again in a moment.',
    });
    expect(lost.headers['retry-after']).toBe('5');

    // The server keeps answering: a connection the pool opens meanwhile may meet the terminated
    // backend still exiting and answer 503 (with Retry-After) once; then it serves again.
    await expect.poll(async () => (await profile()).statusCode).toBe(200);
    expect((await profile()).json()).toMatchObject({ _id: user.id });
  });

  it('rolls a money request back whole, so its retry with the same key runs once', async () => {
    const user = await verifiedUser(app, db);
    const key = randomUUID();
    const depositOnce = () =>
      moneyPost(app, user, '/api/wallet/test-deposit', { amount: 2500 }, key);

    const lost = (await terminateTheQueryOn('ledger_accounts', depositOnce)) as Awaited<
      ReturnType<typeof depositOnce>
    >;
    expect(lost.statusCode).toBe(503);
    expect(lost.json().error.code).toBe('service_unavailable');
    expect(await balanceOf(app, user)).toBe(0);

    const retried = await depositOnce();
    expect(retried.statusCode).toBe(201);
    expect((await depositOnce()).body).toBe(retried.body);
    expect(await balanceOf(app, user)).toBe(2500);
  });
});

describe('a database that only takes reads (a demoted primary the proxy still points at)', () => {
  it('answers a money POST 503 with Retry-After, never 500, and its retry with the same key runs once', async () => {
    const user = await verifiedUser(app, db);
    const key = randomUUID();
    // Every transaction of this pool is read-only, as every one on a standby is: a write fails
    // with PostgreSQL's own 25006 (read_only_sql_transaction).
    const readOnly = new URL(url);
    readOnly.searchParams.set('options', '-c default_transaction_read_only=on');
    const standbyDb = createDatabase(readOnly.toString(), { max: 2 });
    const demoted = await buildTestApp(standbyDb);
    try {
      const refused = await moneyPost(
        demoted,
        user,
        '/api/wallet/test-deposit',
        { amount: 2500 },
        key,
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().error.code).toBe('service_unavailable');
    } finally {
      await demoted.close();
      await standbyDb.destroy().catch(() => {});
    }
    expect(await balanceOf(app, user)).toBe(0);

    const retried = await moneyPost(app, user, '/api/wallet/test-deposit', { amount: 2500 }, key);
    expect(retried.statusCode).toBe(201);
    expect(
      (await moneyPost(app, user, '/api/wallet/test-deposit', { amount: 2500 }, key)).body,
    ).toBe(retried.body);
    expect(await balanceOf(app, user)).toBe(2500);
  });
});

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a database starting up', Object.assign(new Error('starting up'), { code: '57P03' })],
    [
      'a node in recovery (a replica being promoted, a crashed primary restarting)',
      Object.assign(new Error('the database system is in recovery mode'), { code: '57P03' }),
    ],
    [
      'a write on a standby',
      Object.assign(new Error('cannot execute INSERT in a read-only transaction'), {
        code: '25006',
      }),
    ],
    ['a crashed server', Object.assign(new Error('terminating connection'), { code: '57P02' })],
    ['a node shutting down, without a code', new Error('the database system is shutting down')],
    [
      'a connection lost at connect time',
      new Error('Connection terminated due to connection timeout'),
    ],
    [
      "a pg-boss worker's copy of a pg error (a plain object with the queue's name)",
      {
        ...Object.assign(new Error('x'), { code: '57P01' }),
        message: 'terminating connection due to administrator command (Queue: q, Worker: w)',
        queue: 'q',
      },
    ],
    [
      "a pg-boss worker's copy of a dropped connection",
      { message: 'Connection terminated unexpectedly (Queue: q, Worker: w)', queue: 'q' },
    ],
    ['a proxy with no server behind it', Object.assign(new Error('read'), { code: 'ECONNRESET' })],
    ['a refused connection', Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    [
      'every address refused',
      new AggregateError([Object.assign(new Error('c'), { code: 'ECONNREFUSED' })]),
    ],
    [
      'a connection failure as the cause',
      new Error('rollback failed', {
        cause: Object.assign(new Error('connection failure'), { code: '08006' }),
      }),
    ],
  ])('says yes for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax'), { code: '42601' })],
    ['a serialization failure', Object.assign(new Error('could not serialize'), { code: '40001' })],
    ['a check violation', Object.assign(new Error('violates check'), { code: '23514' })],
    ['a bug', new TypeError('x is undefined')],
    ["a pg-boss worker's copy of a bug", { message: 'x is undefined (Queue: q, Worker: w)' }],
    ['not an error at all', 'Connection terminated'],
  ])('says no for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
