import Stripe from 'stripe';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FundingEvent, StripeClient } from '../../providers/stripe/stripe-client';
import {
  findCardFundingIdByIntent,
  lockCardFunding,
  recordStripeEvent,
} from './card-funding.repository';
import type { CardFundingSettlement } from './card-funding-settlement';

/** The metadata key on a PaymentIntent that names Pago's top-up (set when it is created). */
export const FUNDING_METADATA_KEY = 'pago_card_funding';

const UUID = /^[0-9a-f-]{36}$/;

/**
 * Stripe's webhook for card funding: the signature checked by the SDK (401 when it fails), then
 * each event applied once by id (`stripe_webhook_events`), in the transaction that applies it.
 * Card events about no top-up of Pago's are acknowledged and left alone.
 */
export function createStripeWebhook({
  db,
  client,
  settlement,
}: {
  db: Database;
  client: () => StripeClient;
  settlement: CardFundingSettlement;
}) {
  /** The top-up an event is about: by the PaymentIntent's metadata, or its id. */
  async function targetOf(event: FundingEvent): Promise<string | null> {
    if (
      event.type === 'payment_intent.succeeded' ||
      event.type === 'payment_intent.payment_failed'
    ) {
      const named = event.data.object.metadata?.[FUNDING_METADATA_KEY];
      if (named && UUID.test(named)) {
        const row = await db
          .selectFrom('card_fundings')
          .select('id')
          .where('id', '=', named)
          .executeTakeFirst();
        if (row) return row.id;
      }
    }
    const piId = paymentIntentOf(event);
    if (!piId) return null;
    const known = await findCardFundingIdByIntent(db, piId);
    if (known || event.type.startsWith('payment_intent.')) return known;
    // A dispute may arrive before the request that charged the card stored its PaymentIntent:
    // the intent's metadata names the top-up.
    let named: string | undefined;
    try {
      named = (await client().retrievePaymentIntent(piId)).metadata?.[FUNDING_METADATA_KEY];
    } catch (error) {
      // Not a payment Stripe has for this account: nothing of Pago's.
      if (isInvalidRequest(error)) return null;
      throw error;
    }
    if (!named || !UUID.test(named)) return null;
    const row = await db
      .selectFrom('card_fundings')
      .select('id')
      .where('id', '=', named)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  return async function webhook(rawBody: string, signature: string | undefined): Promise<void> {
    const stripeClient = client();
    let event: FundingEvent | null;
    try {
      event = stripeClient.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new AppError('invalid_signature', 401, 'Invalid Stripe-Signature');
      }
      throw new AppError('bad_request', 400, 'Not a Stripe event');
    }
    if (!event) return;
    const object = (event.data as { object?: unknown } | undefined)?.object;
    if (!object || typeof object !== 'object') {
      throw new AppError('bad_request', 400, 'A Stripe event without its object');
    }
    const target = await targetOf(event);
    // A dispute's charge succeeded before it opened: if that news has not reached the top-up
    // yet, it is read back from Stripe so the credit comes before the reversal.
    let intent: Stripe.PaymentIntent | null = null;
    if (target && event.type.startsWith('charge.dispute.')) {
      const row = await db
        .selectFrom('card_fundings')
        .select(['status', 'payment_intent_id'])
        .where('id', '=', target)
        .executeTakeFirst();
      const piId = row?.payment_intent_id ?? paymentIntentOf(event);
      if ((row?.status === 'pending' || row?.status === 'requires_action') && piId) {
        intent = await stripeClient.retrievePaymentIntent(piId);
      }
    }
    await db.transaction().execute(async (tx) => {
      if (!(await recordStripeEvent(tx, event.id, event.type))) return;
      if (!target) return;
      const row = await lockCardFunding(tx, target);
      if (!row) return;
      switch (event.type) {
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed':
          await settlement.applyIntent(tx, row, event.data.object);
          return;
        case 'charge.dispute.created': {
          if (intent) await settlement.applyIntent(tx, row, intent);
          const current = await lockCardFunding(tx, target);
          if (current) {
            await settlement.disputeOpened(
              tx,
              current,
              event.data.object.id,
              event.data.object.reason,
            );
          }
          return;
        }
        case 'charge.dispute.closed': {
          const status = event.data.object.status;
          if (status === 'won' || status === 'lost') {
            await settlement.disputeClosed(tx, row, status === 'won');
          }
          return;
        }
      }
    });
  };
}

function paymentIntentOf(event: FundingEvent): string | null {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    return event.data.object.id;
  }
  const pi = event.data.object.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}
/** A Stripe error about the request (no such PaymentIntent), not about Stripe being down. */
function isInvalidRequest(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}
