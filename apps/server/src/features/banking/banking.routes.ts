import type { BankAccount } from '@pago/shared/contracts/banking';
import {
  bankAccountNumbersSchema,
  bankAccountSchema,
  bankingTokenSchema,
  bankPaymentBody,
  bankStatementParams,
  bankStatementPdfQuery,
  bankStatementsSchema,
  bankTransactionsQuery,
  bankTransactionsSchema,
  walletStatementQuery,
  walletStatementSchema,
} from '@pago/shared/contracts/banking';
import { transferSchema } from '@pago/shared/contracts/transfers';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import { readJsonAsText } from '../../lib/raw-body';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Banking, PartnerOutcome } from './banking.service';
import type { Statements } from './statements.service';

const tags = ['Banking'];

/** What the bank account's routes use, passed in by the wiring (app.ts). */
export type BankingRouteDeps = { banking: Banking; statements: Statements; accounts: Accounts };

export async function bankingRoutes(
  app: AppInstance,
  { banking, statements, accounts }: BankingRouteDeps,
): Promise<void> {
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  app.get(
    '/api/unit/accounts/me',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('The signed-in user’s bank account at the partner (account number masked)'),
        response: { 200: bankAccountSchema, ...errorResponses },
      },
    },
    async (request) => banking.getAccount(currentUser(request).userId),
  );
  app.get(
    '/api/unit/accounts/me/numbers',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('The whole account and routing numbers, revealed on demand'),
        response: { 200: bankAccountNumbersSchema, ...errorResponses },
      },
    },
    async (request) => banking.revealNumbers(currentUser(request).userId),
  );
  app.get(
    '/api/unit/token',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('A short-lived, read-only partner token for the banking panel'),
        response: { 200: bankingTokenSchema, ...errorResponses },
      },
    },
    async (request) => banking.token(currentUser(request).userId),
  );
  app.get(
    '/api/unit/transactions',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('Pending and settled partner transactions of the user’s account, paged'),
        querystring: bankTransactionsQuery,
        response: { 200: bankTransactionsSchema, ...errorResponses },
      },
    },
    async (request) => banking.listTransactions(currentUser(request).userId, request.query),
  );
  app.get(
    '/api/unit/statements',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('The months of the wallet’s statements, since it opened, newest first'),
        response: { 200: bankStatementsSchema, ...errorResponses },
      },
    },
    async (request) => statements.list(currentUser(request).userId),
  );
  app.get(
    '/api/unit/statements/:month',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn(
          'A monthly statement of the wallet: the lines and totals its PDF is drawn from',
        ),
        params: bankStatementParams,
        querystring: walletStatementQuery,
        response: { 200: walletStatementSchema, ...errorResponses },
      },
    },
    async (request) =>
      statements.statement(
        currentUser(request).userId,
        request.params.month,
        request.query.language,
      ),
  );
  app.get(
    '/api/unit/statements/:month/pdf',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn(
          'A monthly statement of the wallet as PDF, in Spanish or English (default: the account’s)',
        ),
        params: bankStatementParams,
        querystring: bankStatementPdfQuery,
        produces: ['application/pdf'],
        response: {
          200: z.string().meta({ format: 'binary', description: 'The statement (PDF)' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { month } = request.params;
      const { pdf, language } = await statements.pdf(
        currentUser(request).userId,
        month,
        request.query.language,
      );
      return (
        reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="pago-${language === 'es' ? 'estado-de-cuenta' : 'statement'}-${month}.pdf"`,
          )
          // Fastify sends a Buffer as it is, past the serializer; the contract calls it binary.
          .send(pdf as unknown as string)
      );
    },
  );
  moneyPost(
    app,
    accounts,
    '/api/unit/accounts/create',
    {
      summary: 'Open the signed-in user’s bank account at the partner (again: the same account)',
      tags,
      body: z.strictObject({}),
      response: { status: 201, schema: bankAccountSchema },
    },
    {
      // Partner calls only (each idempotent by its key), with no transaction open.
      phases: ({ userId }) => ({
        prepare: () => banking.createAccount(userId),
        reserve: async (_tx: Database, account: BankAccount) => account,
        call: async () => null,
        settle: async (_tx: Database, account: BankAccount) => ({ statusCode: 201, body: account }),
      }),
    },
  );
  moneyPost(
    app,
    accounts,
    '/api/unit/payments/send',
    {
      summary: 'Pay a Pago user (by phone or e-mail) from the bank account, in cents',
      tags,
      body: bankPaymentBody,
      response: { status: 201, schema: transferSchema },
    },
    {
      // Reserve → commit → call the partner (no transaction open) → settle (`runPhased`).
      phases: ({ userId, body, key }) => ({
        prepare: async () => null,
        reserve: (tx: Database) => banking.reserveBookPayment(tx, userId, body, key),
        call: (transferId: string) => banking.callPartner(transferId),
        settle: (tx: Database, transferId: string, outcome: PartnerOutcome) =>
          banking.settleAnswer(tx, transferId, userId, outcome),
      }),
    },
    {
      // A phone or an e-mail address leads to a person: the look-up budget, found or not.
      before: ({ userId, ip }) => accounts.takePayeeLookup(userId, ip),
    },
  );
}

/** What the banking partner's webhook routes use, passed in by the wiring (app.ts). */
export type BankingWebhookRouteDeps = { banking: Banking };

/** Unit's webhook. Its signature covers the exact bytes, so the body is read as a string. */
export async function bankingWebhookRoutes(
  app: AppInstance,
  { banking }: BankingWebhookRouteDeps,
): Promise<void> {
  readJsonAsText(app);
  app.post(
    '/api/unit/webhook',
    {
      schema: {
        summary: 'Unit’s webhook (payment statuses), checked against its X-Unit-Signature HMAC',
        tags: ['Webhooks'],
        headers: z.looseObject({ 'x-unit-signature': z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await banking.webhook(
        typeof request.body === 'string' ? request.body : '',
        request.headers['x-unit-signature'],
      );
      return { received: true as const };
    },
  );
}
