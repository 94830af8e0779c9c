import {
  payerListSchema,
  payersQuery,
  recipientBody,
  recipientListSchema,
  recipientSchema,
  remittanceTrackingSchema,
  sendHomeBody,
} from '@pago/shared/contracts/remittances';
import { transferSchema } from '@pago/shared/contracts/transfers';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Recipients } from './recipients.service';
import type { Remittances } from './remittances.service';

const idParams = z.strictObject({ id: z.string().max(64) });
const noBody = z.strictObject({});
const recipientTags = ['Recipients'];
const tags = ['Remittances'];

/** What the remittances' routes use, passed in by the wiring (app.ts). */
export type RemittancesRouteDeps = {
  remittances: Remittances;
  recipients: Recipients;
  accounts: Accounts;
};

/** Sending home: saved recipients, the partner's payers, a send to a recipient, tracking, cancel. */
export async function remittancesRoutes(
  app: AppInstance,
  { remittances, recipients, accounts }: RemittancesRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string, routeTags = recipientTags) => ({
    summary,
    tags: routeTags,
    security: bearerAuth,
  });

  app.get(
    '/api/recipients',
    {
      preValidation,
      schema: {
        ...signedIn('The signed-in user’s saved recipients abroad, most recently used first'),
        response: { 200: recipientListSchema, ...errorResponses },
      },
    },
    async (request) => recipients.list(currentUser(request).userId),
  );

  app.post(
    '/api/recipients',
    {
      preValidation,
      schema: {
        ...signedIn('Save a recipient abroad: name, country, phone and how they are paid'),
        body: recipientBody,
        response: { 201: recipientSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await recipients.create(currentUser(request).userId, request.body)),
  );

  app.get(
    '/api/recipients/:id',
    {
      preValidation,
      schema: {
        ...signedIn('One saved recipient (another user’s: 404)'),
        params: idParams,
        response: { 200: recipientSchema, ...errorResponses },
      },
    },
    async (request) => recipients.get(currentUser(request).userId, request.params.id),
  );

  app.put(
    '/api/recipients/:id',
    {
      preValidation,
      schema: {
        ...signedIn('Change a saved recipient (another user’s: 404)'),
        params: idParams,
        body: recipientBody,
        response: { 200: recipientSchema, ...errorResponses },
      },
    },
    async (request) =>
      recipients.update(currentUser(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/api/recipients/:id',
    {
      preValidation,
      schema: {
        ...signedIn('Forget a saved recipient; transfers already sent keep their copy'),
        params: idParams,
        response: { 200: z.object({ removed: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await recipients.remove(currentUser(request).userId, request.params.id);
      return { removed: true as const };
    },
  );

  app.get(
    '/api/remittances/payers',
    {
      preValidation,
      schema: {
        ...signedIn(
          'Who can pay a recipient in a country (banks, cash pickup networks, mobile wallets), with the fields each requires',
          tags,
        ),
        querystring: payersQuery,
        response: { 200: payerListSchema, ...errorResponses },
      },
    },
    async (request) => recipients.payers(request.query.country, request.query.method),
  );

  moneyPost(
    app,
    accounts,
    '/api/remittances',
    {
      summary: 'Send home to a saved recipient, on a quote for their phone and country',
      tags,
      body: sendHomeBody,
      response: { status: 201, schema: transferSchema },
    },
    { phases: ({ userId, body, key }) => remittances.sendPhases(userId, body, key) },
    {
      // The send says whether the recipient's phone became a Pago user's: the look-up budget.
      before: ({ userId, ip }) => accounts.takePayeeLookup(userId, ip),
    },
  );

  app.get(
    '/api/remittances/:id',
    {
      preValidation,
      schema: {
        ...signedIn('Track a remittance: timeline, expected delivery, pickup code', tags),
        params: idParams,
        response: { 200: remittanceTrackingSchema, ...errorResponses },
      },
    },
    async (request) => remittances.track(currentUser(request).userId, request.params.id),
  );

  moneyPost(
    app,
    accounts,
    '/api/remittances/:id/cancel',
    {
      summary: 'Cancel a remittance not yet paid out: amount and fee back to the balance',
      tags,
      body: noBody,
      params: idParams,
      response: { status: 200, schema: transferSchema },
    },
    { phases: ({ userId, params }) => remittances.cancelPhases(userId, params.id) },
  );
}
