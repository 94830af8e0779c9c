import {
  directDepositFormQuery,
  directDepositSchema,
  sandboxPayrollBody,
  sandboxPayrollSchema,
} from '@pago/shared/contracts/direct-deposit';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import type { DirectDepositService } from './direct-deposit.service';

const tags = ['Direct deposit'];

/** What the direct-deposit routes use, passed in by the wiring (app-routes.ts). */
export type DirectDepositRouteDeps = { directDeposit: DirectDepositService; accounts: Accounts };

/** The numbers and form to give an employer, and the deposits received (owner only). */
export async function directDepositRoutes(
  app: AppInstance,
  { directDeposit, accounts }: DirectDepositRouteDeps,
): Promise<void> {
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });
  // The partner account is opened on first use: a verified identity, as for moving money.
  const preValidation = [requireUser(accounts), requireVerifiedIdentity()];

  app.get(
    '/api/direct-deposit',
    {
      preValidation,
      schema: {
        ...signedIn(
          'Direct deposit: the account and routing numbers to give an employer, the bank, and the deposits received',
        ),
        querystring: z.strictObject({}),
        response: { 200: directDepositSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return directDeposit.overview(currentUser(request).userId);
    },
  );

  app.get(
    '/api/direct-deposit/form.pdf',
    {
      preValidation,
      schema: {
        ...signedIn(
          'The pre-filled direct-deposit authorization form (PDF, bilingual): all, a percentage or a fixed amount of each paycheck',
        ),
        querystring: directDepositFormQuery,
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ format: 'binary', description: 'The form (PDF)' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const language =
        request.query.language ?? (await accounts.getAccountSettings(userId)).language;
      const pdf = await directDeposit.formPdf(userId, request.query, language);
      return (
        reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="pago-${language === 'es' ? 'deposito-directo' : 'direct-deposit'}.pdf"`,
          )
          // Fastify sends a Buffer as it is, past the serializer; the contract calls it binary.
          .send(Buffer.from(pdf) as unknown as string)
      );
    },
  );
}

/** Sandbox mode only: "my employer paid me" — a payroll ACH to an account number. */
export async function directDepositSandboxRoutes(
  app: AppInstance,
  { directDeposit }: Pick<DirectDepositRouteDeps, 'directDeposit'>,
): Promise<void> {
  app.post(
    '/sandbox/direct-deposit/payroll',
    {
      schema: {
        summary:
          'Sandbox: an employer sends an ACH credit (payroll) to a Pago account number; Unit’s sandbox received payment',
        tags: ['Sandbox'],
        body: sandboxPayrollBody,
        response: { 201: sandboxPayrollSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return directDeposit.simulatePayroll(request.body);
    },
  );
}
