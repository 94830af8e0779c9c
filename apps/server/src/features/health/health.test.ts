import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app';
import { createEmptyDatabase, createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { createDatabase } from '../../db/database';

const { db } = await createTestDatabase();
const apps: AppInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function appOn(...args: Parameters<typeof buildTestApp>) {
  const app = await buildTestApp(...args);
  apps.push(app);
  return app;
}

/** Polls `request` until its answer has `status` (a busy machine is slow, never wrong). */
async function until(app: AppInstance, url: string, status: number, between?: () => void) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    between?.();
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode === status) return response;
    if (Date.now() > deadline) throw new Error(`${url} never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('liveness and readiness', () => {
  it('answers live, ready and the spec health check on a migrated database', async () => {
    const app = await appOn(db);
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: 'ok',
      mode: 'sandbox',
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', mode: 'sandbox' });
  });

  it('is live but not ready on a database that is not migrated', async () => {
    const { url } = await createEmptyDatabase();
    const empty = createDatabase(url, { max: 2 });
    const app = await appOn(empty);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error).toMatchObject({
      code: 'service_unavailable',
      message: expect.stringMatching(/not migrated/),
    });
    await app.close();
    await empty.destroy();
  });

  it('is live but not ready when the database cannot be reached', async () => {
    const nowhere = createDatabase('postgres://pago:x@127.0.0.1:1/pago', { max: 1 });
    const app = await appOn(nowhere);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('service_unavailable');
    await app.close();
    await nowhere.destroy();
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, except for liveness', async () => {
    const app = await appOn(db, { shedding: { maxEventLoopDelayMs: 5, maxPoolWaiting: 100 } });
    // Block the event loop between requests, as a CPU-bound handler would, until it sheds.
    const block = () => {
      const end = Date.now() + 300;
      while (Date.now() < end) {}
    };
    const shed = await until(app, '/api/health', 503, block);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toMatchObject({
      error: { code: 'service_unavailable' },
      message: expect.stringMatching(/busy/),
    });
    block();
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    // Once the loop is quiet again, it serves again.
    await until(app, '/api/health', 200);
  });

  it('answers 503 with Retry-After while queries wait for a database connection', async () => {
    const app = await appOn(db, { shedding: { maxEventLoopDelayMs: 0, maxPoolWaiting: 2 } });
    // The test database's pool has 10 connections: 15 slow queries leave 5 waiting.
    const slow = Array.from({ length: 15 }, () => sql`select pg_sleep(1.5)`.execute(db));
    const shed = await until(app, '/api/wallet/balance', 503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json().error.code).toBe('service_unavailable');
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await Promise.all(slow);
    // Unsigned, so a 401 once it is served again rather than shed.
    await until(app, '/api/wallet/balance', 401);
  });
});
