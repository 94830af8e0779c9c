import {
  createPidemeLinkBody,
  listPidemeLinksQuery,
  payPidemeRequestBody,
  pidemeIdParams,
  pidemeLinkListSchema,
  pidemeLinkSchema,
  pidemeRequestDetailSchema,
  pidemeRequestListSchema,
  pidemeRequestSchema,
} from '@pago/shared/contracts/pideme';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Pideme } from './pideme.service';

const tags = ['Pídeme'];
const noBody = z.strictObject({});

export type PidemeRouteDeps = { pideme: Pideme; accounts: Accounts };

/**
 * The sender's side of "Pídeme" (docs/pideme.md): links per saved recipient, the requests they
 * brought, each request's photo, and the answer: pay (a money POST, one call) or decline.
 */
export async function pidemeRoutes(
  app: AppInstance,
  { pideme, accounts }: PidemeRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string, description: string) => ({
    summary,
    description,
    tags,
    security: bearerAuth,
  });

  app.post(
    '/api/pideme-links',
    {
      preValidation,
      schema: {
        ...signedIn(
          'A new Pídeme link for one of your saved recipients',
          'The link (`/p/:token`) lets the recipient ask you for money in their currency without ' +
            'an account. One link per recipient works at a time: a new one revokes the earlier. ' +
            'Unused for 30 days (since it was made or last used), it stops working.',
        ),
        body: createPidemeLinkBody,
        response: { 201: pidemeLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const link = await pideme.createLink(currentUser(request).userId, request.body.recipientId);
      return reply.code(201).send(link);
    },
  );
  app.get(
    '/api/pideme-links',
    {
      preValidation,
      schema: {
        ...signedIn(
          'Your Pídeme links that work now',
          'Not revoked and not expired; with `recipientId`, that recipient’s only.',
        ),
        querystring: listPidemeLinksQuery,
        response: { 200: pidemeLinkListSchema, ...errorResponses },
      },
    },
    async (request) => pideme.listLinks(currentUser(request).userId, request.query.recipientId),
  );
  app.post(
    '/api/pideme-links/:id/revoke',
    {
      preValidation,
      schema: {
        ...signedIn(
          'Revoke a Pídeme link',
          'The link stops working at once: its page and its requests answer 404. Requests already made stay.',
        ),
        params: pidemeIdParams,
        body: noBody,
        response: { 200: pidemeLinkSchema, ...errorResponses },
      },
    },
    async (request) => pideme.revoke(currentUser(request).userId, request.params.id),
  );
  app.get(
    '/api/pideme-requests',
    {
      preValidation,
      schema: {
        ...signedIn(
          'The requests your relatives made with your Pídeme links',
          'Newest first, the last 100.',
        ),
        response: { 200: pidemeRequestListSchema, ...errorResponses },
      },
    },
    async (request) => pideme.listRequests(currentUser(request).userId),
  );
  app.get(
    '/api/pideme-requests/:id',
    {
      preValidation,
      schema: {
        ...signedIn(
          'One Pídeme request, with a live quote in dollars while it waits',
          'The quote is the partner’s price now for the dollars that pay at least the amount ' +
            'asked (rounded up to the cent); `quoteError` says why there is none.',
        ),
        params: pidemeIdParams,
        response: { 200: pidemeRequestDetailSchema, ...errorResponses },
      },
    },
    async (request) => pideme.detail(currentUser(request).userId, request.params.id),
  );
  app.get(
    '/api/pideme-requests/:id/photo',
    {
      preValidation,
      schema: {
        ...signedIn(
          'The photo of the bill sent with a Pídeme request',
          'Its bytes, as the relative sent them (JPEG, PNG or WebP). Yours only.',
        ),
        params: pidemeIdParams,
        produces: ['image/jpeg', 'image/png', 'image/webp'],
        response: {
          200: z.string().meta({ format: 'binary', description: 'The photo' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const photo = await pideme.photo(currentUser(request).userId, request.params.id);
      return (
        reply
          .type(photo.content_type)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Fastify sends a Buffer as it is, past the serializer; the contract calls it binary.
          .send(photo.bytes as unknown as string)
      );
    },
  );
  // Priced (no transaction open), then reserved in one transaction with the request marked paid.
  moneyPost(
    app,
    accounts,
    '/api/pideme-requests/:id/pay',
    {
      summary:
        'Pay a Pídeme request in one call: a fresh quote, sent to the recipient’s saved payout method',
      tags,
      params: pidemeIdParams,
      body: payPidemeRequestBody,
      response: { status: 200, schema: pidemeRequestSchema },
    },
    {
      phases: ({ userId, params, body }) => pideme.payPhases(userId, params.id, body.totalCents),
    },
  );
  app.post(
    '/api/pideme-requests/:id/decline',
    {
      preValidation,
      schema: {
        ...signedIn(
          'Decline a Pídeme request',
          'Nothing is sent; the relative’s page shows it declined.',
        ),
        params: pidemeIdParams,
        body: noBody,
        response: { 200: pidemeRequestSchema, ...errorResponses },
      },
    },
    async (request) => pideme.decline(currentUser(request).userId, request.params.id),
  );
}
