import {
  easternDate,
  isBankingDate,
  isCalendarDate,
  nextMonthlyDate,
  onOrAfterBankingDay,
} from '@pago/shared/bill-dates';
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
  findSchedule,
  insertSchedule,
  listDueSchedules,
  listSchedules,
  listSchedulesToRemind,
  lockSchedule,
  type ScheduleRow,
  updateSchedule,
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

  /** A schedule's date moves on once its date's payment was made (or refused): next month, or done. */
  async function advance(scheduleId: string, date: string) {
    await db.transaction().execute(async (tx) => {
      const row = await lockSchedule(tx, scheduleId);
      if (row?.status !== 'active' || row.next_date !== date) return;
      if (row.monthly && row.day_of_month) {
        await updateSchedule(tx, row.id, { next_date: nextMonthlyDate(date, row.day_of_month) });
      } else {
        await updateSchedule(tx, row.id, { status: 'done', next_date: null });
      }
    });
  }

  async function findPaymentOf(scheduleId: string, date: string) {
    return db
      .selectFrom('bill_payments')
      .select('id')
      .where('schedule_id', '=', scheduleId)
      .where('pay_date', '=', date)
      .executeTakeFirst();
  }

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
        biller_id: biller.id,
        bill_type: biller.bill_type,
        account_at_biller: body.accountId,
        amount_cents: body.amount,
        memo: body.memo,
        monthly: body.repeat === 'monthly',
        day_of_month: body.repeat === 'monthly' ? Number(body.payDate.slice(8, 10)) : null,
        next_date: body.payDate,
      });
      // A date within the reminder's days is told now; its reminder would say the same.
      const remindBy = easternDate(new Date(ledger.clock().getTime() + REMINDER_DAYS * 86_400_000));
      if (body.payDate <= remindBy) {
        await updateSchedule(tx, row.id, { reminded_for: body.payDate });
      }
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
        if (row.status === 'active') {
          await updateSchedule(tx, row.id, { status: 'canceled', next_date: null });
        }
        return scheduleView((await findSchedule(tx, row.id)) as ScheduleRow);
      });
    },

    /**
     * The job: the schedules due today (on their date, or the next banking day when it is not
     * one) are paid — each under its own key, so a second run of the job answers the first
     * payment's answer and pays nothing (and the payment row is unique per schedule and date);
     * a refusal (funds, limits) is told to the user; then the schedule moves on. Checks whose
     * partner call never answered are asked for again with their key. Answers how many it did.
     */
    async runDue(): Promise<number> {
      if (!billers.available || !unit) return 0;
      const now = today();
      let done = 0;
      for (const due of await listDueSchedules(db, now)) {
        const date = due.next_date as string;
        if (onOrAfterBankingDay(date) > now) continue;
        const row = await findSchedule(db, due.id);
        if (!row) continue;
        const input: PaymentInput = {
          userId: row.user_id,
          billerId: row.biller_id,
          billType: row.bill_type,
          amount: Number(row.amount_cents),
          accountAtBiller: row.account_at_biller,
          memo: row.memo,
          scheduleId: row.id,
          payDate: date,
        };
        const key = `bill-schedule-${row.id}-${date}`;
        let answer: { statusCode: number; body: string };
        try {
          answer = await runPhased(
            db,
            { userId: row.user_id, key, request: { scheduleId: row.id, date } },
            phases(input, key),
            JSON.stringify,
          );
        } catch (error) {
          // Still under way (a crash mid-payment): the payment's own retry finishes it first.
          if (error instanceof AppError && error.code === 'request_in_progress') continue;
          throw error;
        }
        if (answer.statusCode >= 400 && !answer.body.includes('"bill_already_paid"')) {
          const paid = await findPaymentOf(row.id, date);
          if (!paid) {
            await db.transaction().execute((tx) =>
              notifications.notify(tx, {
                userId: row.user_id,
                type: 'bill_failed',
                data: { amountCents: cents(input.amount), biller: row.biller_name, payDate: date },
              }),
            );
          }
        }
        await advance(row.id, date);
        done += 1;
      }
      done += await payments.retryUnsentChecks();
      return done;
    },

    /** The job: each active schedule's reminder, once per due date, 3 days before it. */
    async sendReminders(): Promise<number> {
      if (!billers.available) return 0;
      const by = easternDate(new Date(ledger.clock().getTime() + REMINDER_DAYS * 86_400_000));
      let sent = 0;
      for (const { id } of await listSchedulesToRemind(db, by)) {
        const reminded = await db.transaction().execute(async (tx) => {
          const row = await lockSchedule(tx, id);
          if (row?.status !== 'active' || !row.next_date) return false;
          if (row.reminded_for === row.next_date || row.next_date > by) return false;
          await updateSchedule(tx, row.id, { reminded_for: row.next_date });
          await notifications.notify(tx, {
            userId: row.user_id,
            type: 'bill_reminder',
            data: {
              amountCents: cents(Number(row.amount_cents)),
              biller: row.biller_name,
              payDate: onOrAfterBankingDay(row.next_date),
            },
          });
          return true;
        });
        if (reminded) sent += 1;
      }
      return sent;
    },
  };
}
