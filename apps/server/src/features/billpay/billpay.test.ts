import { randomUUID } from 'node:crypto';
import { cents } from '@pago/shared/money';
import { formatReference } from '@pago/shared/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { tickUntil, unitFake } from '../../../test/banking-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';
import { createScheduleRuns } from '../schedules/schedule-runs';

let app: AppInstance;
let db: Database;
/** The ledger's clock (Pago's days); the fakes keep real time. A Tuesday, 10 a.m. Eastern. */
let now = new Date('2026-12-01T15:00:00Z');

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  // The SDK calls the Unit fake over HTTP; its ACH and checks move on quickly here.
  app = await buildTestApp(
    db,
    { sandboxAchSettleMs: 200, sandboxSameDayAchSettleMs: 100 },
    () => now,
    sandboxPool(test.url),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  expect(await findInvariantViolations(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeUserAccounts: [],
  });
  await app.close();
});

type User = Awaited<ReturnType<typeof verifiedUser>>;
const get = (user: User, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.token) });
const payNow = (user: User, payeeId: string, amount: number, paymentType = 'electricity') =>
  moneyPost(app, user, '/api/unit/bill-payment', {
    paymentType,
    payeeId,
    amount,
    accountId: '7788-1234-9',
    memo: 'Diciembre',
  });

async function paymentOf(user: User, transferId: string) {
  const list = (await get(user, '/api/billpay/payments')).json() as Array<{
    id: string;
    transferId: string;
    status: string;
    partnerStatus: string | null;
    method: string;
    reference: string | null;
  }>;
  return list.find((p) => p.transferId === transferId);
}
async function notificationTypes(user: User): Promise<string[]> {
  const list = (await get(user, '/api/notifications?limit=100')).json();
  return list.items.map((n: { type: string }) => n.type);
}
async function transfer(id: string) {
  return db.selectFrom('ledger_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}
async function returnOf(id: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('related_transfer_id', '=', id)
    .where('kind', '=', 'bill_payment_return')
    .execute();
}
/** The check payment at the fake (its sandbox steps move it). */
async function checkAtFake(transferId: string) {
  const row = await db
    .selectFrom('bill_payments')
    .select('unit_check_payment_id')
    .where('transfer_id', '=', transferId)
    .executeTakeFirstOrThrow();
  return row.unit_check_payment_id as string;
}

describe('the biller directory', () => {
  it('searches by name within a category and says how each biller is paid', async () => {
    const ana = await verifiedUser(app, db);
    const utilities = (await get(ana, '/api/billers?category=utilities')).json();
    expect(utilities.length).toBe(12);
    expect(utilities.every((b: { category: string }) => b.category === 'utilities')).toBe(true);
    const found = (await get(ana, '/api/billers?query=water&category=utilities')).json();
    expect(found.map((b: { name: string }) => b.name)).toEqual([
      'City Water Utilities',
      'Metro Water & Sewer',
      'Valley Water District',
    ]);
    const byType = (await get(ana, '/api/billers?paymentType=rent')).json();
    expect(byType.map((b: { id: string; method: string; deliveryDays: number }) => b)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'rent-1', method: 'ach', deliveryDays: 2 }),
        expect.objectContaining({ id: 'rent-2', method: 'check', deliveryDays: 6 }),
      ]),
    );
    // A name with LIKE's own characters matches only itself.
    expect((await get(ana, '/api/billers?query=%25')).json()).toEqual([]);
    expect((await get(ana, '/api/billers?category=pets')).statusCode).toBe(400);
  });
});

describe('paying a bill now', () => {
  it('by ACH: processing from the wallet, then completed when the partner settles it', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const paid = await payNow(ana, 'electricity-1', 8450);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      kind: 'bill_payment',
      status: 'processing',
      amountCents: 8450,
      details: { accountAtBiller: '••••34-9', memo: 'Diciembre', method: 'ach' },
    });
    expect(await balanceOf(app, ana)).toBe(20_000 - 8450);
    // An ACH credit to a counterparty made for the biller, from Ana's own partner account.
    const mirror = await db
      .selectFrom('unit_payments')
      .selectAll()
      .where('transfer_id', '=', paid.json().id)
      .executeTakeFirstOrThrow();
    expect(mirror).toMatchObject({ payment_type: 'achPayment', direction: 'Credit' });
    const counterparty = await db
      .selectFrom('sandbox_unit_counterparties')
      .selectAll()
      .where('id', '=', mirror.counterparty_id)
      .executeTakeFirstOrThrow();
    expect(counterparty).toMatchObject({
      name: 'Lone Star Power & Light',
      routing_number: '011401533',
    });
    await tickUntil(app, async () => (await transfer(paid.json().id))?.status === 'completed');
    expect(await paymentOf(ana, paid.json().id)).toMatchObject({
      status: 'completed',
      partnerStatus: 'Settled',
      method: 'ach',
    });
    expect(await notificationTypes(ana)).toContain('bill_paid');
    expect(await balanceOf(app, ana)).toBe(20_000 - 8450);
    // The confirmation's reference is the receipt's, in the one format, and opens the receipt.
    const reference = paid.json().reference as string;
    expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect((await paymentOf(ana, paid.json().id))?.reference).toBe(reference);
    const receipt = await get(ana, `/api/transactions/${formatReference(reference)}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({ id: paid.json().id, kind: 'bill_payment' });
    // The second bill to the same biller reuses its counterparty.
    const again = await payNow(ana, 'electricity-1', 1000);
    expect(again.statusCode).toBe(201);
    const counterparties = await db
      .selectFrom('bill_counterparties')
      .selectAll()
      .where('user_id', '=', ana.id)
      .execute();
    expect(counterparties).toHaveLength(1);
  });

  it('by ACH returned by the bank (R01): the money comes back and the payment fails', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const paid = await payNow(ana, 'electricity-2', 5001);
    expect(paid.statusCode).toBe(201);
    await tickUntil(app, async () => (await transfer(paid.json().id))?.status === 'failed');
    expect(await returnOf(paid.json().id)).toEqual([
      expect.objectContaining({ amount_cents: 5001, status: 'completed' }),
    ]);
    expect(await balanceOf(app, ana)).toBe(20_000);
    expect(await paymentOf(ana, paid.json().id)).toMatchObject({
      status: 'failed',
      partnerStatus: 'Returned',
    });
    expect(await notificationTypes(ana)).toContain('bill_returned');
  });

  it('by check: mailed, delivered, then completed when the biller deposits it', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const paid = await payNow(ana, 'electricity-3', 12_000);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ status: 'processing', details: { method: 'check' } });
    expect(await balanceOf(app, ana)).toBe(8000);
    const checkId = await checkAtFake(paid.json().id);
    const atFake = (await unitFake(app, 'GET', `/check-payments/${checkId}`)).json().data;
    expect(atFake.attributes).toMatchObject({
      amount: 12_000,
      status: 'New',
      memo: 'Acct 7788-1234-9',
      counterparty: {
        name: 'Sunbelt Energy',
        address: expect.objectContaining({ street: expect.any(String), state: 'FL' }),
      },
    });
    // Ana's partner account was covered from the omnibus first (the wallet's test money never
    // went through it), so the check clears when it is deposited.
    const cover = await db
      .selectFrom('partner_omnibus_movements')
      .selectAll()
      .where('transfer_id', '=', paid.json().id)
      .executeTakeFirstOrThrow();
    expect(cover).toMatchObject({ kind: 'cover', status: 'Sent', amount_cents: 12_000 });
    for (const step of ['print', 'mail', 'deliver']) {
      expect(
        (await unitFake(app, 'POST', `/sandbox/check-payments/${checkId}/${step}`)).statusCode,
      ).toBe(200);
    }
    await tickUntil(
      app,
      async () => (await paymentOf(ana, paid.json().id))?.partnerStatus === 'Delivered',
    );
    expect((await transfer(paid.json().id))?.status).toBe('processing');
    await unitFake(app, 'POST', `/sandbox/check-payments/${checkId}/process`);
    await tickUntil(app, async () => (await transfer(paid.json().id))?.status === 'completed');
    expect(await paymentOf(ana, paid.json().id)).toMatchObject({
      status: 'completed',
      partnerStatus: 'Processed',
    });
    const account = await db
      .selectFrom('sandbox_unit_accounts as a')
      .innerJoin('bank_accounts as b', 'b.unit_account_id', 'a.id')
      .select('a.balance')
      .where('b.user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(Number(account.balance)).toBe(0);
    // Reconciliation finds Ana's partner account as the ledger says it is.
    const { differences } = await servicesOf(app).banking.reconcile();
    expect(differences.filter((d) => d.userId === ana.id)).toEqual([]);
  });

  it('by check refused by the partner (address): 422, and the money comes back', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const refused = await payNow(ana, 'electricity-3', 2021);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { code: 'bank_payment_rejected', details: { reason: 'InvalidAddress' } },
    });
    expect(await balanceOf(app, ana)).toBe(20_000);
  });

  it('by check that comes back to the sender, or is returned after it was deposited', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const undeliverable = await payNow(ana, 'electricity-3', 3022);
    await tickUntil(
      app,
      async () => (await transfer(undeliverable.json().id))?.status === 'failed',
    );
    expect(await paymentOf(ana, undeliverable.json().id)).toMatchObject({
      partnerStatus: 'ReturnedToSender',
    });
    const deposited = await payNow(ana, 'water-3', 4000, 'water');
    await tickUntil(app, async () => (await transfer(deposited.json().id))?.status === 'completed');
    const checkId = await checkAtFake(deposited.json().id);
    const returned = await unitFake(app, 'POST', `/sandbox/check-payments/${checkId}/return`, {
      type: 'checkPaymentReturn',
      attributes: { reason: 'StopPaymentOrder' },
    });
    expect(returned.json().data.attributes).toMatchObject({
      status: 'Returned',
      returnReason: 'StopPaymentOrder',
    });
    await tickUntil(app, async () => (await returnOf(deposited.json().id)).length === 1);
    expect(await balanceOf(app, ana)).toBe(20_000);
  });

  it('cancels a check before it is printed (the money back), not after; another user’s is 404', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const bob = await verifiedUser(app, db);
    const paid = await payNow(ana, 'rent-2', 9000, 'rent');
    const payment = await paymentOf(ana, paid.json().id);
    expect(payment).toMatchObject({ cancelable: true });
    const id = payment?.id as string;
    expect((await moneyPost(app, bob, `/api/billpay/payments/${id}/cancel`, {})).statusCode).toBe(
      404,
    );
    expect((await get(bob, `/api/billpay/payments/${id}`)).statusCode).toBe(404);
    const canceled = await moneyPost(app, ana, `/api/billpay/payments/${id}/cancel`, {});
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'failed', partnerStatus: 'Canceled' });
    expect(await balanceOf(app, ana)).toBe(20_000);
    expect((await transfer(paid.json().id))?.status).toBe('failed');

    const printed = await payNow(ana, 'rent-2', 1000, 'rent');
    const checkId = await checkAtFake(printed.json().id);
    await unitFake(app, 'POST', `/sandbox/check-payments/${checkId}/print`);
    const late = await paymentOf(ana, printed.json().id);
    const refused = await moneyPost(app, ana, `/api/billpay/payments/${late?.id}/cancel`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('bill_not_cancelable');
    expect(await balanceOf(app, ana)).toBe(19_000);
    // An ACH payment is no check to cancel.
    const ach = await payNow(ana, 'electricity-1', 500);
    const achPayment = await paymentOf(ana, ach.json().id);
    expect(
      (await moneyPost(app, ana, `/api/billpay/payments/${achPayment?.id}/cancel`, {})).statusCode,
    ).toBe(409);
  });
});

describe('a request that died between its steps', () => {
  it('a check reserved but never asked for is sent by the job, once', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const billPay = servicesOf(app).billPay;
    const work = billPay.payNow(
      ana.id,
      {
        paymentType: 'water',
        payeeId: 'water-3',
        amount: cents(3000),
        accountId: '55501234',
        memo: '',
      },
      randomUUID(),
    );
    const prepared = await work.prepare();
    const reserved = await db.transaction().execute((tx) => work.reserve(tx, prepared));
    // The process died here: the money is reserved, the partner never asked.
    expect(await balanceOf(app, ana)).toBe(17_000);
    expect((await transfer(reserved.transferId))?.status).toBe('processing');
    const before = now;
    try {
      now = new Date(Date.now() + 5 * 60_000);
      await Promise.all([billPay.retryUnsentChecks(), billPay.retryUnsentChecks()]);
      await billPay.retryUnsentChecks();
    } finally {
      now = before;
    }
    const checkId = await checkAtFake(reserved.transferId);
    const atFake = await db
      .selectFrom('sandbox_unit_check_payments')
      .select('id')
      .where('idempotency_key', 'like', 'pago-bill-check-%')
      .where('id', '=', checkId)
      .execute();
    expect(atFake).toHaveLength(1);
    await tickUntil(app, async () => (await transfer(reserved.transferId))?.status === 'completed');
    expect(await balanceOf(app, ana)).toBe(17_000);
  });
});

describe('scheduled payments', () => {
  const schedule = (user: User, payDate: string, repeat: 'once' | 'monthly', amount = 2500) =>
    moneyPost(app, user, '/api/billpay/schedules', {
      paymentType: 'internet',
      payeeId: 'internet-1',
      amount,
      accountId: '55501234',
      memo: '',
      payDate,
      repeat,
    });
  // Scheduled bill payments are schedules: the schedules' job runs them (and reminds).
  const scheduleJobs = () => servicesOf(app).schedules;

  it('refuses past dates and days that are not business days', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    now = new Date('2026-12-01T15:00:00Z');
    for (const day of ['2026-11-30', '2026-12-05', '2026-12-25', '2026-02-30']) {
      const refused = await schedule(ana, day, 'once');
      expect(refused.statusCode, day).toBe(422);
      expect(refused.json().error.code).toBe('invalid_pay_date');
    }
  });

  it('pays on its date once, even when the job runs twice; no money leaves before', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    now = new Date('2026-12-01T15:00:00Z');
    const made = await schedule(ana, '2026-12-08', 'once');
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'active', nextDate: '2026-12-08', repeat: 'once' });
    expect(await notificationTypes(ana)).toContain('bill_scheduled');
    await scheduleJobs().runDue();
    expect(await balanceOf(app, ana)).toBe(20_000);
    now = new Date('2026-12-08T15:00:00Z');
    await Promise.all([scheduleJobs().runDue(), scheduleJobs().runDue()]);
    await scheduleJobs().runDue();
    const payments = await db
      .selectFrom('bill_payments')
      .selectAll()
      .where('schedule_id', '=', made.json().id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(await balanceOf(app, ana)).toBe(20_000 - 2500);
    const listed = (await get(ana, '/api/billpay/schedules')).json();
    expect(listed[0]).toMatchObject({ id: made.json().id, status: 'done', nextDate: null });
  });

  it('repeats monthly on its day, the 31st on the last day of a shorter month', async () => {
    const ana = await verifiedUser(app, db, 50_000);
    now = new Date('2030-01-28T15:00:00Z');
    const made = await schedule(ana, '2030-01-31', 'monthly');
    expect(made.json()).toMatchObject({ dayOfMonth: 31, nextDate: '2030-01-31' });
    now = new Date('2030-01-31T15:00:00Z');
    await scheduleJobs().runDue();
    let listed = (await get(ana, '/api/billpay/schedules')).json();
    expect(listed[0]).toMatchObject({ status: 'active', nextDate: '2030-02-28' });
    now = new Date('2030-02-28T15:00:00Z');
    await scheduleJobs().runDue();
    listed = (await get(ana, '/api/billpay/schedules')).json();
    expect(listed[0]).toMatchObject({ nextDate: '2030-03-31' });
    expect(await balanceOf(app, ana)).toBe(50_000 - 2 * 2500);
  });

  it('tells the user when the balance did not cover it, and moves on', async () => {
    const ana = await verifiedUser(app, db, 1000);
    now = new Date('2026-12-01T15:00:00Z');
    const made = await schedule(ana, '2026-12-01', 'monthly', 5000);
    await scheduleJobs().runDue();
    expect(await balanceOf(app, ana)).toBe(1000);
    expect(await notificationTypes(ana)).toContain('bill_failed');
    const listed = (await get(ana, '/api/billpay/schedules')).json();
    expect(listed[0]).toMatchObject({ id: made.json().id, nextDate: '2027-01-01' });
  });

  it('reminds once, 3 days before each date', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    now = new Date('2026-12-01T15:00:00Z');
    await schedule(ana, '2026-12-10', 'once');
    await scheduleJobs().sendReminders();
    expect((await notificationTypes(ana)).filter((t) => t === 'bill_reminder')).toHaveLength(0);
    now = new Date('2026-12-07T15:00:00Z');
    await scheduleJobs().sendReminders();
    await scheduleJobs().sendReminders();
    now = new Date('2026-12-08T15:00:00Z');
    await scheduleJobs().sendReminders();
    expect((await notificationTypes(ana)).filter((t) => t === 'bill_reminder')).toHaveLength(1);
  });

  it('is a schedule of the schedules’ mechanism, bill pay’s alone to change', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    now = new Date('2026-12-01T15:00:00Z');
    const id = (await schedule(ana, '2026-12-09', 'monthly')).json().id as string;
    const row = await db
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Due at 9:00 Eastern on its day, monthly on the 9th.
    expect(row).toMatchObject({ kind: 'bill', frequency: 'monthly', day_of_month: 9 });
    expect(row.next_due_at?.toISOString()).toBe('2026-12-09T14:00:00.000Z');
    // The transfers' API does not list it, show it or change it.
    expect((await get(ana, '/api/schedules')).json()).toEqual({ items: [] });
    expect((await get(ana, `/api/schedules/${id}`)).statusCode).toBe(404);
    const pause = await app.inject({
      method: 'POST',
      url: `/api/schedules/${id}/pause`,
      headers: bearer(ana.token),
      payload: {},
    });
    expect(pause.statusCode).toBe(404);
  });

  it('a worker dying between the claim and the payment: two passes after it pay once', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    now = new Date('2026-12-01T15:00:00Z');
    const id = (await schedule(ana, '2026-12-02', 'once', 4000)).json().id as string;
    now = new Date('2026-12-02T15:00:00Z');
    const services = servicesOf(app);
    // A worker whose process dies once its claim committed, before bill pay was asked.
    const dying = createScheduleRuns({
      db,
      clock: () => now,
      ledger: services.ledger,
      notifications: services.notifications,
      sanctions: () => services.sanctions,
      people: services.accounts,
      sender: () => services.remittances,
      bills: () => ({
        payScheduled: async () => {
          throw new Error('killed');
        },
      }),
    });
    await expect(dying.runOne(id)).rejects.toThrow('killed');
    const runs = () =>
      db.selectFrom('schedule_runs').selectAll().where('schedule_id', '=', id).execute();
    // The claim stands (the run, the schedule moved on), no money moved; nobody claims it again.
    expect(await runs()).toMatchObject([{ status: 'processing', due_date: '2026-12-02' }]);
    expect(await balanceOf(app, ana)).toBe(20_000);
    expect(await scheduleJobs().runOne(id)).toBe(false);
    // The next passes (two at once) settle it under its key: one payment, the run sent.
    await Promise.all([scheduleJobs().runDue(), scheduleJobs().runDue()]);
    await scheduleJobs().runDue();
    const payments = await db
      .selectFrom('bill_payments')
      .selectAll()
      .where('schedule_id', '=', id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(await runs()).toMatchObject([
      { status: 'sent', transfer_id: payments[0]?.transfer_id, due_date: '2026-12-02' },
    ]);
    expect(await balanceOf(app, ana)).toBe(20_000 - 4000);
    expect((await get(ana, '/api/billpay/schedules')).json()[0]).toMatchObject({
      status: 'done',
    });
  });

  it('a refused run is stored with its reason and told once; a date off banking days waits', async () => {
    const ana = await verifiedUser(app, db, 1000);
    now = new Date('2026-12-01T15:00:00Z');
    const id = (await schedule(ana, '2026-12-04', 'monthly', 5000)).json().id as string;
    now = new Date('2026-12-04T15:00:00Z');
    await Promise.all([scheduleJobs().runDue(), scheduleJobs().runDue()]);
    await scheduleJobs().runDue();
    const runs = await db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', id)
      .execute();
    expect(runs).toMatchObject([
      {
        status: 'failed',
        failure_reason: 'insufficient_funds',
        failure_code: 'insufficient_funds',
      },
    ]);
    expect((await notificationTypes(ana)).filter((t) => t === 'bill_failed')).toHaveLength(1);
    // Its next day, January 4th 2027, is a Monday; a day moved to a Sunday (as a schedule
    // written before this mechanism may be) is paid on the Monday after.
    await db
      .updateTable('schedules')
      .set({ next_date: '2027-01-03', next_due_at: new Date('2027-01-03T14:00:00Z') })
      .where('id', '=', id)
      .execute();
    now = new Date('2027-01-03T15:00:00Z');
    expect(await scheduleJobs().runOne(id)).toBe(false);
    const moved = await db
      .selectFrom('schedules')
      .select(['next_date', 'next_due_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(moved.next_date).toBe('2027-01-03');
    expect(moved.next_due_at?.toISOString()).toBe('2027-01-04T14:00:00.000Z');
  });

  it('cancels a schedule: nothing is paid on its date; another user’s is 404', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const bob = await verifiedUser(app, db);
    now = new Date('2026-12-01T15:00:00Z');
    const made = await schedule(ana, '2026-12-03', 'monthly');
    const id = made.json().id;
    const cancel = (user: User, scheduleId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/billpay/schedules/${scheduleId}/cancel`,
        headers: bearer(user.token),
      });
    expect((await cancel(bob, id)).statusCode).toBe(404);
    expect((await cancel(bob, randomUUID())).statusCode).toBe(404);
    expect((await cancel(ana, 'not-a-uuid')).statusCode).toBe(400);
    const canceled = await cancel(ana, id);
    expect(canceled.json()).toMatchObject({ status: 'canceled', nextDate: null });
    now = new Date('2026-12-03T15:00:00Z');
    await scheduleJobs().runDue();
    expect(await balanceOf(app, ana)).toBe(20_000);
    expect((await get(bob, '/api/billpay/schedules')).json()).toEqual([]);
  });
});
