import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, listMail } from '../../../test/accounts-helpers';
import { tickUntil, unitFake } from '../../../test/banking-helpers';
import { type MoneyUser, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  CLABE,
  type SavedRecipient,
  saveRecipient,
  THUNES_TEST_TIMINGS,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date(), THUNES_TEST_TIMINGS);

const get = (user: { token: string }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

const payday = () => servicesOf(t.app).payday;

async function mama(user: MoneyUser): Promise<SavedRecipient> {
  return saveRecipient(t, user, {
    country: 'MX',
    phone: '+525512345678',
    method: 'bank_deposit',
    fields: { clabe: CLABE },
    firstName: 'Rosa',
    lastName: 'Pérez',
  });
}

async function createRule(user: MoneyUser, body: object) {
  const answer = await moneyPost(t.app, user, '/api/payday-rules', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { id: string };
}

/** An employer's payroll ACH to the user's account number; answers the received payment's id. */
async function payroll(user: MoneyUser, amountCents: number) {
  const { accountNumber } = (await get(user, '/api/direct-deposit')).json();
  const answer = await t.app.inject({
    method: 'POST',
    url: '/sandbox/direct-deposit/payroll',
    payload: { accountNumber, amountCents, completesInDays: 2, companyName: 'ACME FOODS' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const id = answer.json().receivedPaymentId as string;
  await depositState(user, id, 'pending');
  return id;
}

function depositState(user: MoneyUser, id: string, state: string) {
  return tickUntil(t.app, async () => {
    const { deposits } = (await get(user, '/api/direct-deposit')).json();
    return deposits.find((d: { id: string; state: string }) => d.id === id && d.state === state);
  });
}

/** The partner completes the deposit (no early pay): available once Pago applies it. */
async function complete(user: MoneyUser, id: string) {
  const done = await unitFake(t.app, 'POST', `/sandbox/received-payments/${id}/complete`);
  expect(done.statusCode).toBe(200);
  await depositState(user, id, 'available');
}

type Run = {
  id: string;
  status: string;
  reason: string | null;
  amountCents: number;
  transferId: string | null;
};

async function runs(user: MoneyUser): Promise<Run[]> {
  const answer = await get(user, '/api/payday-runs');
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function paydaySends(userId: string) {
  const rows = await t.db
    .selectFrom('ledger_transfers')
    .select(['id', 'amount_cents', 'metadata'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'remittance')
    .execute();
  return rows.filter(
    (r) => (r.metadata as { origin?: { kind?: string } }).origin?.kind === 'payday',
  );
}

async function notificationTypes(userId: string) {
  const rows = await t.db
    .selectFrom('notifications')
    .select('type')
    .where('user_id', '=', userId)
    .where('type', 'in', ['payday_sent', 'payday_failed'])
    .execute();
  return rows.map((r) => r.type);
}

describe('a payday rule on direct deposits', () => {
  it('sends its share, capped, when a deposit completes; once, with a notification', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    await createRule(ana, {
      share: { kind: 'percent', percentBps: 1000 },
      recipientId: rosa.id,
      maxCents: 15_000,
    });
    const id = await payroll(ana, 250_000);
    // Pending: nothing to send yet.
    expect(await payday().runDue()).toBe(0);
    expect(await runs(ana)).toEqual([]);

    await complete(ana, id);
    const [due] = await runs(ana);
    // 10% of $2,500 is $250: the cap makes it $150.
    expect(due).toMatchObject({ status: 'due', amountCents: 15_000, depositCents: 250_000 });
    expect(await payday().runDue()).toBe(1);
    const [sent] = await runs(ana);
    expect(sent).toMatchObject({ status: 'sent', amountCents: 15_000, payer: 'ACME FOODS' });
    const sends = await paydaySends(ana.id);
    expect(sends).toHaveLength(1);
    expect(Number(sends[0]?.amount_cents)).toBe(15_000);
    expect(sends[0]?.id).toBe(sent?.transferId);
    expect(await notificationTypes(ana.id)).toEqual(['payday_sent']);
    // Told by e-mail too, in Spanish (the account's language by default).
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const subjects = (await listMail(t.app, ana.email)).map((m) => m.subject);
    expect(subjects).toContain('Enviamos $150.00 a Rosa Pérez de tu depósito');
    // The job again: nothing more.
    expect(await payday().runDue()).toBe(0);
    expect(await runs(ana)).toHaveLength(1);
    expect(await paydaySends(ana.id)).toHaveLength(1);
  });

  it('with early pay: sends when the advance makes the deposit available, not again at completion', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    await createRule(ana, { share: { kind: 'fixed', fixedCents: 5_000 }, recipientId: rosa.id });
    const id = await payroll(ana, 80_000);
    expect(await runs(ana)).toEqual([]);
    expect(await servicesOf(t.app).directDeposit.advanceDue()).toBe(1);
    await depositState(ana, id, 'available_early');
    expect(await payday().runDue()).toBe(1);
    expect((await runs(ana))[0]).toMatchObject({ status: 'sent', amountCents: 5_000 });
    await complete(ana, id);
    expect(await payday().runDue()).toBe(0);
    expect(await runs(ana)).toHaveLength(1);
    expect(await paydaySends(ana.id)).toHaveLength(1);
  });

  it('runs once when two workers take the same run at the same time, and after a crash', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    await createRule(ana, { share: { kind: 'percent', percentBps: 500 }, recipientId: rosa.id });
    const first = await payroll(ana, 100_000);
    await complete(ana, first);
    const [run] = await runs(ana);
    if (!run) throw new Error('no run');
    // Two workers at once, each past the lease (as two processes might be).
    const outcomes = await Promise.all([payday().runOne(run.id), payday().runOne(run.id)]);
    expect(outcomes.sort()).toEqual(['busy', 'sent']);
    expect(await paydaySends(ana.id)).toHaveLength(1);

    // A worker that claimed the next run and died before sending: once its lease is over, the
    // job takes it again and sends it once.
    const second = await payroll(ana, 60_000);
    await complete(ana, second);
    const claimed = await t.db
      .updateTable('payday_runs')
      .set({ claimed_until: new Date(t.now.getTime() + 60_000) })
      .where('user_id', '=', ana.id)
      .where('status', '=', 'due')
      .executeTakeFirst();
    expect(claimed.numUpdatedRows).toBe(1n);
    expect(await payday().runDue()).toBe(0);
    const before = t.now;
    t.now = new Date(before.getTime() + 61_000);
    try {
      const both = await Promise.all([payday().runDue(), payday().runDue()]);
      expect(both[0] + both[1]).toBe(1);
    } finally {
      t.now = before;
    }
    expect((await runs(ana)).map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(await paydaySends(ana.id)).toHaveLength(2);
  });

  it('skips a deposit under the minimum, and a disabled rule makes no run', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    const rule = await createRule(ana, {
      share: { kind: 'fixed', fixedCents: 5_000 },
      recipientId: rosa.id,
      minDepositCents: 50_000,
    });
    const small = await payroll(ana, 20_000);
    await complete(ana, small);
    expect(await runs(ana)).toMatchObject([{ status: 'skipped', reason: 'below_minimum' }]);
    expect(await payday().runDue()).toBe(0);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/payday-rules/${rule.id}`,
      headers: bearer(ana.token),
      payload: { enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false });
    const big = await payroll(ana, 90_000);
    await complete(ana, big);
    expect(await runs(ana)).toHaveLength(1);
    expect(await paydaySends(ana.id)).toHaveLength(0);
  });

  it('records a failure with its reason and tells the user (the fee is not covered)', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    // All of the deposit: the fee on top is more than the wallet holds.
    await createRule(ana, { share: { kind: 'percent', percentBps: 10_000 }, recipientId: rosa.id });
    const id = await payroll(ana, 30_000);
    await complete(ana, id);
    expect(await payday().runDue()).toBe(0);
    expect(await runs(ana)).toMatchObject([
      { status: 'failed', reason: 'insufficient_funds', amountCents: 30_000 },
    ]);
    expect(await paydaySends(ana.id)).toHaveLength(0);
    expect(await notificationTypes(ana.id)).toEqual(['payday_failed']);
    // The reason goes with it (the e-mail says it in words: payday-notices.test.ts).
    const told = await t.db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', ana.id)
      .where('type', '=', 'payday_failed')
      .executeTakeFirstOrThrow();
    expect(told.data).toMatchObject({ failureReason: 'insufficient_funds' });
  });
});

describe('a payroll returned after its share was sent', () => {
  it('is the existing return handling: the send stays, what the wallet lacks is owed and collected first from the next pay', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    await createRule(ana, { share: { kind: 'fixed', fixedCents: 5_000 }, recipientId: rosa.id });
    const id = await payroll(ana, 20_000);
    await servicesOf(t.app).directDeposit.advanceDue();
    await depositState(ana, id, 'available_early');
    expect(await payday().runDue()).toBe(1);
    const [send] = await paydaySends(ana.id);
    const fee = Number(
      (
        await t.db
          .selectFrom('ledger_transfers')
          .select('fee_cents')
          .where('id', '=', send?.id ?? '')
          .executeTakeFirstOrThrow()
      ).fee_cents,
    );
    const returned = await unitFake(t.app, 'POST', `/sandbox/received-payments/${id}/return`, {
      type: 'achReceivedPayment',
      attributes: { reason: 'CreditEntryRefusedByReceiver' },
    });
    expect(returned.statusCode).toBe(200);
    // What was left is taken back; the share and its fee, already sent, are owed.
    expect(await depositState(ana, id, 'returned')).toMatchObject({ owedCents: 5_000 + fee });
    expect((await runs(ana))[0]).toMatchObject({ status: 'sent' });
    expect(await paydaySends(ana.id)).toHaveLength(1);

    // The next paycheck pays the debt when it becomes available, then the rule sends its share.
    const next = await payroll(ana, 20_000);
    await complete(ana, next);
    expect(await payday().runDue()).toBe(1);
    const wallet = (await get(ana, '/api/wallet/balance')).json();
    expect(wallet).toMatchObject({ owedCents: 0 });
    expect(wallet.availableBalanceCents).toBe(20_000 - (5_000 + fee) - (5_000 + fee));
  });
});

describe('payday rules over HTTP', () => {
  it('are the owner’s: another user’s rule or recipient is not found', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const ben = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    const rule = await createRule(ana, {
      share: { kind: 'percent', percentBps: 1000 },
      recipientId: rosa.id,
    });
    const theirs = await moneyPost(t.app, ben, '/api/payday-rules', {
      share: { kind: 'percent', percentBps: 1000 },
      recipientId: rosa.id,
    });
    expect(theirs.statusCode).toBe(404);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/payday-rules/${rule.id}`,
        headers: bearer(ben.token),
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      });
      expect(answer.statusCode).toBe(404);
    }
    expect((await get(ben, '/api/payday-rules')).json()).toEqual([]);
    const mine = (await get(ana, '/api/payday-rules')).json();
    expect(mine).toMatchObject([
      { id: rule.id, recipientName: 'Rosa Pérez', enabled: true, speed: 'standard' },
    ]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/payday-rules/${rule.id}`,
      headers: bearer(ana.token),
    });
    expect(gone.statusCode).toBe(200);
    expect((await get(ana, '/api/payday-rules')).json()).toEqual([]);
  });

  it('are at most five a person, and a replayed create makes one', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const rosa = await mama(ana);
    const body = { share: { kind: 'fixed', fixedCents: 1_000 }, recipientId: rosa.id };
    const key = randomUUID();
    const once = await moneyPost(t.app, ana, '/api/payday-rules', body, key);
    const again = await moneyPost(t.app, ana, '/api/payday-rules', body, key);
    expect(again.body).toBe(once.body);
    for (let i = 0; i < 4; i++) await createRule(ana, body);
    const sixth = await moneyPost(t.app, ana, '/api/payday-rules', body);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('payday_rule_limit');
    expect((await get(ana, '/api/payday-rules')).json()).toHaveLength(5);
  });
});
