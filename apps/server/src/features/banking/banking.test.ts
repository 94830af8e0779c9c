import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(() => app.close());

describe('banking partner accounts and book transfers', () => {
  it('answers 404 until the user opens an account, then gives its numbers', async () => {
    const ana = await verifiedUser(app, db);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/unit/accounts/me',
          headers: bearer(ana.token),
        })
      ).statusCode,
    ).toBe(404);
    const created = await moneyPost(app, ana, '/api/unit/accounts/create', {});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      accountNumber: expect.stringMatching(/^9\d{11}$/),
      routingNumber: '123456780',
    });
    const me = await app.inject({
      method: 'GET',
      url: '/api/unit/accounts/me',
      headers: bearer(ana.token),
    });
    expect(me.json()).toEqual(created.json());
    expect((await moneyPost(app, ana, '/api/unit/accounts/create', {})).json().error.code).toBe(
      'bank_account_exists',
    );
  });

  it('needs verified identity to open an account', async () => {
    const user = await signUp(app);
    expect((await moneyPost(app, user, '/api/unit/accounts/create', {})).json().error.code).toBe(
      'identity_not_verified',
    );
  });

  it('sends a book transfer in cents to a Pago user by phone or e-mail', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 10_000), await verifiedUser(app, db)];
    expect(
      (
        await moneyPost(app, ana, '/api/unit/payments/send', { receiver: beto.phone, amount: 100 })
      ).json().error.code,
    ).toBe('bank_account_required');
    await moneyPost(app, ana, '/api/unit/accounts/create', {});
    const byPhone = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.phone,
      amount: 1234,
      description: 'Renta',
    });
    expect(byPhone.statusCode).toBe(201);
    expect(byPhone.json()).toMatchObject({ kind: 'bank_transfer', amountCents: 1234, feeCents: 0 });
    const byEmail = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.email.toUpperCase(),
      amount: 66,
    });
    expect(byEmail.statusCode).toBe(201);
    expect(await balanceOf(app, beto)).toBe(1300);
    const unknown = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: 'ghost@example.com',
      amount: 1,
    });
    expect(unknown.json().error.code).toBe('recipient_not_found');
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
