import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import {
  fundAtPartner,
  gatedPartner,
  openBankAccount,
  tickUntil,
  unitFake,
  unitSettings,
  unitSignature,
  until,
} from '../../../test/banking-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import { type Database, poolInUse } from '../../db/database';
import { createUnitClient } from '../../providers/unit/unit-client';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  // The SDK calls the Unit fake over HTTP; ACH moves on quickly here.
  app = await buildTestApp(db, { sandboxAchSettleMs: 300 }, undefined, sandboxPool(test.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const get = (user: { token: string }, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.token) });

async function transferStatus(id: string) {
  return (
    await db.selectFrom('ledger_transfers').select('status').where('id', '=', id).executeTakeFirst()
  )?.status;
}

describe('opening the bank account at the partner', () => {
  it('answers 404 until opened, then the partner’s numbers; opening again gives the same account', async () => {
    const ana = await verifiedUser(app, db);
    expect((await get(ana, '/api/unit/accounts/me')).statusCode).toBe(404);
    const created = await moneyPost(app, ana, '/api/unit/accounts/create', {});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      accountNumber: expect.stringMatching(/^••••\d{4}$/),
      routingNumber: '812345678',
    });
    expect((await get(ana, '/api/unit/accounts/me')).json()).toEqual(created.json());
    const again = await moneyPost(app, ana, '/api/unit/accounts/create', {});
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(created.json());
    // The whole numbers on demand, and they are the fake bank's.
    const numbers = (await get(ana, '/api/unit/accounts/me/numbers')).json();
    const atPartner = await db
      .selectFrom('sandbox_unit_accounts')
      .selectAll()
      .where('account_number', '=', numbers.accountNumber)
      .executeTakeFirstOrThrow();
    expect(numbers).toEqual({
      accountNumber: atPartner.account_number,
      routingNumber: '812345678',
    });
    expect(numbers.accountNumber.slice(-4)).toBe(created.json().accountNumber.slice(-4));
    expect(
      await db.selectFrom('sandbox_unit_applications').select('status').execute(),
    ).toContainEqual({ status: 'Approved' });
  });

  it('opens one account when asked many times at once', async () => {
    const ana = await verifiedUser(app, db);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => moneyPost(app, ana, '/api/unit/accounts/create', {})),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const { accountId } = await openBankAccount(app, ana);
    const customer = await db
      .selectFrom('sandbox_unit_accounts')
      .select('customer_id')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const accountsOfCustomer = await db
      .selectFrom('sandbox_unit_accounts')
      .select('id')
      .where('customer_id', '=', customer.customer_id)
      .execute();
    expect(accountsOfCustomer).toHaveLength(1);
  });

  it('needs verified identity, and the partner denies the sandbox applicant "Denied"', async () => {
    const user = await signUp(app);
    expect((await moneyPost(app, user, '/api/unit/accounts/create', {})).json().error.code).toBe(
      'identity_not_verified',
    );
    const denied = await verifiedUser(app, db);
    await db
      .updateTable('users')
      .set({ legal_name: 'Ana Denied' })
      .where('id', '=', denied.id)
      .execute();
    const answer = await moneyPost(app, denied, '/api/unit/accounts/create', {});
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      error: { code: 'bank_application_denied' },
      message: 'Failed to create banking account',
    });
    expect((await get(denied, '/api/unit/accounts/me')).statusCode).toBe(404);
    const noStreet = await verifiedUser(app, db);
    await db
      .updateTable('users')
      .set({
        address_street: null,
        address_city: null,
        address_state: null,
        address_postal_code: null,
      })
      .where('id', '=', noStreet.id)
      .execute();
    const noAddress = await moneyPost(app, noStreet, '/api/unit/accounts/create', {});
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().error).toMatchObject({
      code: 'address_required',
      details: { field: 'homeAddress' },
    });
  });
});

describe('the banking panel token', () => {
  it('is a short-lived, read-only token of that user’s partner customer', async () => {
    const ana = await verifiedUser(app, db);
    expect((await get(ana, '/api/unit/token')).json().error.code).toBe('bank_account_required');
    const { customerId } = await openBankAccount(app, ana);
    const answer = await get(ana, '/api/unit/token');
    expect(answer.statusCode).toBe(200);
    const token = answer.json();
    expect(token).toMatchObject({ token: expect.any(String), expiresIn: 900 });
    expect(token.scope).not.toMatch(/write/);
    const stored = await db
      .selectFrom('sandbox_unit_tokens')
      .selectAll()
      .where('customer_id', '=', customerId)
      .execute();
    expect(stored).toHaveLength(1);
    const lifetime = (stored[0] as { expires_at: Date }).expires_at.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(900_000);
    expect((await get(ana, '/api/unit/token')).json().token).not.toBe(token.token);
  });
});

/** The partner's balance of each account, by Unit account id. */
async function partnerBalances(...accountIds: string[]) {
  const rows = await db
    .selectFrom('sandbox_unit_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', accountIds)
    .execute();
  return Object.fromEntries(rows.map((a) => [a.id, a.balance]));
}

describe('book payments mirrored in the ledger', () => {
  it('sends twenty at once (twice the pool) without a 503, each once at the partner', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 5_000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    const betoBank = await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 5_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        moneyPost(app, ana, '/api/unit/payments/send', { receiver: beto.phone, amount: 150 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(await balanceOf(app, beto)).toBe(3_000);
    const atPartner = await db
      .selectFrom('sandbox_unit_payments')
      .select('id')
      .where('account_id', '=', anaBank.accountId)
      .where('amount', '=', 150)
      .execute();
    expect(atPartner).toHaveLength(20);
    expect(await partnerBalances(anaBank.accountId, betoBank.accountId)).toEqual({
      [anaBank.accountId]: 2_000,
      [betoBank.accountId]: 3_000,
    });
  });

  it('pays a Pago user with an account by phone or e-mail, at the partner and in the ledger', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 10_000), await verifiedUser(app, db)];
    expect(
      (
        await moneyPost(app, ana, '/api/unit/payments/send', { receiver: beto.phone, amount: 100 })
      ).json().error.code,
    ).toBe('bank_account_required');
    const anaBank = await openBankAccount(app, ana);
    expect(
      (
        await moneyPost(app, ana, '/api/unit/payments/send', { receiver: beto.phone, amount: 100 })
      ).json().error.code,
    ).toBe('recipient_bank_account_required');
    const betoBank = await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 10_000);

    const byPhone = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.phone,
      amount: 1234,
      description: 'Renta',
    });
    expect(byPhone.statusCode).toBe(201);
    expect(byPhone.json()).toMatchObject({
      kind: 'bank_transfer',
      status: 'completed',
      amountCents: 1234,
      feeCents: 0,
    });
    const byEmail = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.email.toUpperCase(),
      amount: 66,
    });
    expect(byEmail.statusCode).toBe(201);
    expect(await balanceOf(app, beto)).toBe(1300);
    expect(await partnerBalances(anaBank.accountId, betoBank.accountId)).toEqual({
      [anaBank.accountId]: 10_000 - 1300,
      [betoBank.accountId]: 1300,
    });
    const mirrors = await db
      .selectFrom('unit_payments')
      .select(['transfer_id', 'status', 'unit_payment_id'])
      .where('user_id', '=', ana.id)
      .execute();
    expect(mirrors.map((m) => m.status)).toEqual(['Sent', 'Sent']);
    expect(mirrors.map((m) => m.transfer_id).sort()).toEqual(
      [byPhone.json().id, byEmail.json().id].sort(),
    );
    const unknown = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: 'ghost@example.com',
      amount: 1,
    });
    expect(unknown.json().error.code).toBe('recipient_not_found');
  });

  it('a replay of the same Idempotency-Key pays once, at the partner too', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 5000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 5000);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/unit/payments/send',
        headers: { ...bearer(ana.token), 'idempotency-key': `replay-${ana.id}` },
        payload: { receiver: beto.email, amount: 700 },
      });
    const [first, second] = [await send(), await send()];
    expect(second.body).toBe(first.body);
    expect(await balanceOf(app, beto)).toBe(700);
    const atPartner = await db
      .selectFrom('sandbox_unit_payments')
      .select('id')
      .where('account_id', '=', anaBank.accountId)
      .where('type', '=', 'bookPayment')
      .execute();
    expect(atPartner).toHaveLength(1);
  });

  it('calls the partner with no connection held, and the receiver cannot spend it until it was sent', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 5000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 5000);
    const gate = await gatedPartner(app);
    const slow = await buildTestApp(db, {
      sandboxAchSettleMs: 300,
      unit: { ...unitSettings(app), baseUrl: gate.url },
    });
    try {
      const inFlight = moneyPost(slow, ana, '/api/unit/payments/send', {
        receiver: beto.email,
        amount: 900,
      });
      await until(() => gate.arrived() >= 1);
      expect(poolInUse(db)).toBe(0);
      // In Beto's balance, but held: a send of it is refused while the partner has not sent it.
      expect(await balanceOf(app, beto)).toBe(900);
      const early = await moneyPost(app, beto, '/api/transactions/send', {
        recipientName: ana.phone,
        recipientCountry: 'MX',
        amountUsd: 1,
      });
      expect(early.json().error.code).toBe('insufficient_funds');
      gate.release();
      expect((await inFlight).json()).toMatchObject({ status: 'completed', amountCents: 900 });
      const later = await moneyPost(app, beto, '/api/transactions/send', {
        recipientName: ana.phone,
        recipientCountry: 'MX',
        amountUsd: 1,
      });
      expect(later.statusCode).toBe(201);
    } finally {
      await gate.close();
      await slow.close();
    }
  });

  it('the partner refusing (its account lacks the money) answers 422 and gives the money back at once', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 5000), await verifiedUser(app, db)];
    await openBankAccount(app, ana);
    await openBankAccount(app, beto);
    const refused = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.email,
      amount: 500,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'bank_payment_rejected',
      details: { reason: 'InsufficientFunds' },
    });
    expect(await balanceOf(app, ana)).toBe(5000);
    expect(await balanceOf(app, beto)).toBe(0);
  });

  /** Two users with partner accounts, and a book payment sent while the partner was unreachable. */
  async function sentWhileUnreachable(amount: number) {
    const [ana, beto] = [await verifiedUser(app, db, 5000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    const betoBank = await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 5000);
    // The same database and server, but a Unit base URL where nothing answers.
    const cutOff = await buildTestApp(db, {
      sandboxAchSettleMs: 300,
      unit: { ...unitSettings(app), baseUrl: 'http://127.0.0.1:9/sandbox/unit' },
    });
    try {
      const sent = await moneyPost(cutOff, ana, '/api/unit/payments/send', {
        receiver: beto.email,
        amount,
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ status: 'processing' });
      return { ana, beto, anaBank, betoBank, transferId: sent.json().id as string };
    } finally {
      await cutOff.close();
    }
  }
  const bookPaymentsAtPartner = (accountId: string) =>
    db
      .selectFrom('sandbox_unit_payments')
      .select('amount')
      .where('account_id', '=', accountId)
      .where('type', '=', 'bookPayment')
      .execute();

  it('keeps the transfer processing while the partner is unreachable, then the retry sends it once', async () => {
    const { anaBank, transferId } = await sentWhileUnreachable(800);
    const mirror = () =>
      db
        .selectFrom('unit_payments')
        .selectAll()
        .where('transfer_id', '=', transferId)
        .executeTakeFirstOrThrow();
    expect(await mirror()).toMatchObject({ unit_payment_id: null, attempts: 1 });
    // Not due yet: nothing is sent.
    await servicesOf(app).banking.retryPendingPayments();
    expect((await mirror()).unit_payment_id).toBeNull();
    await db
      .updateTable('unit_payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('transfer_id', '=', transferId)
      .execute();
    await servicesOf(app).banking.retryPendingPayments();
    expect(await mirror()).toMatchObject({ status: 'Sent', unit_payment_id: expect.any(String) });
    expect(await transferStatus(transferId)).toBe('completed');
    await servicesOf(app).banking.retryPendingPayments();
    expect(await bookPaymentsAtPartner(anaBank.accountId)).toEqual([{ amount: 800 }]);
  });

  it('finishes a payment the process died on after the partner had it, exactly once', async () => {
    // Reserved and committed, but the partner's answer never recorded: a process that died.
    const { beto, anaBank, betoBank, transferId } = await sentWhileUnreachable(700);
    const row = await db
      .selectFrom('unit_payments')
      .selectAll()
      .where('transfer_id', '=', transferId)
      .executeTakeFirstOrThrow();
    // The call had reached the partner before the crash, with the mirror's key.
    const unit = createUnitClient({
      token: unitSettings(app).token,
      baseUrl: () =>
        `http://127.0.0.1:${(app.server.address() as { port: number }).port}/sandbox/unit`,
    });
    const reached = await unit.createBookPayment({
      accountId: anaBank.accountId,
      counterpartyAccountId: betoBank.accountId,
      amount: 700,
      description: 'Pago',
      idempotencyKey: row.idempotency_key,
      transferId,
    });
    await db
      .updateTable('unit_payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('transfer_id', '=', transferId)
      .execute();
    // Two workers at once: one claims it, the other finds nothing due.
    await Promise.all([
      servicesOf(app).banking.retryPendingPayments(),
      servicesOf(app).banking.retryPendingPayments(),
    ]);
    expect(
      await db
        .selectFrom('unit_payments')
        .select(['status', 'unit_payment_id'])
        .where('transfer_id', '=', transferId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'Sent', unit_payment_id: reached.id });
    expect(await transferStatus(transferId)).toBe('completed');
    expect(await bookPaymentsAtPartner(anaBank.accountId)).toEqual([{ amount: 700 }]);
    expect(await balanceOf(app, beto)).toBe(700);
  });

  it.each([
    [{ receiver: '+12125550100', amount: 0 }],
    [{ receiver: '+12125550100', amount: 12.5 }],
    [{ receiver: '', amount: 100 }],
    [{ amount: 100 }],
  ])('refuses %o with 400', async (payload) => {
    const ana = await verifiedUser(app, db);
    expect((await moneyPost(app, ana, '/api/unit/payments/send', payload)).statusCode).toBe(400);
  });
});

describe('the partner’s payment webhook', () => {
  const post = (body: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/unit/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-unit-signature': signature } : {}),
      },
      payload: body,
    });

  it('refuses a bad or missing signature with 401', async () => {
    const body = JSON.stringify({ data: [] });
    expect((await post(body)).statusCode).toBe(401);
    expect((await post(body, unitSignature('not-the-secret', body))).statusCode).toBe(401);
    const ok = await post(body, unitSignature(unitSettings(app).webhookSecret, body));
    expect(ok.statusCode).toBe(200);
    expect(
      (await post(`${body} `, unitSignature(unitSettings(app).webhookSecret, body))).statusCode,
    ).toBe(401);
  });

  it('a payment the partner rejects after review is reversed in the ledger, once', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 5000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 5000);
    // Sandbox test data: a book payment whose amount ends in .02 is held for review, then Rejected.
    const sent = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.email,
      amount: 1502,
    });
    expect(sent.json()).toMatchObject({ status: 'processing' });
    expect(await balanceOf(app, ana)).toBe(5000 - 1502);
    const transferId = sent.json().id as string;
    await tickUntil(app, async () => (await transferStatus(transferId)) === 'failed');
    expect(await balanceOf(app, ana)).toBe(5000);
    expect(await balanceOf(app, beto)).toBe(0);
    const mirror = await db
      .selectFrom('unit_payments')
      .selectAll()
      .where('transfer_id', '=', transferId)
      .executeTakeFirstOrThrow();
    expect(mirror).toMatchObject({ status: 'Rejected', reversal_transfer_id: expect.any(String) });

    // The same delivery again (a replay, correctly signed): no second reversal.
    const delivered = await db
      .selectFrom('sandbox_webhook_outbox')
      .select('body')
      .where('vendor', '=', 'unit')
      .where('body', 'like', `%"id":"${mirror.unit_payment_id}"%`)
      .where('delivered_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const replay = await post(
      delivered.body,
      unitSignature(unitSettings(app).webhookSecret, delivered.body),
    );
    expect(replay.statusCode).toBe(200);
    // A new event id about the same payment: the final status holds, nothing moves again.
    const fresh = delivered.body.replace(/"id":"(\d+)","type"/, '"id":"9$1","type"');
    expect(
      (await post(fresh, unitSignature(unitSettings(app).webhookSecret, fresh))).statusCode,
    ).toBe(200);
    expect(await balanceOf(app, ana)).toBe(5000);
    const reversals = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('related_transfer_id', '=', transferId)
      .execute();
    expect(reversals).toHaveLength(1);
    const reversalOf = async (user: { token: string }) =>
      (await get(user, '/api/transactions'))
        .json()
        .items.find((t: { kind: string }) => t.kind === 'bank_transfer_reversal');
    expect(await reversalOf(ana)).toMatchObject({ direction: 'in', amountCents: 1502 });
    expect(await reversalOf(beto)).toMatchObject({ direction: 'out', amountCents: 1502 });
  });
});

describe('ACH through the Unit client against the fake', () => {
  it('moves an ACH payment Pending → Sent → Settled, or Returned R01 for an amount ending in .01', async () => {
    const ana = await verifiedUser(app, db);
    const { accountId, customerId } = await openBankAccount(app, ana);
    await fundAtPartner(app, accountId, 20_000);
    const unit = createUnitClient({
      token: unitSettings(app).token,
      baseUrl: () =>
        `http://127.0.0.1:${(app.server.address() as { port: number }).port}/sandbox/unit`,
    });
    await expect(
      unit.createCounterpartyFromPlaid({
        customerId,
        plaidProcessorToken: 'not-a-token',
        name: 'Ana',
        idempotencyKey: 'cp-bad',
      }),
    ).rejects.toThrow(/Unit refused \(400\)/);
    const counterparty = await unit.createCounterpartyFromPlaid({
      customerId,
      plaidProcessorToken: 'processor-sandbox-0a1b2c3d-4e5f',
      name: 'Ana at First Platypus',
      idempotencyKey: `cp-${ana.id}`,
    });
    expect(counterparty).toMatchObject({ customerId, name: 'Ana at First Platypus' });
    const ach = (amount: number, key: string) =>
      unit.createAchPayment({
        accountId,
        counterpartyId: counterparty.id,
        amount,
        direction: 'Credit',
        description: 'Withdraw',
        idempotencyKey: key,
      });
    const good = await ach(5000, `ach-good-${ana.id}`);
    const returned = await ach(3001, `ach-r01-${ana.id}`);
    expect([good.status, returned.status]).toEqual(['Pending', 'Pending']);
    expect((await unit.getAccount(accountId)).available).toBe(20_000 - 8001);
    const seen = new Map<string, string[]>([
      [good.id, ['Pending']],
      [returned.id, ['Pending']],
    ]);
    await tickUntil(app, async () => {
      for (const payment of [good, returned]) {
        const status = (await unit.getPayment(payment.id)).status;
        const statuses = seen.get(payment.id) as string[];
        if (statuses.at(-1) !== status) statuses.push(status);
      }
      return [...seen.values()].every((s) => ['Settled', 'Returned'].includes(s.at(-1) as string));
    });
    expect(seen.get(good.id)).toEqual(['Pending', 'Sent', 'Settled']);
    expect(seen.get(returned.id)).toEqual(['Pending', 'Sent', 'Returned']);
    expect((await unit.getPayment(returned.id)).reason).toBe('R01');
    expect((await unit.getAccount(accountId)).balance).toBe(20_000 - 5000);
    // Each step was a signed webhook, delivered to Pago's receiver.
    await tickUntil(app, async () => {
      const rows = await db
        .selectFrom('sandbox_webhook_outbox')
        .select(['body', 'delivered_at'])
        .where('vendor', '=', 'unit')
        .where('body', 'like', `%"id":"${returned.id}"%`)
        .execute();
      return rows.length === 2 && rows.every((r) => r.delivered_at !== null);
    });
    const types = await db.selectFrom('unit_webhook_events').select('event_type').execute();
    expect(types.map((t) => t.event_type)).toEqual(
      expect.arrayContaining(['payment.sent', 'payment.settled', 'payment.returned']),
    );
    // Idempotent at the partner: the same key is the same payment.
    expect((await ach(5000, `ach-good-${ana.id}`)).id).toBe(good.id);
  });

  it('answers Unit’s error document for a wrong token', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/sandbox/unit/accounts/1',
      headers: { authorization: 'Bearer wrong' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({
      errors: [{ status: '401', title: 'Unauthorized', detail: expect.any(String) }],
    });
    expect((await unitFake(app, 'GET', '/accounts/999999999')).json().errors[0].status).toBe('404');
  });
});

describe('the banking panel’s transactions', () => {
  it('lists pending and settled partner transactions of the user’s own account, paged', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 9000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 9000);
    await moneyPost(app, ana, '/api/unit/payments/send', { receiver: beto.email, amount: 300 });
    await moneyPost(app, ana, '/api/unit/payments/send', { receiver: beto.email, amount: 402 });
    const page = (await get(ana, '/api/unit/transactions?limit=2')).json();
    expect(page).toMatchObject({ total: 2, limit: 2, offset: 0 });
    expect(
      page.settled.map((t: { amountCents: number; direction: string }) => [
        t.direction,
        t.amountCents,
      ]),
    ).toEqual([
      ['out', 300],
      ['in', 9000],
    ]);
    expect(page.pending).toMatchObject([{ amountCents: 402, direction: 'out', summary: '' }]);
    const second = (await get(ana, '/api/unit/transactions?limit=1&offset=1')).json();
    expect(second.settled).toHaveLength(1);
    expect(second.settled[0].amountCents).toBe(9000);
    const betoPage = (await get(beto, '/api/unit/transactions')).json();
    expect(betoPage.settled.map((t: { amountCents: number }) => t.amountCents)).toEqual([300]);
    expect((await get(ana, '/api/unit/transactions?limit=0')).statusCode).toBe(400);
  });
});

describe('reconciliation', () => {
  it('finds a difference planted at the partner, stores and reports it', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 4000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    await openBankAccount(app, beto);
    const funding = await fundAtPartner(app, anaBank.accountId, 4000);
    const paid = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.email,
      amount: 1000,
    });
    const mirror = await db
      .selectFrom('unit_payments')
      .select('unit_payment_id')
      .where('transfer_id', '=', paid.json().id)
      .executeTakeFirstOrThrow();
    // Planted: the partner's record of the payment says another amount.
    await db
      .updateTable('sandbox_unit_payments')
      .set({ amount: 1001 })
      .where('id', '=', mirror.unit_payment_id as string)
      .execute();
    const answer = await app.inject({ method: 'POST', url: '/sandbox/unit/reconcile' });
    expect(answer.statusCode).toBe(200);
    const mine = (
      answer.json().differences as { userId: string; kind: string; unitId: string }[]
    ).filter((d) => d.userId === ana.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'amount_mismatch',
          unitId: mirror.unit_payment_id,
          expected: '1000',
          actual: '1001',
        }),
        // The test funds arrived at the partner without a ledger transfer.
        expect.objectContaining({ kind: 'missing_in_ledger', unitId: funding.id }),
        expect.objectContaining({ kind: 'balance_mismatch', expected: '-1000', actual: '3000' }),
      ]),
    );
    expect(mine.filter((d) => d.userId === beto.id)).toEqual([]);
    const stored = await db
      .selectFrom('unit_reconciliation_differences')
      .select('kind')
      .where('run_id', '=', answer.json().runId)
      .where('user_id', '=', ana.id)
      .execute();
    expect(stored.map((s) => s.kind).sort()).toEqual([
      'amount_mismatch',
      'balance_mismatch',
      'missing_in_ledger',
    ]);
    const betoDiffs = (answer.json().differences as { userId: string }[]).filter(
      (d) => d.userId === beto.id,
    );
    expect(betoDiffs).toEqual([]);
  });
});

describe('live mode', () => {
  it('without Unit settings refuses the banking routes; with them the feature is on', async () => {
    const live = await buildTestApp(db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:1',
      unit: null,
    });
    try {
      const ana = await verifiedUser(app, db);
      expect((await live.inject({ url: '/api/features' })).json().bankAccount).toBe(false);
      const create = await live.inject({
        method: 'POST',
        url: '/api/unit/accounts/create',
        headers: { ...bearer(ana.token), 'idempotency-key': 'live-key-1234' },
        payload: {},
      });
      expect(create.statusCode).toBe(503);
      expect(create.json().error).toMatchObject({
        code: 'feature_unavailable_in_live_mode',
        details: { feature: 'bankAccount' },
      });
      expect(
        (await live.inject({ method: 'POST', url: '/sandbox/unit/accounts' })).statusCode,
      ).toBe(404);
    } finally {
      await live.close();
    }
    const configured = await buildTestApp(db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:1',
      unit: { baseUrl: 'https://api.s.unit.sh', token: 'live-token', webhookSecret: 'live-secret' },
    });
    try {
      expect((await configured.inject({ url: '/api/features' })).json().bankAccount).toBe(true);
    } finally {
      await configured.close();
    }
  });
});

describe('bill pay', () => {
  it('lists billers by type and pays one from the wallet', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const billers = (
      await app.inject({
        method: 'GET',
        url: '/api/billers?paymentType=electricity',
        headers: bearer(ana.token),
      })
    ).json();
    expect(billers.length).toBeGreaterThan(1);
    expect(
      billers.every(
        (b: { paymentType: string; category: string }) =>
          b.paymentType === 'electricity' && b.category === 'utilities',
      ),
    ).toBe(true);
    const paid = await moneyPost(app, ana, '/api/unit/bill-payment', {
      paymentType: 'electricity',
      payeeId: billers[0].id,
      amount: 8450,
      accountId: '7788-1234-9',
      memo: 'Noviembre',
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      kind: 'bill_payment',
      amountCents: 8450,
      counterparty: { name: billers[0].name },
    });
    expect(paid.json().details).toMatchObject({ accountAtBiller: '••••34-9', memo: 'Noviembre' });
    expect(await balanceOf(app, ana)).toBe(20_000 - 8450);
  });

  it('fails clearly when the biller refuses the account, and moves no money', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const refused = await moneyPost(app, ana, '/api/unit/bill-payment', {
      paymentType: 'water',
      payeeId: 'water-1',
      amount: 100,
      accountId: '0000123',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { code: 'payment_failed' },
      message: 'Account not found at City Water Utilities',
    });
    const mismatch = await moneyPost(app, ana, '/api/unit/bill-payment', {
      paymentType: 'gas',
      payeeId: 'water-1',
      amount: 100,
      accountId: '12345',
    });
    expect(mismatch.json().error.code).toBe('payment_failed');
    expect(await balanceOf(app, ana)).toBe(20_000);
  });
});

describe('test money and limits', () => {
  it('adds up to $1,000.00 of test money at a time through the ledger', async () => {
    const ana = await verifiedUser(app, db);
    expect(
      (await moneyPost(app, ana, '/api/wallet/test-deposit', { amount: 100_001 })).statusCode,
    ).toBe(400);
    const ok = await moneyPost(app, ana, '/api/wallet/test-deposit', { amount: 100_000 });
    expect(ok.json()).toMatchObject({ kind: 'deposit', direction: 'in', amountCents: 100_000 });
    const profile = (
      await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(ana.token) })
    ).json();
    expect(profile).toMatchObject({
      balanceCents: 100_000,
      balance: 1000,
      availableBalanceCents: 100_000,
    });
  });

  it('does not exist in live mode', async () => {
    const live = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const ana = await verifiedUser(app, db);
      const response = await live.inject({
        method: 'POST',
        url: '/api/wallet/test-deposit',
        headers: { ...bearer(ana.token), 'idempotency-key': 'key-12345678' },
        payload: { amount: 100 },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
