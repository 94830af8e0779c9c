import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Database } from '../src/db/database';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
}

export function buildTestApp(db: Database, overrides: Partial<Config> = {}, clock?: () => Date) {
  return buildApp({ config: testConfig(overrides), db, ...(clock ? { clock } : {}) });
}
