import { addBusinessDays } from '@pago/shared/business-days';
import type { OpsQueueActionBody, OpsQueueItem } from '@pago/shared/contracts/ops-queues';
import { addCents } from '@pago/shared/money';
import { ERROR_REPORT_RESULT_BUSINESS_DAYS } from '@pago/shared/remittance-rights';
import { AppError } from '../../lib/app-error';
import { type ThunesClient, ThunesError } from '../../providers/thunes/thunes-client';
import { refundRemittanceOnce } from '../remittances/payouts.service';
import { type Remedy, resolutionText } from '../remittances/remittance-case-decision';
import { answerOf } from '../remittances/remittance-case-partner';
import {
  listErrorClaims,
  listHeldPayouts,
  lockPayoutRow,
  lockRemittanceRow,
} from './ops-queues.repository';
import {
  actionsFor,
  customerOf,
  iso,
  LIMIT,
  notInQueue,
  partnerHistory,
  type QueueDeps,
} from './queue-items';

/**
 * The remittance queues: payouts the partner holds (1) and error claims under the remittance
 * rule (3). Money moves only through the remittance feature's own refund and the partner's
 * cancel, with no transaction open while the partner is called.
 */
export function createRemittanceQueues(deps: QueueDeps) {
  const { db, ledger } = deps;
  const now = () => ledger.clock();

  // ---- 1. Payouts held by the partner ----------------------------------------------------------

  async function heldPayouts(role: string, id?: string): Promise<OpsQueueItem[]> {
    const rows = await listHeldPayouts(db, LIMIT, id);
    const at = now();
    return rows.map((row) => {
      const history = partnerHistory(row.partner_history);
      const heldAt =
        [...history].reverse().find((h) => h.status === row.partner_status)?.at ??
        iso(row.sent_to_partner_at) ??
        row.created_at.toISOString();
      return {
        queue: 'held_payouts',
        id: row.transfer_id,
        title: `${row.partner_status} ${row.partner_status_message ?? ''}`.trim(),
        customer: customerOf(row),
        money: { amountCents: row.amount_cents, feeCents: row.fee_cents, currency: 'USD' },
        history: [{ at: row.created_at.toISOString(), status: 'sent', note: null }, ...history],
        waitingSince: heldAt,
        dueBy: row.expected_by.toISOString(),
        overdue: at.getTime() > row.expected_by.getTime(),
        details: {
          recipient: row.full_name,
          country: row.country,
          payoutMethod: row.payout_method,
          payer: row.payer_name,
          partnerTransactionId: row.partner_transaction_id,
          transferStatus: row.transfer_status,
          checkedAt: iso(row.checked_at),
        },
        actions: actionsFor('held_payouts', role),
      };
    });
  }

  /**
   * Cancels a payout the partner holds: the partner is asked to cancel (allowed while it holds
   * it, docs/thunes.md), with no transaction open; then amount and fee go back to the sender once,
   * through the payout's own refund, and the partner's new status is recorded.
   */
  async function cancelHeld(id: string, reason: string): Promise<string> {
    const [row] = await listHeldPayouts(db, 1, id);
    if (!row?.partner_transaction_id) throw notInQueue();
    const client = deps.thunes;
    if (!client) {
      throw new AppError('payout_partner_unavailable', 503, 'No payout partner is configured.');
    }
    let transaction: Awaited<ReturnType<ThunesClient['cancelTransaction']>>;
    try {
      transaction = await client.cancelTransaction(row.partner_transaction_id);
    } catch (error) {
      if (error instanceof ThunesError && error.kind === 'refused') {
        // It moved on at the partner (paid or refused): take what it says now.
        await deps.partnerPayouts.refresh(row.partner_transaction_id).catch(() => false);
        throw new AppError(
          'transfer_not_cancellable',
          409,
          'The payout partner no longer holds this payout, so it cannot be cancelled.',
        );
      }
      throw new AppError(
        'payout_partner_unavailable',
        503,
        'Our payout partner cannot be reached right now. Try again in a few minutes.',
      );
    }
    await db.transaction().execute(async (tx) => {
      const payout = await lockPayoutRow(tx, id);
      if (!payout) return;
      await deps.partnerPayouts.refundOnce(
        tx,
        payout,
        `Cancelled by Pago while the payout partner held it: ${reason}`,
        'failed',
      );
      const after = await lockPayoutRow(tx, id);
      if (after) await deps.partnerPayouts.apply(tx, after, transaction);
    });
    return 'Cancelled at the partner; amount and fee returned to the sender.';
  }

  // ---- 3. Remittance error claims ---------------------------------------------------------------

  async function errorClaims(role: string, id?: string): Promise<OpsQueueItem[]> {
    const rows = await listErrorClaims(db, LIMIT, id);
    const at = now();
    return rows.map((row) => ({
      queue: 'error_claims',
      id: row.id,
      title: row.reason,
      customer: customerOf(row),
      money: { amountCents: row.amount_cents, feeCents: row.fee_cents, currency: 'USD' },
      history: [
        ...partnerHistory(row.partner_history),
        { at: row.opened_at.toISOString(), status: 'claim_opened', note: row.description },
        ...(row.checked_at
          ? [{ at: row.checked_at.toISOString(), status: 'partner_asked', note: null }]
          : []),
      ].sort((a, b) => a.at.localeCompare(b.at)),
      waitingSince: row.opened_at.toISOString(),
      dueBy: row.decide_by.toISOString(),
      overdue: at.getTime() > row.decide_by.getTime(),
      details: {
        transferId: row.transfer_id,
        reason: row.reason,
        description: row.description,
        remedy: row.remedy,
        recipient: row.full_name,
        country: row.country,
        availableBy: iso(row.expected_by),
        partnerStatus: row.partner_status,
        partnerAnswer: row.partner_answer,
        transferStatus: row.transfer_status,
        language: row.language,
      },
      actions: actionsFor('error_claims', role),
    }));
  }

  /**
   * Staff find an error: money the partner has not paid out is stopped there first (no
   * transaction open), then amount and fee go back to the sender once and the case is decided
   * with the rule's answer to the sender (remittance-case-decision.ts). A resend is the
   * investigation's remedy (`investigate`), where the partner's answer shows it was never paid.
   */
  async function resolveClaim(
    id: string,
    finding: NonNullable<OpsQueueActionBody['finding']>,
    reason: string,
  ): Promise<string> {
    const [row] = await listErrorClaims(db, 1, id);
    if (!row) throw notInQueue();
    let answer: ReturnType<typeof answerOf> = null;
    if (deps.thunes) {
      const transaction = await deps.thunes
        .getTransactionByExternalId(row.transfer_id)
        .catch(() => null);
      answer = answerOf(transaction);
      if (transaction && ['1', '2', '6'].includes(transaction.status_class)) {
        try {
          await deps.thunes.cancelTransaction(transaction.id);
        } catch (error) {
          if (!(error instanceof ThunesError && error.kind === 'refused')) {
            throw new AppError(
              'payout_partner_unavailable',
              503,
              'Our payout partner cannot be reached right now. Try again in a few minutes.',
            );
          }
        }
      }
    }
    const { timeZone } = await deps.remittanceCases.sender(row.user_id);
    const decidedAt = now();
    return db.transaction().execute(async (tx) => {
      const locked = await deps.remittanceCases.staffDecision.lockOpen(tx, id);
      if (!locked) throw notInQueue();
      const transfer = await lockRemittanceRow(tx, locked.transfer_id);
      if (!transfer) throw notInQueue();
      const availableBy = row.expected_by ?? locked.opened_at;
      const refundedNow = await refundRemittanceOnce(ledger, tx, transfer, {
        reason: `Error resolution: ${finding}`,
        note: 'Error found: amount and fee returned to your balance',
        cause: 'error_resolution',
      });
      const refund = await deps.remittanceCases.staffDecision.refundOf(tx, transfer.id);
      const remedy: Remedy = {
        refundedNow,
        totalCents: addCents(transfer.amount_cents, transfer.fee_cents),
        resendAsked: locked.remedy === 'resend',
        resent: null,
        feeOnly: false,
      };
      await deps.remittanceCases.staffDecision.decide(tx, id, {
        status: 'resolved',
        decidedAt,
        reportResultBy: addBusinessDays(decidedAt, ERROR_REPORT_RESULT_BUSINESS_DAYS),
        finding: `${finding}; ${refundedNow ? 'refunded' : 'already_refunded'}; decided_by_staff: ${reason}`,
        resolution: resolutionText(
          locked.language,
          { kind: 'error', finding, paidAt: null },
          availableBy,
          remedy,
          timeZone,
        ),
        remedyTransferId: refund?.id ?? null,
        partnerAnswer: answer,
      });
      return refundedNow
        ? 'Error found: amount and fee returned to the sender.'
        : 'Error found: the money had already been returned.';
    });
  }

  /** Staff find no error: the case is decided with their explanation, which the sender reads. */
  async function noErrorClaim(id: string, explanation: string, reason: string): Promise<string> {
    const decidedAt = now();
    return db.transaction().execute(async (tx) => {
      const locked = await deps.remittanceCases.staffDecision.lockOpen(tx, id);
      if (!locked) throw notInQueue();
      await deps.remittanceCases.staffDecision.decide(tx, id, {
        status: 'no_error',
        decidedAt,
        reportResultBy: addBusinessDays(decidedAt, ERROR_REPORT_RESULT_BUSINESS_DAYS),
        finding: `no_error; decided_by_staff: ${reason}`,
        resolution: explanation,
        remedyTransferId: null,
        partnerAnswer: locked.partner_answer,
      });
      return 'No error: the explanation was sent to the sender.';
    });
  }

  return { heldPayouts, cancelHeld, errorClaims, resolveClaim, noErrorClaim };
}
