import { createRequestBody, listRequestsQuery } from '@pago/shared/contracts/money';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

const noBody = z.strictObject({});

export async function requestsRoutes(app: AppInstance): Promise<void> {
  const { requests, accounts } = app.services;
  const signedIn = requireUser(accounts);

  moneyPost(app, '/api/requests/create', createRequestBody, async ({ userId, body, tx }) => ({
    statusCode: 201,
    body: await requests.create(tx, userId, body),
  }));
  app.get('/api/requests/incoming', { preHandler: signedIn }, async (request) =>
    requests.list(currentUser(request).userId, 'incoming', listRequestsQuery.parse(request.query)),
  );
  app.get('/api/requests/outgoing', { preHandler: signedIn }, async (request) =>
    requests.list(currentUser(request).userId, 'outgoing', listRequestsQuery.parse(request.query)),
  );
  moneyPost(app, '/api/requests/:id/pay', noBody, async ({ userId, params, tx }) => ({
    statusCode: 200,
    body: await requests.pay(tx, userId, params.id ?? ''),
  }));
  moneyPost(app, '/api/requests/:id/decline', noBody, async ({ userId, params, tx }) => ({
    statusCode: 200,
    body: await requests.decline(tx, userId, params.id ?? ''),
  }));
  moneyPost(app, '/api/requests/:id/cancel', noBody, async ({ userId, params, tx }) => ({
    statusCode: 200,
    body: await requests.cancel(tx, userId, params.id ?? ''),
  }));
}
