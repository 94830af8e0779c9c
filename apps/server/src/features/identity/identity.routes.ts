import {
  identitySettingsSchema,
  identityStatusSchema,
  personaCreateInquiryBody,
  personaCreateInquiryResponseSchema,
  personaInquiryIdSchema,
  personaStatusResponseSchema,
  plaidCompleteBody,
  plaidCreateBody,
  plaidCreateResponseSchema,
  plaidStatusResponseSchema,
} from '@pago/shared/contracts/identity';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { Identity } from './identity.service';

const inquiryParams = z.strictObject({ inquiryId: personaInquiryIdSchema });
const tags = ['Identity'];
const receivedSchema = z.object({ received: z.literal(true) });

/** Starting a verification costs a vendor call: at most this many starts an hour per user. */
const STARTS_PER_HOUR = 20;

/** What identity verification's routes use, passed in by the wiring (app.ts). */
export type IdentityRouteDeps = { identity: Identity; accounts: Accounts; rateLimits: RateLimits };

export async function identityRoutes(
  app: AppInstance,
  { identity, accounts, rateLimits }: IdentityRouteDeps,
): Promise<void> {
  // Before the schema's validation: who you are is checked ahead of what you sent.
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  async function limitStarts(userId: string) {
    const key = `identity-start:${userId}`;
    await rateLimits.take(
      { key, limit: STARTS_PER_HOUR, windowSeconds: 3600 },
      'Too many verification attempts. Please try again later.',
    );
  }

  app.get(
    '/api/identity/settings',
    {
      preValidation,
      schema: {
        ...signedIn('Which identity vendor this user verifies with, and where its script is'),
        response: { 200: identitySettingsSchema, ...errorResponses },
      },
    },
    async (request) => identity.settings(currentUser(request).userId),
  );
  app.get(
    '/api/identity/status',
    {
      preValidation,
      schema: {
        ...signedIn('Where the user’s identity verification stands'),
        response: { 200: identityStatusSchema, ...errorResponses },
      },
    },
    async (request) => identity.status(currentUser(request).userId),
  );

  app.post(
    '/api/plaid/identity-verification/create',
    {
      preValidation: [
        preValidation,
        // The body is optional: none is an empty one.
        async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
      ],
      schema: {
        ...signedIn('Start a Plaid identity verification; returns a Link token'),
        body: plaidCreateBody,
        response: { 200: plaidCreateResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await limitStarts(userId);
      return identity.plaidCreate(userId, request.body.language);
    },
  );
  app.post(
    '/api/plaid/identity-verification/complete',
    {
      preValidation,
      schema: {
        ...signedIn('Finish a Plaid identity verification; asks Plaid for its result'),
        body: plaidCompleteBody,
        response: { 200: plaidStatusResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      identity.plaidComplete(currentUser(request).userId, request.body.identity_verification_id),
  );
  app.get(
    '/api/plaid/identity-verification/status',
    {
      preValidation,
      schema: {
        ...signedIn('The latest Plaid identity verification’s status'),
        response: { 200: plaidStatusResponseSchema, ...errorResponses },
      },
    },
    async (request) => identity.plaidStatus(currentUser(request).userId),
  );

  app.post(
    '/api/persona/create-inquiry',
    {
      preValidation,
      schema: {
        ...signedIn('Start (or resume) a Persona inquiry, prefilled with these fields'),
        body: personaCreateInquiryBody,
        response: { 200: personaCreateInquiryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await limitStarts(userId);
      return identity.personaCreate(userId, request.body);
    },
  );
  app.get(
    '/api/persona/status/:inquiryId',
    {
      preValidation,
      schema: {
        ...signedIn('One of the user’s Persona inquiries (another user’s is a 404)'),
        params: inquiryParams,
        response: { 200: personaStatusResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      identity.personaStatus(currentUser(request).userId, request.params.inquiryId),
  );
}

/** What the identity vendors' webhook routes use, passed in by the wiring (app.ts). */
export type IdentityWebhookRouteDeps = { identity: Identity };

/**
 * The vendors' webhooks. Their signatures cover the exact bytes sent, so these routes read the
 * body as a string and parse it only after the signature holds (so no body schema here).
 */
export async function identityWebhookRoutes(
  app: AppInstance,
  { identity }: IdentityWebhookRouteDeps,
): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const rawBody = (body: unknown) => (typeof body === 'string' ? body : '');
  const webhooks = ['Webhooks'];

  app.post(
    '/api/webhooks/plaid',
    {
      schema: {
        summary: 'Plaid’s webhook, checked against its Plaid-Verification JWT',
        tags: webhooks,
        headers: z.looseObject({ 'plaid-verification': z.string().optional() }),
        response: { 200: receivedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await identity.plaidWebhook(rawBody(request.body), request.headers['plaid-verification']);
      return { received: true as const };
    },
  );
  app.post(
    '/api/webhooks/persona',
    {
      schema: {
        summary: 'Persona’s webhook, checked against its Persona-Signature HMAC',
        tags: webhooks,
        headers: z.looseObject({ 'persona-signature': z.string().optional() }),
        response: { 200: receivedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await identity.personaWebhook(rawBody(request.body), request.headers['persona-signature']);
      return { received: true as const };
    },
  );
}
