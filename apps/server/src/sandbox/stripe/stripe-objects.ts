import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/database';
import { enqueueWebhook } from '../webhooks/outbox';
import { TEST_CARDS, type TestCard } from './stripe-test-cards';

/**
 * The Stripe fake's objects as Stripe answers them (the shapes of node_modules/stripe's types:
 * PaymentMethods.d.ts, PaymentIntents.d.ts, Refunds.d.ts, Disputes.d.ts, Events.d.ts), how they
 * are stored, and the error object Stripe answers with.
 */

export type StripeObject = { id: string; object: string; [field: string]: unknown };

/** The API version the fake's events say they were rendered with: the SDK's pinned one. */
export const FAKE_API_VERSION = '2026-10-28.endive';

/** Stripe's error object: `{ error: { type, code, decline_code, message, param, … } }`. */
export type StripeErrorBody = {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: StripeObject;
  payment_method?: StripeObject;
};

export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** Stripe's error answer, with the Request-Id every answer of Stripe's carries. */
export function sendError(reply: FastifyReply, status: number, error: StripeErrorBody) {
  return reply.code(status).header('request-id', newId('req')).send({ error });
}

export const invalidRequest = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeFakeError(400, { type: 'invalid_request_error', message, ...extra });

export const noSuch = (what: string, id: string, param?: string) =>
  new StripeFakeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `pi_…`, `pm_…`, `re_…`, `dp_…`, `ch_…`, `evt_…`: a prefix and 24 letters and digits. */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  return `${prefix}_${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const unixNow = () => Math.floor(Date.now() / 1000);

/** Stripe's fingerprint: the same for every payment method of one card number. */
export function cardFingerprint(number: string): string {
  const digest = createHash('sha256').update(`pago-sandbox-stripe:${number}`).digest();
  return [...digest.subarray(0, 16)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The test card behind a stored payment method, found again by its fingerprint. */
export function testCardOf(paymentMethod: StripeObject): TestCard | undefined {
  const card = paymentMethod.card as { fingerprint?: string } | undefined;
  return TEST_CARDS.find((c) => cardFingerprint(c.number) === card?.fingerprint);
}

export function paymentMethodObject(
  card: TestCard,
  expiry: { month: number; year: number },
): StripeObject {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: null,
      name: null,
      phone: null,
      tax_id: null,
    },
    card: {
      brand: card.brand,
      display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      exp_month: expiry.month,
      exp_year: expiry.year,
      fingerprint: cardFingerprint(card.number),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: unixNow(),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export async function getObject(
  db: Database,
  id: string,
  object: 'payment_method' | 'payment_intent' | 'refund' | 'dispute',
  forUpdate = false,
): Promise<StripeObject | null> {
  let query = db
    .selectFrom('sandbox_stripe_objects')
    .select('data')
    .where('id', '=', id)
    .where('object', '=', object);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? (row.data as StripeObject) : null;
}

export async function insertObject(
  db: Database,
  data: StripeObject,
  paymentIntent: string | null = null,
): Promise<void> {
  await db
    .insertInto('sandbox_stripe_objects')
    .values({
      id: data.id,
      object: data.object as 'payment_intent',
      payment_intent: paymentIntent,
      data,
    })
    .execute();
}

export async function updateObject(db: Database, data: StripeObject): Promise<void> {
  await db.updateTable('sandbox_stripe_objects').set({ data }).where('id', '=', data.id).execute();
}

/** Where the fake's events go: the configured webhook endpoint. */
export type EventSink = { webhookUrl: string };

/** An event of `type` about `object`, queued for the webhook endpoint in the same transaction. */
export async function emitEvent(
  db: Database,
  sink: EventSink,
  type: string,
  object: StripeObject,
): Promise<void> {
  await enqueueWebhook(db, 'stripe', sink.webhookUrl, {
    id: newId('evt'),
    object: 'event',
    api_version: FAKE_API_VERSION,
    created: unixNow(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}
