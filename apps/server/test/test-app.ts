import { afterAll, beforeAll } from 'vitest';
import { type AppInstance, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDatabase, type Database, SANDBOX_POOL_SIZE } from '../src/db/database';
import { afterFile } from './after-file';
import { createTestDatabase } from './test-database';

/**
 * The test app sheds no load unless a test asks for it: the race tests send hundreds of requests
 * at once on purpose, and a busy CI machine lags its event loop; `health.test.ts` turns it on.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', SHED_EVENT_LOOP_DELAY_MS: '0', SHED_POOL_WAITING: '0' }),
    ...overrides,
  };
}

export function buildTestApp(
  db: Database,
  overrides: Partial<Config> = {},
  clock?: () => Date,
  sandboxDb?: Database,
) {
  return buildApp({
    config: testConfig(overrides),
    db,
    ...(clock ? { clock } : {}),
    ...(sandboxDb ? { sandboxDb } : {}),
  });
}

/** The sandbox fakes' own small pool on a test database, as `main.ts` gives them; closed after the file. */
export function sandboxPool(url: string): Database {
  const pool = createDatabase(url, { max: SANDBOX_POOL_SIZE });
  afterFile(() => pool.destroy());
  return pool;
}

/**
 * A test file's app on a fresh database, listening on a loopback port: the vendor clients reach
 * the sandbox fakes over HTTP, as they reach the vendors. Read `app`, `db` and `url` in tests.
 */
export function listeningTestApp(overrides: Partial<Config> = {}) {
  const context = {} as { app: AppInstance; db: Database; url: string };
  beforeAll(async () => {
    const { db, url } = await createTestDatabase();
    Object.assign(context, { db, url, app: await buildTestApp(db, overrides) });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => context.app?.close());
  return context;
}
