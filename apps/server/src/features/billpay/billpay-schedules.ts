import { easternDate, isBankingDate, isCalendarDate } from '@pago/shared/bill-dates';
import type { BillSchedule, billScheduleBody } from '@pago/shared/contracts/billpay';
import { cents } from '@pago/shared/money';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { BillerNetwork } from '../../providers/billpay/biller-network';
import type { UnitClient } from '../../providers/unit/unit-client';
import { runPhased } from '../idempotency/idempotency.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Sanctions } from '../sanctions/sanctions.service';
import {
  type BillRunInput,
  type BillRunOutcome,
  billDueAt,
  markReminded,
} from '../schedules/schedule-bill-runs';
import {
  cancelScheduleRow,
  findPaymentOfRun,
  findSchedule,
  insertSchedule,
  listSchedules,
  lockSchedule,
  type ScheduleRow,
} from './billpay.repository';
import type { BillPayments, PaymentInput } from './billpay-payments';
import { scheduleView } from './billpay-views';
/** How many days before a scheduled payment its reminder is sent. */
export const REMINDER_DAYS = 3;
/** How far ahead a payment may be scheduled. */
const MAX_DAYS_AHEAD = 365;

type Deps = {
  db: Database;
  ledger: Ledger;
  unit: UnitClient | null;
  billers: BillerNetwork;
  notifications: Pick<Notifications, 'notify'>;
  payments: BillPayments;
  sanctions: () => Pick<Sanctions, 'screenBillPayee'>;
};

/**
 * Scheduled bill payments: on a banking day from today on, once or monthly on that day of the
 * month (the month's last day when it is shorter). No money moves when scheduling: the job pays
 * each on its date, once per schedule and date, and reminds the user 3 days before.
 */
export function createBillSchedules({
  db,
  ledger,
  unit,
  billers,
  notifications,
  payments,
  sanctions,
}: Deps) {
  const { billerFor, phases, today } = payments;

  return {
    /**
     * Schedules a payment on a banking day from today on (US Eastern), once or monthly on that
     * day of the month. No money moves now: it leaves the wallet on the date.
     */
    async schedule(
      tx: Database,
      userId: string,
      body: z.output<typeof billScheduleBody>,
    ): Promise<BillSchedule> {
      const biller = await billerFor(body.payeeId, body.paymentType);
      if (!unit) throw unavailableInLiveMode('billPay');
      billers.checkAccount(biller, body.accountId);
      const now = today();
      if (!isCalendarDate(body.payDate) || body.payDate < now) {
        throw new AppError('invalid_pay_date', 422, 'Choose today or a later date.', {
          field: 'payDate',
        });
      }
      if (!isBankingDate(body.payDate)) {
        throw new AppError('invalid_pay_date', 422, 'Choose a business day.', {
          field: 'payDate',
        });
      }
      const latest = new Date(ledger.clock().getTime() + MAX_DAYS_AHEAD * 86_400_000);
      if (body.payDate > easternDate(latest)) {
        throw new AppError('invalid_pay_date', 422, 'Choose a date within a year.', {
          field: 'payDate',
        });
      }
      // The payee screened when saved (a possible match opens a hit; each payment holds on it).
      await sanctions().screenBillPayee(tx, userId, { id: biller.id, name: biller.name });
      const row = await insertSchedule(tx, {
        user_id: userId,
        recipient_name: biller.name,
        biller_id: biller.id,
        bill_type: biller.bill_type,
        account_at_biller: body.accountId,
        amount_cents: body.amount,
        memo: body.memo,
        frequency: body.repeat === 'monthly' ? 'monthly' : 'once',
        start_date: body.payDate,
        day_of_month: body.repeat === 'monthly' ? Number(body.payDate.slice(8, 10)) : null,
        next_date: body.payDate,
        next_due_at: billDueAt(body.payDate),
        speed: 'standard',
        status: 'active',
      });
      // A date within the reminder's days is told now; its reminder would say the same.
      const remindBy = easternDate(new Date(ledger.clock().getTime() + REMINDER_DAYS * 86_400_000));
      if (body.payDate <= remindBy) await markReminded(tx, row.id, body.payDate);
      await notifications.notify(tx, {
        userId,
        type: 'bill_scheduled',
        data: { amountCents: cents(body.amount), biller: biller.name, payDate: body.payDate },
      });
      return scheduleView((await findSchedule(tx, row.id)) as ScheduleRow);
    },

    async listSchedules(userId: string): Promise<BillSchedule[]> {
      return (await listSchedules(db, userId)).map(scheduleView);
    },

    /** Cancels the user's active schedule (another user's is a 404); its payments made stay. */
    async cancelSchedule(userId: string, scheduleId: string): Promise<BillSchedule> {
      return db.transaction().execute(async (tx) => {
        const row = await lockSchedule(tx, scheduleId);
        if (!row || row.user_id !== userId) {
          throw new AppError('not_found', 404, 'Scheduled payment not found');
        }
        if (row.status === 'active' || row.status === 'paused') {
          await cancelScheduleRow(tx, row.id);
        }
        return scheduleView((await findSchedule(tx, row.id)) as ScheduleRow);
      });
    },

    /**
     * A bill schedule's run (features/schedules claims it, once per schedule and day): the
     * payment under the key of its schedule and day, so asking again (a crash after the claim,
     * two passes) answers the first payment's answer and pays nothing more; the payment row is
     * unique per schedule and date too.
     */
    async payScheduled(run: BillRunInput): Promise<BillRunOutcome> {
      if (!billers.available || !unit) return { kind: 'refused', code: 'bill_pay_unavailable' };
      const input: PaymentInput = {
        userId: run.userId,
        billerId: run.billerId,
        billType: run.billType,
        amount: run.amountCents,
        accountAtBiller: run.accountAtBiller,
        memo: run.memo,
        scheduleId: run.scheduleId,
        payDate: run.payDate,
      };
      const key = `bill-schedule-${run.scheduleId}-${run.payDate}`;
      let answer: { statusCode: number; body: string };
      try {
        answer = await runPhased(
          db,
          { userId: run.userId, key, request: { scheduleId: run.scheduleId, date: run.payDate } },
          phases(input, key),
          JSON.stringify,
        );
      } catch (error) {
        // Still under way (a crash mid-payment): the payment's own retry finishes it first.
        if (error instanceof AppError && error.code === 'request_in_progress') {
          return { kind: 'in_progress' };
        }
        throw error;
      }
      const payment = await findPaymentOfRun(db, run.scheduleId, run.payDate);
      if (payment && payment.status !== 'failed') {
        return { kind: 'paid', transferId: payment.transfer_id };
      }
      // A payment the partner refused was told to the user by its settlement already.
      return { kind: 'refused', code: errorCodeOf(answer.body), told: payment !== undefined };
    },

    /** The job: checks whose partner call never answered, asked for again with their key. */
    retryUnsentChecks: payments.retryUnsentChecks,
  };
}

/** A stored refusal's error code (`{"error":{"code":…}}`), or `send_refused`. */
function errorCodeOf(body: string): string {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : 'send_refused';
  } catch {
    return 'send_refused';
  }
}
