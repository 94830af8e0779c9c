import {
  closeAccountBody,
  closeConditionsSchema,
  closedAccountSchema,
  confirmWithPasswordBody,
  dataExportParams,
  dataExportTicketSchema,
} from '@pago/shared/contracts/account-rights';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { AccountRights } from './account-rights.service';

const tags = ['Accounts'];
const dataExportZip = z.string().meta({ format: 'binary', description: 'The data (ZIP)' });

export type AccountRightsRouteDeps = { accountRights: AccountRights; accounts: Accounts };

/**
 * The customer's rights over their account: a copy of their data (a ticket after the password,
 * then its ZIP) and closing the account (its conditions, then the close).
 */
export async function accountRightsRoutes(
  app: AppInstance,
  { accountRights, accounts }: AccountRightsRouteDeps,
): Promise<void> {
  const signedIn = requireUser(accounts);

  app.post(
    '/api/account/data-export',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Ask for a copy of one’s data: the password (and code) give a one-time download',
        tags,
        security: bearerAuth,
        body: confirmWithPasswordBody,
        response: { 201: dataExportTicketSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ticket = await accountRights.requestExport(
        currentUser(request).userId,
        request.body,
        request.ip,
      );
      return reply.code(201).send(ticket);
    },
  );

  app.get(
    '/api/account/data-export/:ticket',
    {
      preValidation: signedIn,
      schema: {
        summary: 'The ZIP of one’s data (JSON and CSV of each table), streamed',
        tags,
        security: bearerAuth,
        params: dataExportParams,
        produces: ['application/zip'],
        response: { 200: dataExportZip, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { stream, name } = await accountRights.openExport(
        currentUser(request).userId,
        request.params.ticket,
      );
      return (
        reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          // Fastify streams a Readable as it is, past the serializer; the contract calls it binary.
          .send(stream as unknown as string)
      );
    },
  );

  app.get(
    '/api/account/close',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Whether the account can be closed now, what stops it and what closing does',
        tags,
        security: bearerAuth,
        response: { 200: closeConditionsSchema, ...errorResponses },
      },
    },
    async (request) => accountRights.conditions(currentUser(request).userId),
  );

  app.post(
    '/api/account/close',
    {
      preValidation: signedIn,
      schema: {
        summary:
          'Close the account (password, and code when two-step is on); closing a closed account answers it again',
        tags,
        security: bearerAuth,
        body: closeAccountBody,
        response: { 200: closedAccountSchema, ...errorResponses },
      },
    },
    async (request) =>
      accountRights.closeByCustomer(currentUser(request).userId, request.body, request.ip),
  );
}
