import { fxSpreadBps, internationalFee } from '@pago/shared/fees';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { listMail } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  verifiedUser,
} from '../../../test/money-helpers';
import {
  CLABE,
  call,
  quoteFor,
  saveRecipient,
  THUNES_TEST_TIMINGS,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { customerRate } from '../transfers/fx-math';
import { createRateOrders } from './rate-orders';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

/** Moves the sandbox partner's rate of `currency` (null: back to the reference rate). */
async function moveRate(currency: string, rate: string | null) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox/fx/rates',
    payload: { currency, rate },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

afterEach(async () => {
  for (const currency of ['MXN', 'GTQ', 'HNL']) await moveRate(currency, null);
});

const run = () => servicesOf(t.app).rates.run({ all: true });

async function notificationsOf(userId: string, type: string) {
  return t.db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', userId)
    .where('type', '=', type as never)
    .execute();
}

async function holdsAccount(): Promise<number> {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('system_role', '=', 'rate_order_holds')
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

async function mexicanRecipient(user: MoneyUser, phone: string) {
  return saveRecipient(t, user, {
    country: 'MX',
    phone,
    method: 'bank_deposit',
    fields: { clabe: CLABE },
  });
}

describe('the sandbox FX move', () => {
  it('moves a rate of the Thunes fake so quotes reflect it, and resets it', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/sandbox/fx/rates' });
    expect(listed.json().rates).toContainEqual(
      expect.objectContaining({ currency: 'MXN', rate: '18.25', moved: false }),
    );
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const mama = await mexicanRecipient(ana, '+525511110001');
    const before = (await quoteFor(t, ana, mama, 100)).json();
    expect(before.marketRate).toBe('18.25');

    expect(await moveRate('MXN', '19.40')).toMatchObject({ rate: '19.4', moved: true });
    const after = (await quoteFor(t, ana, mama, 100)).json();
    expect(after.marketRate).toBe('19.4');
    expect(after.fxRate).toBe(customerRate('19.4', fxSpreadBps('MXN')));

    for (const payload of [
      { currency: 'USD', rate: '2' },
      { currency: 'MXN', rate: '0' },
      { currency: 'MXN', rate: '-1' },
      { currency: 'XXX', rate: '1' },
      { currency: 'MXN', rate: '1', extra: true },
    ]) {
      const refused = await t.app.inject({ method: 'POST', url: '/sandbox/fx/rates', payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    await moveRate('MXN', null);
    expect((await quoteFor(t, ana, mama, 100)).json().marketRate).toBe('18.25');
  });
});

describe('rate history', () => {
  it('samples the partner’s rate and answers one point per day, the last 30 days only', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const start = t.now;
    try {
      // 40 days ago, 2 days ago (two samples: the day's last wins), and today.
      for (const [daysAgo, rate] of [
        [40, '17.00'],
        [2, '18.00'],
        [2, '18.60'],
        [0, '19.00'],
      ] as const) {
        t.now = new Date(start.getTime() - daysAgo * 86_400_000);
        await moveRate('HNL', rate);
        await servicesOf(t.app).rates.sample('HNL');
      }
    } finally {
      t.now = start;
    }
    const response = await call(t, ana, 'GET', '/api/rates/HNL/history');
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json();
    // HNL's sender rate is the partner's less 2.5%.
    expect(history.points.map((p: { rate: string }) => p.rate)).toEqual(['18.135', '18.525']);
    expect(history.points[0]).toMatchObject({
      date: '2026-11-18',
      marketRate: '18.6',
      low: '17.55',
      high: '18.135',
    });
    expect(history.current).toMatchObject({ rate: '18.525', marketRate: '19' });
    for (const url of [
      '/api/rates/USD/history',
      '/api/rates/mxn/history',
      '/api/rates/XYZ/history',
    ]) {
      expect((await call(t, ana, 'GET', url)).statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/rates/MXN/history' })).statusCode).toBe(
      401,
    );
  });
});

describe('rate alerts', () => {
  it('fire once when the sandbox rate moves past them, and not again that day', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const beto = await verifiedUser(t.app, t.db);
    // GTQ 7.70 at the reference: 7.5075 for the sender after the 2.5% spread.
    const created = await call(t, ana, 'POST', '/api/rate-alerts', {
      currency: 'GTQ',
      targetRate: '7.80',
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json();
    expect(alert).toMatchObject({ currency: 'GTQ', targetRate: '7.8', lastFiredOn: null });

    await run();
    expect(await notificationsOf(ana.id, 'rate_alert_reached')).toHaveLength(0);

    await moveRate('GTQ', '8.10'); // 7.89750 for the sender
    await run();
    await run();
    const fired = await notificationsOf(ana.id, 'rate_alert_reached');
    expect(fired).toHaveLength(1);
    expect(fired[0]?.data).toMatchObject({ currency: 'GTQ', targetRate: '7.8', rate: '7.8975' });
    expect((await call(t, ana, 'GET', '/api/rate-alerts')).json().items).toEqual([
      { ...alert, lastFiredOn: '2026-11-20' },
    ]);
    // Two workers at once still fire it once a day.
    await Promise.all([run(), run()]);
    expect(await notificationsOf(ana.id, 'rate_alert_reached')).toHaveLength(1);
    // E-mailed by the notifications' job.
    await servicesOf(t.app).notifications.deliverEmails();
    const mail = await listMail(t.app, ana.email);
    expect(mail.some((m) => m.subject.includes('7.8975 GTQ'))).toBe(true);

    // The next day (US Eastern) it may fire again.
    const start = t.now;
    try {
      t.now = new Date(start.getTime() + 86_400_000);
      await run();
      expect(await notificationsOf(ana.id, 'rate_alert_reached')).toHaveLength(2);
    } finally {
      t.now = start;
      // Tomorrow's samples are not the latest once the clock is back.
      await t.db.deleteFrom('fx_rate_samples').where('sampled_at', '>', start).execute();
    }

    // Only its owner sees or deletes it.
    expect((await call(t, beto, 'GET', '/api/rate-alerts')).json().items).toEqual([]);
    expect((await call(t, beto, 'DELETE', `/api/rate-alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await call(t, ana, 'DELETE', `/api/rate-alerts/${alert.id}`)).statusCode).toBe(200);
    expect((await call(t, ana, 'DELETE', `/api/rate-alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await call(t, ana, 'GET', '/api/rate-alerts')).json().items).toEqual([]);
    for (const body of [
      { currency: 'USD', targetRate: '1' },
      { currency: 'GTQ', targetRate: '0' },
      { currency: 'GTQ', targetRate: '7,80' },
      { currency: 'GTQ', targetRate: 7.8 },
    ]) {
      expect((await call(t, ana, 'POST', '/api/rate-alerts', body)).statusCode).toBe(400);
    }
  });
});

describe('send at my rate', () => {
  const order = (recipientId: string, extra: object = {}) => ({
    recipientId,
    amountUsd: 200,
    speed: 'standard',
    targetRate: '18.50',
    lastDate: '2026-11-27',
    atLastDate: 'send',
    ...extra,
  });
  // The amount and the highest fee (express) are reserved.
  const held = 20_000 + internationalFee('MX', 20_000 as never, 'express');
  const sentCost = 20_000 + internationalFee('MX', 20_000 as never, 'standard');

  it('reserves the money, then sends when the rate is moved past the target, once', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mama = await mexicanRecipient(ana, '+525511110002');
    const holdsBefore = await holdsAccount();
    const created = await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ status: 'waiting', heldCents: held, currency: 'MXN' });
    expect(await balanceOf(t.app, ana)).toBe(50_000 - held);
    expect(await holdsAccount()).toBe(holdsBefore + held);
    const listed = (await call(t, ana, 'GET', '/api/rate-orders')).json();
    expect(listed.reservedCents).toBe(held);

    // 18.25 → 17.885 for the sender: below the target, it waits.
    await run();
    expect((await call(t, ana, 'GET', '/api/rate-orders')).json().items[0].status).toBe('waiting');

    await moveRate('MXN', '19.00'); // 18.62 for the sender
    await Promise.all([run(), run()]);
    const after = (await call(t, ana, 'GET', '/api/rate-orders')).json();
    expect(after.items[0]).toMatchObject({ id, status: 'sent', sentRate: '18.62' });
    expect(after.reservedCents).toBe(0);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - sentCost);
    expect(await holdsAccount()).toBe(holdsBefore);
    const sends = await sql<{ id: string }>`
      select id from ledger_transfers where kind = 'remittance'
        and metadata -> 'origin' ->> 'id' = ${id}`.execute(t.db);
    expect(sends.rows).toHaveLength(1);
    expect(sends.rows[0]?.id).toBe(after.items[0].transferId);
    expect(await notificationsOf(ana.id, 'rate_order_sent')).toHaveLength(1);
    // Too late to cancel.
    const late = await moneyPost(t.app, ana, `/api/rate-orders/${id}/cancel`, {});
    expect(late.statusCode).toBe(409);
  });

  it('two concurrent job runs send it once', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mama = await mexicanRecipient(ana, '+525511110003');
    const created = await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id));
    const id = created.json().id;
    await moveRate('MXN', '19.00');
    await servicesOf(t.app).rates.sample('MXN');
    const { rateOrders } = servicesOf(t.app);
    await Promise.all([rateOrders.settleDue(), rateOrders.settleDue(), rateOrders.settleDue()]);
    const sends = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers where kind = 'remittance'
        and metadata -> 'origin' ->> 'id' = ${id}`.execute(t.db);
    expect(sends.rows[0]?.n).toBe(1);
    const releases = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers where kind = 'rate_order_release'
        and metadata ->> 'rateOrderId' = ${id}`.execute(t.db);
    expect(releases.rows[0]?.n).toBe(1);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - sentCost);
  });

  it('a crash between the send and the commit leaves the hold as it was; the next run sends once', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mama = await mexicanRecipient(ana, '+525511110007');
    const id = (await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id))).json().id;
    await moveRate('MXN', '19.00');
    await servicesOf(t.app).rates.sample('MXN');
    const services = servicesOf(t.app);
    const real = services.remittances;
    const errors: unknown[] = [];
    // The same orders, with a process that dies right after the send, before its commit.
    const crashing = createRateOrders({
      db: t.db,
      ledger: services.ledger,
      notifications: services.notifications,
      recipients: services.recipients,
      remittances: () => ({
        quoteFor: real.quoteFor,
        async sendQuoted(tx, userId, send) {
          await real.sendQuoted(tx, userId, send);
          throw new Error('the process died');
        },
      }),
      log: { warn: () => {}, error: (e: unknown) => errors.push(e) },
    });
    await crashing.settleDue();
    expect(errors).toHaveLength(1);
    const waiting = (await call(t, ana, 'GET', '/api/rate-orders')).json();
    expect(waiting.items[0]).toMatchObject({ id, status: 'waiting' });
    expect(await balanceOf(t.app, ana)).toBe(50_000 - held);
    const count = async (kind: string) =>
      (
        await sql<{ n: number }>`select count(*)::int as n from ledger_transfers
          where user_id = ${ana.id} and kind = ${kind}`.execute(t.db)
      ).rows[0]?.n;
    expect(await count('remittance')).toBe(0);
    expect(await count('rate_order_release')).toBe(0);
    // The next run, in a process that lives: sent once.
    await services.rateOrders.settleDue();
    expect((await call(t, ana, 'GET', '/api/rate-orders')).json().items[0].status).toBe('sent');
    expect(await count('remittance')).toBe(1);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - sentCost);
  });

  it('releases everything on cancel, once; only its owner sees or cancels it', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const beto = await verifiedUser(t.app, t.db, 50_000);
    const mama = await mexicanRecipient(ana, '+525511110004');
    const id = (await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id))).json().id;
    expect(await balanceOf(t.app, ana)).toBe(50_000 - held);
    expect((await moneyPost(t.app, beto, `/api/rate-orders/${id}/cancel`, {})).statusCode).toBe(
      404,
    );
    expect((await call(t, beto, 'GET', '/api/rate-orders')).json().items).toEqual([]);
    const [first, second] = await Promise.all([
      moneyPost(t.app, ana, `/api/rate-orders/${id}/cancel`, {}),
      moneyPost(t.app, ana, `/api/rate-orders/${id}/cancel`, {}),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().status).toBe('cancelled');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    // Moving the rate afterwards sends nothing.
    await moveRate('MXN', '19.00');
    await run();
    expect((await call(t, ana, 'GET', '/api/rate-orders')).json().items[0].status).toBe(
      'cancelled',
    );
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('on its last day sends at that day’s rate, or cancels, as the sender chose', async () => {
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const mama = await mexicanRecipient(ana, '+525511110005');
    const lastDay = { lastDate: '2026-11-20' };
    const send = (await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id, lastDay))).json();
    const cancel = (
      await moneyPost(
        t.app,
        ana,
        '/api/rate-orders',
        order(mama.id, { ...lastDay, atLastDate: 'cancel' }),
      )
    ).json();
    await run();
    const items = (await call(t, ana, 'GET', '/api/rate-orders')).json().items as {
      id: string;
      status: string;
      sentRate: string | null;
    }[];
    expect(items.find((i) => i.id === send.id)).toMatchObject({
      status: 'sent',
      sentRate: '17.885',
    });
    expect(items.find((i) => i.id === cancel.id)).toMatchObject({ status: 'expired' });
    expect(await balanceOf(t.app, ana)).toBe(100_000 - sentCost);
    expect(await notificationsOf(ana.id, 'rate_order_released')).toHaveLength(1);
  });

  it('gives the money back when the send is refused (the recipient forgotten meanwhile)', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mama = await mexicanRecipient(ana, '+525511110008');
    const id = (await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id))).json().id;
    expect((await call(t, ana, 'DELETE', `/api/recipients/${mama.id}`)).statusCode).toBe(200);
    await moveRate('MXN', '19.00');
    await run();
    const [failed] = (await call(t, ana, 'GET', '/api/rate-orders')).json().items;
    expect(failed).toMatchObject({ id, status: 'failed', recipientName: 'María López' });
    expect(failed.failureReason).toBeTruthy();
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    expect(await notificationsOf(ana.id, 'rate_order_released')).toHaveLength(1);
  });

  it('keeps the reconciliation total while money is reserved', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mama = await mexicanRecipient(ana, '+525511110009');
    const reconcile = async () => {
      const answer = await t.app.inject({ method: 'POST', url: '/sandbox/unit/reconcile' });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().differences as { kind: string }[]).filter(
        (d) => d.kind === 'total_mismatch',
      );
    };
    expect(await reconcile()).toEqual([]);
    const created = await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id));
    expect(created.json().status).toBe('waiting');
    expect(await reconcile()).toEqual([]);
  });

  it('refuses what it cannot reserve or send', async () => {
    const ana = await verifiedUser(t.app, t.db, 1_000);
    const mama = await mexicanRecipient(ana, '+525511110006');
    const poor = await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id));
    expect(poor.statusCode).toBe(422);
    expect(await balanceOf(t.app, ana)).toBe(1_000);
    for (const extra of [
      { lastDate: '2026-11-19' },
      { lastDate: '2027-06-01' },
      { targetRate: 'x' },
    ]) {
      const bad = await moneyPost(t.app, ana, '/api/rate-orders', order(mama.id, extra));
      expect(bad.statusCode, JSON.stringify(extra)).toBe(400);
    }
    const beto = await verifiedUser(t.app, t.db, 50_000);
    expect((await moneyPost(t.app, beto, '/api/rate-orders', order(mama.id))).statusCode).toBe(404);
  });
});
