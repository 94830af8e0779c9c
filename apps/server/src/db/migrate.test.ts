import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../../test/test-database';
import { createDatabase } from './database';
import { MigrationError, migrateDatabase, migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { sandboxMigrations } from './sandbox-migrations';

// Counts its own runs in a table, so applying it twice would show.
const testMigrations = {
  '0001_counter': {
    async up(db: Kysely<unknown>) {
      await sql`create table migration_runs (id serial primary key)`.execute(db);
      await sql`insert into migration_runs default values`.execute(db);
      await sql`select pg_sleep(0.2)`.execute(db);
    },
  },
  '0002_more': {
    async up(db: Kysely<unknown>) {
      await sql`insert into migration_runs default values`.execute(db);
    },
  },
};

describe('migrateToLatest', () => {
  it('applies each migration once when two servers migrate at the same moment', async () => {
    const { url } = await createEmptyDatabase();
    const first = createDatabase(url);
    const second = createDatabase(url);
    try {
      const results = await Promise.all([
        migrateToLatest(first, testMigrations),
        migrateToLatest(second, testMigrations),
      ]);
      expect(results.flat().sort()).toEqual(['0001_counter', '0002_more']);
      const { rows } = await sql<{
        runs: number;
      }>`select count(*)::int as runs from migration_runs`.execute(first);
      expect(rows[0]?.runs).toBe(2);
      expect(await migrateToLatest(first, testMigrations)).toEqual([]);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });

  it('reports a failing migration by name and leaves nothing half applied', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url);
    try {
      const broken = {
        '0001_ok': {
          up: (d: Kysely<unknown>) => sql`create table kept (id int)`.execute(d).then(() => {}),
        },
        '0002_bad': {
          up: (d: Kysely<unknown>) => sql`select * from no_such_table`.execute(d).then(() => {}),
        },
      };
      await expect(migrateToLatest(db, broken)).rejects.toThrow(MigrationError);
      await expect(migrateToLatest(db, broken)).rejects.toThrow(/0002_bad failed/);
      // Kysely runs the whole batch in one transaction on PostgreSQL.
      const { rows } = await sql<{
        t: string | null;
      }>`select to_regclass('kept')::text as t`.execute(db);
      expect(rows[0]?.t).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});

async function sandboxTables(db: ReturnType<typeof createDatabase>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name like 'sandbox\\_%' order by 1`.execute(db);
  return rows.map((r) => r.name);
}

describe('migrateDatabase', () => {
  it('creates no sandbox_* table in live mode; sandbox mode adds them to the same database', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url);
    try {
      const live = await migrateDatabase(db, 'live');
      expect(live.length).toBeGreaterThan(0);
      expect(live.some((name) => name.startsWith('sandbox/'))).toBe(false);
      expect(await sandboxTables(db)).toEqual([]);

      expect(await migrateDatabase(db, 'sandbox')).toEqual([
        'sandbox/0001-sandbox-vendors',
        'sandbox/0002-sandbox-plaid-items',
        'sandbox/0003-sandbox-unit',
        'sandbox/0004-unit-omnibus',
        'sandbox/0005-unit-cards',
        'sandbox/0006-card-network',
        'sandbox/0008-sandbox-oidc',
        'sandbox/0009-card-transaction-authorization',
        'sandbox/0010-sandbox-mail-headers',
        'sandbox/0011-sandbox-thunes',
        'sandbox/0012-unit-money-in',
        'sandbox/0013-sandbox-stripe',
        'sandbox/0016-unit-cash',
        'sandbox/0018-unit-check-payments',
        'sandbox/0019-unit-disputes',
        'sandbox/0020-unit-token-verifications',
        'sandbox/0021-sandbox-fx-rates',
        'sandbox/0022-sandbox-push',
      ]);
      expect(await sandboxTables(db)).toEqual([
        'sandbox_card_network_messages',
        'sandbox_fx_rates',
        'sandbox_mail',
        'sandbox_oidc_keys',
        'sandbox_oidc_models',
        'sandbox_persona_inquiries',
        'sandbox_plaid_accounts',
        'sandbox_plaid_idvs',
        'sandbox_plaid_items',
        'sandbox_plaid_keys',
        'sandbox_plaid_link_tokens',
        'sandbox_plaid_processor_tokens',
        'sandbox_plaid_public_tokens',
        'sandbox_push_gone',
        'sandbox_push_messages',
        'sandbox_sms',
        'sandbox_stripe_idempotency_keys',
        'sandbox_stripe_objects',
        'sandbox_thunes_quotations',
        'sandbox_thunes_transactions',
        'sandbox_twilio_verifications',
        'sandbox_unit_accounts',
        'sandbox_unit_applications',
        'sandbox_unit_authorizations',
        'sandbox_unit_cards',
        'sandbox_unit_cash_barcodes',
        'sandbox_unit_check_deposits',
        'sandbox_unit_check_payments',
        'sandbox_unit_counterparties',
        'sandbox_unit_disputes',
        'sandbox_unit_payments',
        'sandbox_unit_received_payments',
        'sandbox_unit_token_verifications',
        'sandbox_unit_tokens',
        'sandbox_unit_transactions',
        'sandbox_webhook_outbox',
      ]);
      expect(await migrateDatabase(db, 'sandbox')).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('keeps a database whose sandbox tables the main set made before db/sandbox-migrations existed', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url);
    try {
      await migrateToLatest(db);
      // As the released 0001, 0004 and 0006 did: the tables exist, with a row, but no sandbox set.
      await sandboxMigrations['0001-sandbox-vendors']?.up(db);
      await sql`insert into sandbox_sms (to_number, body) values ('+12125550100', 'hola')`.execute(
        db,
      );
      const applied = await migrateDatabase(db, 'sandbox');
      // migrateToLatest alone applies no function file; migrateDatabase applies them all.
      expect(applied.filter((name) => name.startsWith('functions/')).length).toBeGreaterThan(0);
      expect(applied.filter((name) => !name.startsWith('functions/'))).toEqual([
        'sandbox/0001-sandbox-vendors',
        'sandbox/0002-sandbox-plaid-items',
        'sandbox/0003-sandbox-unit',
        'sandbox/0004-unit-omnibus',
        'sandbox/0005-unit-cards',
        'sandbox/0006-card-network',
        'sandbox/0008-sandbox-oidc',
        'sandbox/0009-card-transaction-authorization',
        'sandbox/0010-sandbox-mail-headers',
        'sandbox/0011-sandbox-thunes',
        'sandbox/0012-unit-money-in',
        'sandbox/0013-sandbox-stripe',
        'sandbox/0016-unit-cash',
        'sandbox/0018-unit-check-payments',
        'sandbox/0019-unit-disputes',
        'sandbox/0020-unit-token-verifications',
        'sandbox/0021-sandbox-fx-rates',
        'sandbox/0022-sandbox-push',
      ]);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from sandbox_sms`.execute(
        db,
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});

describe('migration names', () => {
  // Numbers that were never released: no database recorded them, so they stay unused (renaming the
  // later migrations would change names that databases have recorded). docs/architecture.md,
  // "Database functions as files".
  // 0045 and 0046 were given to branches of the same work that needed none.
  const neverReleased = {
    main: ['0024', '0045', '0046'],
    sandbox: ['0007', '0014', '0015', '0017'],
  };

  it.each([
    ['main', migrations, neverReleased.main],
    ['sandbox', sandboxMigrations, neverReleased.sandbox],
  ] as const)(
    'the %s set is numbered 0001 on, one apart, apart from the known gaps',
    (_, set, gaps) => {
      const numbers = Object.keys(set).map((name) => name.slice(0, 4));
      expect(Object.keys(set)).toEqual(Object.keys(set).sort());
      const last = Number(numbers.at(-1));
      const expected = Array.from({ length: last }, (_, i) =>
        String(i + 1).padStart(4, '0'),
      ).filter((number) => !gaps.includes(number));
      expect(numbers).toEqual(expected);
    },
  );

  it('refuses a migration that sorts before one already applied', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url);
    try {
      const noop = { up: async () => {} };
      await migrateToLatest(db, { '0001_a': noop, '0003_c': noop });
      await expect(
        migrateToLatest(db, { '0001_a': noop, '0002_b': noop, '0003_c': noop }),
      ).rejects.toThrow(/0002_b/);
    } finally {
      await db.destroy();
    }
  });
});
