import { transferSchema } from '@pago/shared/contracts/transfers';
import {
  type Balance,
  balanceSchema,
  limitsSchema,
  testDepositBody,
} from '@pago/shared/contracts/wallet';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Ledger } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';

const tags = ['Wallet'];

/** The wallet's balance as the funding feature counts it (pending deposits, a returned deposit's debt). */
export type WalletBalances = {
  wallet(userId: string): Promise<Omit<Balance, 'currency'>>;
};

/** What the wallet's routes use, passed in by the wiring (app.ts). */
export type WalletRouteDeps = {
  accounts: Accounts;
  ledger: Pick<Ledger, 'limits' | 'post'>;
  transfers: Pick<Transfers, 'view'>;
  balances: WalletBalances;
};

export async function walletRoutes(
  app: AppInstance,
  { accounts, ledger, transfers, balances }: WalletRouteDeps,
): Promise<void> {
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
      ...(await balances.wallet(currentUser(request).userId)),
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
      accounts,
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
