import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  nextUsPhone,
  verifiedUser,
} from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';

let app: AppInstance;
let db: Database;
let now = new Date('2026-11-20T15:00:00Z');

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db, { sandboxPayoutDelayMs: 1000 }, () => now);
});
afterAll(async () => {
  expect(await findInvariantViolations(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeUserAccounts: [],
  });
  await app.close();
});

const quote = (user: { token: string }, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/transactions/quote',
    headers: bearer(user.token),
    payload,
  });

describe('quotes', () => {
  it.each([
    ['MX', 'standard', 100, 449, 'MXN', '17.885000', '1788.50', 'one_to_three_days'],
    ['MX', 'express', 100, 848, 'MXN', '17.885000', '1788.50', 'under_30_minutes'],
    ['CO', 'standard', 100, 649, 'COP', '3909.750000', '390975.00', 'one_to_three_days'],
    ['GT', 'standard', 250.5, 850, 'GTQ', '7.507500', '1880.62', 'one_to_three_days'],
    ['SV', 'express', 100, 1048, 'USD', '1.000000', '100.00', 'under_30_minutes'],
    ['EC', 'standard', 100, 549, 'USD', '1.000000', '100.00', 'one_to_three_days'],
    ['CL', 'standard', 100, 649, 'CLP', '918.450000', '91845', 'one_to_three_days'],
  ])(
    '%s %s $%d: fee %i cents, rate %s, recipient gets %s %s',
    async (country, speed, amountUsd, fee, currency, rate, payout, delivery) => {
      const user = await verifiedUser(app, db);
      const response = await quote(user, { recipientCountry: country, amountUsd, speed });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        recipientCountry: country,
        speed,
        amountCents: Math.round(amountUsd * 100),
        feeCents: fee,
        totalCents: Math.round(amountUsd * 100) + fee,
        payoutCurrency: currency,
        fxRate: rate,
        payoutAmount: payout,
        deliveryEstimate: delivery,
      });
      expect(Date.parse(response.json().expiresAt) - now.getTime()).toBe(10 * 60_000);
    },
  );

  // amountUsd is read from its decimal text, never multiplied as a float (0.29 * 100 is
  // 28.999999999999996). A client that types 0.1 + 0.2 sends 0.30000000000000004: refused.
  it.each([
    [0.29, 29],
    [19.99, 1999],
    [999, 99_900],
    [0.01, 1],
    [1.1, 110],
    [4.35, 435],
    [1.005, null],
    [1e-7, null],
    [0.1 + 0.2, null],
    [10.000000001, null],
    [12.345, null],
  ])('amountUsd %d is %s cents, exactly, or a 400', async (amountUsd, expected) => {
    const user = await verifiedUser(app, db);
    const response = await quote(user, { recipientCountry: 'MX', amountUsd });
    if (expected === null) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(response.json().error.details.fields).toEqual([
        {
          path: 'amountUsd',
          message: 'Amount must be dollars with at most two decimals, e.g. 19.99',
        },
      ]);
    } else {
      expect(response.statusCode).toBe(200);
      expect(response.json().amountCents).toBe(expected);
    }
  });

  it('quotes a phone of a Pago user as instant and free, in dollars, and a stranger’s as a remittance', async () => {
    const [ana, beto] = [await verifiedUser(app, db), await verifiedUser(app, db)];
    const p2p = await quote(ana, {
      recipientCountry: 'MX',
      amountUsd: 100,
      recipientPhone: beto.phone,
    });
    expect(p2p.json()).toMatchObject({
      transferKind: 'p2p',
      amountCents: 10_000,
      feeCents: 0,
      totalCents: 10_000,
      payoutCurrency: 'USD',
      payoutAmount: '100.00',
      deliveryEstimate: 'instant',
    });
    const stranger = await quote(ana, {
      recipientCountry: 'MX',
      amountUsd: 100,
      recipientPhone: '+525512345678',
    });
    expect(stranger.json()).toMatchObject({
      transferKind: 'remittance',
      feeCents: 449,
      payoutCurrency: 'MXN',
    });
    const self = await quote(ana, {
      recipientCountry: 'MX',
      amountUsd: 100,
      recipientPhone: ana.phone,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.code).toBe('self_transfer');
  });

  it.each([
    [{ recipientCountry: 'US', amountUsd: 100 }],
    [{ recipientCountry: 'MX', amountUsd: 0 }],
    [{ recipientCountry: 'MX', amountUsd: 12.345 }],
    [{ recipientCountry: 'MX', amountUsd: '100' }],
    [{ recipientCountry: 'MX', amountUsd: 100, speed: 'overnight' }],
  ])('refuses %o with 400', async (payload) => {
    const user = await verifiedUser(app, db);
    expect((await quote(user, payload)).statusCode).toBe(400);
  });
});

describe('sending money', () => {
  it('refuses users whose identity is not verified, with a clear code', async () => {
    const user = await signUp(app, { phone: nextUsPhone() });
    const response = await moneyPost(app, user, '/api/transactions/send', {
      recipientName: '+525512345678',
      recipientCountry: 'MX',
      amountUsd: 10,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: { code: 'identity_not_verified' },
      message: 'Verify your identity before moving money.',
    });
    expect((await quote(user, { recipientCountry: 'MX', amountUsd: 10 })).statusCode).toBe(403);
  });

  it('requires an Idempotency-Key', async () => {
    const user = await verifiedUser(app, db, 10_000);
    const response = await app.inject({
      method: 'POST',
      url: '/api/transactions/send',
      headers: bearer(user.token),
      payload: { recipientName: '+525512345678', recipientCountry: 'MX', amountUsd: 10 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('idempotency_key_required');
  });

  it('pays a Pago user instantly and free when the phone is theirs', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 50_000), await verifiedUser(app, db)];
    const response = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 25.5,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'p2p',
      status: 'completed',
      direction: 'out',
      amountCents: 2550,
      feeCents: 0,
    });
    expect(response.json().counterparty).toMatchObject({
      userId: beto.id,
      username: beto.username,
    });
    expect(await balanceOf(app, ana)).toBe(50_000 - 2550);
    expect(await balanceOf(app, beto)).toBe(2550);
    const seenByBeto = await app.inject({
      method: 'GET',
      url: `/api/transactions/${response.json().id}`,
      headers: bearer(beto.token),
    });
    expect(seenByBeto.json()).toMatchObject({
      direction: 'in',
      amountCents: 2550,
      feeCents: 0,
      details: {},
    });
  });

  it('sends a remittance on a quote: debits amount and fee, delivers, and keeps the quoted rate', async () => {
    const ana = await verifiedUser(app, db, 50_000);
    const q = (
      await quote(ana, {
        recipientCountry: 'MX',
        amountUsd: 100,
        speed: 'express',
        recipientPhone: '+525598765432',
      })
    ).json();
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: '+525598765432',
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'express',
      quoteId: q.quoteId,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      kind: 'remittance',
      status: 'processing',
      amountCents: 10_000,
      feeCents: 848,
      totalCents: 10_848,
    });
    expect(sent.json().details).toMatchObject({
      fxRate: '17.88500000',
      payoutAmount: '1788.50',
      payoutCurrency: 'MXN',
    });
    expect(await balanceOf(app, ana)).toBe(50_000 - 10_848);

    now = new Date(now.getTime() + 1500);
    expect(await app.services.transfers.settleDuePayouts()).toBeGreaterThanOrEqual(1);
    const receipt = await app.inject({
      method: 'GET',
      url: `/api/transactions/${sent.json().id}`,
      headers: bearer(ana.token),
    });
    expect(receipt.json().status).toBe('delivered');
    expect(receipt.json().statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'processing',
      'delivered',
    ]);

    const reuse = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: '+525598765432',
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'express',
      quoteId: q.quoteId,
    });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error.code).toBe('quote_expired');
  });

  it('refunds a failed payout in full, fee included', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const q = (
      await quote(ana, { recipientCountry: 'CO', amountUsd: 100, recipientPhone: '+573001230000' })
    ).json();
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: '+573001230000',
      recipientCountry: 'CO',
      amountUsd: 100,
      quoteId: q.quoteId,
    });
    expect(sent.statusCode).toBe(201);
    expect(await balanceOf(app, ana)).toBe(20_000 - 10_649);
    now = new Date(now.getTime() + 5000);
    await app.services.transfers.settleDuePayouts();
    expect(await balanceOf(app, ana)).toBe(20_000);
    const receipt = (
      await app.inject({
        method: 'GET',
        url: `/api/transactions/${sent.json().id}`,
        headers: bearer(ana.token),
      })
    ).json();
    expect(receipt.status).toBe('refunded');
    expect(receipt.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'processing',
      'failed',
      'refunded',
    ]);
    const list = (
      await app.inject({
        method: 'GET',
        url: '/api/transactions?type=remittance_refund',
        headers: bearer(ana.token),
      })
    ).json();
    expect(list.items[0]).toMatchObject({
      kind: 'remittance_refund',
      direction: 'in',
      amountCents: 10_649,
    });
    // A refunded transfer gives its room back to the limits.
    const limits = (
      await app.inject({ method: 'GET', url: '/api/limits', headers: bearer(ana.token) })
    ).json();
    expect(limits.day.usedCents).toBe(0);
  });

  it('refuses a send without a quote, with an expired quote and with a changed amount', async () => {
    const ana = await verifiedUser(app, db, 50_000);
    const base = { recipientName: '+525511112222', recipientCountry: 'MX', amountUsd: 50 };
    expect((await moneyPost(app, ana, '/api/transactions/send', base)).json().error.code).toBe(
      'quote_required',
    );
    const q = (
      await quote(ana, {
        recipientCountry: 'MX',
        amountUsd: 50,
        recipientPhone: base.recipientName,
      })
    ).json();
    expect(
      (
        await moneyPost(app, ana, '/api/transactions/send', {
          ...base,
          amountUsd: 51,
          quoteId: q.quoteId,
        })
      ).json().error.code,
    ).toBe('quote_mismatch');
    now = new Date(now.getTime() + 11 * 60_000);
    const expired = await moneyPost(app, ana, '/api/transactions/send', {
      ...base,
      quoteId: q.quoteId,
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This quote has expired. Get a new quote.');
    expect(await balanceOf(app, ana)).toBe(50_000);
  });

  it('refuses more than the balance, saying what is available', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 1000), await verifiedUser(app, db)];
    const response = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 10.01,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'insufficient_funds', details: { balanceCents: 1000 } },
      message: 'Insufficient funds. Your balance is $10.00.',
    });
  });

  it('refuses sending to yourself', async () => {
    const ana = await verifiedUser(app, db, 1000);
    const response = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: ana.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    expect(response.json().error.code).toBe('self_transfer');
  });
});

describe('a quote is bound to its recipient', () => {
  const send = (user: MoneyUser, payload: object) =>
    moneyPost(app, user, '/api/transactions/send', payload);

  it('refuses a free P2P quote for a remittance to someone else, and moves no money', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 50_000), await verifiedUser(app, db)];
    const p2p = (
      await quote(ana, { recipientCountry: 'MX', amountUsd: 100, recipientPhone: beto.phone })
    ).json();
    expect(p2p).toMatchObject({ transferKind: 'p2p', feeCents: 0 });
    const response = await send(ana, {
      recipientName: '+525598761111',
      recipientCountry: 'MX',
      amountUsd: 100,
      quoteId: p2p.quoteId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { code: 'quote_recipient_mismatch' },
      message: 'This quote was made for another recipient. Get a new quote for this one.',
    });
    expect(await balanceOf(app, ana)).toBe(50_000);
  });

  it('refuses a remittance quote for another phone, another country, or no phone', async () => {
    const ana = await verifiedUser(app, db, 50_000);
    const quoted = async (payload: object) =>
      (await quote(ana, { recipientCountry: 'MX', amountUsd: 20, ...payload })).json().quoteId;
    const body = { recipientName: '+525598762222', recipientCountry: 'MX', amountUsd: 20 };
    const otherPhone = await quoted({ recipientPhone: '+525598763333' });
    const noPhone = await quoted({});
    const colombia = (
      await quote(ana, { recipientCountry: 'CO', amountUsd: 20, recipientPhone: '+573001234567' })
    ).json().quoteId;
    for (const quoteId of [otherPhone, noPhone]) {
      expect((await send(ana, { ...body, quoteId })).json().error.code).toBe(
        'quote_recipient_mismatch',
      );
    }
    expect(
      (
        await send(ana, {
          recipientName: '+573001234567',
          recipientCountry: 'MX',
          amountUsd: 20,
          quoteId: colombia,
        })
      ).json().error.code,
    ).toBe('recipient_country_mismatch');
    const right = await quoted({ recipientPhone: body.recipientName });
    expect((await send(ana, { ...body, quoteId: right })).statusCode).toBe(201);
  });

  it('checks a quote a P2P send carries: same person, country and amount', async () => {
    const [ana, beto, carla] = [
      await verifiedUser(app, db, 50_000),
      await verifiedUser(app, db),
      await verifiedUser(app, db),
    ];
    const forBeto = (
      await quote(ana, { recipientCountry: 'MX', amountUsd: 10, recipientPhone: beto.phone })
    ).json().quoteId;
    const toCarla = await send(ana, {
      recipientName: carla.phone,
      recipientCountry: 'MX',
      amountUsd: 10,
      quoteId: forBeto,
    });
    expect(toCarla.json().error.code).toBe('quote_recipient_mismatch');
    const otherCountry = await send(ana, {
      recipientName: beto.phone,
      recipientCountry: 'GT',
      amountUsd: 10,
      quoteId: forBeto,
    });
    expect(otherCountry.json().error.code).toBe('quote_recipient_mismatch');
    const toBeto = await send(ana, {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 10,
      quoteId: forBeto,
    });
    expect(toBeto.statusCode).toBe(201);
    expect(await balanceOf(app, carla)).toBe(0);
  });
});

describe('the destination country and the recipient’s phone', () => {
  it('refuses a remittance to a phone of another country, at quote and at send', async () => {
    const ana = await verifiedUser(app, db, 50_000);
    const quoted = await quote(ana, {
      recipientCountry: 'MX',
      amountUsd: 50,
      recipientPhone: '+573001234567',
    });
    expect(quoted.statusCode).toBe(422);
    expect(quoted.json()).toMatchObject({
      error: {
        code: 'recipient_country_mismatch',
        details: { recipientCountry: 'MX', phoneCountry: 'CO' },
      },
    });
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: '+573001234567',
      recipientCountry: 'MX',
      amountUsd: 50,
    });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().error.code).toBe('recipient_country_mismatch');
  });

  it('says a U.S. phone that is not on Pago is no remittance, whatever country is chosen', async () => {
    const ana = await verifiedUser(app, db, 50_000);
    const stranger = nextUsPhone();
    const quoted = await quote(ana, {
      recipientCountry: 'MX',
      amountUsd: 50,
      recipientPhone: stranger,
    });
    expect(quoted.statusCode).toBe(422);
    expect(quoted.json()).toMatchObject({
      error: { code: 'recipient_not_on_pago', details: { phoneCountry: 'US' } },
    });
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: stranger,
      recipientCountry: 'MX',
      amountUsd: 50,
    });
    expect(sent.json().error.code).toBe('recipient_not_on_pago');
    expect(await balanceOf(app, ana)).toBe(50_000);
  });
});

describe('limits at quote time', () => {
  it('refuses a quote over the room left, per transfer, today and this month', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 1_200_000), await verifiedUser(app, db)];
    now = new Date('2027-02-01T15:00:00Z');
    const quoteFor = (amountUsd: number) =>
      quote(ana, { recipientCountry: 'MX', amountUsd, recipientPhone: '+525598764444' });
    const perTransfer = await quoteFor(999.01);
    expect(perTransfer.statusCode).toBe(422);
    expect(perTransfer.json()).toMatchObject({
      error: {
        code: 'limit_exceeded',
        details: { limit: 'per_transaction', limitCents: 99_900 },
      },
    });
    const p2p = (amountUsd: number) =>
      moneyPost(app, ana, '/api/transactions/send', {
        recipientName: beto.phone,
        recipientCountry: 'MX',
        amountUsd,
      });
    expect((await p2p(999)).statusCode).toBe(201);
    expect((await p2p(999)).statusCode).toBe(201);
    const today = await quoteFor(502.01);
    expect(today.json()).toMatchObject({
      error: {
        code: 'limit_exceeded',
        details: { limit: 'daily', limitCents: 250_000, remainingCents: 50_200 },
      },
      message: 'This is over your daily limit of $2,500.00. You can still send $502.00 today.',
    });
    expect((await quoteFor(502)).statusCode).toBe(200);
    for (let day = 2; day <= 5; day++) {
      now = new Date(`2027-02-0${day}T15:00:00Z`);
      expect((await p2p(999)).statusCode).toBe(201);
      expect((await p2p(999)).statusCode).toBe(201);
    }
    now = new Date('2027-02-20T15:00:00Z');
    const month = await quoteFor(10.01);
    expect(month.json().error.details).toEqual({
      limit: 'monthly',
      limitCents: 1_000_000,
      remainingCents: 1000,
    });
    expect((await quoteFor(10)).statusCode).toBe(200);
    now = new Date('2026-11-20T15:00:00Z');
  });
});

describe('receipts keep the names as they were', () => {
  const rename = (user: MoneyUser, name: string) =>
    db.updateTable('users').set({ name }).where('id', '=', user.id).execute();
  const receipt = async (user: MoneyUser, id: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/transactions/${id}`,
        headers: bearer(user.token),
      })
    ).json();

  it('shows both sides the names of when the money moved: P2P, request payment, bank transfer', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 50_000), await verifiedUser(app, db, 50_000)];
    await rename(ana, 'Ana Before');
    await rename(beto, 'Beto Before');
    const p2p = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 1,
    });
    const request = await moneyPost(app, ana, '/api/requests/create', {
      requestedFrom: beto.phone,
      amountUsd: 2,
      requestNote: 'lunch',
    });
    const paid = await moneyPost(app, beto, `/api/requests/${request.json().id}/pay`, {});
    expect((await moneyPost(app, ana, '/api/unit/accounts/create', {})).statusCode).toBe(201);
    const book = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.phone,
      amount: 300,
    });
    const ids = [p2p.json().id, paid.json().transferId, book.json().id];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    await rename(ana, 'Ana After');
    await rename(beto, 'Beto After');
    for (const id of ids) {
      const [byAna, byBeto] = [await receipt(ana, id), await receipt(beto, id)];
      expect(byAna.counterparty.name).toBe('Beto Before');
      expect(byBeto.counterparty.name).toBe('Ana Before');
      expect(byAna.details).not.toHaveProperty('partyNames');
    }
    const activity = (
      await app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(beto.token) })
    ).json();
    expect(
      activity.items
        .filter((t: { id: string }) => ids.includes(t.id))
        .map((t: { counterparty: { name: string } }) => t.counterparty.name),
    ).toEqual(['Ana Before', 'Ana Before', 'Ana Before']);
  });
});

describe('idempotency', () => {
  it('replays the first response for the same key and body, and refuses the key with another body', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 10_000), await verifiedUser(app, db)];
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    const first = await moneyPost(app, ana, '/api/transactions/send', body, key);
    const again = await moneyPost(app, ana, '/api/transactions/send', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await balanceOf(app, ana)).toBe(9000);
    const other = await moneyPost(
      app,
      ana,
      '/api/transactions/send',
      { ...body, amountUsd: 11 },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('stores a refusal too: the replay of a refused send is the same refusal', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 500), await verifiedUser(app, db)];
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    const first = await moneyPost(app, ana, '/api/transactions/send', body, key);
    expect(first.statusCode).toBe(422);
    await moneyPost(app, ana, '/api/wallet/test-deposit', { amount: 5000 });
    const replay = await moneyPost(app, ana, '/api/transactions/send', body, key);
    expect(replay.statusCode).toBe(422);
    expect(replay.body).toBe(first.body);
  });

  it('makes one transfer of 50 concurrent requests with one key, all answered alike', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 10_000), await verifiedUser(app, db)];
    const key = randomUUID();
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => moneyPost(app, ana, '/api/transactions/send', body, key)),
    );
    expect(new Set(responses.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(await balanceOf(app, beto)).toBe(1000);
  });

  it('keeps keys per user: two users may use the same key', async () => {
    const [ana, beto, carla] = [
      await verifiedUser(app, db, 1000),
      await verifiedUser(app, db, 1000),
      await verifiedUser(app, db),
    ];
    const key = randomUUID();
    const body = { recipientName: carla.phone, recipientCountry: 'MX', amountUsd: 1 };
    expect((await moneyPost(app, ana, '/api/transactions/send', body, key)).statusCode).toBe(201);
    expect((await moneyPost(app, beto, '/api/transactions/send', body, key)).statusCode).toBe(201);
    expect(await balanceOf(app, carla)).toBe(200);
  });
});

describe('limits', () => {
  it('takes $999.00 in one transfer and refuses $999.01', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 300_000), await verifiedUser(app, db)];
    const over = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 999.01,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      error: { code: 'limit_exceeded', details: { limit: 'per_transaction', limitCents: 99_900 } },
      message: 'The most you can send in one transfer is $999.00.',
    });
    expect(
      (
        await moneyPost(app, ana, '/api/transactions/send', {
          recipientName: beto.phone,
          recipientCountry: 'MX',
          amountUsd: 999,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('counts the day in US Eastern time and says how much room is left', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 600_000), await verifiedUser(app, db)];
    const send = (amountUsd: number) =>
      moneyPost(app, ana, '/api/transactions/send', {
        recipientName: beto.phone,
        recipientCountry: 'MX',
        amountUsd,
      });
    // 23:30 in New York on Nov 24 (04:30 UTC on the 25th).
    now = new Date('2026-11-25T04:30:00Z');
    expect((await send(999)).statusCode).toBe(201);
    expect((await send(999)).statusCode).toBe(201);
    expect((await send(502)).statusCode).toBe(201);
    const over = await send(0.01);
    expect(over.json()).toMatchObject({
      error: { code: 'limit_exceeded', details: { limit: 'daily', remainingCents: 0 } },
      message: 'This is over your daily limit of $2,500.00. You can still send $0.00 today.',
    });
    const limits = (
      await app.inject({ method: 'GET', url: '/api/limits', headers: bearer(ana.token) })
    ).json();
    expect(limits).toEqual({
      perTransactionCents: 99_900,
      day: { limitCents: 250_000, usedCents: 250_000, remainingCents: 0 },
      month: { limitCents: 1_000_000, usedCents: 250_000, remainingCents: 750_000 },
    });
    // Midnight in New York: a new day, though UTC was already on the 25th.
    now = new Date('2026-11-25T05:00:00Z');
    expect((await send(10)).statusCode).toBe(201);
  });

  it('counts the month in US Eastern time', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 1_200_000), await verifiedUser(app, db)];
    const send = (amountUsd: number) =>
      moneyPost(app, ana, '/api/transactions/send', {
        recipientName: beto.phone,
        recipientCountry: 'MX',
        amountUsd,
      });
    for (let day = 1; day <= 5; day++) {
      now = new Date(`2026-12-0${day}T15:00:00Z`);
      expect((await send(999)).statusCode).toBe(201);
      expect((await send(999)).statusCode).toBe(201);
    }
    now = new Date('2026-12-31T15:00:00Z');
    const over = await send(10.01);
    expect(over.json().error.details).toEqual({
      limit: 'monthly',
      limitCents: 1_000_000,
      remainingCents: 1000,
    });
    expect(over.json().message).toBe(
      'This is over your monthly limit of $10,000.00. You can still send $10.00 this month.',
    );
    expect((await send(10)).statusCode).toBe(201);
    // 23:59 on Dec 31 in New York is still December; 00:00 on Jan 1 is a new month.
    now = new Date('2027-01-01T04:59:00Z');
    expect((await send(1)).statusCode).toBe(422);
    now = new Date('2027-01-01T05:00:00Z');
    expect((await send(1)).statusCode).toBe(201);
    now = new Date('2026-11-20T15:00:00Z');
  });

  // On the real clock: each request reads its own time, so a send that started later may commit
  // first. A frozen clock gives every request the same instant and hides that race (issue 10).
  it('lets exactly 2 of many parallel $999.00 sends through in one day, on the real clock', async () => {
    const realClockApp = await buildTestApp(db);
    const easternDay = () =>
      new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    try {
      for (let round = 0; round < 6; round++) {
        const [ana, beto] = [
          await verifiedUser(realClockApp, db, 500_000),
          await verifiedUser(realClockApp, db),
        ];
        const day = easternDay();
        const responses = await Promise.all(
          Array.from({ length: 40 }, () =>
            moneyPost(realClockApp, ana, '/api/transactions/send', {
              recipientName: beto.phone,
              recipientCountry: 'MX',
              amountUsd: 999,
            }),
          ),
        );
        // A round across midnight in New York spans two days, where 4 may pass: run another.
        if (easternDay() !== day) continue;
        expect(await balanceOf(realClockApp, beto)).toBeLessThanOrEqual(250_000);
        expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
        expect(
          responses
            .filter((r) => r.statusCode !== 201)
            .every((r) => r.statusCode === 422 && r.json().error.details.limit === 'daily'),
        ).toBe(true);
      }
    } finally {
      await realClockApp.close();
    }
  });
});

describe('concurrency', () => {
  it('lets exactly 50 of 200 parallel $10.00 transfers through from a wallet of $500.00', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 50_000), await verifiedUser(app, db)];
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        moneyPost(app, ana, '/api/transactions/send', {
          recipientName: beto.phone,
          recipientCountry: 'MX',
          amountUsd: 10,
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(50);
    expect(
      responses
        .filter((r) => r.statusCode === 422)
        .every((r) => r.json().error.code === 'insufficient_funds'),
    ).toBe(true);
    expect(await balanceOf(app, ana)).toBe(0);
    expect(await balanceOf(app, beto)).toBe(50_000);
  });

  it('never deadlocks with transfers in both directions between two wallets', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 20_000), await verifiedUser(app, db, 20_000)];
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? moneyPost(app, ana, '/api/transactions/send', {
              recipientName: beto.phone,
              recipientCountry: 'MX',
              amountUsd: 1,
            })
          : moneyPost(app, beto, '/api/transactions/send', {
              recipientName: ana.phone,
              recipientCountry: 'MX',
              amountUsd: 1,
            }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect((await balanceOf(app, ana)) + (await balanceOf(app, beto))).toBe(40_000);
  });
});

describe('activity', () => {
  it('pages through the owner’s transfers with filters, and hides others’ transfers', async () => {
    const [ana, beto, eve] = [
      await verifiedUser(app, db, 10_000),
      await verifiedUser(app, db),
      await verifiedUser(app, db),
    ];
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      now = new Date(now.getTime() + 1000);
      ids.push(
        (
          await moneyPost(app, ana, '/api/transactions/send', {
            recipientName: beto.phone,
            recipientCountry: 'MX',
            amountUsd: i,
          })
        ).json().id,
      );
    }
    const page1 = (
      await app.inject({
        method: 'GET',
        url: '/api/transactions?limit=2&type=p2p',
        headers: bearer(ana.token),
      })
    ).json();
    expect(page1.items.map((t: { id: string }) => t.id)).toEqual([ids[4], ids[3]]);
    const page2 = (
      await app.inject({
        method: 'GET',
        url: `/api/transactions?limit=2&type=p2p&cursor=${page1.nextCursor}`,
        headers: bearer(ana.token),
      })
    ).json();
    expect(page2.items.map((t: { id: string }) => t.id)).toEqual([ids[2], ids[1]]);
    const page3 = (
      await app.inject({
        method: 'GET',
        url: `/api/transactions?limit=2&type=p2p&cursor=${page2.nextCursor}`,
        headers: bearer(ana.token),
      })
    ).json();
    expect(page3.items.map((t: { id: string }) => t.id)).toEqual([ids[0]]);
    expect(page3.nextCursor).toBeNull();
    const deposits = (
      await app.inject({
        method: 'GET',
        url: '/api/transactions?type=deposit',
        headers: bearer(ana.token),
      })
    ).json();
    expect(deposits.items).toHaveLength(1);

    const peek = await app.inject({
      method: 'GET',
      url: `/api/transactions/${ids[0]}`,
      headers: bearer(eve.token),
    });
    expect(peek.statusCode).toBe(404);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(eve.token) })
      ).json().items,
    ).toEqual([]);
  });

  it('exports a date range as CSV', async () => {
    const [ana, beto] = [await verifiedUser(app, db, 10_000), await verifiedUser(app, db)];
    now = new Date('2026-11-18T17:00:00Z');
    await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 12.34,
    });
    const csv = await app.inject({
      method: 'GET',
      url: '/api/transactions/export.csv?from=2026-11-18&to=2026-11-18',
      headers: bearer(ana.token),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,date,type,status,direction,counterparty,amount_usd,fee_usd,total_usd',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,p2p,completed,out,Test User,-12\.34,0\.00,-12\.34$/);
    now = new Date('2026-11-20T15:00:00Z');
  });
});
