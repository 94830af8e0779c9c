import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { moneyTestApp, verifiedUser } from '../../../test/money-helpers';

/**
 * The Done-when of card funding over HTTP only: "a card funding of $50.00 charges 2.9% + $0.30
 * and a declined test card moves nothing". The app listens on loopback; after the user is signed
 * up and verified, every step is a fetch() to /api/… or to the Stripe fake's own endpoints, the
 * PaymentMethod made as Stripe.js makes it: with the publishable key, from the browser.
 */
const t = moneyTestApp(new Date());
// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON and checked by expect.
type Json = any;
const base = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

async function api(
  token: string,
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
) {
  const response = await fetch(`${base()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** What Stripe.js does with the card the user typed: a PaymentMethod, made with the pk. */
async function paymentMethod(publishableKey: string, number: string) {
  const form = new URLSearchParams({
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2040',
    'card[cvc]': '123',
    'billing_details[address][postal_code]': '10001',
  });
  const response = await fetch(`${base()}/sandbox/stripe/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('card funding over HTTP', () => {
  it('charges $50.00 on a debit card 2.9% + $0.30, and a declined card moves nothing', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const balance = async () => (await api(ana.token, '/api/wallet/balance')).body.balanceCents;
    expect(await balance()).toBe(0);

    const config = await api(ana.token, '/api/card-funding/config');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ available: true, stripeJsUrl: '/sandbox/stripe/js/v3' });
    const { publishableKey } = config.body;
    expect(publishableKey).toMatch(/^pk_test_/);

    // The sandbox serves its Stripe.js where the config points the browser.
    const script = await fetch(`${base()}${config.body.stripeJsUrl}`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('createPaymentMethod');

    const debit = await paymentMethod(publishableKey, '4000056655665556');
    expect(debit.status).toBe(200);
    expect(debit.body).toMatchObject({ card: { brand: 'visa', funding: 'debit', last4: '5556' } });
    // The publishable key makes PaymentMethods and nothing else.
    const peek = await fetch(`${base()}/sandbox/stripe/v1/payment_methods/${debit.body.id}`, {
      headers: { authorization: `Bearer ${publishableKey}` },
    });
    expect(peek.status).toBe(401);

    const quote = await api(ana.token, '/api/card-funding/quote', {
      method: 'POST',
      body: { paymentMethodId: debit.body.id, amountCents: 5000 },
    });
    expect(quote).toMatchObject({
      status: 200,
      body: { amountCents: 5000, feeCents: 175, totalCents: 5175, pricedAs: 'debit' },
    });
    const funded = await api(ana.token, '/api/card-funding', {
      method: 'POST',
      key: randomUUID(),
      body: {
        paymentMethodId: debit.body.id,
        amountCents: 5000,
        expectedFeeCents: 175,
        expectedTotalCents: 5175,
      },
    });
    expect(funded).toMatchObject({
      status: 201,
      body: { status: 'succeeded', amountCents: 5000, feeCents: 175, totalCents: 5175 },
    });
    expect(await balance()).toBe(5000);
    expect((await api(ana.token, `/api/card-funding/${funded.body.id}`)).body.status).toBe(
      'succeeded',
    );

    const declinedCard = await paymentMethod(publishableKey, '4000000000000002');
    expect(declinedCard.status).toBe(200);
    const declinedQuote = await api(ana.token, '/api/card-funding/quote', {
      method: 'POST',
      body: { paymentMethodId: declinedCard.body.id, amountCents: 5000 },
    });
    expect(declinedQuote.body).toMatchObject({ feeCents: 205, totalCents: 5205 });
    const declined = await api(ana.token, '/api/card-funding', {
      method: 'POST',
      key: randomUUID(),
      body: {
        paymentMethodId: declinedCard.body.id,
        amountCents: 5000,
        expectedFeeCents: 205,
        expectedTotalCents: 5205,
      },
    });
    expect(declined.status).toBe(422);
    expect(declined.body.error).toMatchObject({
      code: 'card_declined',
      details: { declineCode: 'generic_decline' },
    });
    expect(await balance()).toBe(5000);
  });
});
