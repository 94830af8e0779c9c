import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Cents, cents } from '@pago/shared/money';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningTestApp } from '../../../test/test-app';
import { servicesOf } from '../../app';
import { SANDBOX_STRIPE } from '../../config-vendors';
import {
  type ConfirmOutcome,
  createStripeClient,
  createStripeSdk,
} from '../../providers/stripe/stripe-client';
import { stripeSignatureHeader } from './stripe-signing';

/**
 * The branch's Stripe client (the official SDK) against the sandbox fake over HTTP: each call,
 * each test card's outcome, 3-D Secure finished on the fake's test page, disputes decided by
 * Stripe's test evidence, refunds, idempotency, Stripe's error objects, and the events the fake
 * posts, checked by the SDK's own constructEvent.
 */

// Pago's end of the webhooks: each delivery as received, body untouched.
type Delivery = { signature: string; body: string };
const deliveries: Delivery[] = [];
const receiver = createServer(async (request, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  deliveries.push({ signature: String(request.headers['stripe-signature'] ?? ''), body });
  response.writeHead(200).end();
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/stripe/webhook`;

const context = listeningTestApp({ sandboxStripeWebhookUrl: webhookUrl });
const apiUrl = () => {
  const { port } = context.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/sandbox/stripe`;
};
const client = createStripeClient({
  apiUrl,
  secretKey: SANDBOX_STRIPE.secretKey,
  webhookSecret: SANDBOX_STRIPE.webhookSecret,
});
/** The SDK itself, for what Pago's server never does (card numbers go to Stripe from the browser). */
const sdk = () => createStripeSdk(apiUrl(), SANDBOX_STRIPE.secretKey);

let serial = 0;
const key = () => `test-${Date.now()}-${++serial}`;

/** The events delivered so far about `id`, each verified by the SDK as Pago's receiver will. */
async function eventsAbout(id: string) {
  await servicesOf(context.app).sandboxVendors?.tick();
  return deliveries
    .map((d) => client.verifyWebhook(d.body, d.signature))
    .filter((event) => {
      const object = event?.data.object as { id: string; payment_intent?: string } | undefined;
      return object?.id === id || object?.payment_intent === id;
    })
    .map((event) => event?.type);
}

function fund(paymentMethod: string, amount: Cents = cents(5000), returnUrl?: string) {
  return client.createPaymentIntent({
    amount,
    metadata: { pago_funding: `f-${++serial}` },
    idempotencyKey: key(),
    paymentMethod,
    ...(returnUrl ? { returnUrl } : {}),
  });
}

function intentOf(outcome: ConfirmOutcome) {
  if (!outcome.intent) throw new Error(`no intent in ${outcome.kind}`);
  return outcome.intent;
}

async function stripeError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  const { type, code, statusCode, param } = error as Stripe.errors.StripeError;
  return { type, code, statusCode, param };
}

describe('PaymentIntents with test payment methods', () => {
  it('pm_card_visa succeeds at once, captured automatically, with its metadata and event', async () => {
    const outcome = await fund('pm_card_visa', cents(5000));
    expect(outcome.kind).toBe('succeeded');
    const intent = intentOf(outcome);
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent).toMatchObject({
      amount: 5000,
      amount_received: 5000,
      currency: 'usd',
      capture_method: 'automatic',
      status: 'succeeded',
      livemode: false,
    });
    expect(intent.latest_charge).toMatch(/^ch_/);
    expect(intent.metadata.pago_funding).toMatch(/^f-/);
    // A test payment method id becomes a payment method of its own, as at Stripe.
    expect(intent.payment_method).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    const again = await client.retrievePaymentIntent(intent.id);
    expect(again.status).toBe('succeeded');
    expect(await client.getCardDetails(String(intent.payment_method))).toEqual({
      brand: 'visa',
      funding: 'credit',
      last4: '4242',
    });
    expect(await eventsAbout(intent.id)).toEqual(['payment_intent.succeeded']);
  });

  it('reports debit or credit as Stripe does, for the test methods and the card numbers', async () => {
    const funding = async (paymentMethod: string) => {
      const intent = intentOf(await fund(paymentMethod));
      return client.getCardDetails(String(intent.payment_method));
    };
    expect(await funding('pm_card_visa_debit')).toEqual({
      brand: 'visa',
      funding: 'debit',
      last4: '5556',
    });
    expect(await funding('pm_card_mastercard_debit')).toMatchObject({
      brand: 'mastercard',
      funding: 'debit',
    });
    expect(await funding('pm_card_mastercard')).toMatchObject({
      brand: 'mastercard',
      funding: 'credit',
    });
    const byNumber = async (number: string) =>
      sdk().paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
      });
    const debit = await byNumber('4000056655665556');
    expect(debit.card).toMatchObject({ brand: 'visa', funding: 'debit', last4: '5556' });
    expect(await funding(debit.id)).toMatchObject({ funding: 'debit' });
    const credit = await byNumber('4242424242424242');
    expect(credit.card?.funding).toBe('credit');
    // The same number, the same fingerprint; another number, another.
    expect((await byNumber('4242424242424242')).card?.fingerprint).toBe(credit.card?.fingerprint);
    expect(debit.card?.fingerprint).not.toBe(credit.card?.fingerprint);
  });

  it('refuses card numbers as Stripe test mode does', async () => {
    const create = (number: string, exp_year = new Date().getUTCFullYear() + 2) =>
      sdk().paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 1, exp_year, cvc: '123' },
      });
    expect(await stripeError(create('4242424242424241'))).toMatchObject({
      type: 'StripeCardError',
      code: 'incorrect_number',
    });
    expect(await stripeError(create('4242424242424242', 2001))).toMatchObject({
      code: 'invalid_expiry_year',
    });
    // A real (Luhn-valid, not a test) number is declined in test mode.
    const real = await create('4111111111111129').then(
      () => null,
      (e: Stripe.errors.StripeCardError) => e,
    );
    expect(real?.decline_code).toBe('test_mode_live_card');
  });

  it('declines pm_card_chargeDeclined and 4000000000000002: nothing charged, the failure recorded', async () => {
    const outcome = await fund('pm_card_chargeDeclined');
    expect(outcome).toMatchObject({
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    const intent = intentOf(outcome);
    const stored = await client.retrievePaymentIntent(intent.id);
    expect(stored).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
    expect(stored.last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect(await eventsAbout(intent.id)).toEqual(['payment_intent.payment_failed']);

    const card = await sdk().paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000002', exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    expect(await fund(card.id)).toMatchObject({ kind: 'declined', declineCode: 'generic_decline' });
  });

  it('declines for insufficient funds by test method and by number', async () => {
    expect(await fund('pm_card_visa_chargeDeclinedInsufficientFunds')).toMatchObject({
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const card = await sdk().paymentMethods.create({
      type: 'card',
      card: { number: '4000000000009995', exp_month: 12, exp_year: 2040 },
    });
    expect(await fund(card.id)).toMatchObject({
      kind: 'declined',
      declineCode: 'insufficient_funds',
    });
  });

  it('a declined intent can be confirmed again with another card', async () => {
    const declined = intentOf(await fund('pm_card_chargeDeclined'));
    const retried = await client.confirmPaymentIntent(declined.id, {
      paymentMethod: 'pm_card_visa',
    });
    expect(retried.kind).toBe('succeeded');
    expect(intentOf(retried).last_payment_error).toBeNull();
  });
});

describe('3-D Secure', () => {
  const returnUrl = 'https://pago.example/add-money/return?x=1';

  it('pm_card_authenticationRequired waits for authentication, completed on the test page', async () => {
    const outcome = await fund('pm_card_authenticationRequired', cents(2500), returnUrl);
    expect(outcome.kind).toBe('requires_action');
    const intent = intentOf(outcome);
    expect(intent.next_action).toMatchObject({
      type: 'redirect_to_url',
      redirect_to_url: { return_url: returnUrl },
    });
    const url = outcome.kind === 'requires_action' ? outcome.authenticationUrl : null;
    const path = new URL(String(url)).pathname;
    expect(path).toBe(`/sandbox/stripe/3ds/${intent.id}`);
    const page = await context.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(await eventsAbout(intent.id)).toEqual([]);

    const done = await context.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=complete',
    });
    expect(done.statusCode).toBe(303);
    const back = new URL(String(done.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('https://pago.example/add-money/return');
    expect(back.searchParams.get('x')).toBe('1');
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(await client.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      amount_received: 2500,
    });
    expect(await eventsAbout(intent.id)).toEqual(['payment_intent.succeeded']);
    // Finished once: the page has nothing more to do.
    const twice = await context.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=fail',
    });
    expect(twice.statusCode).toBe(404);
  });

  it('4000002500003155 failing authentication leaves the intent needing a new card', async () => {
    const card = await sdk().paymentMethods.create({
      type: 'card',
      card: { number: '4000002500003155', exp_month: 12, exp_year: 2040 },
    });
    const outcome = await fund(card.id);
    expect(outcome.kind).toBe('requires_action');
    const intent = intentOf(outcome);
    // Without a return_url, next_action is for Stripe.js, and the page answers without redirecting.
    expect(intent.next_action?.type).toBe('use_stripe_sdk');
    const failed = await context.app.inject({
      method: 'POST',
      url: `/sandbox/stripe/3ds/${intent.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=fail',
    });
    expect(failed.statusCode).toBe(200);
    const stored = await client.retrievePaymentIntent(intent.id);
    expect(stored).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
    expect(stored.last_payment_error?.code).toBe('payment_intent_authentication_failure');
    expect(await eventsAbout(intent.id)).toEqual(['payment_intent.payment_failed']);
  });
});

describe('disputes', () => {
  async function disputed() {
    const intent = intentOf(await fund('pm_card_createDispute', cents(4000)));
    expect(intent.status).toBe('succeeded');
    await servicesOf(context.app).sandboxVendors?.tick();
    const created = deliveries
      .map((d) => client.verifyWebhook(d.body, d.signature))
      .find(
        (e) => e?.type === 'charge.dispute.created' && e.data.object.payment_intent === intent.id,
      );
    if (created?.type !== 'charge.dispute.created') throw new Error('no dispute opened');
    return { intent, dispute: created.data.object };
  }

  it('pm_card_createDispute succeeds, then opens a dispute the submitted winning evidence wins', async () => {
    const { intent, dispute } = await disputed();
    expect(dispute.id).toMatch(/^dp_/);
    expect(dispute).toMatchObject({
      amount: 4000,
      charge: intent.latest_charge,
      reason: 'fraudulent',
      status: 'needs_response',
    });
    expect(
      await stripeError(client.createRefund({ paymentIntent: intent.id, idempotencyKey: key() })),
    ).toMatchObject({
      code: 'charge_disputed',
    });
    const won = await client.submitDisputeEvidence(dispute.id, 'winning_evidence');
    expect(won.status).toBe('won');
    expect((await client.retrieveDispute(dispute.id)).status).toBe('won');
    expect(await eventsAbout(dispute.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.closed',
    ]);
    expect(await stripeError(client.closeDispute(dispute.id))).toMatchObject({ statusCode: 400 });
  });

  it('losing evidence loses, and 4000000000000259 by number disputes too', async () => {
    const { dispute } = await disputed();
    expect((await client.submitDisputeEvidence(dispute.id, 'losing_evidence')).status).toBe('lost');
    const card = await sdk().paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000259', exp_month: 12, exp_year: 2040 },
    });
    const byNumber = intentOf(await fund(card.id));
    expect(await eventsAbout(byNumber.id)).toEqual([
      'payment_intent.succeeded',
      'charge.dispute.created',
    ]);
  });

  it('closing a dispute accepts it as lost, with its closed event', async () => {
    const { dispute } = await disputed();
    const closed = await client.closeDispute(dispute.id);
    expect(closed.status).toBe('lost');
    expect(await eventsAbout(dispute.id)).toEqual([
      'charge.dispute.created',
      'charge.dispute.closed',
    ]);
  });
});

describe('cancel and refunds', () => {
  it('cancels an unconfirmed intent once, and never a succeeded one', async () => {
    const open = await client.createPaymentIntent({
      amount: cents(1000),
      metadata: {},
      idempotencyKey: key(),
    });
    expect(open).toMatchObject({ kind: 'other', intent: { status: 'requires_payment_method' } });
    const canceled = await client.cancelPaymentIntent(intentOf(open).id, 'abandoned');
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await stripeError(client.cancelPaymentIntent(canceled.id))).toMatchObject({
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
    });
    const paid = intentOf(await fund('pm_card_visa'));
    expect(await stripeError(client.cancelPaymentIntent(paid.id))).toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(
      await stripeError(client.confirmPaymentIntent(paid.id, { paymentMethod: 'pm_card_visa' })),
    ).toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('refunds in parts up to what was charged, and no further', async () => {
    const paid = intentOf(await fund('pm_card_visa', cents(5000)));
    const part = await client.createRefund({
      paymentIntent: paid.id,
      amount: cents(1000),
      reason: 'requested_by_customer',
      metadata: { pago: 'r1' },
      idempotencyKey: key(),
    });
    expect(part.id).toMatch(/^re_/);
    expect(part).toMatchObject({
      amount: 1000,
      status: 'succeeded',
      payment_intent: paid.id,
      charge: paid.latest_charge,
    });
    expect(await client.retrieveRefund(part.id)).toMatchObject({
      amount: 1000,
      metadata: { pago: 'r1' },
    });
    expect(
      await stripeError(
        client.createRefund({ paymentIntent: paid.id, amount: cents(4001), idempotencyKey: key() }),
      ),
    ).toMatchObject({ param: 'amount', statusCode: 400 });
    const rest = await client.createRefund({ paymentIntent: paid.id, idempotencyKey: key() });
    expect(rest.amount).toBe(4000);
    expect(
      await stripeError(client.createRefund({ paymentIntent: paid.id, idempotencyKey: key() })),
    ).toMatchObject({
      code: 'charge_already_refunded',
    });
    const declined = intentOf(await fund('pm_card_chargeDeclined'));
    expect(
      await stripeError(client.createRefund({ paymentIntent: declined.id, idempotencyKey: key() })),
    ).toMatchObject({
      code: 'charge_not_refundable',
    });
  });
});

describe("Stripe's API conventions", () => {
  it('replays a call under the same idempotency key, and refuses the key with other parameters', async () => {
    const idempotencyKey = key();
    const first = await client.createPaymentIntent({
      amount: cents(700),
      metadata: {},
      idempotencyKey,
      paymentMethod: 'pm_card_visa',
    });
    const again = await client.createPaymentIntent({
      amount: cents(700),
      metadata: {},
      idempotencyKey,
      paymentMethod: 'pm_card_visa',
    });
    expect(intentOf(again).id).toBe(intentOf(first).id);
    expect(await eventsAbout(intentOf(first).id)).toEqual(['payment_intent.succeeded']);
    const other = client.createPaymentIntent({ amount: cents(800), metadata: {}, idempotencyKey });
    expect(await stripeError(other)).toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('makes one payment of many simultaneous calls under one key (the SDK retrying the 409s)', async () => {
    const idempotencyKey = key();
    const marker = `race-${serial}`;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        client.createPaymentIntent({
          amount: cents(900),
          metadata: { marker },
          idempotencyKey,
          paymentMethod: 'pm_card_visa',
        }),
      ),
    );
    const ids = new Set<string>();
    for (const result of results) {
      if (result.status === 'fulfilled') ids.add(intentOf(result.value).id);
      else expect((result.reason as Stripe.errors.StripeError).code).toBe('idempotency_key_in_use');
    }
    expect(ids.size).toBe(1);
    const stored = await context.db
      .selectFrom('sandbox_stripe_objects')
      .select('id')
      .where('object', '=', 'payment_intent')
      .where(sql<string>`data->'metadata'->>'marker'`, '=', marker)
      .execute();
    expect(stored.map((row) => row.id)).toEqual([...ids]);
  });

  it("answers Stripe's error objects: bad key, missing object, unknown and bad parameters", async () => {
    const wrongKey = createStripeSdk(apiUrl(), 'sk_test_not_the_sandbox_key');
    expect(await stripeError(wrongKey.paymentIntents.retrieve('pi_123'))).toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    expect(await stripeError(client.retrievePaymentIntent('pi_doesnotexist'))).toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const unknown = sdk().paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      color: 'red',
    } as Stripe.PaymentIntentCreateParams);
    expect(await stripeError(unknown)).toMatchObject({ code: 'parameter_unknown', param: 'color' });
    expect(
      await stripeError(sdk().paymentIntents.create({ amount: 49, currency: 'usd' })),
    ).toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
    });
    expect(
      await stripeError(
        sdk().paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams),
      ),
    ).toMatchObject({
      code: 'parameter_missing',
      param: 'amount',
    });
    expect(
      await stripeError(
        client.createPaymentIntent({
          amount: cents(1000),
          metadata: {},
          idempotencyKey: key(),
          paymentMethod: 'pm_nosuch',
        }),
      ),
    ).toMatchObject({ code: 'resource_missing', param: 'payment_method' });
  });
});

describe('bodies Stripe would not take', () => {
  it("answers a NUL in a parameter, or a body that is not a form, with 400 in Stripe's shape", async () => {
    const post = (payload: string) =>
      context.app.inject({
        method: 'POST',
        url: '/sandbox/stripe/v1/payment_intents',
        headers: {
          authorization: `Bearer ${SANDBOX_STRIPE.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload,
      });
    for (const payload of ['amount=1000&currency=usd&metadata[a]=x%00y', 'amount=1&amount=2']) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    }
    expect((await post('amount=1000&currency=usd')).statusCode).toBe(200);
  });
});

describe('webhook signatures', () => {
  it('the SDK accepts what the fake signs, and refuses a forged, altered or unsigned body', async () => {
    const intent = intentOf(await fund('pm_card_visa'));
    await servicesOf(context.app).sandboxVendors?.tick();
    const delivery = deliveries.find((d) => d.body.includes(intent.id));
    if (!delivery) throw new Error('no delivery');
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = client.verifyWebhook(delivery.body, delivery.signature);
    expect(event).toMatchObject({
      type: 'payment_intent.succeeded',
      object: 'event',
      livemode: false,
    });
    expect(event?.id).toMatch(/^evt_/);

    const refused = (body: string, signature: string | undefined) => {
      try {
        client.verifyWebhook(body, signature);
        return null;
      } catch (error) {
        return error;
      }
    };
    const forged = stripeSignatureHeader('whsec_someone_else', delivery.body)['stripe-signature'];
    expect(refused(delivery.body, forged)).toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const altered = delivery.body.replace('"amount":5000', '"amount":500000');
    expect(altered).not.toBe(delivery.body);
    expect(refused(altered, delivery.signature)).toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(refused(delivery.body, undefined)).toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    // Signed with the right secret but long ago: a replay, refused by the SDK's tolerance.
    const old = stripeSignatureHeader(
      SANDBOX_STRIPE.webhookSecret,
      delivery.body,
      new Date(Date.now() - 3_600_000),
    );
    expect(refused(delivery.body, old['stripe-signature'])).toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
