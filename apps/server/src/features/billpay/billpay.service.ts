import type { Biller, billPaymentBody } from '@pago/shared/contracts/billpay';
import type { Transfer } from '@pago/shared/contracts/transfers';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { BillerNetwork } from '../../providers/billpay/biller-network';
import type { Ledger } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';

/** A bill payment as the route parsed it (amount in cents, memo defaulted). */
type BillPayment = z.output<typeof billPaymentBody>;

export type BillPayDeps = {
  ledger: Pick<Ledger, 'post'>;
  /** Renders the payment as the activity list shows it. */
  transfers: Pick<Transfers, 'view'>;
  billers: BillerNetwork;
};

/** Bill pay: the billers of the network, and a payment to one from the wallet. */
export function createBillPay({ ledger, transfers, billers }: BillPayDeps) {
  return {
    /** The billers, or only those of one payment type. */
    listBillers(paymentType?: string): Biller[] {
      return billers.billers().filter((b) => !paymentType || b.paymentType === paymentType);
    },

    /**
     * Pays a bill inside the caller's transaction: the wallet to bill-pay clearing, once the
     * biller exists for the payment type and accepts the account.
     */
    async payBill(tx: Database, userId: string, body: BillPayment): Promise<Transfer> {
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
      return (await transfers.view([row], userId, tx))[0] as Transfer;
    },
  };
}

export type BillPay = ReturnType<typeof createBillPay>;
