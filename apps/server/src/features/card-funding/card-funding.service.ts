import {
  CARD_FUNDING_LIMITS,
  type CardFunding,
  type CardFundingConfig,
  type CardFundingQuote,
  cardFundingFee,
  pricedAs,
} from '@pago/shared/contracts/card-funding';
import { type Cents, cents } from '@pago/shared/money';
import Stripe from 'stripe';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type {
  CardDetails,
  ConfirmOutcome,
  StripeClient,
} from '../../providers/stripe/stripe-client';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  type CardFundingRow,
  cardFundedInPeriods,
  claimPaymentMethod,
  findCardFunding,
  insertCardFunding,
  lockCardFunding,
  lockUserCardFunding,
} from './card-funding.repository';
import { createCardFundingRecovery } from './card-funding-recovery';
import { createCardFundingSettlement } from './card-funding-settlement';
import { createStripeWebhook, FUNDING_METADATA_KEY } from './card-funding-webhook';

type Deps = {
  db: Database;
  ledger: Ledger;
  /** null: live mode without the STRIPE_* settings (card funding refused). */
  stripe: StripeClient | null;
  publishableKey: string | null;
  /** Stripe.js v3: the sandbox's fake of it, or js.stripe.com in live mode. */
  stripeJsUrl: string | null;
  /** Where Stripe sends the browser back after 3-D Secure (the web app's card top-up page). */
  returnUrl: (cardFundingId: string) => string;
  /** Tells the user a chargeback took a top-up back. */
  notifications: Pick<Notifications, 'notify'>;
};

/** What a top-up needs before its first transaction: the card as Stripe reports it, and the price. */
export type PreparedCardFunding = { card: CardDetails; quote: CardFundingQuote };

/** A call's outcome, a Stripe failure that is not the card's among them (nothing known yet). */
export type CardCallOutcome =
  | ConfirmOutcome
  | { kind: 'unreachable' }
  | { kind: 'invalid'; code: string };

const PM_OBJECT_ID = /^pm_[A-Za-z0-9]{24}$/;

function unavailable() {
  return new AppError(
    'feature_unavailable_in_live_mode',
    503,
    'Card funding is not available: Stripe is not configured on this server.',
    { feature: 'cardFunding' },
  );
}

function stripeUnreachable() {
  return new AppError(
    'service_unavailable',
    503,
    'The card processor did not answer. Nothing was charged: try again.',
  );
}

/** A Stripe error about the request (a missing PaymentMethod), not about Stripe being down. */
function isInvalidRequest(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

export function toCardFunding(row: CardFundingRow): CardFunding {
  const amount = cents(Number(row.amount_cents));
  const fee = cents(Number(row.fee_cents));
  return {
    id: row.id,
    status: row.status,
    amountCents: amount,
    feeCents: fee,
    totalCents: cents(amount + fee),
    brand: row.brand,
    funding: row.funding,
    last4: row.last4,
    transferId: row.transfer_id,
    authenticationUrl: row.status === 'requires_action' ? row.authentication_url : null,
    declineCode: row.decline_code,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Adding money with a debit or credit card through Stripe. The browser makes the PaymentMethod
 * (Stripe.js); the server prices the top-up by the card's funding, reserves it against the card
 * limits, charges amount + fee with a PaymentIntent confirmed at once (no transaction open), and
 * settles: a charge is in the wallet at once, a decline moves nothing, 3-D Secure waits for the
 * browser's return or Stripe's webhook. Chargebacks take the money back (card-funding-settlement.ts).
 */
export function createCardFunding({
  db,
  ledger,
  stripe,
  publishableKey,
  stripeJsUrl,
  returnUrl,
  notifications,
}: Deps) {
  const settlement = createCardFundingSettlement({ ledger, notifications });

  function client(): StripeClient {
    if (!stripe) throw unavailable();
    return stripe;
  }

  async function limits(executor: Database, userId: string) {
    const used = await cardFundedInPeriods(executor, userId, ledger.clock());
    return {
      day: cents(Math.max(0, CARD_FUNDING_LIMITS.daily - used.day)),
      month: cents(Math.max(0, CARD_FUNDING_LIMITS.monthly - used.month)),
    };
  }

  async function assertRoom(executor: Database, userId: string, amountCents: Cents) {
    const room = await limits(executor, userId);
    for (const [name, limitCents, remainingCents] of [
      ['card_funding_daily', CARD_FUNDING_LIMITS.daily, room.day],
      ['card_funding_monthly', CARD_FUNDING_LIMITS.monthly, room.month],
    ] as const) {
      if (amountCents > remainingCents) {
        throw new AppError(
          'limit_exceeded',
          422,
          `This is over your card funding limit. You can still add ${(remainingCents / 100).toFixed(2)} USD.`,
          { limit: name, limitCents, remainingCents },
        );
      }
    }
  }

  /** The card behind a PaymentMethod the user may use (another user's is a 404). */
  async function cardOf(userId: string, paymentMethodId: string): Promise<CardDetails> {
    const stripeClient = client();
    if (PM_OBJECT_ID.test(paymentMethodId)) {
      const owner = await claimPaymentMethod(db, paymentMethodId, userId);
      if (owner !== userId) throw new AppError('not_found', 404, 'Card not found');
    }
    try {
      return await stripeClient.getCardDetails(paymentMethodId);
    } catch (error) {
      if (isInvalidRequest(error)) throw new AppError('not_found', 404, 'Card not found');
      if (error instanceof Stripe.errors.StripeError) throw stripeUnreachable();
      if (error instanceof Error && /is not a card/.test(error.message)) {
        throw new AppError('not_found', 404, 'Card not found');
      }
      throw error;
    }
  }

  function quoteOf(card: CardDetails, amountCents: Cents): CardFundingQuote {
    const feeCents = cardFundingFee(amountCents, card.funding);
    return {
      amountCents,
      feeCents,
      totalCents: cents(amountCents + feeCents),
      brand: card.brand,
      funding: card.funding,
      pricedAs: pricedAs(card.funding),
      last4: card.last4,
      availableAt: 'immediately',
    };
  }

  /** Applies a re-read or delivered PaymentIntent to its top-up, once, under the row lock. */
  async function applyIntentTo(id: string, intent: Stripe.PaymentIntent) {
    return db.transaction().execute(async (tx) => {
      const row = await lockCardFunding(tx, id);
      if (!row) return null;
      const next = intent.next_action;
      const url = next?.redirect_to_url?.url ?? null;
      await settlement.applyIntent(tx, row, intent, url);
      return lockCardFunding(tx, id);
    });
  }

  /**
   * Charges amount + fee, confirmed at once, keyed by the top-up (a retried call is the same
   * payment). No transaction is open. Stripe being unreachable is an outcome, not a throw.
   */
  async function charge(
    id: string,
    userId: string,
    paymentMethodId: string,
    quote: CardFundingQuote,
  ): Promise<CardCallOutcome> {
    try {
      return await client().createPaymentIntent({
        amount: quote.totalCents,
        metadata: { [FUNDING_METADATA_KEY]: id, pago_user: userId },
        idempotencyKey: `card-funding-${id}`,
        description: 'Pago wallet top-up',
        paymentMethod: paymentMethodId,
        returnUrl: returnUrl(id),
      });
    } catch (error) {
      if (isInvalidRequest(error))
        return { kind: 'invalid', code: error.code ?? 'invalid_request' };
      if (error instanceof Stripe.errors.StripeError) return { kind: 'unreachable' };
      throw error;
    }
  }

  /** Settles a top-up by Stripe's answer: 201 charged, 202 waiting, 422 declined (nothing moved). */
  async function settle(tx: Database, id: string, outcome: CardCallOutcome) {
    const row = await lockCardFunding(tx, id);
    if (!row) throw new Error(`Card funding ${id} vanished`);
    if (outcome.kind === 'declined') {
      await settlement.decline(
        tx,
        row,
        outcome.intent?.id ?? null,
        outcome.declineCode ?? outcome.code,
      );
    } else if (outcome.kind === 'invalid') {
      await settlement.decline(tx, row, null, outcome.code);
    } else if (outcome.kind === 'requires_action') {
      await settlement.applyIntent(tx, row, outcome.intent, outcome.authenticationUrl);
    } else if (outcome.kind !== 'unreachable') {
      await settlement.applyIntent(tx, row, outcome.intent);
    }
    const now = await lockCardFunding(tx, id);
    if (!now) throw new Error(`Card funding ${id} vanished`);
    if (now.status === 'declined' || now.status === 'failed') {
      const message =
        outcome.kind === 'declined'
          ? outcome.message
          : 'The card could not be charged. Nothing was charged.';
      throw new AppError('card_declined', 422, message, {
        declineCode: now.decline_code,
        cardFundingId: id,
      });
    }
    const funding = toCardFunding(now);
    return { statusCode: funding.status === 'succeeded' ? 201 : 202, body: funding };
  }

  return {
    /** Whether card funding can be offered (Stripe configured): /api/features reads it. */
    available: stripe !== null,

    async config(userId: string): Promise<CardFundingConfig> {
      const room = await limits(db, userId);
      return {
        available: stripe !== null,
        publishableKey: stripe ? publishableKey : null,
        stripeJsUrl: stripe ? stripeJsUrl : null,
        limits: {
          minimumCents: CARD_FUNDING_LIMITS.minimum,
          perFundingCents: CARD_FUNDING_LIMITS.perFunding,
          dayRemainingCents: room.day,
          monthRemainingCents: room.month,
        },
      };
    },

    /** The exact fee and total for this card, before the user confirms (no money moves). */
    async quote(userId: string, paymentMethodId: string, amountCents: Cents) {
      const card = await cardOf(userId, paymentMethodId);
      await assertRoom(db, userId, amountCents);
      return quoteOf(card, amountCents);
    },

    /** Before the top-up's first transaction: the card and its price, as the user saw it. */
    async prepare(
      userId: string,
      body: {
        paymentMethodId: string;
        amountCents: Cents;
        expectedFeeCents: number;
        expectedTotalCents: number;
      },
    ): Promise<PreparedCardFunding> {
      const card = await cardOf(userId, body.paymentMethodId);
      const quote = quoteOf(card, body.amountCents);
      if (
        quote.feeCents !== body.expectedFeeCents ||
        quote.totalCents !== body.expectedTotalCents
      ) {
        throw new AppError(
          'quote_mismatch',
          409,
          'The fee for this card is not the one shown. Review the new total and confirm again.',
          { quote },
        );
      }
      return { card, quote };
    },

    /** Reserves the top-up against the card limits, under the user's lock. Nothing moves yet. */
    async reserve(
      tx: Database,
      userId: string,
      paymentMethodId: string,
      { card, quote }: PreparedCardFunding,
      requestKey: string,
    ): Promise<string> {
      await lockUserCardFunding(tx, userId);
      await assertRoom(tx, userId, quote.amountCents);
      return insertCardFunding(tx, {
        userId,
        requestKey,
        paymentMethodId,
        brand: card.brand,
        funding: card.funding,
        last4: card.last4,
        amountCents: quote.amountCents,
        feeCents: quote.feeCents,
        createdAt: ledger.clock(),
      });
    },

    /**
     * Charges amount + fee, confirmed at once, keyed by the top-up (a retried call is the same
     * payment). No transaction is open. Stripe being unreachable is an outcome, not a throw.
     */
    charge,

    /** Settles the top-up by Stripe's answer, in the transaction that stores the request's answer. */
    settle,

    /** The recovery sweep of top-ups left pending (card-funding-recovery.ts), run by a job. */
    recoverPending: createCardFundingRecovery({
      db,
      ledger,
      available: stripe !== null,
      charge,
      settle,
    }),

    /**
     * The user's top-up (another user's is a 404). One still open with a PaymentIntent is read
     * back from Stripe first, so the return from 3-D Secure credits it even before the webhook.
     */
    async get(userId: string, id: string): Promise<CardFunding> {
      const row = await findCardFunding(db, userId, id);
      if (!row) throw new AppError('not_found', 404, 'Card funding not found');
      if ((row.status === 'pending' || row.status === 'requires_action') && row.payment_intent_id) {
        let intent: Stripe.PaymentIntent;
        try {
          intent = await client().retrievePaymentIntent(row.payment_intent_id);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError) return toCardFunding(row);
          throw error;
        }
        const after = await applyIntentTo(row.id, intent);
        if (after) return toCardFunding(after);
      }
      return toCardFunding(row);
    },

    /** A webhook from Stripe (card-funding-webhook.ts). */
    webhook: createStripeWebhook({ db, client, settlement }),
  };
}

export type CardFundingService = ReturnType<typeof createCardFunding>;
