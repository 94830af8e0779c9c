import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, listMail } from '../../../test/accounts-helpers';
import { tickUntil, unitFake, unitSettings, unitSignature } from '../../../test/banking-helpers';
import { moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { pdfText } from '../../../test/pdf-text';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date());

type User = Awaited<ReturnType<typeof verifiedUser>>;

const get = (user: { token: string }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

async function overview(user: User) {
  const answer = await get(user, '/api/direct-deposit');
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function wallet(user: User) {
  return (await get(user, '/api/wallet/balance')).json() as {
    balanceCents: number;
    availableBalanceCents: number;
    pendingCents: number;
    owedCents: number;
  };
}

async function payroll(user: User, amountCents: number, completesInDays = 2) {
  const { accountNumber } = await overview(user);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/sandbox/direct-deposit/payroll',
    payload: { accountNumber, amountCents, completesInDays },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().receivedPaymentId as string;
}

/** Runs the sandbox clock until the user's deposit `id` is in `state`. */
function stateOf(user: User, id: string, state: string) {
  return tickUntil(t.app, async () => {
    const deposit = (await overview(user)).deposits.find((d: { id: string }) => d.id === id);
    return deposit?.state === state ? deposit : undefined;
  });
}

async function notificationTypes(user: User) {
  const list = (await get(user, '/api/notifications')).json();
  return list.items.map((n: { type: string }) => n.type);
}

async function transferOf(id: string) {
  return t.db
    .selectFrom('ledger_transfers')
    .select(['status', 'metadata', 'kind'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const fakeStep = (path: string, data?: unknown) => unitFake(t.app, 'POST', path, data);

describe('a direct deposit to the user’s account number', () => {
  it('is pending (held) when created, available early when advanced, then completed', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const numbers = await overview(ana);
    expect(numbers).toMatchObject({
      accountNumber: expect.stringMatching(/^\d{4,17}$/),
      routingNumber: '812345678',
      bankName: 'Pago Sandbox Bank',
      accountType: 'checking',
      earlyPay: true,
      deposits: [],
    });
    const id = await payroll(ana, 25_000);
    const pending = await stateOf(ana, id, 'pending');
    expect(pending).toMatchObject({ amountCents: 25_000, companyName: 'PAYROLL' });
    expect(await wallet(ana)).toMatchObject({
      balanceCents: 25_000,
      availableBalanceCents: 0,
      pendingCents: 25_000,
    });
    expect(await notificationTypes(ana)).toContain('direct_deposit_pending');
    expect((await transferOf(pending.transferId)).status).toBe('processing');

    // Early pay: the job asks the partner to advance it; the money is spendable at once.
    expect(await servicesOf(t.app).directDeposit.advanceDue()).toBe(1);
    await stateOf(ana, id, 'available_early');
    expect(await wallet(ana)).toMatchObject({
      balanceCents: 25_000,
      availableBalanceCents: 25_000,
      pendingCents: 0,
    });
    const advanced = await transferOf(pending.transferId);
    expect(advanced.metadata).toMatchObject({ advanced: true, receivedPaymentId: id });
    expect(advanced.status).toBe('processing');
    // Asked again (a retry): nothing more to advance.
    expect(await servicesOf(t.app).directDeposit.advanceDue()).toBe(0);

    expect((await fakeStep(`/sandbox/received-payments/${id}/complete`)).statusCode).toBe(200);
    await stateOf(ana, id, 'available');
    expect((await transferOf(pending.transferId)).status).toBe('completed');
    expect(await wallet(ana)).toMatchObject({
      balanceCents: 25_000,
      availableBalanceCents: 25_000,
    });
    const types = await notificationTypes(ana);
    expect(types.filter((type: string) => type === 'direct_deposit_available')).toHaveLength(1);
    // Told by e-mail too, in the account's language (Spanish by default).
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const subjects = (await listMail(t.app, ana.email)).map((m) => m.subject);
    expect(subjects).toContain('Recibiste un depósito de $250.00');
    expect(subjects).toContain('Tu depósito de $250.00 ya está disponible');
  });

  it('completes without an advance: the hold goes at completion', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const id = await payroll(ana, 12_345);
    await stateOf(ana, id, 'pending');
    await fakeStep(`/sandbox/received-payments/${id}/complete`);
    const done = await stateOf(ana, id, 'available');
    expect((await transferOf(done.transferId)).status).toBe('completed');
    expect((await transferOf(done.transferId)).metadata).not.toHaveProperty('advanced');
    expect(await wallet(ana)).toMatchObject({ availableBalanceCents: 12_345, pendingCents: 0 });
  });

  it('returned before it was available: the held money goes back, nothing owed', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const id = await payroll(ana, 25_000);
    const pending = await stateOf(ana, id, 'pending');
    const returned = await fakeStep(`/sandbox/received-payments/${id}/return`, {
      type: 'achReceivedPayment',
      attributes: { reason: 'AccountClosed' },
    });
    expect(returned.statusCode).toBe(200);
    const after = await stateOf(ana, id, 'returned');
    expect(after).toMatchObject({ owedCents: 0, returnReason: 'AccountClosed' });
    expect(await wallet(ana)).toMatchObject({
      balanceCents: 0,
      availableBalanceCents: 0,
      pendingCents: 0,
      owedCents: 0,
    });
    expect((await transferOf(pending.transferId)).status).toBe('failed');
    expect(await notificationTypes(ana)).toContain('direct_deposit_returned');
  });

  it('returned after it was advanced and spent: what is left is taken, the rest owed and collected from the next deposit', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const id = await payroll(ana, 25_000);
    await stateOf(ana, id, 'pending');
    await servicesOf(t.app).directDeposit.advanceDue();
    await stateOf(ana, id, 'available_early');
    const spent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd: 200,
    });
    expect(spent.statusCode).toBe(201);
    await fakeStep(`/sandbox/received-payments/${id}/return`, {
      type: 'achReceivedPayment',
      attributes: { reason: 'CreditEntryRefusedByReceiver' },
    });
    expect(await stateOf(ana, id, 'returned')).toMatchObject({ owedCents: 20_000 });
    expect(await wallet(ana)).toMatchObject({
      balanceCents: -20_000,
      availableBalanceCents: 0,
      owedCents: 20_000,
    });
    const returns = await t.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount_cents', 'metadata'])
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'ach_received_return')
      .execute();
    expect(returns).toEqual([
      expect.objectContaining({
        amount_cents: 25_000,
        metadata: expect.objectContaining({ owedCents: 20_000 }),
      }),
    ]);
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const returnedMail = (await listMail(t.app, ana.email)).find((m) =>
      m.subject.startsWith('Devolvieron'),
    );
    expect(returnedMail?.subject).toBe('Devolvieron un depósito de $250.00');
    expect(returnedMail?.text).toContain('tu cuenta debe $200.00');

    // The next paycheck pays the debt when it becomes available.
    const next = await payroll(ana, 25_000);
    await stateOf(ana, next, 'pending');
    expect(await wallet(ana)).toMatchObject({ availableBalanceCents: 0, owedCents: 20_000 });
    await fakeStep(`/sandbox/received-payments/${next}/complete`);
    await stateOf(ana, next, 'available');
    expect(await wallet(ana)).toMatchObject({
      balanceCents: 5_000,
      availableBalanceCents: 5_000,
      owedCents: 0,
    });
  });
});

describe('the partner’s events', () => {
  /** Posts a signed Unit webhook with these events, as the partner does. */
  async function deliver(events: { id: string; type: string; paymentId: string }[]) {
    const body = JSON.stringify({
      data: events.map((e) => ({
        id: e.id,
        type: e.type,
        attributes: {},
        relationships: {
          receivedPayment: { data: { type: 'achReceivedPayment', id: e.paymentId } },
        },
      })),
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/unit/webhook',
      headers: {
        'content-type': 'application/json',
        'x-unit-signature': unitSignature(unitSettings(t.app).webhookSecret, body),
      },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
  }

  it('applies a payment once, whatever order or how often its events come', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const { accountNumber } = await overview(ana);
    const account = await t.db
      .selectFrom('bank_accounts')
      .select('unit_account_id')
      .where('account_number', '=', accountNumber)
      .executeTakeFirstOrThrow();
    const created = await fakeStep('/sandbox/received-payments', {
      type: 'achReceivedPayment',
      attributes: {
        amount: 7_500,
        completionDate: '2099-01-02',
        description: 'PAYROLL',
        companyName: 'ACME',
      },
      relationships: {
        account: { data: { type: 'depositAccount', id: account.unit_account_id } },
      },
    });
    const paymentId = created.json().data.id as string;
    await fakeStep(`/sandbox/received-payments/${paymentId}/complete`);
    // The completion's event first (read back: Completed), then the creation's, twice, and the
    // same event id again.
    const completedEvent = randomUUID();
    await deliver([{ id: completedEvent, type: 'receivedPayment.completed', paymentId }]);
    await deliver([
      { id: randomUUID(), type: 'receivedPayment.created', paymentId },
      { id: randomUUID(), type: 'receivedPayment.created', paymentId },
      { id: completedEvent, type: 'receivedPayment.completed', paymentId },
    ]);
    const transfers = await t.db
      .selectFrom('ledger_transfers')
      .select(['status', 'amount_cents'])
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'ach_received')
      .execute();
    expect(transfers).toEqual([{ status: 'completed', amount_cents: 7_500 }]);
    expect(await wallet(ana)).toMatchObject({ balanceCents: 7_500, availableBalanceCents: 7_500 });
    // The fake's own deliveries of the same payment change nothing more.
    await tickUntil(t.app, async () => {
      const due = await t.db
        .selectFrom('sandbox_webhook_outbox')
        .select('id')
        .where('delivered_at', 'is', null)
        .execute();
      return due.length === 0;
    });
    expect(await wallet(ana)).toMatchObject({ balanceCents: 7_500, availableBalanceCents: 7_500 });
  });

  it('early pay after a lost answer: the partner refuses a second advance, and its state is read back', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const id = await payroll(ana, 4_000);
    await stateOf(ana, id, 'pending');
    // An earlier advance reached the partner but its answer (and webhook) never came back.
    expect((await fakeStep(`/received-payments/${id}/advance`)).statusCode).toBe(200);
    await t.db.deleteFrom('sandbox_webhook_outbox').where('delivered_at', 'is', null).execute();
    expect(await servicesOf(t.app).directDeposit.advanceDue()).toBe(0);
    await stateOf(ana, id, 'available_early');
    expect(await wallet(ana)).toMatchObject({ availableBalanceCents: 4_000, pendingCents: 0 });
    // The partner can no longer advance one that completed: asked once, then never again.
    const other = await payroll(ana, 1_500);
    await stateOf(ana, other, 'pending');
    await t.db
      .updateTable('sandbox_unit_received_payments')
      .set({ was_advanced: true })
      .where('id', '=', other)
      .execute();
    expect(await servicesOf(t.app).directDeposit.advanceDue()).toBe(0);
    const row = await t.db
      .selectFrom('direct_deposits')
      .select(['status', 'advance_refused'])
      .where('unit_received_payment_id', '=', other)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', advance_refused: expect.any(String) });
    expect(await servicesOf(t.app).directDeposit.advanceDue()).toBe(0);
  });

  it('reconciliation: a payment not yet applied is missing_in_ledger; applied ones report nothing', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const id = await payroll(ana, 25_000);
    const reconcile = async () =>
      (await t.app.inject({ method: 'POST', url: '/sandbox/unit/reconcile' }))
        .json()
        .differences.filter((d: { userId: string | null }) => d.userId === ana.id);
    expect(await reconcile()).toEqual([
      expect.objectContaining({ kind: 'missing_in_ledger', unitId: id }),
    ]);
    await stateOf(ana, id, 'pending');
    expect(await reconcile()).toEqual([]);
    await servicesOf(t.app).directDeposit.advanceDue();
    await stateOf(ana, id, 'available_early');
    expect(await reconcile()).toEqual([]);
    await fakeStep(`/sandbox/received-payments/${id}/complete`);
    await stateOf(ana, id, 'available');
    expect(await reconcile()).toEqual([]);
  });
});

describe('the direct-deposit routes', () => {
  it('give each user only their own numbers and deposits; an unknown account number is 404', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const id = await payroll(ana, 1_000);
    await stateOf(ana, id, 'pending');
    const betos = await overview(beto);
    expect(betos.deposits).toEqual([]);
    expect(betos.accountNumber).not.toBe((await overview(ana)).accountNumber);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/sandbox/direct-deposit/payroll',
      payload: { accountNumber: '000000000001', amountCents: 100 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/direct-deposit' })).statusCode).toBe(
      401,
    );
    expect((await get(ana, '/api/direct-deposit?extra=1')).statusCode).toBe(400);
  });

  it('serves the pre-filled form as a PDF: name, routing and account numbers, the split', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const { accountNumber } = await overview(ana);
    const pdf = await get(
      ana,
      '/api/direct-deposit/form.pdf?language=es&amountType=percent&value=40',
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Autorización de depósito directo');
    expect(text).toContain('812345678');
    expect(text).toContain(accountNumber);
    expect(text).toContain('40 % de cada pago');
    const user = await t.db
      .selectFrom('users')
      .select(['legal_name', 'name'])
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(text).toContain(user.legal_name ?? user.name);
    const fixed = await get(
      ana,
      '/api/direct-deposit/form.pdf?language=en&amountType=fixed&value=250.5',
    );
    expect(await pdfText(fixed.rawPayload)).toContain('$250.50 of each paycheck');
    for (const bad of [
      'amountType=percent',
      'amountType=percent&value=101',
      'amountType=all&value=3',
      'amountType=fixed&value=0.5',
      'language=fr',
      'other=1',
    ]) {
      expect((await get(ana, `/api/direct-deposit/form.pdf?${bad}`)).statusCode).toBe(400);
    }
  });
});
