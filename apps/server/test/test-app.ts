import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/database';

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

export function buildTestApp(db: Database, overrides: Partial<Config> = {}, clock?: () => Date) {
  return buildApp({ config: testConfig(overrides), db, ...(clock ? { clock } : {}) });
}
