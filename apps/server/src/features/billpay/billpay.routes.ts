import { billerSchema, billPaymentBody } from '@pago/shared/contracts/billpay';
import { transferSchema } from '@pago/shared/contracts/transfers';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { BillPay } from './billpay.service';

const listQuery = z.strictObject({ paymentType: z.string().max(32).optional() });
const tags = ['Bill pay'];

/** What bill pay's routes use, passed in by the wiring (app.ts). */
export type BillPayRouteDeps = { accounts: Accounts; billPay: BillPay };

export async function billPayRoutes(
  app: AppInstance,
  { accounts, billPay }: BillPayRouteDeps,
): Promise<void> {
  app.get(
    '/api/billers',
    {
      preValidation: requireUser(accounts),
      schema: {
        summary: 'The billers a bill can be paid to, optionally of one payment type',
        tags,
        security: bearerAuth,
        querystring: listQuery,
        response: { 200: z.array(billerSchema), ...errorResponses },
      },
    },
    async (request) => billPay.listBillers(request.query.paymentType),
  );

  const contract = {
    summary: 'Pay a bill, in cents, to a biller',
    tags,
    body: billPaymentBody,
    response: { status: 201 as const, schema: transferSchema },
  };
  moneyPost(app, accounts, '/api/unit/bill-payment', contract, async ({ userId, body, tx }) => ({
    statusCode: 201,
    body: await billPay.payBill(tx, userId, body),
  }));
}
