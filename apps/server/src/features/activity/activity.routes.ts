import {
  listTransactionsQuery,
  transferListSchema,
  transferReceiptSchema,
} from '@pago/shared/contracts/transfers';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { Activity } from './activity.service';

const idParams = z.strictObject({ id: z.string().max(64) });
const exportQuery = z.strictObject({ from: z.iso.date(), to: z.iso.date() });
const tags = ['Transactions'];

/** What a user sees of their transfers (spec's `/api/transactions` reads): a page, a CSV, a receipt. */
/** What the activity's routes use, passed in by the wiring (app.ts). */
export type ActivityRouteDeps = { activity: Activity; accounts: Accounts };

export async function activityRoutes(
  app: AppInstance,
  { activity, accounts }: ActivityRouteDeps,
): Promise<void> {
  const signedIn = requireUser(accounts);

  app.get(
    '/api/transactions',
    {
      preValidation: signedIn,
      schema: {
        summary: 'The signed-in user’s transfers, newest first, a page at a time',
        tags,
        security: bearerAuth,
        querystring: listTransactionsQuery,
        response: { 200: transferListSchema, ...errorResponses },
      },
    },
    async (request) => activity.list(currentUser(request).userId, request.query),
  );

  app.get(
    '/api/transactions/export.csv',
    {
      preValidation: signedIn,
      schema: {
        summary: 'The transfers between two dates as CSV',
        tags,
        security: bearerAuth,
        querystring: exportQuery,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV, one transfer a line'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await activity.exportCsv(currentUser(request).userId, from, to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pago-${from}-${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/api/transactions/:id',
    {
      preValidation: signedIn,
      schema: {
        summary: 'One transfer’s receipt, with its status history',
        tags,
        security: bearerAuth,
        params: idParams,
        response: { 200: transferReceiptSchema, ...errorResponses },
      },
    },
    async (request) => activity.receipt(currentUser(request).userId, request.params.id),
  );
}
