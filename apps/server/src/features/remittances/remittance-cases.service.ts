import { addBusinessDays } from '@pago/shared/business-days';
import type { ErrorCase, ErrorCaseBody } from '@pago/shared/contracts/remittances';
import { addCents } from '@pago/shared/money';
import {
  ERROR_DECIDE_DAYS,
  ERROR_REPORT_DAYS,
  ERROR_REPORT_RESULT_BUSINESS_DAYS,
} from '@pago/shared/remittance-rights';
import { userTimeZone } from '@pago/shared/time-zones';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { RemittanceErrorCasesTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  THUNES_ERRORS,
  type ThunesClient,
  ThunesError,
  type ThunesTransaction,
} from '../../providers/thunes/thunes-client';
import type { Ledger } from '../ledger/ledger.service';
import { refundRemittanceOnce } from './payouts.service';
import { decide, type Remedy, resolutionText } from './remittance-case-decision';
import { answerOf, findingOf } from './remittance-case-partner';
import {
  decideCase,
  findCase,
  findOpenCaseOf,
  findRefundOf,
  findRemittanceOf,
  findSender,
  insertCase,
  listCasesOf,
  listCasesOfTransfer,
  listOpenCases,
  lockCase,
  markChecked,
} from './remittance-cases.repository';
import { quoteResend, refundFee, resendRemittance } from './remittance-resend';
import { findPayout, lockRemittance } from './remittances.repository';

/**
 * Error resolution under the Remittance Transfer Rule (§ 1005.33; docs/architecture.md,
 * "Remittance error cases"): a sender reports a problem with a remittance within
 * ERROR_REPORT_DAYS of its availability date, Pago asks the payout partner what happened and
 * decides within ERROR_DECIDE_DAYS, and an error is remedied by giving the amount and the fee back
 * exactly once; when the money never reached the recipient and the sender chose a resend, the
 * amount then goes out again at no cost (remittance-resend.ts), the fee staying returned.
 */

type Deps = {
  db: Database;
  ledger: Ledger;
  /** Null when the partner is not configured (live mode without THUNES_*): cases wait. */
  thunes: Pick<
    ThunesClient,
    | 'getTransactionByExternalId'
    | 'cancelTransaction'
    | 'createQuotation'
    | 'getQuotationByExternalId'
  > | null;
  log?: { warn: (object: object, message: string) => void };
};

type CaseRow = Selectable<RemittanceErrorCasesTable>;

const DAY_MS = 86_400_000;

const transferNotFound = () => new AppError('not_found', 404, 'Transfer not found');

export function caseView(row: CaseRow): ErrorCase {
  return {
    id: row.id,
    transferId: row.transfer_id,
    reason: row.reason,
    description: row.description,
    remedy: row.remedy,
    status: row.status,
    openedAt: row.opened_at.toISOString(),
    decideBy: row.decide_by.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    resolution: row.resolution,
    remedyTransferId: row.remedy_transfer_id,
  };
}

/** The last day to report an error: ERROR_REPORT_DAYS after the availability date (§ 1005.33(b)). */
export function reportDeadline(availableBy: Date): Date {
  return new Date(availableBy.getTime() + ERROR_REPORT_DAYS * DAY_MS);
}

export function createRemittanceCases({ db, ledger, thunes, log }: Deps) {
  /** The partner's transaction for a remittance (external id = Pago's transfer id). */
  async function askPartner(
    transferId: string,
  ): Promise<
    { ok: true; transaction: ThunesTransaction | null } | { ok: false; error: ThunesError | Error }
  > {
    if (!thunes) return { ok: false, error: new Error('No payout partner configured') };
    try {
      return { ok: true, transaction: await thunes.getTransactionByExternalId(transferId) };
    } catch (error) {
      if (
        error instanceof ThunesError &&
        error.kind === 'refused' &&
        (error.code === THUNES_ERRORS.transactionNotFound || error.httpStatus === 404)
      ) {
        // The partner never had it: it was never paid.
        return { ok: true, transaction: null };
      }
      return { ok: false, error: error as Error };
    }
  }

  /**
   * Asks the partner about an open case and decides it. An error is remedied in the same
   * transaction as the decision, with the case and the remittance locked: the refund happens once
   * however often this runs, and not at all if the remittance was refunded already. A decided case
   * is answered as it is.
   */
  async function investigate(caseId: string): Promise<ErrorCase> {
    const row = await findCase(db, caseId);
    if (!row) throw new AppError('not_found', 404, 'Error case not found');
    if (row.status !== 'open') return caseView(row);
    const now = ledger.clock();
    const asked = await askPartner(row.transfer_id);
    if (!asked.ok) {
      const error = asked.error instanceof ThunesError ? asked.error : undefined;
      log?.warn(
        { caseId, err: asked.error.message },
        'remittance error case: partner not answered',
      );
      await markChecked(db, row.id, now, answerOf(null, error));
      return caseView((await findCase(db, caseId)) ?? row);
    }
    const payout = await findPayout(db, row.transfer_id);
    const availableBy = payout?.expected_by ?? row.opened_at;
    const decision = decide({
      reason: row.reason,
      partner: findingOf(asked.transaction, payout, now),
      availableBy,
      now,
      disclosure: payout?.disclosure ?? null,
      fields: payout?.payout_details.fields ?? {},
    });
    const answer = answerOf(asked.transaction);
    if (decision.kind === 'wait') {
      await markChecked(db, row.id, now, answer);
      return caseView((await findCase(db, caseId)) ?? row);
    }
    // Money not paid out yet is stopped at the partner before it is given back (a refusal means
    // it can no longer be stopped: paid, or past the point of cancelling).
    const statusClass = asked.transaction?.status_class;
    if (
      decision.kind === 'error' &&
      thunes &&
      asked.transaction &&
      ['1', '2', '6'].includes(statusClass ?? '')
    ) {
      try {
        await thunes.cancelTransaction(asked.transaction.id);
      } catch (error) {
        if (!(error instanceof ThunesError && error.kind === 'refused')) {
          await markChecked(db, row.id, now, answer);
          return caseView((await findCase(db, caseId)) ?? row);
        }
      }
    }
    // A free resend the sender asked for, of money never made available to the recipient (never
    // paid, or stopped above): the partner's quotation for the disclosed payout, asked with no
    // transaction open.
    const neverAvailable =
      !asked.transaction || ['1', '2', '3', '4', '8', '9'].includes(asked.transaction.status_class);
    const resendQuote =
      decision.kind === 'error' &&
      (decision.finding === 'not_paid' || decision.finding === 'late') &&
      neverAvailable &&
      row.remedy === 'resend' &&
      thunes &&
      payout
        ? await quoteResend(thunes, caseId, payout).catch(() => null)
        : null;
    // The answer's moments in the sender's own zone.
    const sender = await findSender(db, row.user_id);
    const timeZone = userTimeZone(sender?.time_zone, sender?.zip_code);
    return db.transaction().execute(async (tx) => {
      const locked = await lockCase(tx, caseId);
      if (locked?.status !== 'open') return caseView(locked ?? row);
      const transfer = await lockRemittance(tx, locked.transfer_id);
      if (!transfer) throw new Error(`Error case ${caseId}: its remittance is missing`);
      const reportResultBy = addBusinessDays(now, ERROR_REPORT_RESULT_BUSINESS_DAYS);
      if (decision.kind === 'no_error') {
        return caseView(
          await decideCase(tx, caseId, {
            status: 'no_error',
            decidedAt: now,
            reportResultBy,
            finding: decision.finding,
            resolution: resolutionText(locked.language, decision, availableBy, null, timeZone),
            remedyTransferId: null,
            partnerAnswer: answer,
          }),
        );
      }
      // Made available, only late: the recipient has the money, so the fee is what comes back.
      if (decision.finding === 'late' && !neverAvailable && transfer.status === 'delivered') {
        const earlier = await findRefundOf(tx, transfer.id);
        const feeBack = earlier ? null : await refundFee(tx, ledger, transfer, decision.finding);
        const remedy: Remedy = {
          refundedNow: feeBack !== null,
          totalCents: transfer.fee_cents,
          resendAsked: locked.remedy === 'resend',
          resent: null,
          feeOnly: true,
        };
        return caseView(
          await decideCase(tx, caseId, {
            status: 'resolved',
            decidedAt: now,
            reportResultBy,
            finding: `${decision.finding}; ${feeBack ? 'fee_refunded' : 'already_refunded'}`,
            resolution: resolutionText(locked.language, decision, availableBy, remedy, timeZone),
            remedyTransferId: feeBack ?? earlier?.id ?? null,
            partnerAnswer: answer,
          }),
        );
      }
      // As the payout's own refunds read: it failed, then its money came back.
      const refundedNow = await refundRemittanceOnce(ledger, tx, transfer, {
        reason: `Error resolution: ${decision.finding}`,
        note: 'Error found: amount and fee returned to your balance',
        cause: 'error_resolution',
      });
      const refund = await findRefundOf(tx, transfer.id);
      const resent =
        resendQuote && payout
          ? await resendRemittance(tx, ledger, { transfer, payout, quote: resendQuote })
          : null;
      const remedy: Remedy = {
        refundedNow,
        totalCents: addCents(transfer.amount_cents, transfer.fee_cents),
        resendAsked: locked.remedy === 'resend',
        resent: resent ? { feeCents: transfer.fee_cents, reference: resent.reference } : null,
        feeOnly: false,
      };
      return caseView(
        await decideCase(tx, caseId, {
          status: 'resolved',
          decidedAt: now,
          reportResultBy,
          finding: `${decision.finding}; ${refundedNow ? 'refunded' : 'already_refunded'}${resent ? '; resent' : remedy.resendAsked ? '; resend_asked_refunded' : ''}`,
          resolution: resolutionText(locked.language, decision, availableBy, remedy, timeZone),
          remedyTransferId: resent?.transferId ?? refund?.id ?? null,
          partnerAnswer: answer,
        }),
      );
    });
  }

  return {
    /**
     * Opens a case on the sender's own remittance (another's: 404), within ERROR_REPORT_DAYS of
     * its availability date (422 after), one open case per remittance (409). In `tx`, the money
     * POST's transaction; the partner is asked later, by `investigate`.
     */
    async open(
      tx: Database,
      userId: string,
      transferId: string,
      body: ErrorCaseBody,
    ): Promise<ErrorCase> {
      const transfer = isUuid(transferId)
        ? await findRemittanceOf(tx, userId, transferId)
        : undefined;
      if (!transfer) throw transferNotFound();
      const payout = await findPayout(tx, transfer.id);
      const now = ledger.clock();
      const availableBy = payout?.expected_by ?? transfer.created_at;
      const reportBy = reportDeadline(availableBy);
      if (now.getTime() > reportBy.getTime()) {
        throw new AppError(
          'error_report_window_closed',
          422,
          `Errors can be reported within ${ERROR_REPORT_DAYS} days of the date the money was to be available.`,
          { reportBy: reportBy.toISOString() },
        );
      }
      const open = await findOpenCaseOf(tx, transfer.id);
      const conflict = () =>
        new AppError(
          'error_case_open',
          409,
          'This transfer already has a reported problem being looked into.',
          open ? { caseId: open.id } : undefined,
        );
      if (open) throw conflict();
      const sender = await findSender(tx, userId);
      try {
        const row = await insertCase(tx, {
          transferId: transfer.id,
          userId,
          body,
          language: payout?.language ?? sender?.language ?? 'es',
          openedAt: now,
          decideBy: new Date(now.getTime() + ERROR_DECIDE_DAYS * DAY_MS),
        });
        return caseView(row);
      } catch (error) {
        // Two reports at once: the unique index lets one in.
        if ((error as { code?: string }).code === '23505') throw conflict();
        throw error;
      }
    },

    async list(userId: string) {
      return { items: (await listCasesOf(db, userId)).map(caseView) };
    },

    investigate,

    /**
     * Investigates the open cases, the nearest deadline first (for the job queue). Answers how
     * many were decided; a case the partner could not answer stays open for the next sweep.
     */
    async investigateOpen(limit = 50): Promise<number> {
      let decided = 0;
      for (const { id } of await listOpenCases(db, limit)) {
        const result = await investigate(id);
        if (result.status !== 'open') decided += 1;
      }
      return decided;
    },

    /**
     * What the tracking page shows of error reports on a remittance: its cases, the last day to
     * report (`reportBy`) and whether a report can be made now (in the window, none open).
     */
    async trackingOf(transferId: string, availableBy: Date) {
      const cases = (await listCasesOfTransfer(db, transferId)).map(caseView);
      const reportBy = reportDeadline(availableBy);
      return {
        cases,
        reportBy: reportBy.toISOString(),
        canReport:
          ledger.clock().getTime() <= reportBy.getTime() && !cases.some((c) => c.status === 'open'),
      };
    },

    /**
     * For staff deciding a case in their own transaction `tx` (the operations queue): the case
     * locked until `tx` ends if it is still open, then `decide` stores the decision as the
     * investigation stores its own; `refundOf` is the transfer that gave the money back.
     */
    staffDecision: {
      async lockOpen(tx: Database, id: string) {
        const locked = await lockCase(tx, id);
        return locked?.status === 'open' ? locked : undefined;
      },
      decide: decideCase,
      refundOf: findRefundOf,
    },

    /** The sender's name, language and time zone, for the receipt. */
    async sender(userId: string) {
      const row = await findSender(db, userId);
      if (!row) throw new AppError('not_found', 404, 'User not found');
      return {
        name: row.legal_name ?? row.name,
        language: row.language,
        timeZone: userTimeZone(row.time_zone, row.zip_code),
      };
    },
  };
}

export type RemittanceCases = ReturnType<typeof createRemittanceCases>;
