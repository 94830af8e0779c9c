import { bankPaymentBody } from '@pago/shared/contracts/money';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

export async function bankingRoutes(app: AppInstance): Promise<void> {
  const { banking, accounts } = app.services;

  app.get('/api/unit/accounts/me', { preHandler: requireUser(accounts) }, async (request) =>
    banking.getAccount(currentUser(request).userId),
  );
  moneyPost(app, '/api/unit/accounts/create', z.strictObject({}), async ({ userId, tx }) => ({
    statusCode: 201,
    body: await banking.createAccount(tx, userId),
  }));
  moneyPost(app, '/api/unit/payments/send', bankPaymentBody, async ({ userId, body, tx }) => ({
    statusCode: 201,
    body: await banking.sendPayment(tx, userId, body),
  }));
}
