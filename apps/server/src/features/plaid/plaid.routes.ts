import {
  plaidAccountIdParams,
  plaidAccountsResponseSchema,
  plaidBalanceResponseSchema,
  plaidExchangeTokenBody,
  plaidExchangeTokenResponseSchema,
  plaidItemIdParams,
  plaidLinkTokenBody,
  plaidLinkTokenResponseSchema,
  plaidRepairResponseSchema,
  plaidUnlinkResponseSchema,
} from '@pago/shared/contracts/plaid';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { PlaidService } from './plaid.service';

const tags = ['Linked banks'];

/** Each call costs Plaid calls: at most this many links started and balances read an hour. */
const LINKS_PER_HOUR = 20;
const BALANCES_PER_HOUR = 120;

/** What the linked banks' routes use, passed in by the wiring (app.ts). */
export type PlaidRouteDeps = { plaid: PlaidService; accounts: Accounts; rateLimits: RateLimits };

export async function plaidRoutes(
  app: AppInstance,
  { plaid, accounts, rateLimits }: PlaidRouteDeps,
): Promise<void> {
  // Before the schema's validation: who you are is checked ahead of what you sent.
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });
  const limit = (key: string, perHour: number) =>
    rateLimits.take(
      { key, limit: perHour, windowSeconds: 3600 },
      'Too many bank requests. Please try again later.',
    );

  app.post(
    '/api/plaid/link-token',
    {
      preValidation: [
        preValidation,
        // The body is optional: none is an empty one.
        async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
      ],
      schema: {
        ...signedIn('A Plaid Link token for linking a bank (Auth), in the user’s language'),
        body: plaidLinkTokenBody,
        response: { 200: plaidLinkTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await limit(`plaid-link:${userId}`, LINKS_PER_HOUR);
      return plaid.createLinkToken(userId, request.body);
    },
  );

  app.post(
    '/api/plaid/exchange-token',
    {
      preValidation,
      schema: {
        ...signedIn('Finish linking a bank: exchange Link’s public token, store its accounts'),
        body: plaidExchangeTokenBody,
        response: { 200: plaidExchangeTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await limit(`plaid-link:${userId}`, LINKS_PER_HOUR);
      return plaid.exchangePublicToken(userId, request.body);
    },
  );

  app.get(
    '/api/plaid/accounts',
    {
      preValidation,
      schema: {
        ...signedIn('The user’s linked bank accounts (institution, name, mask, type)'),
        response: { 200: plaidAccountsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ accounts: await plaid.listAccounts(currentUser(request).userId) }),
  );

  app.get(
    '/api/plaid/accounts/:id/balance',
    {
      preValidation,
      schema: {
        ...signedIn('A linked account’s balance, asked of the bank now (another user’s: 404)'),
        params: plaidAccountIdParams,
        response: { 200: plaidBalanceResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await limit(`plaid-balance:${userId}`, BALANCES_PER_HOUR);
      return plaid.getBalance(userId, request.params.id);
    },
  );

  app.post(
    '/api/plaid/items/:id/repair',
    {
      preValidation,
      schema: {
        ...signedIn('After Link’s update mode: check the bank answers again (another user’s: 404)'),
        params: plaidItemIdParams,
        response: { 200: plaidRepairResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await limit(`plaid-balance:${userId}`, BALANCES_PER_HOUR);
      return { accounts: await plaid.repairItem(userId, request.params.id) };
    },
  );

  app.delete(
    '/api/plaid/items/:id',
    {
      preValidation,
      schema: {
        ...signedIn('Unlink a bank: Plaid forgets the item and its accounts (another user’s: 404)'),
        params: plaidItemIdParams,
        response: { 200: plaidUnlinkResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await plaid.unlinkItem(currentUser(request).userId, request.params.id);
      return { removed: true as const };
    },
  );
}

/** What Plaid's webhook routes use, passed in by the wiring (app.ts). */
export type PlaidWebhookRouteDeps = { plaid: PlaidService };

/**
 * Plaid's item webhooks (the `webhook` of our Link tokens). The signature covers the exact bytes
 * sent, so the body is read as a string and parsed only after the signature holds.
 */
export async function plaidWebhookRoutes(
  app: AppInstance,
  { plaid }: PlaidWebhookRouteDeps,
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/plaid/webhook',
    {
      schema: {
        summary: 'Plaid’s item webhooks (ITEM, AUTH), checked against their Plaid-Verification JWT',
        tags: ['Webhooks'],
        headers: z.looseObject({ 'plaid-verification': z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      await plaid.webhook(raw, request.headers['plaid-verification']);
      return { received: true as const };
    },
  );
}
