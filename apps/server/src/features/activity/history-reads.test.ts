import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { type MoneyUser, verifiedUser } from '../../../test/money-helpers';
import {
  explainedDatabase,
  indexTables,
  moneyTableReads,
  type QueryPlan,
} from '../../../test/query-plans';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { receiptReference } from './receipt-reference';

/**
 * A user's reads cost what they return, not what the user's history holds: each read below runs
 * through the app on a ledger where Ana has HISTORY transfers among OTHERS others, with every
 * statement's plan (auto_explain, ANALYZE) captured. No money table is scanned whole, and no plan
 * node of one touches more rows than the read returns.
 */
const HISTORY = 3000;
const OTHERS = 20_000;
const NOW = new Date('2026-11-20T15:00:00Z');

const t = {} as {
  app: AppInstance;
  db: Database;
  capture: ReturnType<typeof explainedDatabase>['capture'];
  indexes: Record<string, string>;
  ana: MoneyUser;
  beto: MoneyUser;
};

beforeAll(async () => {
  const { url, db: plain } = await createTestDatabase();
  const explained = explainedDatabase(url);
  t.db = explained.db;
  t.capture = explained.capture;
  t.app = await buildTestApp(t.db, {}, () => NOW);
  t.ana = await verifiedUser(t.app, t.db, 10_000);
  t.beto = await verifiedUser(t.app, t.db);
  // Written on a connection without auto_explain: on the explained one every row's triggers
  // (23,000 transfers, each with its receiver's notification) came back as plans to parse.
  await seedHistory(plain, t.ana.id, t.beto.id);
  t.indexes = await indexTables(t.db);
});

afterAll(async () => {
  await t.app.close();
  await t.db.destroy();
});

/**
 * 5,000 more people with a wallet each (so that a wallet is found by its index, as in production);
 * forty of them send each other OTHERS transfers, and Ana's HISTORY (half sent, half received)
 * are with them, over the two years before NOW, written in time order as the ledger writes them (so
 * Ana's rows are spread over the whole table), then analyzed as autovacuum would.
 */
async function seedHistory(db: Database, anaId: string, betoId: string) {
  await sql`
    insert into users (id, name, username, email, phone, phone_verified, kyc_status, password_hash, zip_code)
    select gen_random_uuid(), 'Other ' || g, 'history_other_' || g, 'history' || g || '@example.com',
           '+1214' || lpad(g::text, 7, '0'), true, 'completed', 'x', '10001'
    from generate_series(1, 5000) g`.execute(db);
  await sql`insert into ledger_accounts (user_id) select id from users where username like 'history\_other\_%'`.execute(
    db,
  );
  await sql`
    with people as (select id, row_number() over (order by id) - 1 as n from users where username like 'history\_other\_%' limit 40),
    rows as (
      select a.id as sender, b.id as receiver, 1 + g % 500 as amount, g
      from generate_series(1, ${OTHERS}::int) g
      join people a on a.n = g % 40 join people b on b.n = (g + 1 + g / 40 % 39) % 40
      union all
      select case when g % 2 = 0 then ${anaId}::uuid else p.id end,
             case when g % 2 = 0 then p.id else ${anaId}::uuid end, 1 + g % 90, ${OTHERS} + g
      from generate_series(1, ${HISTORY}::int) g join people p on p.n = g % 40),
    timed as (
      select *, date_trunc('milliseconds', ${NOW}::timestamptz - interval '1 hour'
               - interval '730 days' * ((hashint4(g) & 2147483647)::float8 / 2147483647)) as at
      from rows)
    insert into ledger_transfers (kind, status, user_id, counterparty_user_id, amount_cents,
      counts_toward_limits, metadata, created_at, updated_at)
    select 'p2p', 'completed', sender, receiver, amount, true,
           jsonb_build_object('recipientPhone', '+12145550100', 'recipientCountry', 'MX'), at, at
    from timed order by at`.execute(db);
  // One transfer Beto sent a stranger: Ana must not find it by its reference.
  await sql`
    insert into ledger_transfers (kind, status, user_id, counterparty_user_id, amount_cents,
      counts_toward_limits, metadata, created_at, updated_at)
    select 'p2p', 'completed', ${betoId}::uuid, id, 1, true, '{}', ${NOW}::timestamptz - interval '1 day',
           ${NOW}::timestamptz - interval '1 day'
    from users where username = 'history_other_1'`.execute(db);
  await sql`analyze`.execute(db);
}

async function read(user: { token: string }, url: string) {
  const { result, plans } = await t.capture(() =>
    t.app.inject({ method: 'GET', url, headers: bearer(user.token) }),
  );
  return { answer: result, plans, reads: moneyTableReads(plans, t.indexes) };
}

const describePlans = (plans: QueryPlan[]) =>
  plans.map((p) => `${p.query}\n${JSON.stringify(p.plan)}`).join('\n\n');

describe('a user’s reads on a long history', () => {
  it('lists the first page and a later page by reading one page from each party index', async () => {
    const first = await read(t.ana, '/api/transactions?limit=20');
    expect(first.answer.statusCode).toBe(200);
    expect(first.answer.json().items).toHaveLength(20);
    expect(first.reads.seqScans, describePlans(first.plans)).toEqual([]);
    expect(first.reads.mostRowsTouched, describePlans(first.plans)).toBeLessThanOrEqual(21);
    expect(first.reads.indexes).toEqual(
      expect.arrayContaining(['ledger_transfers_user', 'ledger_transfers_counterparty']),
    );

    let cursor = first.answer.json().nextCursor as string;
    for (let page = 2; page < 40; page++) {
      cursor = (await read(t.ana, `/api/transactions?limit=20&cursor=${cursor}`)).answer.json()
        .nextCursor;
    }
    const later = await read(t.ana, `/api/transactions?limit=20&cursor=${cursor}`);
    expect(later.answer.json().items).toHaveLength(20);
    expect(later.reads.seqScans, describePlans(later.plans)).toEqual([]);
    expect(later.reads.mostRowsTouched, describePlans(later.plans)).toBeLessThanOrEqual(21);
  });

  it('exports a month as CSV reading only that month’s transfers', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers
      where (user_id = ${t.ana.id} or counterparty_user_id = ${t.ana.id})
        and created_at >= '2026-03-01T05:00:00Z' and created_at < '2026-04-01T04:00:00Z'`.execute(
      t.db,
    );
    const inMonth = rows[0]?.n ?? 0;
    expect(inMonth).toBeGreaterThan(50);
    const csv = await read(t.ana, '/api/transactions/export.csv?from=2026-03-01&to=2026-03-31');
    expect(csv.answer.statusCode).toBe(200);
    expect(csv.answer.body.trim().split('\r\n')).toHaveLength(inMonth + 1);
    expect(csv.reads.seqScans, describePlans(csv.plans)).toEqual([]);
    expect(csv.reads.mostRowsTouched, describePlans(csv.plans)).toBeLessThanOrEqual(inMonth);
  });

  it('finds a receipt by id and by short reference with one index look-up, only the viewer’s', async () => {
    const { rows } = await sql<{ id: string; user_id: string }>`
      select id, user_id from ledger_transfers
      where counterparty_user_id = ${t.ana.id} order by created_at limit 1`.execute(t.db);
    const oldest = rows[0] as { id: string };
    const byId = await read(t.ana, `/api/transactions/${oldest.id}`);
    expect(byId.answer.json().id).toBe(oldest.id);
    expect(byId.reads.seqScans).toEqual([]);
    expect(byId.reads.mostRowsTouched, describePlans(byId.plans)).toBeLessThanOrEqual(1);

    const reference = receiptReference(oldest.id);
    const byReference = await read(t.ana, `/api/transactions/${reference.toLowerCase()}`);
    expect(byReference.answer.statusCode).toBe(200);
    expect(byReference.answer.json()).toEqual(byId.answer.json());
    expect(byReference.reads.seqScans).toEqual([]);
    expect(byReference.reads.indexes).toContain('ledger_transfers_reference');
    expect(byReference.reads.mostRowsTouched, describePlans(byReference.plans)).toBeLessThanOrEqual(
      1,
    );

    // Beto's send to a stranger: Ana gets the 404 an unknown reference gets.
    const { rows: betos } = await sql<{ id: string }>`
      select id from ledger_transfers where user_id = ${t.beto.id} and kind = 'p2p'`.execute(t.db);
    const betosReference = receiptReference((betos[0] as { id: string }).id);
    expect((await read(t.beto, `/api/transactions/${betosReference}`)).answer.statusCode).toBe(200);
    const stranger = await read(t.ana, `/api/transactions/${betosReference}`);
    expect(stranger.answer.statusCode).toBe(404);
    expect(stranger.reads.mostRowsTouched).toBeLessThanOrEqual(1);
    const unknown = reference.endsWith('0')
      ? `${reference.slice(0, 9)}1`
      : `${reference.slice(0, 9)}0`;
    expect((await read(t.ana, `/api/transactions/${unknown}`)).answer.statusCode).toBe(404);
  });

  it('reads the balance from the wallet’s row alone', async () => {
    const balance = await read(t.ana, '/api/wallet/balance');
    expect(balance.answer.statusCode).toBe(200);
    expect(balance.reads.seqScans).toEqual([]);
    expect(balance.reads.mostRowsTouched).toBeLessThanOrEqual(1);
  });
});

describe('pages at equal times', () => {
  it('pages through transfers that share a timestamp, as owner and as counterparty, each once and in order', async () => {
    const carla = await verifiedUser(t.app, t.db);
    const dan = await verifiedUser(t.app, t.db);
    const at = new Date('2026-11-19T12:00:00.000Z');
    const near = [
      new Date(at.getTime() + 1),
      at,
      at,
      at,
      at,
      at,
      at,
      at,
      at,
      at,
      new Date(at.getTime() - 1),
    ];
    await sql`
      insert into ledger_transfers (kind, status, user_id, counterparty_user_id, amount_cents,
        counts_toward_limits, metadata, created_at, updated_at)
      select 'p2p', 'completed', case when i % 2 = 0 then ${carla.id}::uuid else ${dan.id}::uuid end,
             case when i % 2 = 0 then ${dan.id}::uuid else ${carla.id}::uuid end, 100 + i, true, '{}',
             (${JSON.stringify(near.map((d) => d.toISOString()))}::jsonb ->> (i - 1))::timestamptz,
             (${JSON.stringify(near.map((d) => d.toISOString()))}::jsonb ->> (i - 1))::timestamptz
      from generate_series(1, ${near.length}::int) i`.execute(t.db);
    const { rows } = await sql<{ id: string }>`
      select id from ledger_transfers where user_id = ${carla.id} or counterparty_user_id = ${carla.id}
      order by created_at desc, id desc`.execute(t.db);
    const expected = rows.map((r) => r.id);
    expect(expected).toHaveLength(near.length);

    for (const limit of [1, 2, 3, 4, 10]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/api/transactions?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
          headers: bearer(carla.token),
        });
        const page = answer.json() as { items: { id: string }[]; nextCursor: string | null };
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
  });
});
