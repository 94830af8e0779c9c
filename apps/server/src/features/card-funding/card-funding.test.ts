import { randomUUID } from 'node:crypto';
import { cents } from '@pago/shared/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestMail } from '../../../test/accounts-helpers';
import { type MoneyUser, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { type AppInstance, servicesOf } from '../../app';
import { SANDBOX_STRIPE } from '../../config-vendors';
import { createStripeSdk } from '../../providers/stripe/stripe-client';
import { stripeSignatureHeader } from '../../sandbox/stripe/stripe-signing';
import { STALE_PENDING_MS } from './card-funding-recovery';

/**
 * Card funding end to end inside the server: the routes, Stripe's SDK against the sandbox fake
 * over HTTP, and the fake's signed events delivered to /api/stripe/webhook by its outbox.
 */
const t = moneyTestApp(new Date());

const sdk = () => {
  const { port } = t.app.server.address() as { port: number };
  return createStripeSdk(`http://127.0.0.1:${port}/sandbox/stripe`, SANDBOX_STRIPE.secretKey);
};

/** Delivers the fakes' due webhooks (Stripe's events among them). */
const deliver = () => servicesOf(t.app).sandboxVendors?.tick();

async function wallet(user: MoneyUser) {
  const response = await t.app.inject({ url: '/api/wallet/balance', headers: bearer(user.token) });
  return response.json() as {
    balanceCents: number;
    availableBalanceCents: number;
    owedCents: number;
  };
}

function quote(user: MoneyUser, paymentMethodId: string, amountCents: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/card-funding/quote',
    headers: bearer(user.token),
    payload: { paymentMethodId, amountCents },
  });
}

/** Quotes, then tops up with the fee and total the quote showed. */
async function topUp(
  user: MoneyUser,
  paymentMethodId: string,
  amountCents: number,
  key = randomUUID(),
) {
  const shown = await quote(user, paymentMethodId, amountCents);
  expect(shown.statusCode).toBe(200);
  const { feeCents, totalCents } = shown.json();
  return moneyPost(
    t.app,
    user,
    '/api/card-funding',
    { paymentMethodId, amountCents, expectedFeeCents: feeCents, expectedTotalCents: totalCents },
    key,
  );
}

function getFunding(user: MoneyUser, id: string) {
  return t.app.inject({ url: `/api/card-funding/${id}`, headers: bearer(user.token) });
}

async function cardFundingTransfers(userId: string) {
  const { rows } = await sql<{ kind: string; amount_cents: string; fee_cents: string }>`
    select kind, amount_cents, fee_cents from ledger_transfers
    where user_id = ${userId} and kind like 'card_funding%' order by created_at, id`.execute(t.db);
  return rows.map((r) => ({
    kind: r.kind,
    amountCents: Number(r.amount_cents),
    feeCents: Number(r.fee_cents),
  }));
}

async function feeRevenue(): Promise<number> {
  const { rows } = await sql<{ balance_cents: string }>`
    select balance_cents from ledger_accounts where system_role = 'fee_revenue'`.execute(t.db);
  return Number(rows[0]?.balance_cents ?? 0);
}

/** Finishes 3-D Secure on the fake's test page, as the browser does; answers where it sent it. */
async function authenticate(url: string, outcome: 'complete' | 'fail') {
  const response = await t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(response.statusCode).toBe(303);
  return new URL(String(response.headers.location));
}

describe('the fee by the card, before confirming (POST /api/card-funding/quote)', () => {
  it('prices debit at 2.9% + $0.30, credit at 3.5% + $0.30, prepaid as debit', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const debit = await quote(ana, 'pm_card_visa_debit', 5000);
    expect(debit.statusCode).toBe(200);
    expect(debit.json()).toEqual({
      amountCents: 5000,
      feeCents: 175,
      totalCents: 5175,
      brand: 'visa',
      funding: 'debit',
      pricedAs: 'debit',
      last4: '5556',
      availableAt: 'immediately',
    });
    expect((await quote(ana, 'pm_card_visa', 5000)).json()).toMatchObject({
      feeCents: 205,
      totalCents: 5205,
      funding: 'credit',
      pricedAs: 'credit',
    });
    expect((await quote(ana, 'pm_card_mastercard_prepaid', 10_000)).json()).toMatchObject({
      feeCents: 320,
      funding: 'prepaid',
      pricedAs: 'debit',
    });
  });

  it('answers 404 for a PaymentMethod Stripe does not have, and for one another user entered', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    expect((await quote(ana, 'pm_000000000000000000000000', 5000)).statusCode).toBe(404);
    // Made by Stripe.js in Ana's browser: hers once she uses it.
    const method = await sdk().paymentMethods.create({
      type: 'card',
      card: { number: '4000056655665556', exp_month: 12, exp_year: 2040 },
    });
    expect((await quote(ana, method.id, 5000)).statusCode).toBe(200);
    const stolen = await quote(beto, method.id, 5000);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('not_found');
  });

  it('refuses amounts outside the card rules with a 400', async () => {
    const ana = await verifiedUser(t.app, t.db);
    for (const amountCents of [0, 99, 50_001, 12.5]) {
      expect((await quote(ana, 'pm_card_visa_debit', amountCents)).statusCode).toBe(400);
    }
    expect((await quote(ana, 'not-a-pm', 5000)).statusCode).toBe(400);
  });
});

describe('a card top-up (POST /api/card-funding)', () => {
  it('charges a debit card $50.00 + $1.75 and puts $50.00 in the wallet at once', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const feesBefore = await feeRevenue();
    const response = await topUp(ana, 'pm_card_visa_debit', 5000);
    expect(response.statusCode).toBe(201);
    const funding = response.json();
    expect(funding).toMatchObject({
      status: 'succeeded',
      amountCents: 5000,
      feeCents: 175,
      totalCents: 5175,
      brand: 'visa',
      funding: 'debit',
      last4: '5556',
      authenticationUrl: null,
      declineCode: null,
    });
    expect(await wallet(ana)).toMatchObject({ balanceCents: 5000, availableBalanceCents: 5000 });
    expect(await cardFundingTransfers(ana.id)).toEqual([
      { kind: 'card_funding', amountCents: 5000, feeCents: 175 },
    ]);
    expect((await feeRevenue()) - feesBefore).toBe(175);
    // Stripe charged the total.
    const row = await t.db
      .selectFrom('card_fundings')
      .select('payment_intent_id')
      .where('id', '=', funding.id)
      .executeTakeFirstOrThrow();
    const intent = await sdk().paymentIntents.retrieve(String(row.payment_intent_id));
    expect(intent).toMatchObject({ amount: 5175, amount_received: 5175, status: 'succeeded' });
    expect(intent.metadata.pago_card_funding).toBe(funding.id);
    // The webhook's payment_intent.succeeded brings the same news: credited once.
    await deliver();
    expect((await wallet(ana)).balanceCents).toBe(5000);
    expect((await getFunding(ana, funding.id)).json()).toMatchObject({
      status: 'succeeded',
      transferId: funding.transferId,
    });
  });

  it('charges a credit card 3.5% + $0.30', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const response = await topUp(ana, 'pm_card_mastercard', 10_000);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ feeCents: 380, totalCents: 10_380, funding: 'credit' });
    expect((await wallet(ana)).balanceCents).toBe(10_000);
  });

  it('answers a replayed Idempotency-Key with the first answer, charging once', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const key = randomUUID();
    const first = await topUp(ana, 'pm_card_visa_debit', 2000, key);
    const again = await topUp(ana, 'pm_card_visa_debit', 2000, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect((await wallet(ana)).balanceCents).toBe(2000);
    expect(await cardFundingTransfers(ana.id)).toHaveLength(1);
  });

  it('declines pm_card_chargeDeclined with a 422 card_declined and moves nothing', async () => {
    const ana = await verifiedUser(t.app, t.db, 1000);
    const feesBefore = await feeRevenue();
    const response = await topUp(ana, 'pm_card_chargeDeclined', 5000);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'card_declined',
      details: { declineCode: 'generic_decline' },
    });
    const insufficient = await topUp(ana, 'pm_card_visa_chargeDeclinedInsufficientFunds', 5000);
    expect(insufficient.json().error).toMatchObject({
      code: 'card_declined',
      details: { declineCode: 'insufficient_funds' },
    });
    expect((await wallet(ana)).balanceCents).toBe(1000);
    expect(await cardFundingTransfers(ana.id)).toEqual([]);
    expect(await feeRevenue()).toBe(feesBefore);
    // Declines take nothing from the limits.
    const config = await t.app.inject({
      url: '/api/card-funding/config',
      headers: bearer(ana.token),
    });
    expect(config.json().limits).toMatchObject({ dayRemainingCents: 50_000 });
  });

  it('refuses a fee or total other than the one for this card (409), charging nothing', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const response = await moneyPost(t.app, ana, '/api/card-funding', {
      paymentMethodId: 'pm_card_visa',
      amountCents: 5000,
      // The debit price, for a credit card.
      expectedFeeCents: 175,
      expectedTotalCents: 5175,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'quote_mismatch',
      details: { quote: { feeCents: 205, totalCents: 5205 } },
    });
    expect(
      await t.db.selectFrom('card_fundings').where('user_id', '=', ana.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('keeps to $500 a day and $1,500 a month of card top-ups', async () => {
    const ana = await verifiedUser(t.app, t.db);
    expect((await topUp(ana, 'pm_card_visa_debit', 45_000)).statusCode).toBe(201);
    // The quote already says so, before the user confirms; the POST itself refuses too.
    const over = await quote(ana, 'pm_card_visa_debit', 10_000);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('limit_exceeded');
    const refused = await moneyPost(t.app, ana, '/api/card-funding', {
      paymentMethodId: 'pm_card_visa_debit',
      amountCents: 10_000,
      expectedFeeCents: 320,
      expectedTotalCents: 10_320,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'limit_exceeded',
      details: { limit: 'card_funding_daily', remainingCents: 5000 },
    });
    expect((await topUp(ana, 'pm_card_visa_debit', 5000)).statusCode).toBe(201);
    expect((await wallet(ana)).balanceCents).toBe(50_000);
  });

  it('needs a verified identity and an Idempotency-Key', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/card-funding',
      headers: bearer(ana.token),
      payload: {
        paymentMethodId: 'pm_card_visa',
        amountCents: 5000,
        expectedFeeCents: 205,
        expectedTotalCents: 5205,
      },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.code).toBe('idempotency_key_required');
  });
});

describe('3-D Secure', () => {
  it('answers 202 with the authentication page; completed, the return credits once', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const response = await topUp(ana, 'pm_card_authenticationRequired', 5000);
    expect(response.statusCode).toBe(202);
    const funding = response.json();
    expect(funding).toMatchObject({ status: 'requires_action', transferId: null });
    expect(funding.authenticationUrl).toMatch(/\/sandbox\/stripe\/3ds\/pi_/);
    expect((await wallet(ana)).balanceCents).toBe(0);
    const back = await authenticate(funding.authenticationUrl, 'complete');
    expect(back.pathname).toBe('/add-money/card');
    expect(back.searchParams.get('cardFunding')).toBe(funding.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    const read = await getFunding(ana, funding.id);
    expect(read.json()).toMatchObject({ status: 'succeeded', authenticationUrl: null });
    expect((await wallet(ana)).balanceCents).toBe(5000);
    // Then Stripe's payment_intent.succeeded: already applied.
    await deliver();
    expect((await getFunding(ana, funding.id)).json().status).toBe('succeeded');
    expect((await wallet(ana)).balanceCents).toBe(5000);
    expect(await cardFundingTransfers(ana.id)).toHaveLength(1);
  });

  it('credits by the webhook alone when the browser never comes back', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const funding = (await topUp(ana, 'pm_card_authenticationRequired', 3000)).json();
    await authenticate(funding.authenticationUrl, 'complete');
    await deliver();
    expect((await wallet(ana)).balanceCents).toBe(3000);
    expect((await getFunding(ana, funding.id)).json().status).toBe('succeeded');
  });

  it('failed, ends the top-up with nothing moved', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const funding = (await topUp(ana, 'pm_card_authenticationRequired', 5000)).json();
    const back = await authenticate(funding.authenticationUrl, 'fail');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect((await getFunding(ana, funding.id)).json()).toMatchObject({
      status: 'failed',
      declineCode: 'payment_intent_authentication_failure',
      transferId: null,
    });
    await deliver();
    expect((await getFunding(ana, funding.id)).json().status).toBe('failed');
    expect((await wallet(ana)).balanceCents).toBe(0);
    expect(await cardFundingTransfers(ana.id)).toEqual([]);
  });

  it("is another user's top-up: 404", async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const funding = (await topUp(ana, 'pm_card_authenticationRequired', 5000)).json();
    expect((await getFunding(beto, funding.id)).statusCode).toBe(404);
    expect((await getFunding(ana, randomUUID())).statusCode).toBe(404);
    expect((await getFunding(ana, 'nope')).statusCode).toBe(400);
  });
});

describe('chargebacks (pm_card_createDispute)', () => {
  /** A funded top-up whose charge the fake disputes at once. */
  async function disputedTopUp(user: MoneyUser, amountCents: number) {
    const response = await topUp(user, 'pm_card_createDispute', amountCents);
    expect(response.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('card_fundings')
      .select('payment_intent_id')
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    return { id: response.json().id as string, paymentIntentId: String(row.payment_intent_id) };
  }

  async function disputeOf(user: MoneyUser, id: string) {
    await deliver();
    const row = await t.db
      .selectFrom('card_fundings')
      .select(['status', 'dispute_id'])
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return row;
  }

  it('takes the amount back from the wallet; won, gives it back', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const feesBefore = await feeRevenue();
    const { id } = await disputedTopUp(ana, 4000);
    expect((await wallet(ana)).balanceCents).toBe(4000);
    const row = await disputeOf(ana, id);
    expect(row.status).toBe('disputed');
    expect(await wallet(ana)).toMatchObject({ balanceCents: 0, owedCents: 0 });
    // Stripe took the whole charge back, fee included.
    expect(await feeRevenue()).toBe(feesBefore);
    await sdk().disputes.update(String(row.dispute_id), {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    await deliver();
    expect((await getFunding(ana, id)).json().status).toBe('dispute_won');
    expect((await wallet(ana)).balanceCents).toBe(4000);
    expect(await feeRevenue()).toBe(feesBefore + 170);
    expect(await cardFundingTransfers(ana.id)).toEqual([
      { kind: 'card_funding', amountCents: 4000, feeCents: 170 },
      { kind: 'card_funding_reversal', amountCents: 4000, feeCents: 0 },
      { kind: 'card_funding', amountCents: 4000, feeCents: 0 },
    ]);
  });

  it('records as owed what was already spent; lost, it stays reversed', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const { id } = await disputedTopUp(ana, 5000);
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd: 30,
    });
    expect(sent.statusCode).toBe(201);
    const row = await disputeOf(ana, id);
    expect(row.status).toBe('disputed');
    expect(await wallet(ana)).toMatchObject({
      balanceCents: -3000,
      availableBalanceCents: 0,
      owedCents: 3000,
    });
    await sdk().disputes.update(String(row.dispute_id), {
      evidence: { uncategorized_text: 'losing_evidence' },
    });
    await deliver();
    expect((await getFunding(ana, id)).json().status).toBe('dispute_lost');
    expect(await wallet(ana)).toMatchObject({ balanceCents: -3000, owedCents: 3000 });
  });

  it('tells the user of the chargeback, in the app and by e-mail, with what is owed', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const { id } = await disputedTopUp(ana, 5000);
    await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd: 30,
    });
    await disputeOf(ana, id);
    const notes = (
      await t.app.inject({ url: '/api/notifications', headers: bearer(ana.token) })
    ).json();
    const funding = (await getFunding(ana, id)).json();
    expect(notes.items[0]).toMatchObject({
      type: 'card_funding_reversed',
      data: { amountCents: 5000, owedCents: 3000, transferId: funding.transferId },
    });
    // Applied once: the same event again tells nothing more.
    await deliver();
    const again = (
      await t.app.inject({ url: '/api/notifications', headers: bearer(ana.token) })
    ).json();
    expect(
      again.items.filter((n: { type: string }) => n.type === 'card_funding_reversed'),
    ).toHaveLength(1);
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const mail = await latestMail(t.app, ana.email, { subject: /contracargo/ });
    expect(mail.subject).toBe('Te retiramos $50.00 por un contracargo de tarjeta');
    expect(mail.text).toContain('Tu cuenta debe $30.00');
  });

  it('a later top-up pays what a chargeback left owed first, the rest to the wallet', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const { id } = await disputedTopUp(ana, 5000);
    await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd: 30,
    });
    const row = await disputeOf(ana, id);
    expect(await wallet(ana)).toMatchObject({ availableBalanceCents: 0, owedCents: 3000 });
    await sdk().disputes.update(String(row.dispute_id), {
      evidence: { uncategorized_text: 'losing_evidence' },
    });
    await deliver();
    expect((await getFunding(ana, id)).json().status).toBe('dispute_lost');
    // $40.00 on a debit card: $30.00 pays the debt, $10.00 is spendable.
    const next = await topUp(ana, 'pm_card_visa_debit', 4000);
    expect(next.statusCode).toBe(201);
    expect(await wallet(ana)).toMatchObject({
      balanceCents: 1000,
      availableBalanceCents: 1000,
      owedCents: 0,
    });
    expect(await cardFundingTransfers(ana.id)).toEqual([
      { kind: 'card_funding', amountCents: 5000, feeCents: 205 },
      { kind: 'card_funding_reversal', amountCents: 5000, feeCents: 0 },
      { kind: 'card_funding', amountCents: 4000, feeCents: 146 },
      { kind: 'card_funding_reversal', amountCents: 3000, feeCents: 0 },
    ]);
    // The webhook's payment_intent.succeeded for the new top-up changes nothing more.
    await deliver();
    expect(await wallet(ana)).toMatchObject({ balanceCents: 1000, owedCents: 0 });
  });

  it('won after money was spent: pays the debt first, the rest to the wallet', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const { id } = await disputedTopUp(ana, 5000);
    await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd: 20,
    });
    const row = await disputeOf(ana, id);
    expect((await wallet(ana)).owedCents).toBe(2000);
    await sdk().disputes.update(String(row.dispute_id), {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    await deliver();
    expect(await wallet(ana)).toMatchObject({
      balanceCents: 3000,
      availableBalanceCents: 3000,
      owedCents: 0,
    });
  });
});

describe('the webhook (POST /api/stripe/webhook)', () => {
  const post = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });

  it('refuses a forged, unsigned or altered event with a 401', async () => {
    const body = JSON.stringify({
      id: 'evt_forged000000000000000000',
      object: 'event',
      type: 'charge.dispute.created',
      data: {
        object: {
          id: 'dp_000',
          object: 'dispute',
          payment_intent: 'pi_unknown',
          reason: 'fraudulent',
        },
      },
    });
    expect((await post(body)).statusCode).toBe(401);
    expect(
      (await post(body, stripeSignatureHeader('whsec_wrong', body)['stripe-signature'])).statusCode,
    ).toBe(401);
    const signed = stripeSignatureHeader(SANDBOX_STRIPE.webhookSecret, body)['stripe-signature'];
    expect((await post(`${body} `, signed)).statusCode).toBe(401);
    expect((await post(body, signed)).statusCode).toBe(200);
    const empty = JSON.stringify({ id: 'evt_empty', type: 'charge.dispute.created', data: {} });
    const emptySigned = stripeSignatureHeader(SANDBOX_STRIPE.webhookSecret, empty)[
      'stripe-signature'
    ];
    expect((await post(empty, emptySigned)).statusCode).toBe(400);
  });

  it('applies a replayed event once', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const funding = (await topUp(ana, 'pm_card_createDispute', 2500)).json();
    await deliver();
    expect((await wallet(ana)).balanceCents).toBe(0);
    const { payment_intent_id: intentId } = await t.db
      .selectFrom('card_fundings')
      .select('payment_intent_id')
      .where('id', '=', funding.id)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ body: string }>`
      select body from sandbox_webhook_outbox
      where vendor = 'stripe' and body like '%"charge.dispute.created"%'
        and body like ${`%${intentId}%`}`.execute(t.db);
    expect(rows).toHaveLength(1);
    const body = String(rows[0]?.body);
    // Ana gets 25 USD again, then the same event a second time.
    await moneyPost(t.app, ana, '/api/wallet/test-deposit', { amount: 2500 });
    const replayed = await post(
      body,
      stripeSignatureHeader(SANDBOX_STRIPE.webhookSecret, body)['stripe-signature'],
    );
    expect(replayed.statusCode).toBe(200);
    expect((await wallet(ana)).balanceCents).toBe(2500);
    expect(await cardFundingTransfers(ana.id)).toHaveLength(2);
  });
});

describe('the recovery sweep', () => {
  it('charges and settles a top-up whose request died after reserving it, once', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const service = servicesOf(t.app).cardFunding;
    const body = {
      paymentMethodId: 'pm_card_visa_debit',
      amountCents: cents(4000),
      expectedFeeCents: 146,
      expectedTotalCents: 4146,
    };
    // The request reserved the top-up and died before calling Stripe.
    const prepared = await service.prepare(ana.id, body);
    const id = await t.db
      .transaction()
      .execute((tx) => service.reserve(tx, ana.id, body.paymentMethodId, prepared, randomUUID()));
    expect(await service.recoverPending()).toBe(0);
    const started = t.now;
    try {
      // Past the request's lease: the sweep charges it, under the same Stripe key, once.
      t.now = new Date(started.getTime() + STALE_PENDING_MS + 1000);
      expect(await service.recoverPending()).toBe(1);
      expect(await service.recoverPending()).toBe(0);
    } finally {
      t.now = started;
    }
    expect((await getFunding(ana, id)).json()).toMatchObject({
      status: 'succeeded',
      feeCents: 146,
    });
    expect((await wallet(ana)).balanceCents).toBe(4000);
    await deliver();
    expect(await cardFundingTransfers(ana.id)).toHaveLength(1);
  });
});

describe('the page policy for Stripe.js', () => {
  it('lets live pages load Stripe.js and its frames; the sandbox serves its own from here', async () => {
    const live = await buildTestApp(t.db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:2525',
      stripe: {
        baseUrl: undefined,
        secretKey: 'sk_live_pago',
        publishableKey: 'pk_live_pago',
        webhookSecret: 'whsec_pago',
      },
    });
    try {
      const policy = String(
        (await live.inject({ url: '/api/features' })).headers['content-security-policy'],
      );
      expect(policy).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
      expect(policy).toMatch(/frame-src 'self'[^;]* https:\/\/js\.stripe\.com/);
      expect(policy).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com/);
      expect(servicesOf(live).cardFunding.available).toBe(true);
    } finally {
      await live.close();
    }
    const sandbox = String(
      (await t.app.inject({ url: '/api/features' })).headers['content-security-policy'],
    );
    expect(sandbox).not.toContain('stripe.com');
  });
});

describe('live mode without Stripe', () => {
  let live: AppInstance;
  beforeAll(async () => {
    live = await buildTestApp(t.db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:2525',
      stripe: null,
    });
  });
  afterAll(() => live.close());

  it('refuses card funding with a 503 and says it is not available', async () => {
    const ana = await verifiedUser(t.app, t.db);
    expect(servicesOf(live).cardFunding.available).toBe(false);
    expect(servicesOf(t.app).cardFunding.available).toBe(true);
    const config = await live.inject({
      url: '/api/card-funding/config',
      headers: bearer(ana.token),
    });
    expect(config.json()).toMatchObject({
      available: false,
      publishableKey: null,
      stripeJsUrl: null,
    });
    const refused = await moneyPost(live, ana, '/api/card-funding', {
      paymentMethodId: 'pm_card_visa',
      amountCents: 5000,
      expectedFeeCents: 205,
      expectedTotalCents: 5205,
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.code).toBe('feature_unavailable_in_live_mode');
    expect(
      (await live.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} })).statusCode,
    ).toBe(503);
  });
});
