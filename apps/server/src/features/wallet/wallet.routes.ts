import { transferSchema } from '@pago/shared/contracts/transfers';
import { balanceSchema, limitsSchema, testDepositBody } from '@pago/shared/contracts/wallet';
import type { AppInstance } from '../../app';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

const tags = ['Wallet'];

export async function walletRoutes(app: AppInstance): Promise<void> {
  const { ledger, accounts, transfers } = app.services;
  const signedIn = requireUser(accounts);

  app.get(
    '/api/wallet/balance',
    {
      preValidation: signedIn,
      schema: {
        summary: 'The wallet’s balance in cents',
        tags,
        security: bearerAuth,
        response: { 200: balanceSchema, ...errorResponses },
      },
    },
    async (request) => ({
      // Pending bank deposits and a returned deposit's debt (the funding feature) count here.
      ...(await app.services.funding.wallet(currentUser(request).userId)),
      currency: 'USD' as const,
    }),
  );

  app.get(
    '/api/limits',
    {
      preValidation: signedIn,
      schema: {
        summary: 'Sending limits: per transfer, and what is left today and this month',
        tags,
        security: bearerAuth,
        response: { 200: limitsSchema, ...errorResponses },
      },
    },
    async (request) => ledger.limits(app.deps.db, currentUser(request).userId),
  );

  // Sandbox only: a real deposit through the ledger from funding clearing, up to $1,000.00.
  if (app.deps.config.mode === 'sandbox') {
    moneyPost(
      app,
      '/api/wallet/test-deposit',
      {
        summary: 'Sandbox mode only: add test money to the wallet (up to 100000 cents)',
        tags,
        body: testDepositBody,
        response: { status: 201, schema: transferSchema },
      },
      async ({ userId, body, tx }) => {
        const row = await ledger.post(tx, {
          kind: 'deposit',
          status: 'completed',
          userId,
          amountCents: body.amount,
          countsTowardLimits: false,
          metadata: { source: 'sandbox_test_money' },
          legs: [
            { account: { role: 'funding_clearing' }, amountCents: -body.amount },
            { account: { userId }, amountCents: body.amount },
          ],
        });
        return { statusCode: 201, body: (await transfers.view([row], userId, tx))[0] };
      },
    );
  }
}
