import {
  cardFundingBody,
  cardFundingConfigSchema,
  cardFundingParams,
  cardFundingQuoteBody,
  cardFundingQuoteSchema,
  cardFundingSchema,
} from '@pago/shared/contracts/card-funding';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type {
  CardCallOutcome,
  CardFundingService,
  PreparedCardFunding,
} from './card-funding.service';

const tags = ['Card funding'];

/** What the card funding routes use, passed in by the wiring (app-routes.ts). */
export type CardFundingRouteDeps = { cardFunding: CardFundingService; accounts: Accounts };

/** Adding money with a debit or credit card (Stripe). */
export async function cardFundingRoutes(
  app: AppInstance,
  { cardFunding, accounts }: CardFundingRouteDeps,
): Promise<void> {
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  app.get(
    '/api/card-funding/config',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('What the browser needs for Stripe.js, and the card limits left'),
        response: { 200: cardFundingConfigSchema, ...errorResponses },
      },
    },
    async (request) => cardFunding.config(currentUser(request).userId),
  );
  app.post(
    '/api/card-funding/quote',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn(
          'The exact fee and total for a card (debit 2.9% + $0.30, credit 3.5% + $0.30), before confirming',
        ),
        body: cardFundingQuoteBody,
        response: { 200: cardFundingQuoteSchema, ...errorResponses },
      },
    },
    async (request) =>
      cardFunding.quote(
        currentUser(request).userId,
        request.body.paymentMethodId,
        request.body.amountCents,
      ),
  );
  app.get(
    '/api/card-funding/:id',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('A card top-up; one waiting for 3-D Secure is read back from Stripe first'),
        params: cardFundingParams,
        response: { 200: cardFundingSchema, ...errorResponses },
      },
    },
    async (request) => cardFunding.get(currentUser(request).userId, request.params.id),
  );
  // Reserve → commit → charge the card (no transaction open) → settle (`runPhased`).
  moneyPost(
    app,
    accounts,
    '/api/card-funding',
    {
      summary:
        'Add money with a card: charged amount + fee, in the wallet at once (201); 202 while 3-D Secure waits',
      tags,
      body: cardFundingBody,
      response: { status: 201, schema: cardFundingSchema },
    },
    {
      phases: ({ userId, body, key }) => ({
        prepare: () => cardFunding.prepare(userId, body),
        reserve: async (tx: Database, prepared: PreparedCardFunding) => ({
          id: await cardFunding.reserve(tx, userId, body.paymentMethodId, prepared, key),
          quote: prepared.quote,
        }),
        call: (reserved: { id: string; quote: PreparedCardFunding['quote'] }) =>
          cardFunding.charge(reserved.id, userId, body.paymentMethodId, reserved.quote),
        settle: (tx: Database, reserved: { id: string }, outcome: CardCallOutcome) =>
          cardFunding.settle(tx, reserved.id, outcome),
      }),
    },
  );
}

const receivedSchema = z.object({ received: z.literal(true) });

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so the body is read as a string and
 * parsed only by the SDK once the Stripe-Signature holds (no body schema here).
 */
export async function stripeWebhookRoutes(
  app: AppInstance,
  { cardFunding }: { cardFunding: CardFundingService },
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        summary: 'Stripe’s webhook (card funding), checked against its Stripe-Signature',
        tags: ['Webhooks'],
        headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
        response: { 200: receivedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      await cardFunding.webhook(raw, request.headers['stripe-signature']);
      return { received: true as const };
    },
  );
}
