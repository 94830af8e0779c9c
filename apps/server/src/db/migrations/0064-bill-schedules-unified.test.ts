import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationsUpTo as upTo } from '../../../test/migration-helpers';
import { createEmptyDatabase } from '../../../test/test-database';
import { createDatabase } from '../database';
import { migrateToLatest } from '../migrate';

describe('migration 0064: bill schedules onto the schedules', () => {
  it('moves each with its id, its payments, its reminded day and a due moment', async () => {
    const { url } = await createEmptyDatabase();
    const db = createDatabase(url, { max: 1 });
    try {
      await migrateToLatest(db, upTo('0063-push'));
      const user = randomUUID();
      await sql`insert into users (id, name, username, email, password_hash)
        values (${user}, 'Ana', ${user}, ${`${user}@example.com`}, 'x')`.execute(db);
      await sql`insert into billers (id, name, bill_type, category, method, routing_number, account_number)
        values ('luz-1', 'Luz del Valle', 'electricity', 'utilities', 'ach', '021000021', '123456789')`.execute(
        db,
      );
      const monthly = randomUUID();
      const done = randomUUID();
      await sql`insert into bill_schedules (id, user_id, biller_id, bill_type, account_at_biller,
          amount_cents, memo, monthly, day_of_month, next_date, status, reminded_for)
        values
          (${monthly}, ${user}, 'luz-1', 'electricity', '7788', 2500, 'Luz', true, 31,
            '2027-01-31', 'active', '2027-01-31'),
          (${done}, ${user}, 'luz-1', 'electricity', '7788', 900, '', false, null, null, 'done',
            null)`.execute(db);
      await sql`insert into bill_payments (user_id, biller_id, schedule_id, pay_date, method,
          account_at_biller) values (${user}, 'luz-1', ${done}, '2026-12-02', 'ach', '7788')`.execute(
        db,
      );

      await migrateToLatest(db, upTo('0064-bill-schedules-unified'));

      const rows = await sql<Record<string, unknown>>`
        select id, kind, recipient_name, amount_cents::int as amount, memo, frequency, start_date,
          day_of_month, status, next_date, next_due_at, biller_id, bill_type, account_at_biller
        from schedules order by amount_cents desc`.execute(db);
      expect(rows.rows).toEqual([
        {
          id: monthly,
          kind: 'bill',
          recipient_name: 'Luz del Valle',
          amount: 2500,
          memo: 'Luz',
          frequency: 'monthly',
          start_date: '2027-01-31',
          day_of_month: 31,
          status: 'active',
          next_date: '2027-01-31',
          // 9:00 Eastern (EST) on its day.
          next_due_at: new Date('2027-01-31T14:00:00Z'),
          biller_id: 'luz-1',
          bill_type: 'electricity',
          account_at_biller: '7788',
        },
        expect.objectContaining({ id: done, kind: 'bill', status: 'done', next_due_at: null }),
      ]);
      const reminded = await sql`select schedule_id, due_date from schedule_reminders`.execute(db);
      expect(reminded.rows).toEqual([{ schedule_id: monthly, due_date: '2027-01-31' }]);
      // The payment still points at its schedule, now a row of `schedules`.
      const payment = await sql<{ kind: string }>`
        select s.kind from bill_payments p join schedules s on s.id = p.schedule_id`.execute(db);
      expect(payment.rows).toEqual([{ kind: 'bill' }]);
      const gone = await sql<{ name: string | null }>`
        select to_regclass('bill_schedules')::text as name`.execute(db);
      expect(gone.rows).toEqual([{ name: null }]);
    } finally {
      await db.destroy();
    }
  });
});
