import type {
  Biller,
  BillPaymentView,
  billerQuery,
  billPaymentBody,
} from '@pago/shared/contracts/billpay';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { BillerNetwork, BillerRecord } from '../../providers/billpay/biller-network';
import type { UnitClient } from '../../providers/unit/unit-client';
import type { Banking } from '../banking/banking.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Sanctions } from '../sanctions/sanctions.service';
import type { Transfers } from '../transfers/transfers.service';
import {
  findBillPayment,
  listBillPayments,
  searchBillers,
  upsertBiller,
} from './billpay.repository';
import { createBillPayments } from './billpay-payments';
import { createBillSchedules } from './billpay-schedules';
import { paymentView, toBiller } from './billpay-views';

/** A bill payment as the route parsed it (amount in cents, memo defaulted). */
type BillPayment = z.output<typeof billPaymentBody>;

type Deps = {
  db: Database;
  ledger: Ledger;
  /** Renders the payment as the activity list shows it. */
  transfers: Pick<Transfers, 'view'>;
  banking: Banking;
  unit: UnitClient | null;
  billers: BillerNetwork;
  notifications: Pick<Notifications, 'notify'>;
  sanctions: () => Pick<Sanctions, 'billHits' | 'recordHold' | 'onBillPayment' | 'screenBillPayee'>;
};

/**
 * Bill pay through the banking partner (docs/bill-pay.md): the directory of billers (Pago's own
 * table), a payment now or on a date (once or monthly) from the user's partner account — by ACH
 * credit to the biller's bank, or a mailed check (Unit check payments) — each reserved in the
 * ledger (wallet → bill-pay clearing, processing), asked of the partner with no transaction open
 * (billpay-payments.ts), and settled by the partner's answers and webhooks
 * (billpay-settlement.ts). A scheduled payment is a `bill` schedule on the schedules' mechanism:
 * its run is claimed there and paid here, once per schedule and date (billpay-schedules.ts).
 */
export function createBillPay(deps: Deps) {
  const { db, billers } = deps;
  const payments = createBillPayments(deps);
  const schedules = createBillSchedules({ ...deps, payments });

  return {
    /** Whether bills can be paid (a banking partner is configured). */
    available: billers.available,

    /** Operations' directory file (live mode): each biller added or changed in place. */
    async importBillers(records: readonly BillerRecord[]): Promise<number> {
      for (const record of records) await upsertBiller(db, record);
      return records.length;
    },

    /** The directory: by name, category and bill type. */
    async searchBillers(query: z.output<typeof billerQuery>): Promise<Biller[]> {
      await payments.directory();
      const rows = await searchBillers(db, {
        query: query.query,
        category: query.category,
        billType: query.paymentType,
      });
      return rows.map(toBiller);
    },

    /** Pay now (`POST /api/unit/bill-payment`): today's payment, phased. */
    payNow(userId: string, body: BillPayment, requestKey: string) {
      return payments.phases(
        {
          userId,
          billerId: body.payeeId,
          billType: body.paymentType,
          amount: body.amount,
          accountAtBiller: body.accountId,
          memo: body.memo,
          scheduleId: null,
          payDate: payments.today(),
        },
        requestKey,
      );
    },

    async listPayments(userId: string): Promise<BillPaymentView[]> {
      return (await listBillPayments(db, userId)).map(paymentView);
    },

    async getPayment(userId: string, paymentId: string): Promise<BillPaymentView> {
      const row = await findBillPayment(db, paymentId);
      if (!row || row.user_id !== userId || !row.transfer_id) {
        throw new AppError('not_found', 404, 'Bill payment not found');
      }
      return paymentView(row);
    },

    cancelCheck: payments.cancelCheck,
    schedule: schedules.schedule,
    listSchedules: schedules.listSchedules,
    cancelSchedule: schedules.cancelSchedule,
    payScheduled: schedules.payScheduled,
    retryUnsentChecks: schedules.retryUnsentChecks,
  };
}

export type BillPay = ReturnType<typeof createBillPay>;
