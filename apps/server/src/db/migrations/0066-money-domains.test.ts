import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationsUpTo as upTo } from '../../../test/migration-helpers';
import { createEmptyDatabase } from '../../../test/test-database';
import { createDatabase } from '../database';
import { applyFunctions } from '../functions';
import { migrateToLatest } from '../migrate';

describe('migration 0066: the money tables’ value lists as domains', () => {
  it('upgrades a database with its functions, keeps the rules and the triggers', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url, { max: 1 });
    try {
      // A data directory as the previous release left it: migrated, its functions applied.
      await migrateToLatest(db, upTo('0065-card-clearing-shards'));
      await applyFunctions(db);
      const [from, to] = [randomUUID(), randomUUID()];
      for (const id of [from, to]) {
        await sql`insert into users (id, name, username, email, password_hash)
          values (${id}, 'Ana', ${id}, ${`${id}@example.com`}, 'x')`.execute(db);
      }
      await sql`select ledger_post('deposit', 'completed', ${from}, null, 500, 0, false, null,
        '{}', null, now(), ${JSON.stringify([
          { role: 'funding_clearing', amount: -500 },
          { user_id: from, amount: 500 },
        ])}::jsonb, '{}')`.execute(db);

      await migrateToLatest(db, upTo('0066-money-domains'));
      // The triggers that had to go are written again by the functions step, from their files.
      expect(await applyFunctions(db)).toEqual(
        expect.arrayContaining(['notifications_from_transfer', 'ledger_transfers_limit_usage']),
      );

      const { rows: types } = await sql<{ column: string; domain: string }>`
        select table_name || '.' || column_name as column, domain_name as domain
        from information_schema.columns
        where domain_name is not null and table_schema = 'public' order by 1`.execute(db);
      expect(types).toEqual([
        { column: 'ledger_limit_usage.period', domain: 'limit_period' },
        { column: 'ledger_transfers.kind', domain: 'transfer_kind' },
        { column: 'ledger_transfers.status', domain: 'transfer_status' },
        { column: 'notifications.email_status', domain: 'notification_email_status' },
      ]);
      // Every kind the constraint allowed is still allowed; an unknown one is still refused.
      await expect(
        sql`select 'colecta_collected'::transfer_kind, 'deposit'::transfer_kind`.execute(db),
      ).resolves.toBeDefined();
      await expect(sql`select 'gift'::transfer_kind`.execute(db)).rejects.toMatchObject({
        code: '23514',
      });
      await expect(
        sql`update ledger_transfers set status = 'lost' where user_id = ${from}`.execute(db),
      ).rejects.toMatchObject({ code: '23514' });

      // A payment still tells its payee (the insert trigger) and counts toward the limits.
      await sql`select ledger_post('p2p', 'completed', ${from}, ${to}, 200, 0, true, null,
        '{}', null, now(), ${JSON.stringify([
          { user_id: from, amount: -200 },
          { user_id: to, amount: 200 },
        ])}::jsonb, ${JSON.stringify({ perTransaction: 1000, daily: 1000, monthly: 1000 })})`.execute(
        db,
      );
      const { rows: news } = await sql<{ type: string; email_status: string }>`
        select type, email_status from notifications where user_id = ${to}`.execute(db);
      expect(news).toEqual([{ type: 'money_received', email_status: 'pending' }]);
      const { rows: used } = await sql<{ period: string; used: number }>`
        select period, used_cents::int as used from ledger_limit_usage where user_id = ${from}`.execute(
        db,
      );
      expect(used).toEqual([{ period: 'day', used: 200 }]);
    } finally {
      await db.destroy();
    }
  });
});
