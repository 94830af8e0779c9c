import {
  depositAvailabilityQuery,
  depositAvailabilitySchema,
  depositBody,
  fundingLimitsSchema,
  withdrawalBody,
  withdrawalQuoteQuery,
  withdrawalQuoteSchema,
} from '@pago/shared/contracts/funding';
import { transferSchema } from '@pago/shared/contracts/transfers';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { Banking, PartnerOutcome } from '../banking/banking.service';
import { moneyPost } from '../idempotency/money-route';
import type { Funding, Prepared } from './funding.service';

const tags = ['Funding'];

/** What the funding routes use, passed in by the wiring (app.ts). */
export type FundingRouteDeps = { funding: Funding; accounts: Accounts; banking: Banking };

/** Money in from a linked bank and out to it (ACH at the banking partner). */
export async function fundingRoutes(
  app: AppInstance,
  { funding, accounts, banking }: FundingRouteDeps,
): Promise<void> {
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
    async (request) => funding.withdrawalQuote(request.query.amountCents, request.query.speed),
  );
  app.get(
    '/api/funding/deposits/availability',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn(
          'When a deposit from this linked bank would be spendable (funds availability), before confirming',
        ),
        querystring: depositAvailabilityQuery,
        response: { 200: depositAvailabilitySchema, ...errorResponses },
      },
    },
    async (request) =>
      funding.depositAvailability(
        currentUser(request).userId,
        request.query.plaidAccountId,
        request.query.amountCents,
      ),
  );
  const moves = [
    {
      path: '/api/funding/deposits',
      summary: 'Add money from a linked bank (ACH debit): pending until the bank settles it',
      body: depositBody,
      direction: 'deposit',
      reserve: funding.reserveDeposit,
    },
    {
      path: '/api/funding/withdrawals',
      summary:
        'Withdraw to a linked bank (ACH credit), standard (free) or instant (same-day ACH, fee)',
      body: withdrawalBody,
      direction: 'withdrawal',
      reserve: funding.reserveWithdrawal,
    },
  ] as const;
  for (const move of moves) {
    // Reserve → commit → call the partner (no transaction open) → settle (`runPhased`).
    moneyPost(
      app,
      accounts,
      move.path,
      {
        summary: move.summary,
        tags,
        body: move.body,
        response: { status: 201, schema: transferSchema },
      },
      {
        phases: ({ userId, body, key }) => ({
          prepare: () => funding.prepare(userId, body.plaidAccountId, move.direction),
          reserve: (tx: Database, prepared: Prepared) =>
            move.reserve(tx, userId, body as never, prepared, key),
          call: (transferId: string) => banking.callPartner(transferId),
          settle: (tx: Database, transferId: string, outcome: PartnerOutcome) =>
            banking.settleAnswer(tx, transferId, userId, outcome),
        }),
      },
    );
  }
}
