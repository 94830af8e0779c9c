import type { Cents } from '@pago/shared/money';
import Stripe from 'stripe';

/**
 * Card funding through Stripe's official SDK: PaymentIntents (create, retrieve, confirm with a
 * payment method, cancel), Refunds, Disputes, and webhook events verified with the SDK's own
 * constructEvent. In sandbox mode the SDK is pointed at this server's fake (/sandbox/stripe) as
 * the Plaid SDK is pointed at its fake; live mode leaves the SDK on Stripe's own host.
 */

export type StripeClientSettings = {
  /** Where Stripe's API lives, read at each call; undefined: the SDK's own (api.stripe.com). */
  apiUrl: () => string | undefined;
  secretKey: string;
  webhookSecret: string;
  /** The SDK's retries of a failed network call (each POST keeps its idempotency key). */
  maxNetworkRetries?: number;
};

/** The events card funding acts on; any other event is acknowledged and left alone. */
export const FUNDING_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;
export type FundingEvent = Extract<Stripe.Event, { type: (typeof FUNDING_EVENT_TYPES)[number] }>;

/** How a confirmation ended, a decline among the expected outcomes rather than a failure. */
export type ConfirmOutcome =
  | { kind: 'succeeded'; intent: Stripe.PaymentIntent }
  | { kind: 'requires_action'; intent: Stripe.PaymentIntent; authenticationUrl: string | null }
  | {
      kind: 'declined';
      intent: Stripe.PaymentIntent | null;
      code: string;
      declineCode: string | null;
      message: string;
    }
  | { kind: 'other'; intent: Stripe.PaymentIntent };

/** The card's brand and funding as Stripe reports them: the funding decides the fee. */
export type CardDetails = {
  brand: string;
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
  last4: string;
};

/** host, port and protocol of `url`, and a path prefix when the API is not at its root. */
function endpointOf(url: string) {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  const port = parsed.port || (protocol === 'http' ? '80' : '443');
  return { host: parsed.hostname, port, protocol, prefix: parsed.pathname.replace(/\/+$/, '') };
}

/**
 * The SDK builds `/v1/…` at the host's root; a fake served under a path (the sandbox's
 * /sandbox/stripe) gets that path put in front through the SDK's own fetch-based HTTP client.
 */
function prefixedFetch(prefix: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    url.pathname = `${prefix}${url.pathname}`;
    return fetch(url, init);
  };
}

/** Stripe's SDK for `url` (undefined: Stripe's own host), configured as Pago uses it. */
export function createStripeSdk(
  url: string | undefined,
  secretKey: string,
  maxNetworkRetries = 2,
): Stripe {
  const common = {
    maxNetworkRetries,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Pago' },
  };
  if (url === undefined) return new Stripe(secretKey, common);
  const { host, port, protocol, prefix } = endpointOf(url);
  return new Stripe(secretKey, {
    ...common,
    host,
    port,
    protocol,
    ...(prefix ? { httpClient: Stripe.createFetchHttpClient(prefixedFetch(prefix)) } : {}),
  });
}

export function createStripeClient(settings: StripeClientSettings) {
  let current: { url: string | undefined; sdk: Stripe } | null = null;

  function sdk(): Stripe {
    const url = settings.apiUrl();
    if (current && current.url === url) return current.sdk;
    current = { url, sdk: createStripeSdk(url, settings.secretKey, settings.maxNetworkRetries) };
    return current.sdk;
  }

  async function confirmed(run: () => Promise<Stripe.PaymentIntent>): Promise<ConfirmOutcome> {
    try {
      return outcomeOf(await run());
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      return {
        kind: 'declined',
        intent: (error.payment_intent as Stripe.PaymentIntent | undefined) ?? null,
        code: error.code ?? 'card_declined',
        declineCode: error.decline_code ?? null,
        message: error.message,
      };
    }
  }

  return {
    /**
     * A card payment of `amount` in US dollars, captured automatically. With `paymentMethod`
     * it is confirmed at once; `idempotencyKey` makes a retried call the same payment.
     */
    async createPaymentIntent(input: {
      amount: Cents;
      metadata: Record<string, string>;
      idempotencyKey: string;
      description?: string;
      paymentMethod?: string;
      returnUrl?: string;
    }): Promise<ConfirmOutcome> {
      const params: Stripe.PaymentIntentCreateParams = {
        amount: input.amount,
        currency: 'usd',
        capture_method: 'automatic',
        allowed_payment_method_types: ['card'],
        metadata: input.metadata,
        ...(input.description ? { description: input.description } : {}),
        ...(input.paymentMethod ? { payment_method: input.paymentMethod, confirm: true } : {}),
        ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
      };
      return confirmed(() =>
        sdk().paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }),
      );
    },

    retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent> {
      return sdk().paymentIntents.retrieve(id);
    },

    confirmPaymentIntent(
      id: string,
      input: { paymentMethod?: string; returnUrl?: string; idempotencyKey?: string },
    ): Promise<ConfirmOutcome> {
      return confirmed(() =>
        sdk().paymentIntents.confirm(
          id,
          {
            ...(input.paymentMethod ? { payment_method: input.paymentMethod } : {}),
            ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          },
          input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {},
        ),
      );
    },

    cancelPaymentIntent(
      id: string,
      reason?: Stripe.PaymentIntentCancelParams.CancellationReason,
    ): Promise<Stripe.PaymentIntent> {
      return sdk().paymentIntents.cancel(id, reason ? { cancellation_reason: reason } : {});
    },

    /** The card behind a payment: its brand and whether it is debit or credit. */
    async getCardDetails(paymentMethodId: string): Promise<CardDetails> {
      const method = await sdk().paymentMethods.retrieve(paymentMethodId);
      if (!method.card) throw new Error(`Stripe payment method ${method.id} is not a card`);
      const { brand, funding, last4 } = method.card;
      const known = funding === 'credit' || funding === 'debit' || funding === 'prepaid';
      return { brand, funding: known ? funding : 'unknown', last4 };
    },

    /** A refund of a succeeded payment, whole or `amount` of it. */
    createRefund(input: {
      paymentIntent: string;
      amount?: Cents;
      reason?: Stripe.RefundCreateParams.Reason;
      metadata?: Record<string, string>;
      idempotencyKey: string;
    }): Promise<Stripe.Refund> {
      return sdk().refunds.create(
        {
          payment_intent: input.paymentIntent,
          ...(input.amount !== undefined ? { amount: input.amount } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
    },

    retrieveRefund(id: string): Promise<Stripe.Refund> {
      return sdk().refunds.retrieve(id);
    },

    retrieveDispute(id: string): Promise<Stripe.Dispute> {
      return sdk().disputes.retrieve(id);
    },

    /** Evidence for a dispute, submitted to the card's bank. */
    submitDisputeEvidence(id: string, text: string): Promise<Stripe.Dispute> {
      return sdk().disputes.update(id, { evidence: { uncategorized_text: text }, submit: true });
    },

    /** Accepts a dispute: it is lost and the money stays with the cardholder. */
    closeDispute(id: string): Promise<Stripe.Dispute> {
      return sdk().disputes.close(id);
    },

    /**
     * A webhook's event, its Stripe-Signature checked by the SDK (throws
     * Stripe.errors.StripeSignatureVerificationError when forged, altered or too old). null: an
     * event card funding does not act on. `rawBody` must be the bytes as received.
     */
    verifyWebhook(rawBody: string | Buffer, signature: string | undefined): FundingEvent | null {
      const event = sdk().webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      return (FUNDING_EVENT_TYPES as readonly string[]).includes(event.type)
        ? (event as FundingEvent)
        : null;
    },
  };
}
export type StripeClient = ReturnType<typeof createStripeClient>;

function outcomeOf(intent: Stripe.PaymentIntent): ConfirmOutcome {
  if (intent.status === 'succeeded') return { kind: 'succeeded', intent };
  if (intent.status === 'requires_action') {
    const next = intent.next_action;
    const url =
      next?.redirect_to_url?.url ??
      (next?.use_stripe_sdk as { stripe_js?: string } | undefined)?.stripe_js ??
      null;
    return { kind: 'requires_action', intent, authenticationUrl: url };
  }
  return { kind: 'other', intent };
}
