import { randomUUID } from 'node:crypto';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestDatabase } from '../../../test/test-database';
import { createDatabase, type Database } from '../../db/database';
import { applyFunctions } from '../../db/functions';
import { migrateToLatest } from '../../db/migrate';
import { migrations } from '../../db/migrations';
import { createLedger, walletToWallet } from './ledger.service';

let db: Database;
let now = new Date();
const ledger = createLedger({ clock: () => now, partyNames: async () => new Map() });

beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

async function insertUser(executor: Database = db): Promise<string> {
  const id = randomUUID();
  await sql`insert into users (id, name, username, email, password_hash)
            values (${id}, 'Limits', ${id}, ${`${id}@example.com`}, 'x')`.execute(executor);
  return id;
}

/** A person with money, the deposit not counting toward limits. */
async function fundedUser(amount = 5_000_000): Promise<string> {
  const id = await insertUser();
  await db.transaction().execute((tx) =>
    ledger.post(tx, {
      kind: 'deposit',
      status: 'completed',
      userId: id,
      amountCents: cents(amount),
      countsTowardLimits: false,
      metadata: { source: 'sandbox_test_money' },
      legs: [
        { account: { role: 'funding_clearing' }, amountCents: -amount },
        { account: { userId: id }, amountCents: amount },
      ],
    }),
  );
  return id;
}

function send(from: string, to: string, amount: number, at: Date = now) {
  now = at;
  return db.transaction().execute((tx) =>
    ledger.post(tx, {
      kind: 'p2p',
      status: 'completed',
      userId: from,
      counterpartyUserId: to,
      amountCents: cents(amount),
      countsTowardLimits: true,
      metadata: { recipientPhone: '+12125550000', recipientCountry: 'MX' },
      legs: walletToWallet(from, to, amount),
    }),
  );
}

/** A remittance in flight: counts toward limits until it fails or is refunded. */
function sendRemittance(from: string, amount: number, at: Date = now) {
  now = at;
  return db.transaction().execute((tx) =>
    ledger.post(tx, {
      kind: 'remittance',
      status: 'processing',
      userId: from,
      amountCents: cents(amount),
      countsTowardLimits: true,
      metadata: {
        recipientPhone: '+525512345678',
        recipientCountry: 'MX',
        speed: 'standard',
        quoteId: randomUUID(),
        payoutCurrency: 'MXN',
        payoutAmount: '0.00',
        fxRate: '17.00000000',
        marketRate: '17.10000000',
        spreadBps: 60,
        payoutReference: randomUUID(),
        payoutDueAt: at.toISOString(),
      },
      legs: [
        { account: { userId: from }, amountCents: -amount },
        { account: { role: 'payout_clearing:MX' }, amountCents: amount },
      ],
    }),
  );
}

function usedAt(userId: string, at: Date) {
  now = at;
  return ledger
    .limits(db, userId)
    .then((l) => ({ day: l.day.usedCents, month: l.month.usedCents }));
}

/** What the limits were before running totals: a sum over the sender's transfers (0009). */
async function summedFromTransfers(executor: Database, userId: string, at: Date) {
  const { rows } = await sql<{ day: string; month: string }>`
    with b as (select date_trunc('day', ${at}::timestamptz at time zone 'America/New_York') as d,
                      date_trunc('month', ${at}::timestamptz at time zone 'America/New_York') as m)
    select coalesce(sum(amount_cents) filter (where (created_at at time zone 'America/New_York') >= b.d
                      and (created_at at time zone 'America/New_York') < b.d + interval '1 day'), 0) as day,
           coalesce(sum(amount_cents), 0) as month
    from b left join ledger_transfers t on t.user_id = ${userId} and t.counts_toward_limits
      and t.status not in ('failed', 'refunded')
      and (t.created_at at time zone 'America/New_York') >= b.m
      and (t.created_at at time zone 'America/New_York') < b.m + interval '1 month'`.execute(
    executor,
  );
  return { day: Number(rows[0]?.day), month: Number(rows[0]?.month) };
}

const at = (iso: string) => new Date(iso);

describe('running limit totals', () => {
  it('splits days at US Eastern midnight across the end of daylight time (1 Nov 2026)', async () => {
    const alice = await fundedUser();
    const bob = await fundedUser();
    // 23:59 EDT on 31 Oct and 00:00 EDT on 1 Nov: different days and different months.
    await send(alice, bob, 100, at('2026-11-01T03:59:00Z'));
    await send(alice, bob, 200, at('2026-11-01T04:00:00Z'));
    // 1 Nov is 25 hours long: 23:30 EST on 1 Nov is 04:30 UTC on 2 Nov, still 1 Nov.
    await send(alice, bob, 400, at('2026-11-02T04:30:00Z'));
    await send(alice, bob, 800, at('2026-11-02T05:00:00Z'));

    expect(await usedAt(alice, at('2026-10-31T20:00:00Z'))).toEqual({ day: 100, month: 100 });
    expect(await usedAt(alice, at('2026-11-01T12:00:00Z'))).toEqual({ day: 600, month: 1_400 });
    expect(await usedAt(alice, at('2026-11-02T12:00:00Z'))).toEqual({ day: 800, month: 1_400 });
  });

  it('splits days at US Eastern midnight across the start of daylight time (8 Mar 2026)', async () => {
    const alice = await fundedUser();
    const bob = await fundedUser();
    // 8 Mar is 23 hours long: from 05:00 UTC (EST) to 04:00 UTC on 9 Mar (EDT).
    await send(alice, bob, 100, at('2026-03-08T04:59:59Z'));
    await send(alice, bob, 200, at('2026-03-08T05:00:00Z'));
    await send(alice, bob, 400, at('2026-03-09T03:59:59Z'));
    await send(alice, bob, 800, at('2026-03-09T04:00:00Z'));

    expect(await usedAt(alice, at('2026-03-07T12:00:00Z'))).toEqual({ day: 100, month: 1_500 });
    expect(await usedAt(alice, at('2026-03-08T12:00:00Z'))).toEqual({ day: 600, month: 1_500 });
    expect(await usedAt(alice, at('2026-03-09T12:00:00Z'))).toEqual({ day: 800, month: 1_500 });
    for (const moment of ['2026-03-07T12:00:00Z', '2026-03-08T12:00:00Z', '2026-03-09T12:00:00Z']) {
      expect(await usedAt(alice, at(moment))).toEqual(
        await summedFromTransfers(db, alice, at(moment)),
      );
    }
  });

  it('refuses the daily limit until US Eastern midnight, then lets the next day send', async () => {
    const alice = await fundedUser();
    const bob = await fundedUser();
    const { daily, perTransaction } = TRANSFER_LIMITS;
    let left: number = daily;
    while (left > 0) {
      const amount = Math.min(left, perTransaction);
      await send(alice, bob, amount, at('2026-06-15T10:00:00Z'));
      left -= amount;
    }
    await expect(send(alice, bob, 1, at('2026-06-16T03:59:59Z'))).rejects.toMatchObject({
      code: 'limit_exceeded',
      details: { limit: 'daily', remainingCents: 0 },
    });
    await send(alice, bob, 1, at('2026-06-16T04:00:00Z'));
    expect(await usedAt(alice, at('2026-06-16T12:00:00Z'))).toEqual({ day: 1, month: daily + 1 });
  });

  it('gives room back when a transfer fails or is refunded, exactly as the sums did', async () => {
    const alice = await fundedUser();
    const bob = await fundedUser();
    const moment = at('2026-07-10T15:00:00Z');
    await send(alice, bob, 50_000, moment);
    const failed = await sendRemittance(alice, 70_000, moment);
    const refunded = await sendRemittance(alice, 90_000, moment);
    expect(await usedAt(alice, moment)).toEqual({ day: 210_000, month: 210_000 });

    await db.transaction().execute(async (tx) => {
      await ledger.setStatus(tx, failed.id, 'failed', 'closed account');
    });
    await db.transaction().execute(async (tx) => {
      await ledger.setStatus(tx, refunded.id, 'failed', null);
      await ledger.setStatus(tx, refunded.id, 'refunded', null);
    });
    expect(await usedAt(alice, moment)).toEqual({ day: 50_000, month: 50_000 });
    expect(await usedAt(alice, moment)).toEqual(await summedFromTransfers(db, alice, moment));

    // The room is really there: up to the daily limit passes, one cent more does not.
    await send(alice, bob, 99_900, moment);
    await send(alice, bob, 99_900, moment);
    await send(alice, bob, 200, moment);
    await expect(send(alice, bob, 1, moment)).rejects.toMatchObject({ code: 'limit_exceeded' });
    const pending = await sql<{ n: string }>`
      select count(*) as n from ledger_limit_usage_pending where user_id = ${alice}`.execute(db);
    expect(Number(pending.rows[0]?.n)).toBe(0);
    expect(await usedAt(alice, moment)).toEqual(await summedFromTransfers(db, alice, moment));
  });

  it('lets exactly the room left through when sends race at the limit', async () => {
    const alice = await fundedUser();
    const bob = await fundedUser();
    const moment = at('2026-08-20T16:00:00Z');
    now = moment;
    await send(alice, bob, 99_900, moment);
    await send(alice, bob, 99_900, moment);
    // $500.00 left today: exactly 5 of 12 parallel $100.00 sends fit.
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => send(alice, bob, 10_000, moment)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'limit_exceeded' });
    }
    expect(await usedAt(alice, moment)).toEqual({ day: 249_800, month: 249_800 });
  });

  it('refunds a payout while its sender keeps sending, without deadlock or lost room', async () => {
    const alice = await fundedUser();
    const bob = await fundedUser();
    const moment = at('2026-09-14T15:00:00Z');
    const payouts = [];
    for (let i = 0; i < 8; i++) payouts.push(await sendRemittance(alice, 1_000, moment));
    // Settlement's order: the status (trigger) first, then the refund locks clearing and wallet.
    const refund = (id: string) =>
      db.transaction().execute(async (tx) => {
        await ledger.setStatus(tx, id, 'failed', 'closed account');
        await ledger.post(tx, {
          kind: 'remittance_refund',
          status: 'completed',
          userId: alice,
          amountCents: cents(1_000),
          countsTowardLimits: false,
          relatedTransferId: id,
          metadata: { refundOf: id, reason: 'closed account', recipientPhone: '+525512345678' },
          legs: [
            { account: { role: 'payout_clearing:MX' }, amountCents: -1_000 },
            { account: { userId: alice }, amountCents: 1_000 },
          ],
        });
      });
    const results = await Promise.allSettled([
      ...payouts.map((p) => refund(p.id)),
      ...Array.from({ length: 16 }, () => send(alice, bob, 100, moment)),
      ...Array.from({ length: 8 }, () => sendRemittance(alice, 100, moment)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await usedAt(alice, moment)).toEqual({ day: 2_400, month: 2_400 });
    expect(await usedAt(alice, moment)).toEqual(await summedFromTransfers(db, alice, moment));
  });
});

describe('migrations 0010 and 0012', () => {
  it('backfills the totals from every existing transfer, counting as the sums did', async () => {
    const { url } = await createEmptyDatabase();
    const empty = createDatabase(url, { max: 1 });
    try {
      const before = Object.fromEntries(
        Object.entries(migrations).filter(([name]) => name < '0010'),
      );
      await migrateToLatest(empty, before);
      const alice = await insertUser(empty);
      const bob = await insertUser(empty);
      const transfers: [string, string, number, boolean, string][] = [
        // user, status, cents, counts, created_at
        [alice, 'completed', 100, true, '2026-10-31T03:59:00Z'], // 30 Oct Eastern
        [alice, 'completed', 200, true, '2026-10-31T04:00:00Z'], // 31 Oct
        [alice, 'processing', 400, true, '2026-11-01T03:00:00Z'], // 31 Oct, 23:00 EDT
        [alice, 'delivered', 800, true, '2026-11-02T04:30:00Z'], // 1 Nov, 23:30 EST
        [alice, 'failed', 1_600, true, '2026-11-01T12:00:00Z'],
        [alice, 'refunded', 3_200, true, '2026-11-01T12:00:00Z'],
        [alice, 'completed', 6_400, false, '2026-11-01T12:00:00Z'],
        [bob, 'completed', 12_800, true, '2026-11-01T12:00:00Z'],
      ];
      for (const [user, status, amount, counts, created] of transfers) {
        await sql`insert into ledger_transfers (kind, status, user_id, amount_cents, counts_toward_limits, created_at)
                  values ('p2p', ${status}, ${user}, ${amount}, ${counts}, ${created})`.execute(
          empty,
        );
      }
      await migrateToLatest(
        empty,
        Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0011')),
      );

      const totals = () =>
        sql<{
          user_id: string;
          period: string;
          starts_on: string;
          used: string;
        }>`
        select user_id, period, starts_on::text, used_cents as used from ledger_limit_usage
        order by user_id = ${alice} desc, period, starts_on`.execute(empty);
      const rowsOf = async () =>
        (await totals()).rows.map((r) => [
          r.user_id === alice ? 'alice' : 'bob',
          r.period,
          r.starts_on,
          Number(r.used),
        ]);
      // The limits read as the sums over the transfers did, on both sides of each boundary.
      const expectLimitsAsSummed = async () => {
        for (const moment of [
          '2026-10-30T20:00:00Z',
          '2026-10-31T20:00:00Z',
          '2026-11-01T20:00:00Z',
        ]) {
          const summed = await summedFromTransfers(empty, alice, at(moment));
          now = at(moment);
          const limits = await ledger.limits(empty, alice);
          expect({ day: limits.day.usedCents, month: limits.month.usedCents }).toEqual(summed);
        }
      };
      expect(await rowsOf()).toEqual([
        ['alice', 'day', '2026-10-30', 100],
        ['alice', 'day', '2026-10-31', 600],
        ['alice', 'day', '2026-11-01', 800],
        ['alice', 'month', '2026-10-01', 700],
        ['alice', 'month', '2026-11-01', 800],
        ['bob', 'day', '2026-11-01', 12_800],
        ['bob', 'month', '2026-11-01', 12_800],
      ]);
      await expectLimitsAsSummed();

      // Migration 0012: the month totals go, the days stay, and the limits read the same.
      await migrateToLatest(empty, migrations);
      await applyFunctions(empty);
      expect(await rowsOf()).toEqual([
        ['alice', 'day', '2026-10-30', 100],
        ['alice', 'day', '2026-10-31', 600],
        ['alice', 'day', '2026-11-01', 800],
        ['bob', 'day', '2026-11-01', 12_800],
      ]);
      await expectLimitsAsSummed();
    } finally {
      await empty.destroy();
    }
  });
});
