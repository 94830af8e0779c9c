import { bankAccountSchema, bankPaymentBody } from '@pago/shared/contracts/banking';
import { transferSchema } from '@pago/shared/contracts/transfers';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

const tags = ['Banking'];

export async function bankingRoutes(app: AppInstance): Promise<void> {
  const { banking, accounts } = app.services;

  app.get(
    '/api/unit/accounts/me',
    {
      preValidation: requireUser(accounts),
      schema: {
        summary: 'The signed-in user’s bank account (account and routing numbers)',
        tags,
        security: bearerAuth,
        response: { 200: bankAccountSchema, ...errorResponses },
      },
    },
    async (request) => banking.getAccount(currentUser(request).userId),
  );
  moneyPost(
    app,
    '/api/unit/accounts/create',
    {
      summary: 'Open the signed-in user’s bank account',
      tags,
      body: z.strictObject({}),
      response: { status: 201, schema: bankAccountSchema },
    },
    async ({ userId, tx }) => ({
      statusCode: 201,
      body: await banking.createAccount(tx, userId),
    }),
  );
  moneyPost(
    app,
    '/api/unit/payments/send',
    {
      summary: 'Pay a Pago user (by phone or e-mail) from the bank account, in cents',
      tags,
      body: bankPaymentBody,
      response: { status: 201, schema: transferSchema },
    },
    async ({ userId, body, tx }) => ({
      statusCode: 201,
      body: await banking.sendPayment(tx, userId, body),
    }),
  );
}
