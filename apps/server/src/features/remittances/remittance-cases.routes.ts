import {
  errorCaseBody,
  errorCaseListSchema,
  errorCaseSchema,
} from '@pago/shared/contracts/remittances';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { RemittanceCases } from './remittance-cases.service';
import { renderRemittanceReceiptPdf } from './remittance-receipt';
import type { Remittances } from './remittances.service';

const idParams = z.strictObject({ id: z.string().max(64) });
const receiptQuery = z.strictObject({ lang: z.enum(['es', 'en']).optional() });
const tags = ['Remittances'];

/** What these routes use, passed in by the wiring (app-routes.ts). */
export type RemittanceCasesRouteDeps = {
  remittanceCases: RemittanceCases;
  remittances: Remittances;
  accounts: Accounts;
};

/** A remittance's error cases (§ 1005.33) and its receipt as a PDF (§ 1005.31(b)(2)). */
export async function remittanceCasesRoutes(
  app: AppInstance,
  { remittanceCases, remittances, accounts }: RemittanceCasesRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);

  moneyPost(
    app,
    accounts,
    '/api/remittances/:id/cases',
    {
      summary:
        'Report a problem with a remittance (not received, wrong amount, wrong details, late) and choose the remedy',
      tags,
      body: errorCaseBody,
      params: idParams,
      response: { status: 201, schema: errorCaseSchema },
    },
    async ({ userId, params, body, tx }) => ({
      statusCode: 201,
      body: await remittanceCases.open(tx, userId, params.id, body),
    }),
  );

  app.get(
    '/api/remittance-cases',
    {
      preValidation,
      schema: {
        summary: 'The problems the signed-in user reported on remittances, newest first',
        tags,
        security: bearerAuth,
        response: { 200: errorCaseListSchema, ...errorResponses },
      },
    },
    async (request) => remittanceCases.list(currentUser(request).userId),
  );

  app.get(
    '/api/remittances/:id/receipt.pdf',
    {
      preValidation,
      schema: {
        summary: 'A remittance’s receipt as PDF, in Spanish or English (default: the account’s)',
        tags,
        security: bearerAuth,
        params: idParams,
        querystring: receiptQuery,
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ format: 'binary', description: 'The receipt (PDF)' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      // Owner only: another user's transfer, or one that is no remittance, is 404 here.
      const tracking = await remittances.track(userId, request.params.id);
      const sender = await remittanceCases.sender(userId);
      const language = request.query.lang ?? sender.language;
      const pdf = await renderRemittanceReceiptPdf(
        { tracking, senderName: sender.name, timeZone: sender.timeZone },
        language,
      );
      return (
        reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="pago-${language === 'es' ? 'recibo' : 'receipt'}-${tracking.transfer.reference}.pdf"`,
          )
          // Fastify sends a Buffer as it is, past the serializer; the contract calls it binary.
          .send(Buffer.from(pdf) as unknown as string)
      );
    },
  );
}
