import type { Database } from '../../db/database';
import {
  type EventSink,
  emitEvent,
  getObject,
  insertObject,
  invalidRequest,
  newId,
  noSuch,
  paymentMethodObject,
  StripeFakeError,
  type StripeObject,
  testCardOf,
  unixNow,
  updateObject,
} from './stripe-objects';
import { testCardByPaymentMethod } from './stripe-test-cards';

/**
 * The Stripe fake's PaymentIntents: created, confirmed with a test card (which decides the
 * outcome: success, a decline, 3-D Secure, a dispute after success), cancelled, and 3-D Secure
 * finished as Stripe's test authentication page does. Each change and its event share a transaction.
 */

export type PaymentsContext = EventSink & {
  /** This server's public address, for the 3-D Secure page in next_action. */
  publicUrl: string;
};

/** The statuses a PaymentIntent may be confirmed or cancelled from (PaymentIntents.d.ts). */
const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELLABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

export type CreateIntentParams = {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  description?: string | undefined;
  paymentMethod?: string | undefined;
  confirm: boolean;
  returnUrl?: string | undefined;
  automaticPaymentMethods: boolean;
  /** allowed_payment_method_types as given (only card is taken), or null. */
  allowedTypes: string[] | null;
};

/**
 * A payment method by id: a stored `pm_…`, or one of Stripe's test ids (`pm_card_visa`…), which,
 * as at Stripe, makes a new `pm_…` of that card each time it is used.
 */
export async function resolvePaymentMethod(db: Database, id: string): Promise<StripeObject> {
  const stored = await getObject(db, id, 'payment_method');
  if (stored) return stored;
  const card = testCardByPaymentMethod(id);
  if (!card) throw noSuch('PaymentMethod', id, 'payment_method');
  const now = new Date();
  const created = paymentMethodObject(card, { month: 12, year: now.getUTCFullYear() + 3 });
  await insertObject(db, created);
  return created;
}

function unexpectedState(intent: StripeObject, action: 'confirm' | 'cancel', allowed: string[]) {
  return invalidRequest(
    `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}. ` +
      `Only a PaymentIntent with one of the following statuses may be ${action === 'confirm' ? 'confirmed' : 'canceled'}: ${allowed.join(', ')}.`,
    { code: 'payment_intent_unexpected_state', payment_intent: intent },
  );
}

export async function createPaymentIntent(
  db: Database,
  context: PaymentsContext,
  params: CreateIntentParams,
): Promise<StripeObject> {
  const result = await db.transaction().execute(async (tx) => {
    const paymentMethod = params.paymentMethod
      ? await resolvePaymentMethod(tx, params.paymentMethod)
      : null;
    const id = newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: params.allowedTypes,
      amount: params.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: params.automaticPaymentMethods
        ? { allow_redirects: 'always', enabled: true }
        : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${newId('s').slice(2)}`,
      confirmation_method: 'automatic',
      created: unixNow(),
      currency: params.currency,
      customer: null,
      customer_account: null,
      description: params.description ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: params.metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: paymentMethod?.id ?? null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      payment_record: null,
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    await insertObject(tx, intent, id);
    if (!params.confirm) return intent;
    return confirmLocked(tx, context, intent, undefined, params.returnUrl);
  });
  return declineAfterCommit(result);
}

/** A decline is answered as an error once the failed attempt it records is committed. */
function declineAfterCommit(result: StripeObject | StripeFakeError): StripeObject {
  if (result instanceof StripeFakeError) throw result;
  return result;
}

export async function retrievePaymentIntent(db: Database, id: string): Promise<StripeObject> {
  const intent = await getObject(db, id, 'payment_intent');
  if (!intent) throw noSuch('payment_intent', id);
  return intent;
}

export async function confirmPaymentIntent(
  db: Database,
  context: PaymentsContext,
  id: string,
  params: { paymentMethod?: string | undefined; returnUrl?: string | undefined },
): Promise<StripeObject> {
  const result = await db.transaction().execute(async (tx) => {
    const intent = await getObject(tx, id, 'payment_intent', true);
    if (!intent) throw noSuch('payment_intent', id);
    return confirmLocked(tx, context, intent, params.paymentMethod, params.returnUrl);
  });
  return declineAfterCommit(result);
}

/**
 * Charges the card of a locked PaymentIntent. A decline comes back as the error to answer (402,
 * card_error) while its effects on the intent are kept: Stripe records the failed attempt and
 * sends its event.
 */
async function confirmLocked(
  tx: Database,
  context: PaymentsContext,
  intent: StripeObject,
  paymentMethodId: string | undefined,
  returnUrl: string | undefined,
): Promise<StripeObject | StripeFakeError> {
  if (!CONFIRMABLE.includes(String(intent.status))) {
    throw unexpectedState(intent, 'confirm', CONFIRMABLE);
  }
  const methodId = paymentMethodId ?? (intent.payment_method as string | null);
  if (!methodId) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a PaymentMethod, provide it as the payment_method parameter.",
      { code: 'payment_intent_unexpected_state', payment_intent: intent },
    );
  }
  const method = await resolvePaymentMethod(tx, methodId);
  const card = testCardOf(method);
  const outcome = card?.outcome ?? { kind: 'succeed' as const };
  const charge = newId('ch');
  Object.assign(intent, { payment_method: method.id, last_payment_error: null, next_action: null });
  if (outcome.kind === 'authenticate') {
    const url = `${context.publicUrl}/sandbox/stripe/3ds/${intent.id}`;
    intent.status = 'requires_action';
    intent.next_action = returnUrl
      ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } }
      : {
          type: 'use_stripe_sdk',
          use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url },
        };
    await updateObject(tx, intent);
    return intent;
  }
  if (outcome.kind === 'decline') {
    const error = {
      type: 'card_error' as const,
      code: 'card_declined',
      decline_code: outcome.declineCode,
      message: outcome.message,
      charge,
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      latest_charge: charge,
      last_payment_error: { ...error, payment_method: method },
    });
    await updateObject(tx, intent);
    await emitEvent(tx, context, 'payment_intent.payment_failed', intent);
    return new StripeFakeError(402, { ...error, payment_intent: intent, payment_method: method });
  }
  await succeed(tx, context, intent, charge);
  if (outcome.kind === 'dispute') await openDispute(tx, context, intent, charge);
  return intent;
}

async function succeed(tx: Database, context: EventSink, intent: StripeObject, charge: string) {
  Object.assign(intent, {
    status: 'succeeded',
    amount_received: intent.amount,
    latest_charge: charge,
    next_action: null,
  });
  await updateObject(tx, intent);
  await emitEvent(tx, context, 'payment_intent.succeeded', intent);
}

/** What 4000000000000259 does once charged: the cardholder disputes it as fraudulent. */
async function openDispute(tx: Database, context: EventSink, intent: StripeObject, charge: string) {
  const created = unixNow();
  const dispute: StripeObject = {
    id: newId('dp'),
    object: 'dispute',
    amount: intent.amount,
    balance_transactions: [],
    charge,
    created,
    currency: intent.currency,
    evidence: { uncategorized_text: null },
    enhanced_eligibility_types: [],
    evidence_details: {
      due_by: created + 7 * 24 * 60 * 60,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: intent.id,
    reason: 'fraudulent',
    status: 'needs_response',
  };
  await insertObject(tx, dispute, intent.id);
  await emitEvent(tx, context, 'charge.dispute.created', dispute);
}

export async function cancelPaymentIntent(
  db: Database,
  id: string,
  reason: string | undefined,
): Promise<StripeObject> {
  return db.transaction().execute(async (tx) => {
    const intent = await getObject(tx, id, 'payment_intent', true);
    if (!intent) throw noSuch('payment_intent', id);
    if (!CANCELLABLE.includes(String(intent.status))) {
      throw unexpectedState(intent, 'cancel', CANCELLABLE);
    }
    Object.assign(intent, {
      status: 'canceled',
      canceled_at: unixNow(),
      cancellation_reason: reason ?? null,
      next_action: null,
    });
    await updateObject(tx, intent);
    return intent;
  });
}

/**
 * Stripe's test 3-D Secure page: "Complete" charges the card, "Fail" leaves the intent needing a
 * new payment method with payment_intent_authentication_failure. Null: no authentication waits.
 */
export async function finishAuthentication(
  db: Database,
  context: EventSink,
  id: string,
  outcome: 'complete' | 'fail',
): Promise<StripeObject | null> {
  return db.transaction().execute(async (tx) => {
    const intent = await getObject(tx, id, 'payment_intent', true);
    if (intent?.status !== 'requires_action') return null;
    if (outcome === 'complete') {
      await succeed(tx, context, intent, newId('ch'));
      return intent;
    }
    const method = await getObject(tx, String(intent.payment_method), 'payment_method');
    Object.assign(intent, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
        payment_method: method,
      },
    });
    await updateObject(tx, intent);
    await emitEvent(tx, context, 'payment_intent.payment_failed', intent);
    return intent;
  });
}
