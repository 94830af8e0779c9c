import { billerSchema, billPaymentBody } from '@pago/shared/contracts/billpay';
import { transferSchema } from '@pago/shared/contracts/transfers';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import { requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

const listQuery = z.strictObject({ paymentType: z.string().max(32).optional() });
const tags = ['Bill pay'];

export async function billPayRoutes(app: AppInstance): Promise<void> {
  const { ledger, accounts, transfers, partners } = app.services;
  const { billers } = partners;

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
    async (request) => {
      const { paymentType } = request.query;
      return billers.billers().filter((b) => !paymentType || b.paymentType === paymentType);
    },
  );

  const contract = {
    summary: 'Pay a bill, in cents, to a biller',
    tags,
    body: billPaymentBody,
    response: { status: 201 as const, schema: transferSchema },
  };
  moneyPost(app, '/api/unit/bill-payment', contract, async ({ userId, body, tx }) => {
    if (!billers.available) throw unavailableInLiveMode('billPay');
    const biller = billers.billers().find((b) => b.id === body.payeeId);
    if (!biller || biller.paymentType !== body.paymentType) {
      throw new AppError('payment_failed', 422, 'Unknown biller for this payment type', {
        reason: 'unknown_biller',
      });
    }
    billers.checkAccount(biller, body.accountId);
    const row = await ledger.post(tx, {
      kind: 'bill_payment',
      status: 'completed',
      userId,
      amountCents: body.amount,
      countsTowardLimits: true,
      metadata: {
        billerId: biller.id,
        billerName: biller.name,
        paymentType: body.paymentType,
        accountAtBiller: `••••${body.accountId.slice(-4)}`,
        memo: body.memo,
      },
      legs: [
        { account: { userId }, amountCents: -body.amount },
        { account: { role: 'bill_pay_clearing' }, amountCents: body.amount },
      ],
    });
    return { statusCode: 201, body: (await transfers.view([row], userId, tx))[0] };
  });
}
