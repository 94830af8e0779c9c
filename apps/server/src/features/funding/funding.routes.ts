import {
  depositBody,
  fundingLimitsSchema,
  withdrawalBody,
  withdrawalQuoteQuery,
  withdrawalQuoteSchema,
} from '@pago/shared/contracts/funding';
import { transferSchema } from '@pago/shared/contracts/transfers';
import type { AppInstance } from '../../app';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import { withdrawalQuote } from './funding.service';

const tags = ['Funding'];

/** Money in from a linked bank and out to it (ACH at the banking partner). */
export async function fundingRoutes(app: AppInstance): Promise<void> {
  const { funding, accounts } = app.services;
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  app.get(
    '/api/funding/limits',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('Bank funding limits: per deposit, and what is left today and this month'),
        response: { 200: fundingLimitsSchema, ...errorResponses },
      },
    },
    async (request) => funding.limits(currentUser(request).userId),
  );
  app.get(
    '/api/funding/withdrawals/quote',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('What a withdrawal costs: standard is free, instant pays the instant fee'),
        querystring: withdrawalQuoteQuery,
        response: { 200: withdrawalQuoteSchema, ...errorResponses },
      },
    },
    async (request) => withdrawalQuote(request.query.amountCents, request.query.speed),
  );
  const moves = [
    {
      path: '/api/funding/deposits',
      summary: 'Add money from a linked bank (ACH debit): pending until the bank settles it',
      body: depositBody,
      run: funding.deposit,
    },
    {
      path: '/api/funding/withdrawals',
      summary: 'Withdraw to a linked bank (ACH credit), standard (free) or instant (fee)',
      body: withdrawalBody,
      run: funding.withdraw,
    },
  ] as const;
  for (const move of moves) {
    moneyPost(
      app,
      move.path,
      {
        summary: move.summary,
        tags,
        body: move.body,
        response: { status: 201, schema: transferSchema },
      },
      async ({ userId, body, tx, key }) => ({
        statusCode: 201,
        body: await move.run(tx, userId, body as never, key),
      }),
    );
  }
}
