import { testDepositBody } from '@pago/shared/contracts/money';
import type { AppInstance } from '../../app';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

export async function walletRoutes(app: AppInstance): Promise<void> {
  const { ledger, accounts, transfers } = app.services;
  const signedIn = requireUser(accounts);

  app.get('/api/wallet/balance', { preHandler: signedIn }, async (request) => {
    const balanceCents = await ledger.balance(app.deps.db, currentUser(request).userId);
    return { balanceCents, availableBalanceCents: balanceCents, currency: 'USD' };
  });

  app.get('/api/limits', { preHandler: signedIn }, async (request) =>
    ledger.limits(app.deps.db, currentUser(request).userId),
  );

  // Sandbox only: a real deposit through the ledger from funding clearing, up to $1,000.00.
  if (app.deps.config.mode === 'sandbox') {
    moneyPost(app, '/api/wallet/test-deposit', testDepositBody, async ({ userId, body, tx }) => {
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
    });
  }
}
