import { billPaymentBody } from '@pago/shared/contracts/money';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

const listQuery = z.strictObject({ paymentType: z.string().max(32).optional() });

export async function billPayRoutes(app: AppInstance): Promise<void> {
  const { ledger, accounts, transfers, partners } = app.services;
  const { billers } = partners;

  app.get('/api/billers', { preHandler: requireUser(accounts) }, async (request) => {
    const { paymentType } = listQuery.parse(request.query);
    const all = billers.billers();
    return paymentType ? all.filter((b) => b.paymentType === paymentType) : all;
  });

  moneyPost(app, '/api/unit/bill-payment', billPaymentBody, async ({ userId, body, tx }) => {
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
