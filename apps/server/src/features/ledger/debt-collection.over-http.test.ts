import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { unitSettings } from '../../../test/banking-helpers';
import { moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { servicesOf } from '../../app';

// "The next money that becomes available pays what the wallet owes first", over HTTP only: a card
// chargeback after the money was spent leaves a debt (and tells the user), then a cash deposit and
// a card top-up each pay it first. The app listens on loopback with its sandbox clock running as
// main.ts runs it (here faster); after sign-up and verification, only fetch() to /api/... and the
// fakes' own /sandbox/... endpoints.
const t = moneyTestApp(new Date('2026-05-12T16:00:00Z'));

let clock: ReturnType<typeof setInterval> | undefined;
let ticking: Promise<unknown> = Promise.resolve();
/**
 * Starts the sandbox clock (the fakes' webhooks delivered). Held until the test has spent the
 * money: the fake disputes the charge as soon as it succeeds, and its event would otherwise race
 * the spending.
 */
function startClock() {
  clock = setInterval(() => {
    ticking = ticking.then(() => servicesOf(t.app).sandboxVendors?.tick()).catch(() => {});
  }, 100);
}
afterAll(async () => {
  clearInterval(clock);
  await ticking;
});

const base = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
// biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON and checked by expect.
type Json = any;

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

/** Polls until `check` answers something (no fixed wait). */
async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`never saw ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A card top-up as the web app makes it: Stripe.js's PaymentMethod, the quote, the top-up. */
async function topUp(token: string, number: string, amountCents: number) {
  const { publishableKey } = (await api(token, '/api/card-funding/config')).body;
  const made = await fetch(`${base()}/sandbox/stripe/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2040',
      'card[cvc]': '123',
      'billing_details[address][postal_code]': '10001',
    }),
  });
  const paymentMethodId = ((await made.json()) as Json).id;
  const quote = await api(token, '/api/card-funding/quote', {
    method: 'POST',
    body: { paymentMethodId, amountCents },
  });
  expect(quote.status).toBe(200);
  const funded = await api(token, '/api/card-funding', {
    method: 'POST',
    key: randomUUID(),
    body: {
      paymentMethodId,
      amountCents,
      expectedFeeCents: quote.body.feeCents,
      expectedTotalCents: quote.body.totalCents,
    },
  });
  expect(funded).toMatchObject({ status: 201, body: { status: 'succeeded' } });
  return funded.body.id as string;
}

describe('what a wallet owes, over HTTP', () => {
  it('a chargeback leaves a debt; a cash deposit, then a card top-up, pay it first', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const wallet = async () => (await api(ana.token, '/api/wallet/balance')).body;

    // $50.00 from a card whose holder will dispute the charge; $30.00 of it spent meanwhile.
    const disputed = await topUp(ana.token, '4000000000000259', 5000);
    const sent = await api(ana.token, '/api/transactions/send', {
      method: 'POST',
      key: randomUUID(),
      body: { recipientUsername: beto.username, amountUsd: 30 },
    });
    expect(sent).toMatchObject({ status: 201 });
    startClock();
    await until('the chargeback', async () => {
      const funding = await api(ana.token, `/api/card-funding/${disputed}`);
      return funding.body.status === 'disputed' ? true : undefined;
    });
    expect(await wallet()).toMatchObject({
      balanceCents: -3000,
      availableBalanceCents: 0,
      owedCents: 3000,
    });
    const notes = await api(ana.token, '/api/notifications');
    expect(notes.body.items[0]).toMatchObject({
      type: 'card_funding_reversed',
      data: { amountCents: 5000, owedCents: 3000 },
    });

    // $10.00 in cash at a store: all of it pays the debt.
    const stores = await api(ana.token, '/api/cash-deposits/stores?postalCode=10001');
    const barcode = await api(
      ana.token,
      `/api/cash-deposits/barcode?storeId=${stores.body.items[0].storeId}`,
    );
    expect(barcode.status).toBe(200);
    const register = await fetch(`${base()}/sandbox/unit/sandbox/cash-deposits`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${unitSettings(t.app).token}`,
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify({
        data: {
          type: 'cashDeposit',
          attributes: { barcodeNumber: barcode.body.barcodeNumber, amount: 1000 },
        },
      }),
    });
    expect(register.status).toBe(201);
    await until('the cash deposit', async () => {
      const list = await api(ana.token, '/api/cash-deposits');
      return list.body.items.length === 1 ? true : undefined;
    });
    expect(await wallet()).toMatchObject({
      balanceCents: -2000,
      availableBalanceCents: 0,
      owedCents: 2000,
    });

    // $40.00 from a debit card: $20.00 pays the rest of the debt, $20.00 is spendable.
    await topUp(ana.token, '4000056655665556', 4000);
    expect(await wallet()).toMatchObject({
      balanceCents: 2000,
      availableBalanceCents: 2000,
      owedCents: 0,
    });
  });
});
