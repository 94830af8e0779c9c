import {
  createdRequestSchema,
  createRequestBody,
  listRequestsQuery,
  moneyRequestListSchema,
  moneyRequestSchema,
} from '@pago/shared/contracts/requests';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Requests } from './requests.service';

const noBody = z.strictObject({});
const idParams = z.strictObject({ id: z.string().max(64) });
const tags = ['Requests'];

/** What the money requests' routes use, passed in by the wiring (app.ts). */
export type RequestsRouteDeps = { requests: Requests; accounts: Accounts };

export async function requestsRoutes(
  app: AppInstance,
  { requests, accounts }: RequestsRouteDeps,
): Promise<void> {
  const signedIn = requireUser(accounts);

  moneyPost(
    app,
    accounts,
    '/api/requests/create',
    {
      summary: 'Ask a Pago user (by username or phone) for money',
      tags,
      body: createRequestBody,
      response: { status: 201, schema: createdRequestSchema },
    },
    async ({ userId, body, tx }) => ({
      statusCode: 201,
      body: await requests.create(tx, userId, body),
    }),
    {
      // A username or a phone leads to a person: the look-up budget, found or not.
      before: ({ userId, ip }) => accounts.takePayeeLookup(userId, ip),
    },
  );
  for (const direction of ['incoming', 'outgoing'] as const) {
    app.get(
      `/api/requests/${direction}`,
      {
        preValidation: signedIn,
        schema: {
          summary: `Money requests ${direction === 'incoming' ? 'to' : 'from'} the signed-in user, newest first`,
          tags,
          security: bearerAuth,
          querystring: listRequestsQuery,
          response: { 200: moneyRequestListSchema, ...errorResponses },
        },
      },
      async (request) => requests.list(currentUser(request).userId, direction, request.query),
    );
  }
  // After the two lists: '/api/requests/incoming' is a list, not a request's id.
  app.get(
    '/api/requests/:id',
    {
      preValidation: signedIn,
      schema: {
        summary: 'One money request the signed-in user made or was asked to pay',
        description:
          'The request with its amount, note, status and both people, for the person who asked and ' +
          'the person asked; anyone else gets 404, as for an id that does not exist.',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: moneyRequestSchema, ...errorResponses },
      },
    },
    async (request) => requests.get(currentUser(request).userId, request.params.id),
  );
  const actions = [
    ['pay', 'Pay a request made to you'],
    ['decline', 'Decline a request made to you'],
    ['cancel', 'Cancel a request you made'],
  ] as const;
  for (const [action, summary] of actions) {
    moneyPost(
      app,
      accounts,
      `/api/requests/:id/${action}`,
      {
        summary,
        tags,
        body: noBody,
        params: idParams,
        response: { status: 200, schema: moneyRequestSchema },
      },
      async ({ userId, params, tx }) => ({
        statusCode: 200,
        body: await requests[action](tx, userId, params.id),
      }),
    );
  }
}
