import {
  billerQuery,
  billerSchema,
  billIdParams,
  billPaymentBody,
  billPaymentSchema,
  billScheduleBody,
  billScheduleSchema,
} from '@pago/shared/contracts/billpay';
import { transferSchema } from '@pago/shared/contracts/transfers';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { BillPay } from './billpay.service';

const tags = ['Bill pay'];
const noBody = z.strictObject({});

/** What bill pay's routes use, passed in by the wiring (app.ts). */
export type BillPayRouteDeps = { accounts: Accounts; billPay: BillPay };

export async function billPayRoutes(
  app: AppInstance,
  { accounts, billPay }: BillPayRouteDeps,
): Promise<void> {
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  app.get(
    '/api/billers',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn(
          'The biller directory: by name, category and payment type, each with how it is paid',
        ),
        querystring: billerQuery,
        response: { 200: z.array(billerSchema), ...errorResponses },
      },
    },
    async (request) => billPay.searchBillers(request.query),
  );

  // Reserve → commit → call the partner (no transaction open) → settle (`runPhased`).
  moneyPost(
    app,
    accounts,
    '/api/unit/bill-payment',
    {
      summary:
        'Pay a bill now, in cents, from your partner account: an ACH credit or a mailed check',
      tags,
      body: billPaymentBody,
      response: { status: 201, schema: transferSchema },
    },
    { phases: ({ userId, body, key }) => billPay.payNow(userId, body, key) },
  );

  moneyPost(
    app,
    accounts,
    '/api/billpay/schedules',
    {
      summary:
        'Schedule a bill payment on a business day, once or monthly; the money leaves on that day',
      tags,
      body: billScheduleBody,
      response: { status: 201, schema: billScheduleSchema },
    },
    async ({ userId, body, tx }) => ({
      statusCode: 201,
      body: await billPay.schedule(tx, userId, body),
    }),
  );

  app.get(
    '/api/billpay/schedules',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('Your scheduled bill payments, newest first'),
        response: { 200: z.array(billScheduleSchema), ...errorResponses },
      },
    },
    async (request) => billPay.listSchedules(currentUser(request).userId),
  );

  app.post(
    '/api/billpay/schedules/:id/cancel',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('Cancel a scheduled bill payment (the payments it made stay)'),
        params: billIdParams,
        response: { 200: billScheduleSchema, ...errorResponses },
      },
    },
    async (request) => billPay.cancelSchedule(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/billpay/payments',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('Your bill payments with their statuses, newest first'),
        response: { 200: z.array(billPaymentSchema), ...errorResponses },
      },
    },
    async (request) => billPay.listPayments(currentUser(request).userId),
  );

  app.get(
    '/api/billpay/payments/:id',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('One bill payment and its status'),
        params: billIdParams,
        response: { 200: billPaymentSchema, ...errorResponses },
      },
    },
    async (request) => billPay.getPayment(currentUser(request).userId, request.params.id),
  );

  moneyPost(
    app,
    accounts,
    '/api/billpay/payments/:id/cancel',
    {
      summary: 'Cancel a bill paid by check before it is printed: the money comes back',
      tags,
      body: noBody,
      params: billIdParams,
      response: { status: 200, schema: billPaymentSchema },
    },
    { phases: ({ userId, params }) => billPay.cancelCheck(userId, params.id) },
  );
}
