import { onOrAfterBankingDay } from '@pago/shared/bill-dates';
import { failureReasonOf } from '@pago/shared/contracts/schedules';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { Notifications } from '../notifications/notifications.service';
import { dueAt, nextRunAfter } from './schedule-dates';
import { ruleOf } from './schedule-outcomes';
import {
  anyClosed,
  claimDue,
  findSchedule,
  insertReminder,
  insertRun,
  listProcessingRuns,
  moveDue,
  type ScheduleRow,
  settleRun,
  updateSchedule,
} from './schedules.repository';

/** Bills are paid on Eastern banking days (the banking partner's), at the schedules' hour. */
const EASTERN = 'America/New_York';

/** What a bill's run asks of bill pay: one payment, under the key of its schedule and day. */
export type BillRunInput = {
  scheduleId: string;
  userId: string;
  billerId: string;
  billType: string;
  amountCents: number;
  accountAtBiller: string;
  memo: string;
  /** The run's day (the schedule's date, not moved to a banking day: the payment's key). */
  payDate: string;
};

/**
 * What bill pay answered: paid (or already paid under the key), refused with its error code (`told`
 * when bill pay's own settlement told the user already), or still under way (a crash mid-payment, which bill pay's own recovery finishes first).
 */
export type BillRunOutcome =
  | { kind: 'paid'; transferId: string | null }
  | { kind: 'refused'; code: string; told?: boolean }
  | { kind: 'in_progress' };

/** Bill pay's side of a run (features/billpay `payScheduled`). */
export type ScheduledBillPayer = { payScheduled(run: BillRunInput): Promise<BillRunOutcome> };

/** A bill's run day's moment: 9:00 Eastern on it, or on the next banking day when it is not one. */
export function billDueAt(date: string): Date {
  return dueAt(onOrAfterBankingDay(date), EASTERN);
}

/** A bill's run day already told (scheduled within its reminder's days): no reminder follows. */
export async function markReminded(tx: Database, scheduleId: string, date: string) {
  await insertReminder(tx, scheduleId, date);
}

/** How many processing runs one pass settles. */
const BATCH = 20;

type Deps = {
  db: Database;
  notifications: Pick<Notifications, 'notify'>;
  bills: () => ScheduledBillPayer;
};

/**
 * A bill's run on the schedules' mechanism: claimed like any run (the schedule locked and still due
 * at the same moment, the run row unique per schedule and moment, the schedule moved on) in one
 * transaction, then handed to bill pay, whose payment reaches the banking partner with no
 * transaction open (a phased payment under the key `bill-schedule-<schedule>-<day>`), so the claim
 * cannot hold the money's transaction. The run stays `processing` until bill pay answers; a crash
 * in between leaves it so, and the next pass asks again under the same key: one payment.
 */
export function createBillRuns({ db, notifications, bills }: Deps) {
  /** The schedule's next day (monthly on its day, the month's last when shorter) or done. */
  async function advance(tx: Database, row: ScheduleRow) {
    const date = nextRunAfter(ruleOf(row), row.next_date as string);
    await updateSchedule(
      tx,
      row.id,
      date
        ? { next_date: date, next_due_at: billDueAt(date) }
        : { status: 'done', next_date: null, next_due_at: null },
    );
  }

  /** Bill pay's answer on a processing run, applied once; a refusal is told to the user. */
  async function settle(runId: string, row: ScheduleRow, payDate: string, amountCents: number) {
    const outcome = await bills().payScheduled({
      scheduleId: row.id,
      userId: row.user_id,
      billerId: row.biller_id as string,
      billType: row.bill_type as string,
      amountCents,
      accountAtBiller: row.account_at_biller as string,
      memo: row.memo,
      payDate,
    });
    if (outcome.kind === 'in_progress') return;
    await db.transaction().execute(async (tx) => {
      if (outcome.kind === 'paid') {
        await settleRun(tx, runId, { status: 'sent', transfer_id: outcome.transferId });
        return;
      }
      const applied = await settleRun(tx, runId, {
        status: 'failed',
        failure_reason: failureReasonOf(outcome.code),
        failure_code: outcome.code,
      });
      if (!applied || outcome.told) return;
      await notifications.notify(tx, {
        userId: row.user_id,
        type: 'bill_failed',
        data: { amountCents: cents(amountCents), biller: row.recipient_name, payDate },
      });
    });
  }

  return {
    /**
     * One bill schedule's due run: claimed (true when this call claimed it), then paid. A date
     * that is not a banking day is first moved on to the next one's moment.
     */
    async runOne(seen: ScheduleRow): Promise<boolean> {
      const dueAtSeen = seen.next_due_at as Date;
      const date = seen.next_date as string;
      const payAt = billDueAt(date);
      if (payAt > dueAtSeen) {
        await moveDue(db, seen.id, dueAtSeen, payAt);
        return false;
      }
      const claimed = await db.transaction().execute(async (tx) => {
        const row = await claimDue(tx, seen.id, dueAtSeen);
        if (!row || row.amount_cents !== seen.amount_cents) return null;
        if (await anyClosed(tx, [row.user_id])) {
          await updateSchedule(tx, row.id, {
            status: 'canceled',
            next_date: null,
            next_due_at: null,
          });
          return null;
        }
        const run = await insertRun(tx, {
          schedule_id: row.id,
          user_id: row.user_id,
          due_date: date,
          due_at: dueAtSeen,
          status: 'processing',
          amount_cents: cents(Number(row.amount_cents)),
        });
        await advance(tx, row);
        return run ? { runId: run.id, row } : null;
      });
      if (!claimed) return false;
      await settle(claimed.runId, claimed.row, date, Number(claimed.row.amount_cents));
      return true;
    },

    /** Runs claimed whose payment was not settled (a crash after the claim): asked again. */
    async settleProcessing(): Promise<number> {
      let settled = 0;
      for (const run of await listProcessingRuns(db, BATCH)) {
        const row = await findSchedule(db, run.schedule_id);
        if (!row) continue;
        await settle(run.id, row, run.due_date, Number(run.amount_cents));
        settled += 1;
      }
      return settled;
    },

    /** A bill's reminder, 3 days before its day (the banking day it is paid on), once. */
    async remind(row: ScheduleRow): Promise<boolean> {
      const date = row.next_date as string;
      return db.transaction().execute(async (tx) => {
        if (!(await insertReminder(tx, row.id, date))) return false;
        await notifications.notify(tx, {
          userId: row.user_id,
          type: 'bill_reminder',
          data: {
            amountCents: cents(Number(row.amount_cents)),
            biller: row.recipient_name,
            payDate: onOrAfterBankingDay(date),
          },
        });
        return true;
      });
    },
  };
}

/** A bill's reminder comes this long before its moment (3 days, as bill pay promises). */
export const BILL_REMIND_MS = 3 * 24 * 60 * 60_000;
