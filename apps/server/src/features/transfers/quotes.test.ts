import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  postQuote,
  verifiedUser,
} from '../../../test/money-helpers';
import { saveAbroad, THUNES_TEST_TIMINGS } from '../../../test/remittance-helpers';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

describe('quotes', () => {
  it.each([
    ['MX', 'standard', 100, 449, 'MXN', '17.885000', '1788.50', 'one_to_three_days'],
    ['MX', 'express', 100, 848, 'MXN', '17.885000', '1788.50', 'under_30_minutes'],
    ['CO', 'standard', 100, 649, 'COP', '3909.750000', '390975.00', 'one_to_three_days'],
    ['GT', 'standard', 250.5, 850, 'GTQ', '7.507500', '1880.62', 'one_to_three_days'],
    ['SV', 'standard', 100, 549, 'USD', '1.000000', '100.00', 'one_to_three_days'],
    ['EC', 'standard', 100, 549, 'USD', '1.000000', '100.00', 'one_to_three_days'],
    ['CL', 'standard', 100, 649, 'CLP', '918.450000', '91845', 'one_to_three_days'],
  ])(
    '%s %s $%d: fee %i cents, rate %s, recipient gets %s %s',
    async (country, speed, amountUsd, fee, currency, rate, payout, delivery) => {
      const user = await verifiedUser(t.app, t.db);
      const response = await postQuote(t.app, user, {
        recipientCountry: country,
        amountUsd,
        speed,
      });
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
      expect(Date.parse(response.json().expiresAt) - t.now.getTime()).toBe(10 * 60_000);
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
    const [user, payee] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    // To a Pago user: no payer's minimum stands between the amount and its cents.
    const response = await postQuote(t.app, user, {
      recipientCountry: 'MX',
      amountUsd,
      recipientPhone: payee.phone,
    });
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
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const p2p = await postQuote(t.app, ana, {
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
    // A phone abroad is quoted for the saved recipient with that phone, through their payer.
    const unsaved = await postQuote(t.app, ana, {
      recipientCountry: 'MX',
      amountUsd: 100,
      recipientPhone: '+525512345678',
    });
    expect(unsaved.statusCode).toBe(422);
    expect(unsaved.json().error.code).toBe('recipient_details_required');
    await saveAbroad(t, ana, '+525512345678', 'MX');
    const stranger = await postQuote(t.app, ana, {
      recipientCountry: 'MX',
      amountUsd: 100,
      recipientPhone: '+525512345678',
    });
    expect(stranger.json()).toMatchObject({
      transferKind: 'remittance',
      feeCents: 449,
      payoutCurrency: 'MXN',
    });
    const self = await postQuote(t.app, ana, {
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
    const user = await verifiedUser(t.app, t.db);
    expect((await postQuote(t.app, user, payload)).statusCode).toBe(400);
  });
});

describe('a quote is bound to its recipient', () => {
  const send = (user: MoneyUser, payload: object) =>
    moneyPost(t.app, user, '/api/transactions/send', payload);

  it('refuses a free P2P quote for a remittance to someone else, and moves no money', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    const p2p = (
      await postQuote(t.app, ana, {
        recipientCountry: 'MX',
        amountUsd: 100,
        recipientPhone: beto.phone,
      })
    ).json();
    expect(p2p).toMatchObject({ transferKind: 'p2p', feeCents: 0 });
    await saveAbroad(t, ana, '+525598761111', 'MX');
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
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('refuses a remittance quote for another phone, another country, or no phone', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const quoted = async (payload: object) =>
      (await postQuote(t.app, ana, { recipientCountry: 'MX', amountUsd: 20, ...payload })).json()
        .quoteId;
    const body = { recipientName: '+525598762222', recipientCountry: 'MX', amountUsd: 20 };
    await saveAbroad(t, ana, body.recipientName, 'MX');
    await saveAbroad(t, ana, '+525598763333', 'MX');
    await saveAbroad(t, ana, '+573001234567', 'CO');
    const otherPhone = await quoted({ recipientPhone: '+525598763333' });
    const noPhone = await quoted({});
    const colombia = (
      await postQuote(t.app, ana, {
        recipientCountry: 'CO',
        amountUsd: 20,
        recipientPhone: '+573001234567',
      })
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
      await verifiedUser(t.app, t.db, 50_000),
      await verifiedUser(t.app, t.db),
      await verifiedUser(t.app, t.db),
    ];
    const forBeto = (
      await postQuote(t.app, ana, {
        recipientCountry: 'MX',
        amountUsd: 10,
        recipientPhone: beto.phone,
      })
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
    expect(await balanceOf(t.app, carla)).toBe(0);
  });
});

describe('a quote a P2P send carries, in its one statement', () => {
  it('is taken once, at its amount and speed, before it expires; a refusal moves no money', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    const body = { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 10 };
    const quoted = async () =>
      (
        await postQuote(t.app, ana, {
          recipientCountry: 'MX',
          amountUsd: 10,
          recipientPhone: beto.phone,
        })
      ).json().quoteId;
    const refusal = async (payload: object) => {
      const response = await moneyPost(t.app, ana, '/api/transactions/send', payload);
      return [response.statusCode, response.json().error?.code, response.json().message];
    };
    const first = await quoted();
    expect(await refusal({ ...body, amountUsd: 11, quoteId: first })).toEqual([
      409,
      'quote_mismatch',
      'The amount, country or speed differ from the quote. Get a new quote.',
    ]);
    expect(await refusal({ ...body, speed: 'express', quoteId: first })).toEqual([
      409,
      'quote_mismatch',
      'The amount, country or speed differ from the quote. Get a new quote.',
    ]);
    expect(
      (await moneyPost(t.app, ana, '/api/transactions/send', { ...body, quoteId: first }))
        .statusCode,
    ).toBe(201);
    expect(await refusal({ ...body, quoteId: first })).toEqual([
      409,
      'quote_expired',
      'This quote is no longer valid. Get a new quote.',
    ]);
    const second = await quoted();
    t.now = new Date(t.now.getTime() + 10 * 60_000);
    expect(await refusal({ ...body, quoteId: second })).toEqual([
      409,
      'quote_expired',
      'This quote has expired. Get a new quote.',
    ]);
    t.now = new Date(t.now.getTime() - 10 * 60_000);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 1000);
    expect(await balanceOf(t.app, beto)).toBe(1000);
  });
});

describe('the destination country and the recipient’s phone', () => {
  it('refuses a remittance to a phone of another country, at quote and at send', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const quoted = await postQuote(t.app, ana, {
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
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: '+573001234567',
      recipientCountry: 'MX',
      amountUsd: 50,
    });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().error.code).toBe('recipient_country_mismatch');
  });

  it('says a U.S. phone that is not on Pago is no remittance, whatever country is chosen', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const stranger = nextUsPhone();
    const quoted = await postQuote(t.app, ana, {
      recipientCountry: 'MX',
      amountUsd: 50,
      recipientPhone: stranger,
    });
    expect(quoted.statusCode).toBe(422);
    expect(quoted.json()).toMatchObject({
      error: { code: 'recipient_not_on_pago', details: { phoneCountry: 'US' } },
    });
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: stranger,
      recipientCountry: 'MX',
      amountUsd: 50,
    });
    expect(sent.json().error.code).toBe('recipient_not_on_pago');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });
});

describe('limits at quote time', () => {
  it('refuses a quote over the room left, per transfer, today and this month', async () => {
    const [ana, beto] = [
      await verifiedUser(t.app, t.db, 1_200_000),
      await verifiedUser(t.app, t.db),
    ];
    t.now = new Date('2027-02-01T15:00:00Z');
    await saveAbroad(t, ana, '+525598764444', 'MX');
    const quoteFor = (amountUsd: number) =>
      postQuote(t.app, ana, { recipientCountry: 'MX', amountUsd, recipientPhone: '+525598764444' });
    const perTransfer = await quoteFor(999.01);
    expect(perTransfer.statusCode).toBe(422);
    expect(perTransfer.json()).toMatchObject({
      error: {
        code: 'limit_exceeded',
        details: { limit: 'per_transaction', limitCents: 99_900 },
      },
    });
    const p2p = (amountUsd: number) =>
      moneyPost(t.app, ana, '/api/transactions/send', {
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
      t.now = new Date(`2027-02-0${day}T15:00:00Z`);
      expect((await p2p(999)).statusCode).toBe(201);
      expect((await p2p(999)).statusCode).toBe(201);
    }
    t.now = new Date('2027-02-20T15:00:00Z');
    const month = await quoteFor(10.01);
    expect(month.json().error.details).toEqual({
      limit: 'monthly',
      limitCents: 1_000_000,
      remainingCents: 1000,
    });
    expect((await quoteFor(10)).statusCode).toBe(200);
    t.now = new Date('2026-11-20T15:00:00Z');
  });
});
