import {
  colectaIdParams,
  colectaListSchema,
  colectaSchema,
  contributeBody,
  createColectaBody,
  inviteBody,
} from '@pago/shared/contracts/colectas';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Colectas } from './colectas.service';

const noBody = z.strictObject({});
const tags = ['Colectas'];

/** What the colectas' routes use, passed in by the wiring (app-routes.ts). */
export type ColectasRouteDeps = { colectas: Colectas; accounts: Accounts };

export async function colectasRoutes(
  app: AppInstance,
  { colectas, accounts }: ColectasRouteDeps,
): Promise<void> {
  const signedIn = requireUser(accounts);
  const verified = [signedIn, requireVerifiedIdentity()];

  app.get(
    '/api/colectas',
    {
      preValidation: signedIn,
      schema: {
        summary: 'The colectas the signed-in user organises or was invited to, newest first',
        description:
          'Each colecta with its target, what is collected, its members and, once sent, its one ' +
          'remittance; `heldCents` is what colectas hold of the signed-in user’s money.',
        tags,
        security: bearerAuth,
        response: { 200: colectaListSchema, ...errorResponses },
      },
    },
    async (request) => colectas.list(currentUser(request).userId),
  );

  app.post(
    '/api/colectas',
    {
      preValidation: verified,
      schema: {
        summary: 'Open a colecta toward one transfer home to a saved recipient',
        description:
          'The organiser names a title, the target in cents, one of their saved recipients and the ' +
          'day to send on or by; then invites people who contribute. Nothing moves yet.',
        tags,
        security: bearerAuth,
        body: createColectaBody,
        response: { 201: colectaSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const colecta = await colectas.create(currentUser(request).userId, request.body);
      return reply.status(201).send(colecta);
    },
  );

  app.get(
    '/api/colectas/:id',
    {
      preValidation: signedIn,
      schema: {
        summary: 'One colecta, for its organiser and the people invited',
        description:
          'Its progress, members and contributions, and the remittance’s status once sent; anyone ' +
          'else gets 404, as for an id that does not exist.',
        tags,
        security: bearerAuth,
        params: colectaIdParams,
        response: { 200: colectaSchema, ...errorResponses },
      },
    },
    async (request) => colectas.get(request.params.id, currentUser(request).userId),
  );

  app.post(
    '/api/colectas/:id/invites',
    {
      preValidation: verified,
      schema: {
        summary: 'Invite a Pago user to the colecta by @username or phone (organiser only)',
        description:
          'Counts against the look-up budget of the account and of the network (429 ' +
          '`lookup_limit_reached` when spent), found or not. The person invited is told.',
        tags,
        security: bearerAuth,
        params: colectaIdParams,
        body: inviteBody,
        response: { 200: colectaSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      // A username or a phone leads to a person: the look-up budget, found or not.
      await accounts.takePayeeLookup(userId, request.ip);
      return colectas.invite(userId, request.params.id, request.body.invitee);
    },
  );

  moneyPost(
    app,
    accounts,
    '/api/colectas/:id/contributions',
    {
      summary: 'Contribute to a colecta from the wallet: held by Pago until it is sent',
      tags,
      body: contributeBody,
      params: colectaIdParams,
      response: { status: 201, schema: colectaSchema },
    },
    async ({ userId, params, body, tx }) => ({
      statusCode: 201,
      body: await colectas.contribute(tx, userId, params.id, body),
    }),
  );

  moneyPost(
    app,
    accounts,
    '/api/colectas/:id/send',
    {
      summary: 'Send what the colecta collected home now, as one remittance (organiser only)',
      tags,
      body: noBody,
      params: colectaIdParams,
      response: { status: 200, schema: colectaSchema },
    },
    async ({ userId, params, tx }) => ({
      statusCode: 200,
      body: await colectas.sendNow(tx, userId, params.id),
    }),
  );

  moneyPost(
    app,
    accounts,
    '/api/colectas/:id/cancel',
    {
      summary: 'Cancel the colecta: every contribution goes back (organiser only)',
      tags,
      body: noBody,
      params: colectaIdParams,
      response: { status: 200, schema: colectaSchema },
    },
    async ({ userId, params, tx }) => ({
      statusCode: 200,
      body: await colectas.cancel(tx, userId, params.id),
    }),
  );
}
