import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { lsnBytes } from './db/replica-lag';

describe('DATABASE_REPLICA_URL and DATABASE_REPLICA_MAX_LAG_MS', () => {
  it('unset: no replica, a bound of five seconds', () => {
    const config = loadConfig({});
    expect(config.databaseReplicaUrl).toBeUndefined();
    expect(config.replicaMaxLagMs).toBe(5_000);
  });

  it('reads a postgres:// replica URL and a bound in milliseconds', () => {
    const config = loadConfig({
      DATABASE_REPLICA_URL: 'postgres://pago:pw@replica.internal:5432/pago',
      DATABASE_REPLICA_MAX_LAG_MS: '2500',
    });
    expect(config.databaseReplicaUrl).toBe('postgres://pago:pw@replica.internal:5432/pago');
    expect(config.replicaMaxLagMs).toBe(2_500);
  });

  it('refuses what is not a postgres URL, and a bound below half a second', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'http://replica' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_REPLICA_MAX_LAG_MS: '100' })).toThrow(
      /DATABASE_REPLICA_MAX_LAG_MS/,
    );
  });
});

describe('WAL positions', () => {
  it('compares across the 32-bit halves', () => {
    expect(lsnBytes('0/16B3748')).toBe(0x16b3748n);
    expect(lsnBytes('1/0') > lsnBytes('0/FFFFFFFF')).toBe(true);
    expect(() => lsnBytes('nope')).toThrow();
  });
});
