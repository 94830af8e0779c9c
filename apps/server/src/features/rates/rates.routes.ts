import {
  rateAlertBody,
  rateAlertListSchema,
  rateAlertSchema,
  rateHistorySchema,
  rateOrderBody,
  rateOrderListSchema,
  rateOrderSchema,
  rateParams,
} from '@pago/shared/contracts/rates';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { RateAlerts } from './rate-alerts';
import type { RateOrders } from './rate-orders';
import type { Rates } from './rates.service';

const tags = ['Rates'];
const noBody = z.strictObject({});
/** A rate order's id in a path: any text up to 64 characters (an unknown one is a 404). */
const orderParams = z.strictObject({ id: z.string().max(64) });

export type RatesRouteDeps = {
  accounts: Accounts;
  rates: Rates;
  rateAlerts: RateAlerts;
  rateOrders: RateOrders;
};

/** Rate history, rate alerts and rate orders (send at my rate): docs/rates.md. */
export async function ratesRoutes(
  app: AppInstance,
  { accounts, rates, rateAlerts, rateOrders }: RatesRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  app.get(
    '/api/rates/:currency/history',
    {
      preValidation,
      schema: {
        ...signedIn(
          'The sender’s rate for a corridor currency over the last 30 days: one point per day Pago sampled it, and the latest',
        ),
        params: rateParams,
        response: { 200: rateHistorySchema, ...errorResponses },
      },
    },
    async (request) => rates.history(request.params.currency),
  );

  app.get(
    '/api/rate-alerts',
    {
      preValidation,
      schema: {
        ...signedIn('Your rate alerts, newest first'),
        response: { 200: rateAlertListSchema, ...errorResponses },
      },
    },
    async (request) => rateAlerts.list(currentUser(request).userId),
  );

  app.post(
    '/api/rate-alerts',
    {
      preValidation,
      schema: {
        ...signedIn(
          'Be told (in the app, by e-mail and push) when 1 USD buys at least the target, at most once a day',
        ),
        body: rateAlertBody,
        response: { 201: rateAlertSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rateAlerts.create(currentUser(request).userId, request.body)),
  );

  app.delete(
    '/api/rate-alerts/:id',
    {
      preValidation,
      schema: {
        ...signedIn('Delete one of your rate alerts (another user’s: 404)'),
        params: z.strictObject({ id: z.string().max(64) }),
        response: { 200: z.object({ removed: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await rateAlerts.remove(currentUser(request).userId, request.params.id);
      return { removed: true as const };
    },
  );

  app.get(
    '/api/rate-orders',
    {
      preValidation,
      schema: {
        ...signedIn('Your rate orders (send at my rate), newest first, and what they hold'),
        response: { 200: rateOrderListSchema, ...errorResponses },
      },
    },
    async (request) => rateOrders.list(currentUser(request).userId),
  );

  moneyPost(
    app,
    accounts,
    '/api/rate-orders',
    {
      summary:
        'Send home when the rate reaches a target: the amount and highest fee are reserved from the balance until then',
      tags,
      body: rateOrderBody,
      response: { status: 201, schema: rateOrderSchema },
    },
    async ({ userId, body, tx }) => ({
      statusCode: 201,
      body: await rateOrders.create(tx, userId, body),
    }),
  );

  moneyPost(
    app,
    accounts,
    '/api/rate-orders/:id/cancel',
    {
      summary: 'Cancel a waiting rate order: everything it reserved back to the balance, once',
      tags,
      body: noBody,
      params: orderParams,
      response: { status: 200, schema: rateOrderSchema },
    },
    async ({ userId, params, tx }) => ({
      statusCode: 200,
      body: await rateOrders.cancel(tx, userId, params.id),
    }),
  );
}
