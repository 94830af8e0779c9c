import { addBusinessDays } from '@pago/shared/business-days';
import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { ErrorCase, ErrorCaseBody, ErrorCaseReason } from '@pago/shared/contracts/remittances';
import { addCents, type Cents, formatUsd, intlLocale } from '@pago/shared/money';
import {
  ERROR_DECIDE_DAYS,
  ERROR_REPORT_DAYS,
  ERROR_REPORT_RESULT_BUSINESS_DAYS,
  type RightsLanguage,
} from '@pago/shared/remittance-rights';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { PartnerStatusEntry, RemittanceErrorCasesTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  THUNES_ERRORS,
  type ThunesClient,
  ThunesError,
  type ThunesTransaction,
} from '../../providers/thunes/thunes-client';
import type { Ledger } from '../ledger/ledger.service';
import { refundRemittance } from './payouts.service';
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
  lockRemittance,
  markChecked,
} from './remittance-cases.repository';
import { findPayout } from './remittances.repository';

/**
 * Error resolution under the Remittance Transfer Rule (§ 1005.33; docs/architecture.md,
 * "Remittance error cases"): a sender reports a problem with a remittance within
 * ERROR_REPORT_DAYS of its availability date, Pago asks the payout partner what happened and
 * decides within ERROR_DECIDE_DAYS, and an error is remedied by giving the amount and the fee back
 * exactly once. A resend is stored as the sender's choice; until Pago can resend, it is remedied by
 * the same refund and the answer says so.
 */

type Deps = {
  db: Database;
  ledger: Ledger;
  /** Null when the partner is not configured (live mode without THUNES_*): cases wait. */
  thunes: Pick<ThunesClient, 'getTransactionByExternalId' | 'cancelTransaction'> | null;
  log?: { warn: (object: object, message: string) => void };
};

type CaseRow = Selectable<RemittanceErrorCasesTable>;
type Payout = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

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

/**
 * What the partner's answer shows. `paid`: the money was made available to the recipient (cash
 * ready for pickup, class 6, or completed, class 7), at `at` as far as Pago knows. `not_paid`: it
 * never will be as things stand (rejected, cancelled, reversed, declined, or unknown to the
 * partner). `in_progress`: still on its way (created, confirmed, submitted).
 */
export type PartnerFinding =
  | {
      kind: 'paid';
      at: Date;
      destinationAmount: string | null;
      creditParty: Record<string, unknown>;
    }
  | { kind: 'not_paid' }
  | { kind: 'in_progress' };

/** What was decided, before any money moves. `wait`: nothing to decide yet (ask again later). */
export type CaseDecision =
  | { kind: 'wait' }
  | { kind: 'no_error'; finding: NoErrorFinding; paidAt: Date }
  | { kind: 'error'; finding: ErrorFinding; paidAt: Date | null };

type NoErrorFinding = 'paid_on_time' | 'amount_as_disclosed' | 'details_as_given';
type ErrorFinding = 'not_paid' | 'late' | 'wrong_amount' | 'wrong_details';

/** Two decimal texts that are the same number ("250.50" and "250.5"). */
function sameDecimal(a: string, b: string): boolean {
  const norm = (value: string) => {
    const [whole = '0', fraction = ''] = value.trim().replace(/^\+/, '').split('.');
    const w = whole.replace(/^0+(?=\d)/, '');
    const f = fraction.replace(/0+$/, '');
    return f ? `${w}.${f}` : w;
  };
  return norm(a) === norm(b);
}

/**
 * The decision on a case from the partner's answer (pure: tested by itself and through the
 * routes). An error is anything the rule counts as one (§ 1005.33(a)(1)): not made available, made
 * available after the availability date, another amount than disclosed, or other account details
 * than the sender gave.
 */
export function decide(input: {
  reason: ErrorCaseReason;
  partner: PartnerFinding;
  availableBy: Date;
  now: Date;
  disclosure: RemittanceDisclosure | null;
  /** The payer's fields the sender gave, by the partner's names. */
  fields: Record<string, string | undefined>;
}): CaseDecision {
  const { partner, availableBy } = input;
  if (partner.kind === 'not_paid') return { kind: 'error', finding: 'not_paid', paidAt: null };
  if (partner.kind === 'in_progress') {
    return input.now.getTime() > availableBy.getTime()
      ? { kind: 'error', finding: 'late', paidAt: null }
      : { kind: 'wait' };
  }
  if (partner.at.getTime() > availableBy.getTime()) {
    return { kind: 'error', finding: 'late', paidAt: partner.at };
  }
  if (input.reason === 'wrong_amount') {
    const disclosed = input.disclosure?.totalToRecipient;
    if (
      disclosed &&
      partner.destinationAmount &&
      !sameDecimal(disclosed, partner.destinationAmount)
    ) {
      return { kind: 'error', finding: 'wrong_amount', paidAt: partner.at };
    }
    return { kind: 'no_error', finding: 'amount_as_disclosed', paidAt: partner.at };
  }
  if (input.reason === 'wrong_recipient_details') {
    const differs = Object.entries(input.fields).some(([name, given]) => {
      const sent = partner.creditParty[name];
      return given !== undefined && typeof sent === 'string' && sent !== given;
    });
    return differs
      ? { kind: 'error', finding: 'wrong_details', paidAt: partner.at }
      : { kind: 'no_error', finding: 'details_as_given', paidAt: partner.at };
  }
  return { kind: 'no_error', finding: 'paid_on_time', paidAt: partner.at };
}

/** How the money was made right, for the answer's last sentence. */
type Remedy = { refundedNow: boolean; totalCents: Cents; resendAsked: boolean };

function longDate(date: Date, language: RightsLanguage) {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/New_York',
  }).format(date);
}

/** The answer to the sender, in the language of their report. */
export function resolutionText(
  language: RightsLanguage,
  decision: Exclude<CaseDecision, { kind: 'wait' }>,
  availableBy: Date,
  remedy: Remedy | null,
): string {
  const when = (date: Date) => longDate(date, language);
  const promised = when(availableBy);
  if (language === 'es') {
    if (decision.kind === 'no_error') {
      const paid = `Nuestro socio de pago confirmó que el dinero quedó disponible para el destinatario el ${when(decision.paidAt)}, antes de la fecha de disponibilidad que te indicamos (${promised}).`;
      const more = {
        paid_on_time: '',
        amount_as_disclosed: ' El destinatario recibió el monto que te indicamos antes de pagar.',
        details_as_given: ' Se pagó a la cuenta con los datos que nos diste.',
      }[decision.finding];
      return `${paid}${more} No encontramos un error. Puedes pedirnos los documentos en los que nos basamos.`;
    }
    const why = {
      not_paid: 'el dinero no llegó al destinatario',
      late: `el dinero no estuvo disponible para el destinatario en la fecha que te indicamos (${promised})`,
      wrong_amount: 'el destinatario recibió un monto distinto del que te indicamos',
      wrong_details: 'el dinero se envió con datos de cuenta distintos de los que nos diste',
    }[decision.finding];
    const total = remedy ? formatUsd(remedy.totalCents, 'es') : '';
    const resend = remedy?.resendAsked
      ? ' Pediste que lo enviáramos de nuevo sin costo, pero todavía no podemos reenviar envíos, así que lo resolvimos con un reembolso.'
      : '';
    const money = remedy?.refundedNow
      ? `Te devolvimos ${total} (el monto y la comisión) a tu saldo de Pago.`
      : `Ya te habíamos devuelto ${total} (el monto y la comisión) a tu saldo de Pago, así que no movimos dinero de nuevo.`;
    return `Encontramos un error: ${why}.${resend} ${money}`;
  }
  if (decision.kind === 'no_error') {
    const paid = `Our payout partner confirmed the funds were made available to the recipient on ${when(decision.paidAt)}, before the date we promised (${promised}).`;
    const more = {
      paid_on_time: '',
      amount_as_disclosed: ' The recipient received the amount we disclosed before you paid.',
      details_as_given: ' It was paid to the account details you gave us.',
    }[decision.finding];
    return `${paid}${more} We found no error. You may ask us for the documents we relied on.`;
  }
  const why = {
    not_paid: 'the funds did not reach the recipient',
    late: `the funds were not made available to the recipient by the date we promised (${promised})`,
    wrong_amount: 'the recipient received a different amount than we disclosed',
    wrong_details: 'the funds were sent with other account details than the ones you gave us',
  }[decision.finding];
  const total = remedy ? formatUsd(remedy.totalCents, 'en') : '';
  const resend = remedy?.resendAsked
    ? ' You asked us to send it again at no cost, but we cannot resend transfers yet, so we resolved it with a refund.'
    : '';
  const money = remedy?.refundedNow
    ? `We returned ${total} (the amount and the fee) to your Pago balance.`
    : `We had already returned ${total} (the amount and the fee) to your Pago balance, so no money moved again.`;
  return `We found an error: ${why}.${resend} ${money}`;
}

/** When the partner's answer says the money was made available: its history, else our record. */
function paidAt(payout: Payout | undefined, now: Date): Date {
  const history = (payout?.partner_history ?? []) as PartnerStatusEntry[];
  const times = history
    .filter((entry) => entry.status.startsWith('6') || entry.status.startsWith('7'))
    .map((entry) => new Date(entry.at).getTime())
    .filter(Number.isFinite);
  for (const known of [payout?.available_at, payout?.paid_out_at, payout?.settled_at]) {
    if (known) times.push(known.getTime());
  }
  // Not recorded on our side: the earliest Pago can vouch for is now (the sender's benefit).
  return times.length > 0 ? new Date(Math.min(...times)) : now;
}

/** The part of the partner's answer a case keeps (for staff: what the decision rested on). */
function answerOf(transaction: ThunesTransaction | null, error?: ThunesError) {
  if (error) return { error: { kind: error.kind, httpStatus: error.httpStatus, code: error.code } };
  if (!transaction) return null;
  return {
    id: transaction.id,
    status: transaction.status,
    statusMessage: transaction.status_message,
    statusClass: transaction.status_class,
    destination: transaction.destination,
    payerTransactionReference: transaction.payer_transaction_reference ?? null,
  };
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

  function findingOf(
    transaction: ThunesTransaction | null,
    payout: Payout | undefined,
    now: Date,
  ): PartnerFinding {
    if (!transaction) return { kind: 'not_paid' };
    const statusClass = transaction.status_class;
    if (statusClass === '6' || statusClass === '7') {
      return {
        kind: 'paid',
        at: paidAt(payout, now),
        destinationAmount: transaction.destination.amount,
        creditParty: transaction.credit_party_identifier ?? {},
      };
    }
    if (['1', '2', '5'].includes(statusClass)) return { kind: 'in_progress' };
    return { kind: 'not_paid' };
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
            resolution: resolutionText(locked.language, decision, availableBy, null),
            remedyTransferId: null,
            partnerAnswer: answer,
          }),
        );
      }
      const refundedNow = transfer.status !== 'refunded';
      if (refundedNow) {
        const reason = `Error resolution: ${decision.finding}`;
        // As the payout's own refunds read: it failed, then its money came back.
        if (transfer.status === 'processing') {
          await ledger.setStatus(tx, transfer.id, 'failed', reason);
        }
        await refundRemittance(
          ledger,
          tx,
          transfer,
          reason,
          'Error found: amount and fee returned to your balance',
          'error_resolution',
        );
        // Refunded: the payout job neither submits it nor refunds it again.
        await tx
          .updateTable('remittance_payouts')
          .set({ refunded_at: now, submit_after: null })
          .where('transfer_id', '=', transfer.id)
          .where('refunded_at', 'is', null)
          .execute();
      }
      const refund = await findRefundOf(tx, transfer.id);
      const remedy: Remedy = {
        refundedNow,
        totalCents: addCents(transfer.amount_cents, transfer.fee_cents),
        resendAsked: locked.remedy === 'resend',
      };
      return caseView(
        await decideCase(tx, caseId, {
          status: 'resolved',
          decidedAt: now,
          reportResultBy,
          finding: `${decision.finding}; ${refundedNow ? 'refunded' : 'already_refunded'}${remedy.resendAsked ? '; resend_asked_refunded' : ''}`,
          resolution: resolutionText(locked.language, decision, availableBy, remedy),
          remedyTransferId: refund?.id ?? null,
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

    /** The sender's name and language, for the receipt. */
    async sender(userId: string) {
      const row = await findSender(db, userId);
      if (!row) throw new AppError('not_found', 404, 'User not found');
      return { name: row.legal_name ?? row.name, language: row.language };
    },
  };
}

export type RemittanceCases = ReturnType<typeof createRemittanceCases>;
