import {
  addBankingDays,
  easternDate,
  isBankingDate,
  isCalendarDate,
  nextMonthlyDate,
  onOrAfterBankingDay,
} from '@pago/shared/bill-dates';
import type {
  Biller,
  BillPaymentView,
  BillSchedule,
  billerQuery,
  billPaymentBody,
  billScheduleBody,
} from '@pago/shared/contracts/billpay';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { BillerNetwork, BillerRecord } from '../../providers/billpay/biller-network';
import {
  type UnitCheckPayment,
  type UnitClient,
  UnitRefusal,
  UnitUnavailableError,
} from '../../providers/unit/unit-client';
import type { Banking, PartnerOutcome } from '../banking/banking.service';
import { partnerKey } from '../banking/banking-partner';
import { type PhasedWork, runPhased } from '../idempotency/idempotency.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { Transfers } from '../transfers/transfers.service';
import {
  type BillerRow,
  type BillPaymentRow,
  findBiller,
  findBillPayment,
  findCounterparty,
  findPartnerAccount,
  findSchedule,
  insertBillPayment,
  insertSchedule,
  listBillPayments,
  listDueSchedules,
  listSchedules,
  listSchedulesToRemind,
  listUnsentChecks,
  lockBillPayment,
  lockSchedule,
  lockUserFunding,
  type ScheduleRow,
  saveCounterparty,
  searchBillers,
  seedBillers,
  updateBillPayment,
  updateSchedule,
  upsertBiller,
} from './billpay.repository';
import { createBillPaySettlement } from './billpay-settlement';

/** A bill payment as the route parsed it (amount in cents, memo defaulted). */
type BillPayment = z.output<typeof billPaymentBody>;

/** Banking days from the payment date until the biller has it: an ACH credit, a mailed check. */
export const DELIVERY_DAYS = { ach: 2, check: 6 } as const;
/** How many days before a scheduled payment its reminder is sent. */
export const REMINDER_DAYS = 3;
/** How far ahead a payment may be scheduled. */
const MAX_DAYS_AHEAD = 365;
/** A check whose partner call never answered is asked for again (same key) after this long. */
const CHECK_RETRY_MS = 60_000;

type Deps = {
  db: Database;
  ledger: Ledger;
  /** Renders the payment as the activity list shows it. */
  transfers: Pick<Transfers, 'view'>;
  banking: Banking;
  unit: UnitClient | null;
  billers: BillerNetwork;
  notifications: Pick<Notifications, 'notify'>;
};

type Prepared = { biller: BillerRow; counterpartyId: string | null };
type Reserved = { paymentId: string; transferId: string; method: 'ach' | 'check' };
type CheckOutcome = { check: UnitCheckPayment } | { refused: string } | { unavailable: true };
type Outcome = PartnerOutcome | CheckOutcome;
/** What one payment pays: from a request (now) or a schedule (on its date). */
type PaymentInput = {
  userId: string;
  billerId: string;
  billType: string;
  amount: number;
  accountAtBiller: string;
  memo: string;
  scheduleId: string | null;
  payDate: string;
};

const masked = (account: string) => `••••${account.slice(-4)}`;

/**
 * Bill pay through the banking partner (docs/bill-pay.md): the directory of billers (Pago's own
 * table), a payment now or on a date (once or monthly) from the user's partner account — by ACH
 * credit to the biller's bank, or a mailed check (Unit check payments) — each reserved in the
 * ledger (wallet → bill-pay clearing, processing), asked of the partner with no transaction open,
 * and settled by the partner's answers and webhooks (billpay-settlement.ts). A scheduled payment
 * takes the money on its date: the job makes it, once per schedule and date.
 */
export function createBillPay({
  db,
  ledger,
  transfers,
  banking,
  unit,
  billers,
  notifications,
}: Deps) {
  const settlement = createBillPaySettlement({ ledger, banking, unit, notifications });
  let seeded: Promise<void> | null = null;
  /** The directory, seeded once per process in sandbox mode. */
  async function directory() {
    if (!billers.available) throw unavailableInLiveMode('billPay');
    seeded ??= seedBillers(db, billers.seed).catch((error: unknown) => {
      seeded = null;
      throw error;
    });
    await seeded;
  }
  const partner = () => {
    if (!unit || !billers.available) throw unavailableInLiveMode('billPay');
    return unit;
  };
  const today = () => easternDate(ledger.clock());

  const toBiller = (row: BillerRow): Biller => ({
    id: row.id,
    name: row.name,
    paymentType: row.bill_type,
    category: row.category,
    method: row.method,
    deliveryDays: DELIVERY_DAYS[row.method],
  });

  async function billerFor(billerId: string, billType: string): Promise<BillerRow> {
    await directory();
    const biller = await findBiller(db, billerId);
    if (!biller || biller.bill_type !== billType) {
      throw new AppError('payment_failed', 422, 'Unknown biller for this payment type', {
        reason: 'unknown_biller',
      });
    }
    return biller;
  }

  /**
   * Before the first transaction (no transaction open): the biller, the user's partner account
   * (opened on first use), and for an ACH biller its counterparty under the user's customer.
   */
  async function prepare(input: PaymentInput): Promise<Prepared> {
    const client = partner();
    const biller = await billerFor(input.billerId, input.billType);
    billers.checkAccount(biller, input.accountAtBiller);
    await banking.createAccount(input.userId);
    if (biller.method === 'check') return { biller, counterpartyId: null };
    const cached = await findCounterparty(db, input.userId, biller.id);
    if (cached) return { biller, counterpartyId: cached };
    const account = await findPartnerAccount(db, input.userId);
    const made = await client
      .createCounterpartyByNumbers({
        customerId: account?.unit_customer_id ?? '',
        name: biller.name,
        routingNumber: biller.routing_number ?? '',
        accountNumber: biller.account_number ?? '',
        idempotencyKey: partnerKey('bill-counterparty', input.userId, biller.id),
      })
      .catch((error: unknown) => {
        if (error instanceof UnitRefusal) {
          throw new AppError('payment_failed', 422, `Payment failed: ${error.title}`, {
            reason: 'biller_not_payable',
          });
        }
        throw error;
      });
    await saveCounterparty(db, {
      userId: input.userId,
      billerId: biller.id,
      counterpartyId: made.id,
    });
    return {
      biller,
      counterpartyId: (await findCounterparty(db, input.userId, biller.id)) ?? made.id,
    };
  }

  /**
   * The first transaction: the payment row (one per schedule and date), the ledger transfer
   * (funds and limits checked; processing), and the partner's reservation — the ACH mirror row or
   * the omnibus's cover for a check — under the user's funding lock.
   */
  async function reserve(
    tx: Database,
    input: PaymentInput,
    { biller, counterpartyId }: Prepared,
    requestKey: string,
  ): Promise<Reserved> {
    await lockUserFunding(tx, input.userId);
    const payment = await insertBillPayment(tx, {
      userId: input.userId,
      billerId: biller.id,
      scheduleId: input.scheduleId,
      payDate: input.payDate,
      method: biller.method,
      accountAtBiller: input.accountAtBiller,
    });
    if (!payment) {
      throw new AppError('bill_already_paid', 409, 'This scheduled payment was already made.');
    }
    const amount = cents(input.amount);
    const row = await ledger.post(tx, {
      kind: 'bill_payment',
      status: 'processing',
      userId: input.userId,
      amountCents: amount,
      countsTowardLimits: true,
      metadata: {
        billerId: biller.id,
        billerName: biller.name,
        paymentType: biller.bill_type,
        accountAtBiller: masked(input.accountAtBiller),
        memo: input.memo,
        method: biller.method,
      },
      legs: [
        { account: { userId: input.userId }, amountCents: -amount },
        { account: { role: 'bill_pay_clearing' }, amountCents: amount },
      ],
    });
    if (biller.method === 'check') {
      // Before the payment names its transfer: the partner's funds must not count it yet.
      await banking.reserveCover(tx, {
        userId: input.userId,
        transferId: row.id,
        amountCents: amount,
      });
    }
    await updateBillPayment(tx, payment.id, { transfer_id: row.id });
    if (biller.method === 'ach') {
      await banking.reserveAch(tx, {
        userId: input.userId,
        transferId: row.id,
        counterpartyId: counterpartyId ?? '',
        amountCents: amount,
        direction: 'Credit',
        sameDay: false,
        requestKey,
      });
    }
    return { paymentId: payment.id, transferId: row.id, method: biller.method };
  }

  /** Asks the partner for a reserved check (no transaction open): the cover first, then the check. */
  async function callCheck(paymentId: string): Promise<CheckOutcome> {
    const client = partner();
    const row = await findBillPayment(db, paymentId);
    const biller = row ? await findBiller(db, row.biller_id) : undefined;
    const account = row ? await findPartnerAccount(db, row.user_id) : undefined;
    if (!row?.transfer_id || !biller || !account) {
      throw new Error(`Bill payment ${paymentId} cannot be sent`);
    }
    try {
      const refused = await banking.coverFirst(row.transfer_id, row.user_id);
      if (refused) return 'refused' in refused ? refused : { unavailable: true };
      const check = await client.createCheckPayment({
        accountId: account.unit_account_id,
        customerId: account.unit_customer_id,
        amount: Number(row.amount_cents),
        payee: {
          name: biller.name,
          address: {
            street: biller.street ?? '',
            city: biller.city ?? '',
            state: biller.state ?? '',
            postalCode: biller.postal_code ?? '',
          },
        },
        description: `Bill ${biller.name}`,
        memo: `Acct ${row.account_at_biller}`,
        idempotencyKey: partnerKey('bill-check', row.transfer_id),
        tags: { pagoBillPayment: row.id },
      });
      return { check };
    } catch (error) {
      if (error instanceof UnitRefusal) return { refused: error.title };
      if (error instanceof UnitUnavailableError) return { unavailable: true };
      throw error;
    }
  }

  /**
   * The second transaction of a check: its answer applied once (a webhook may have come first);
   * a refusal gives the money back and answers 422; no answer leaves it processing for the job.
   */
  async function settleCheck(tx: Database, paymentId: string, outcome: CheckOutcome) {
    const row = await lockBillPayment(tx, paymentId);
    if (!row?.transfer_id) throw new Error(`No bill payment ${paymentId}`);
    if (row.status === 'processing' && !row.unit_check_payment_id) {
      if ('check' in outcome) {
        await settlement.applyCheck(tx, row, outcome.check);
      } else if ('refused' in outcome) {
        await settlement.giveBack(tx, row, outcome.refused);
      } else {
        await updateBillPayment(tx, row.id, { reason: 'partner unavailable' });
      }
    }
    const after = (await lockBillPayment(tx, paymentId)) as BillPaymentRow;
    // Refused when asked (the partner's 4xx, or a check Rejected at once): the answer says so.
    const refused =
      'refused' in outcome
        ? outcome.refused
        : 'check' in outcome && outcome.check.status === 'Rejected'
          ? (outcome.check.rejectReason ?? 'Rejected')
          : null;
    if (after.status === 'failed' && refused) {
      throw new AppError('bank_payment_rejected', 422, `Payment failed: ${refused}`, {
        reason: refused,
      });
    }
    return after;
  }

  async function viewTransfer(tx: Database, transferId: string, userId: string) {
    const row = await tx
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    return (await transfers.view([row as never], userId, tx))[0] as Transfer;
  }

  /** One payment's phases (`runPhased`): prepare → reserve → call the partner → settle. */
  function phases(
    input: PaymentInput,
    requestKey: string,
  ): PhasedWork<Prepared, Reserved, Outcome> {
    return {
      prepare: () => prepare(input),
      reserve: (tx, prepared) => reserve(tx, input, prepared, requestKey),
      call: (reserved) =>
        reserved.method === 'ach'
          ? banking.callPartner(reserved.transferId)
          : callCheck(reserved.paymentId),
      settle: async (tx, reserved, outcome) => {
        if (reserved.method === 'ach') {
          return banking.settleAnswer(tx, reserved.transferId, input.userId, outcome as never);
        }
        await settleCheck(tx, reserved.paymentId, outcome as CheckOutcome);
        return {
          statusCode: 201,
          body: await viewTransfer(tx, reserved.transferId, input.userId),
        };
      },
    };
  }

  function paymentView(row: BillPaymentRow): BillPaymentView {
    const cancelable =
      row.method === 'check' &&
      row.status === 'processing' &&
      ['New', 'Pending'].includes(row.partner_status ?? 'New');
    return {
      id: row.id,
      billerId: row.biller_id,
      billerName: row.biller_name,
      method: row.method,
      amountCents: Number(row.amount_cents ?? 0),
      payDate: row.pay_date,
      status: row.status,
      partnerStatus: row.partner_status,
      reason: row.reason,
      transferId: row.transfer_id,
      cancelable,
      expectedBy: addBankingDays(onOrAfterBankingDay(row.pay_date), DELIVERY_DAYS[row.method]),
    };
  }

  function scheduleView(row: ScheduleRow): BillSchedule {
    return {
      id: row.id,
      billerId: row.biller_id,
      billerName: row.biller_name,
      method: row.method,
      paymentType: row.bill_type,
      accountAtBiller: masked(row.account_at_biller),
      amountCents: Number(row.amount_cents),
      memo: row.memo,
      repeat: row.monthly ? 'monthly' : 'once',
      dayOfMonth: row.day_of_month,
      nextDate: row.next_date,
      status: row.status,
      createdAt: row.created_at.toISOString(),
    };
  }

  /** A schedule's date moves on once its date's payment was made (or refused): next month, or done. */
  async function advance(scheduleId: string, date: string) {
    await db.transaction().execute(async (tx) => {
      const row = await lockSchedule(tx, scheduleId);
      if (!row || row.status !== 'active' || row.next_date !== date) return;
      if (row.monthly && row.day_of_month) {
        await updateSchedule(tx, row.id, { next_date: nextMonthlyDate(date, row.day_of_month) });
      } else {
        await updateSchedule(tx, row.id, { status: 'done', next_date: null });
      }
    });
  }

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
      await directory();
      const rows = await searchBillers(db, {
        query: query.query,
        category: query.category,
        billType: query.paymentType,
      });
      return rows.map(toBiller);
    },

    /** Pay now (`POST /api/unit/bill-payment`): today's payment, phased. */
    payNow(userId: string, body: BillPayment, requestKey: string) {
      return phases(
        {
          userId,
          billerId: body.payeeId,
          billType: body.paymentType,
          amount: body.amount,
          accountAtBiller: body.accountId,
          memo: body.memo,
          scheduleId: null,
          payDate: today(),
        },
        requestKey,
      );
    },

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

    /**
     * Cancels a check not yet sent to the printer (phased: the partner's cancel with no
     * transaction open, then its answer applied: the money back). Another user's is a 404; an ACH
     * payment or a check already printed is a 409.
     */
    cancelCheck(
      userId: string,
      paymentId: string,
    ): PhasedWork<BillPaymentRow, string, UnitCheckPayment | { refused: string }> {
      return {
        prepare: async () => {
          const row = await findBillPayment(db, paymentId);
          if (!row || row.user_id !== userId || !row.transfer_id) {
            throw new AppError('not_found', 404, 'Bill payment not found');
          }
          if (!paymentView(row).cancelable || !row.unit_check_payment_id) {
            throw new AppError(
              'bill_not_cancelable',
              409,
              'This payment can no longer be canceled: the check was already sent.',
            );
          }
          return row;
        },
        reserve: async (_tx, row) => row.unit_check_payment_id as string,
        call: async (checkId) => {
          try {
            return await partner().cancelCheckPayment(checkId);
          } catch (error) {
            if (error instanceof UnitRefusal) return { refused: error.title };
            throw error;
          }
        },
        settle: async (tx, _checkId, outcome) => {
          const row = await lockBillPayment(tx, paymentId);
          if (!row) throw new Error(`No bill payment ${paymentId}`);
          if ('refused' in outcome) {
            throw new AppError(
              'bill_not_cancelable',
              409,
              'This payment can no longer be canceled: the check was already sent.',
            );
          }
          await settlement.applyCheck(tx, row, outcome);
          return {
            statusCode: 200,
            body: paymentView((await lockBillPayment(tx, paymentId)) as BillPaymentRow),
          };
        },
      };
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
      for (const unsent of await listUnsentChecks(db, new Date(Date.now() - CHECK_RETRY_MS))) {
        const outcome = await callCheck(unsent.id);
        await db
          .transaction()
          .execute((tx) => settleCheck(tx, unsent.id, outcome))
          .catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error;
          });
        done += 1;
      }
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
          if (!row || row.status !== 'active' || !row.next_date) return false;
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

  async function findPaymentOf(scheduleId: string, date: string) {
    return db
      .selectFrom('bill_payments')
      .select('id')
      .where('schedule_id', '=', scheduleId)
      .where('pay_date', '=', date)
      .executeTakeFirst();
  }
}

export type BillPay = ReturnType<typeof createBillPay>;
