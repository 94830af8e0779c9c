import { timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AppInstance } from '../../app-instance';
import { escapeHtml } from '../../lib/html';
import { sendAsset } from '../shared/assets';
import { parseStripeForm } from './stripe-form';
import { answer } from './stripe-idempotency';
import {
  getObject,
  insertObject,
  invalidRequest,
  paymentMethodObject,
  StripeFakeError,
  sendError,
} from './stripe-objects';
import {
  cancelPaymentIntentParams,
  confirmPaymentIntentParams,
  createPaymentIntentParams,
  createPaymentMethodParams,
  createRefundParams,
  parseParams,
  retrieveParams,
  updateDisputeParams,
} from './stripe-params';
import {
  cancelPaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  finishAuthentication,
  type PaymentsContext,
  resolvePaymentMethod,
  retrievePaymentIntent,
} from './stripe-payments';
import {
  closeDispute,
  createRefund,
  retrieveDispute,
  retrieveRefund,
  updateDispute,
} from './stripe-refunds-disputes';
import { passesLuhn, testCardByNumber } from './stripe-test-cards';

const BASE = '/sandbox/stripe/v1';
/** The fake's browser files: its Stripe.js. */
const STRIPE_ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

/**
 * A fake of Stripe's REST API under /sandbox/stripe, for sandbox mode only: what card funding
 * calls (PaymentMethods, PaymentIntents, Refunds, Disputes) with Bearer secret-key auth,
 * form-encoded bodies, idempotency keys and Stripe's error object; Stripe's test cards decide
 * each payment (stripe-test-cards.ts), and a test 3-D Secure page finishes authentication.
 */
export async function stripeFakeRoutes(app: AppInstance): Promise<void> {
  const db = app.deps.sandboxDb ?? app.deps.db;
  const settings = app.deps.config.stripe;
  if (!settings) return;
  const context: PaymentsContext = {
    webhookUrl: app.deps.config.sandboxStripeWebhookUrl,
    publicUrl: app.deps.config.publicUrl,
  };
  const expected = Buffer.from(`Bearer ${settings.secretKey}`);
  const publishable = Buffer.from(`Bearer ${settings.publishableKey}`);
  const same = (given: Buffer, key: Buffer) =>
    given.length === key.length && timingSafeEqual(given, key);

  // Stripe's API takes form-encoded bodies (this parser is scoped to these routes).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const form = parseStripeForm(body as string);
      if (form) done(null, form);
      else done(Object.assign(new Error('malformed form body'), { statusCode: 400 }), undefined);
    },
  );
  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, {
        type: 'invalid_request_error',
        message: 'Invalid request body.',
      });
    }
    app.log.error({ err: error }, 'the Stripe fake failed');
    return sendError(reply, 500, { type: 'api_error', message: 'An unknown error occurred.' });
  });

  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      const given = String(request.headers.authorization ?? '');
      if (!given) {
        return sendError(reply, 401, {
          type: 'invalid_request_error',
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        });
      }
      const bytes = Buffer.from(given);
      // Stripe.js creates PaymentMethods with the publishable key; nothing else takes it.
      if (same(bytes, publishable)) {
        if (request.method === 'POST' && request.url.split('?')[0] === `${BASE}/payment_methods`) {
          return;
        }
        return sendError(reply, 401, {
          type: 'invalid_request_error',
          message:
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        });
      }
      if (!same(bytes, expected)) {
        const key = given.replace(/^Bearer /, '');
        return sendError(reply, 401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(4)}${key.slice(-4)}`,
        });
      }
    });

    api.post(`${BASE}/payment_methods`, (request, reply) =>
      answer(db, request, reply, async () => {
        const params = parseParams(createPaymentMethodParams, request.body);
        const { number, exp_month: month, exp_year: year } = params.card;
        if (!passesLuhn(number))
          throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
        if (month < 1 || month > 12) {
          throw cardError(
            'invalid_expiry_month',
            "Your card's expiration month is invalid.",
            'exp_month',
          );
        }
        const now = new Date();
        const expired =
          year < now.getUTCFullYear() ||
          (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
        if (expired)
          throw cardError(
            'invalid_expiry_year',
            "Your card's expiration year is invalid.",
            'exp_year',
          );
        const card = testCardByNumber(number);
        if (!card) {
          // Stripe's test mode takes only its test cards; a real number is declined.
          throw new StripeFakeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'test_mode_live_card',
            message:
              'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
          });
        }
        const made = paymentMethodObject(card, { month, year });
        const postalCode = params.billing_details?.address?.postal_code;
        const billing = made.billing_details as { address: Record<string, unknown> };
        const method = {
          ...made,
          ...(postalCode
            ? {
                billing_details: {
                  ...billing,
                  address: { ...billing.address, postal_code: postalCode },
                },
              }
            : {}),
          metadata: params.metadata ?? {},
        };
        await insertObject(db, method);
        return method;
      }),
    );
    api.get(`${BASE}/payment_methods/:id`, (request, reply) =>
      answer(db, request, reply, async () => {
        parseParams(retrieveParams, request.query);
        // One of Stripe's test ids (pm_card_visa…) reads as a new PaymentMethod of its card, as
        // it does wherever Stripe takes a PaymentMethod id in test mode.
        return resolvePaymentMethod(db, (request.params as { id: string }).id);
      }),
    );

    api.post(`${BASE}/payment_intents`, (request, reply) =>
      answer(db, request, reply, async () => {
        const params = parseParams(createPaymentIntentParams, request.body);
        if (params.currency !== 'usd') {
          throw invalidRequest(
            `Invalid currency: ${params.currency}. This sandbox takes usd only.`,
            {
              param: 'currency',
            },
          );
        }
        if (params.amount < 50) {
          throw invalidRequest('Amount must be at least $0.50 usd', {
            code: 'amount_too_small',
            param: 'amount',
          });
        }
        if (params.amount > 99_999_999) {
          throw invalidRequest('Amount must be no more than $999,999.99', {
            code: 'amount_too_large',
            param: 'amount',
          });
        }
        return createPaymentIntent(db, context, {
          amount: params.amount,
          currency: params.currency,
          metadata: params.metadata ?? {},
          description: params.description,
          paymentMethod: params.payment_method,
          confirm: params.confirm ?? false,
          returnUrl: params.return_url,
          automaticPaymentMethods: params.automatic_payment_methods?.enabled ?? false,
          allowedTypes: params.allowed_payment_method_types
            ? Object.values(params.allowed_payment_method_types)
            : null,
        });
      }),
    );
    api.get(`${BASE}/payment_intents/:id`, (request, reply) =>
      answer(db, request, reply, async () => {
        parseParams(retrieveParams, request.query);
        return retrievePaymentIntent(db, (request.params as { id: string }).id);
      }),
    );
    api.post(`${BASE}/payment_intents/:id/confirm`, (request, reply) =>
      answer(db, request, reply, async () => {
        const params = parseParams(confirmPaymentIntentParams, request.body);
        return confirmPaymentIntent(db, context, (request.params as { id: string }).id, {
          paymentMethod: params.payment_method,
          returnUrl: params.return_url,
        });
      }),
    );
    api.post(`${BASE}/payment_intents/:id/cancel`, (request, reply) =>
      answer(db, request, reply, async () => {
        const params = parseParams(cancelPaymentIntentParams, request.body);
        return cancelPaymentIntent(
          db,
          (request.params as { id: string }).id,
          params.cancellation_reason,
        );
      }),
    );

    api.post(`${BASE}/refunds`, (request, reply) =>
      answer(db, request, reply, async () => {
        const params = parseParams(createRefundParams, request.body);
        if (params.amount !== undefined && params.amount < 1) {
          throw invalidRequest('Invalid positive integer', { param: 'amount' });
        }
        return createRefund(db, {
          paymentIntent: params.payment_intent,
          charge: params.charge,
          amount: params.amount,
          reason: params.reason,
          metadata: params.metadata ?? {},
        });
      }),
    );
    api.get(`${BASE}/refunds/:id`, (request, reply) =>
      answer(db, request, reply, async () => {
        parseParams(retrieveParams, request.query);
        return retrieveRefund(db, (request.params as { id: string }).id);
      }),
    );

    api.get(`${BASE}/disputes/:id`, (request, reply) =>
      answer(db, request, reply, async () => {
        parseParams(retrieveParams, request.query);
        return retrieveDispute(db, (request.params as { id: string }).id);
      }),
    );
    api.post(`${BASE}/disputes/:id`, (request, reply) =>
      answer(db, request, reply, async () => {
        const params = parseParams(updateDisputeParams, request.body);
        return updateDispute(db, context, (request.params as { id: string }).id, {
          evidence: params.evidence,
          metadata: params.metadata,
          submit: params.submit ?? true,
        });
      }),
    );
    api.post(`${BASE}/disputes/:id/close`, (request, reply) =>
      answer(db, request, reply, async () => {
        parseParams(retrieveParams, request.body);
        return closeDispute(db, context, (request.params as { id: string }).id);
      }),
    );
  });

  // Stripe's test 3-D Secure page, opened from next_action: no API key, as a browser opens it.
  app.get('/sandbox/stripe/3ds/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const intent = /^pi_[A-Za-z0-9]{1,64}$/.test(id)
      ? await getObject(db, id, 'payment_intent')
      : null;
    if (intent?.status !== 'requires_action')
      return reply.code(404).type('text/html').send(page('No authentication is waiting here.'));
    const amount = `$${(Number(intent.amount) / 100).toFixed(2)}`;
    const action = `/sandbox/stripe/3ds/${escapeHtml(id)}`;
    return reply.type('text/html').send(
      page(`<h1>3D Secure 2 Test Page</h1><p>${escapeHtml(amount)} USD</p>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="complete"><button>Complete authentication</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="fail"><button>Fail authentication</button></form>`),
    );
  });
  // Stripe.js v3, as the sandbox's pages load it (live pages load https://js.stripe.com/v3/).
  app.get('/sandbox/stripe/js/v3', (_request, reply) =>
    sendAsset(reply, STRIPE_ASSETS, 'stripe-js.js'),
  );
  app.post('/sandbox/stripe/3ds/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const outcome = (request.body as { outcome?: unknown } | undefined)?.outcome;
    if (!/^pi_[A-Za-z0-9]{1,64}$/.test(id) || (outcome !== 'complete' && outcome !== 'fail')) {
      return reply
        .code(400)
        .type('text/html')
        .send(page('Choose to complete or fail the authentication.'));
    }
    const before = await getObject(db, id, 'payment_intent');
    const intent = await finishAuthentication(db, context, id, outcome);
    if (!intent)
      return reply.code(404).type('text/html').send(page('No authentication is waiting here.'));
    const next = before?.next_action as { redirect_to_url?: { return_url?: string } } | null;
    const returnUrl = next?.redirect_to_url?.return_url;
    if (!returnUrl)
      return reply
        .type('text/html')
        .send(page('Authentication finished. You may close this window.'));
    // Back to the merchant as Stripe sends the customer back: the intent and how it went.
    const url = new URL(returnUrl);
    url.searchParams.set('payment_intent', id);
    url.searchParams.set('payment_intent_client_secret', String(intent.client_secret));
    url.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
    return reply.redirect(url.toString(), 303);
  });
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Stripe sandbox</title><main>${body}</main></html>`;
}

function cardError(code: string, message: string, param: string) {
  return new StripeFakeError(402, { type: 'card_error', code, message, param });
}
