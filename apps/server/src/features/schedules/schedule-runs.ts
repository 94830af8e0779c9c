import { failureReasonOf, type ScheduleFailureReason } from '@pago/shared/contracts/schedules';
import type { Quote } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { userTimeZone } from '@pago/shared/time-zones';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Accounts } from '../accounts/accounts.service';
import { type Ledger, walletToWallet } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { SendOnBehalf } from '../remittances/remittance-on-behalf';
import type { Sanctions } from '../sanctions/sanctions.service';
import { BILL_REMIND_MS, createBillRuns, type ScheduledBillPayer } from './schedule-bill-runs';
import { dueAt as dueAtOf, nextRunAfter } from './schedule-dates';
import { ruleOf } from './schedule-outcomes';
import {
  anyClosed,
  claimDue,
  findSchedule,
  insertReminder,
  insertRun,
  listDue,
  listToRemind,
  type ScheduleRow,
  updateRun,
  updateSchedule,
  zoneOfUser,
} from './schedules.repository';

export type ScheduleRunDeps = {
  db: Database;
  clock: () => Date;
  ledger: Pick<Ledger, 'post'>;
  notifications: Pick<Notifications, 'notify'>;
  sanctions: () => Pick<Sanctions, 'p2pHits' | 'recordHold'>;
  people: Pick<Accounts, 'parties'>;
  sender: () => SendOnBehalf;
  /** Bill pay, which pays a bill schedule's runs (schedule-bill-runs.ts). */
  bills: () => ScheduledBillPayer;
};

/** How many due schedules one pass of the job takes. */
const BATCH = 20;
/** The day-before notice: sent once a run is due within this time. */
const REMIND_MS = 24 * 60 * 60_000;

/** What a run sent: its transfer, and for a remittance the quote's fee and what arrives. */
type Sent = {
  id: string;
  held: boolean;
  feeCents: number;
  payoutAmount: string | null;
  payoutCurrency: string | null;
};

type Failure = { reason: ScheduleFailureReason; code: string };

/** Why a send was refused, as a run's stored reason. */
export function failureOf(error: AppError): Failure {
  return { reason: failureReasonOf(error.code, error.statusCode), code: error.code };
}

/**
 * The job's side of schedules. A run: the quote taken first (no transaction open: the partner is
 * called), then in ONE transaction the schedule claimed (`FOR UPDATE SKIP LOCKED`, still due at
 * the same moment), the run inserted (unique per schedule and moment), the money moved, the user
 * told and the schedule moved on. A worker that dies halfway rolls all of it back and the next pass
 * runs it; a second worker finds the row locked or moved on and does nothing.
 */
export function createScheduleRuns({
  db,
  clock,
  ledger,
  notifications,
  sanctions,
  people,
  sender,
  bills,
}: ScheduleRunDeps) {
  const billRuns = createBillRuns({ db, notifications, bills });

  async function zoneOf(executor: Database, userId: string) {
    const user = await zoneOfUser(executor, userId);
    return userTimeZone(user?.time_zone, user?.zip_code);
  }

  /** The schedule moved past its current run day: the next one, or done. */
  async function advance(tx: Database, row: ScheduleRow, zone: string) {
    const date = nextRunAfter(ruleOf(row), row.next_date as string);
    if (!date) {
      await updateSchedule(tx, row.id, { status: 'done', next_date: null, next_due_at: null });
      return;
    }
    await updateSchedule(tx, row.id, { next_date: date, next_due_at: dueAtOf(date, zone) });
  }

  /** A P2P run: wallet to wallet, or held in the sanctions clearing while a hit is open. */
  async function sendP2p(tx: Database, row: ScheduleRow): Promise<Sent> {
    const payeeId = row.payee_user_id as string;
    const payee = (await people.parties([payeeId], tx)).get(payeeId);
    if (!payee) throw new AppError('not_found', 404, 'The Pago user is gone');
    const hits = await sanctions().p2pHits(tx, row.user_id, payeeId);
    const held = hits.length > 0;
    const amountCents = cents(Number(row.amount_cents));
    const transfer = await ledger.post(tx, {
      kind: 'p2p',
      status: held ? 'processing' : 'completed',
      userId: row.user_id,
      counterpartyUserId: payeeId,
      amountCents,
      countsTowardLimits: true,
      metadata: {
        recipientPhone: payee.phone ?? '',
        recipientCountry: 'US',
        scheduleId: row.id,
        ...(held ? { underReview: true } : {}),
      },
      legs: held
        ? [
            { account: { userId: row.user_id }, amountCents: -amountCents },
            { account: { role: 'sanctions_hold' }, amountCents },
          ]
        : walletToWallet(row.user_id, payeeId, amountCents),
    });
    if (held) await sanctions().recordHold(tx, transfer.id, 'p2p', row.user_id, hits);
    return { id: transfer.id, held, feeCents: 0, payoutAmount: null, payoutCurrency: null };
  }

  /** One schedule's due run; true when this call ran it. */
  async function runOne(scheduleId: string): Promise<boolean> {
    const seen = await findSchedule(db, scheduleId);
    if (seen?.status !== 'active' || !seen.next_due_at || seen.next_due_at > clock()) return false;
    if (seen.kind === 'bill') return billRuns.runOne(seen);
    const dueAt = seen.next_due_at;
    let quote: Quote | null = null;
    let failure: Failure | null = null;
    if (seen.kind === 'remittance') {
      if (!seen.recipient_id) {
        failure = { reason: 'recipient_deleted', code: 'recipient_deleted' };
      } else {
        try {
          quote = await sender().quoteFor(
            seen.user_id,
            seen.recipient_id,
            cents(Number(seen.amount_cents)),
            seen.speed,
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failure = failureOf(error);
        }
      }
    }
    return db.transaction().execute(async (tx) => {
      const row = await claimDue(tx, scheduleId, dueAt);
      // Another worker holds it, or ran it and moved it on, or it was edited meanwhile.
      if (!row || row.amount_cents !== seen.amount_cents || row.speed !== seen.speed) return false;
      // A closed account sends nothing more, and a closed one is paid nothing more: it ends.
      const parties = [row.user_id, ...(row.payee_user_id ? [row.payee_user_id] : [])];
      if (await anyClosed(tx, parties)) {
        await updateSchedule(tx, row.id, {
          status: 'canceled',
          next_date: null,
          next_due_at: null,
        });
        return false;
      }
      const date = row.next_date as string;
      const amountCents = cents(Number(row.amount_cents));
      const run = await insertRun(tx, {
        schedule_id: row.id,
        user_id: row.user_id,
        due_date: date,
        due_at: dueAt,
        status: 'sent',
        amount_cents: amountCents,
      });
      const zone = await zoneOf(tx, row.user_id);
      if (!run) {
        // Ran already (its transaction committed): only the move on was left.
        await advance(tx, row, zone);
        return false;
      }
      let sent: Sent | null = null;
      if (!failure) {
        await sql`savepoint schedule_send`.execute(tx);
        try {
          if (row.kind === 'p2p') {
            sent = await sendP2p(tx, row);
          } else {
            const transfer = await sender().sendQuoted(tx, row.user_id, {
              recipientId: row.recipient_id as string,
              quoteId: (quote as Quote).quoteId,
              amountCents,
              speed: row.speed,
              origin: { kind: 'schedule', id: row.id },
            });
            sent = {
              id: transfer.id,
              held: transfer.details.underReview === true,
              feeCents: quote?.feeCents ?? 0,
              payoutAmount: quote?.payoutAmount ?? null,
              payoutCurrency: quote?.payoutCurrency ?? null,
            };
          }
        } catch (error) {
          // A refusal (funds, limits, the partner, sanctions) is the run's outcome; anything
          // else (a crash) rolls the whole transaction back, the claim included.
          if (!(error instanceof AppError)) throw error;
          await sql`rollback to savepoint schedule_send`.execute(tx);
          failure = failureOf(error);
        }
      }
      const told = {
        amountCents,
        recipientName: row.recipient_name,
        scheduleId: row.id,
        payDate: date,
      };
      if (sent) {
        await updateRun(tx, run.id, {
          status: sent.held ? 'under_review' : 'sent',
          transfer_id: sent.id,
          fee_cents: sent.feeCents,
          payout_amount: sent.payoutAmount,
          payout_currency: sent.payoutCurrency,
        });
        await notifications.notify(tx, {
          userId: row.user_id,
          type: 'schedule_sent',
          data: {
            ...told,
            transferId: sent.id,
            feeCents: cents(sent.feeCents),
            ...(sent.payoutAmount ? { payoutAmount: sent.payoutAmount } : {}),
            ...(sent.payoutCurrency ? { payoutCurrency: sent.payoutCurrency } : {}),
          },
        });
      } else if (failure) {
        await updateRun(tx, run.id, {
          status: 'failed',
          failure_reason: failure.reason,
          failure_code: failure.code,
        });
        await notifications.notify(tx, {
          userId: row.user_id,
          type: 'schedule_failed',
          data: { ...told, failureReason: failure.reason },
        });
      }
      await advance(tx, row, zone);
      return true;
    });
  }

  return {
    advance,
    runOne,

    /**
     * The job: every due schedule's run (each once; see runOne), then the bill runs whose payment
     * is still to settle. Answers how many ran.
     */
    async runDue(): Promise<number> {
      let ran = 0;
      let failure: unknown = null;
      for (const { id } of await listDue(db, clock(), BATCH)) {
        // One schedule's crash (rolled back, run again next pass) does not hold up the others;
        // the pass still fails with it, so the job's failure is logged.
        try {
          if (await runOne(id)) ran += 1;
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure) throw failure;
      return ran + (await billRuns.settleProcessing());
    },

    /**
     * The job: the day-before notice of each run, once per run day, with the quote's estimate
     * (rate, fee, total, what arrives) when the partner answers one.
     */
    async sendReminders(): Promise<number> {
      let sent = 0;
      const by = {
        transfers: new Date(clock().getTime() + REMIND_MS),
        bills: new Date(clock().getTime() + BILL_REMIND_MS),
      };
      for (const due of await listToRemind(db, by, BATCH)) {
        const row = await findSchedule(db, due.id);
        if (row?.status !== 'active' || row.next_date !== due.next_date) continue;
        if (row.kind === 'bill') {
          if (await billRuns.remind(row)) sent += 1;
          continue;
        }
        let quote: Quote | null = null;
        if (row.kind === 'remittance' && row.recipient_id) {
          quote = await sender()
            .quoteFor(row.user_id, row.recipient_id, cents(Number(row.amount_cents)), row.speed)
            .catch(() => null);
        }
        const told = await db.transaction().execute(async (tx) => {
          if (!(await insertReminder(tx, row.id, row.next_date as string))) return false;
          await notifications.notify(tx, {
            userId: row.user_id,
            type: 'schedule_upcoming',
            data: {
              amountCents: cents(Number(row.amount_cents)),
              recipientName: row.recipient_name,
              scheduleId: row.id,
              payDate: row.next_date as string,
              ...(quote
                ? {
                    feeCents: cents(quote.feeCents),
                    totalCents: cents(quote.totalCents),
                    fxRate: quote.fxRate,
                    payoutAmount: quote.payoutAmount,
                    payoutCurrency: quote.payoutCurrency,
                  }
                : {}),
            },
          });
          return true;
        });
        if (told) sent += 1;
      }
      return sent;
    },
  };
}
