import { addBusinessDays } from '@pago/shared/business-days';
import type {
  OpsQueue,
  OpsQueueActionBody,
  OpsQueueActionResult,
  OpsQueueItem,
  OpsQueueSummary,
} from '@pago/shared/contracts/ops-queues';
import { OPS_QUEUES } from '@pago/shared/contracts/ops-queues';
import { addCents } from '@pago/shared/money';
import { ERROR_REPORT_RESULT_BUSINESS_DAYS } from '@pago/shared/remittance-rights';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { PartnerStatusEntry } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { type ThunesClient, ThunesError } from '../../providers/thunes/thunes-client';
import type { CardDisputes } from '../card-disputes/card-disputes.service';
import type { Identity } from '../identity/identity.service';
import type { Ledger } from '../ledger/ledger.service';
import type { LedgerInvariants } from '../ledger/ledger-invariants.service';
import type { PartnerPayouts } from '../remittances/partner-payouts';
import { refundRemittanceOnce } from '../remittances/payouts.service';
import { type Remedy, resolutionText } from '../remittances/remittance-case-decision';
import { answerOf } from '../remittances/remittance-case-partner';
import type { RemittanceCases } from '../remittances/remittance-cases.service';
import {
  brokenInvariantCheck,
  debtHistory,
  decideErrorCase,
  listCardDisputes,
  listDebts,
  listDifferences,
  listErrorClaims,
  listFailedJobs,
  listHeldPayouts,
  listIdentityReviews,
  lockErrorCase,
  lockPayoutRow,
  lockRemittanceRow,
  queueActionsOf,
  recordQueueAction,
  refundOfRemittance,
} from './ops-queues.repository';
import { mayTake, QUEUE_ACTION_ROLES, type QueueAction, type QueueActor } from './ops-queues.roles';

type Deps = {
  db: Database;
  ledger: Ledger;
  partnerPayouts: PartnerPayouts;
  thunes: Pick<ThunesClient, 'cancelTransaction' | 'getTransactionByExternalId'> | null;
  remittanceCases: RemittanceCases;
  identity: Pick<Identity, 'personaStatus' | 'plaidStatus'>;
  cardDisputes: Pick<CardDisputes, 'onPartnerEvent' | 'sweep'>;
  reconcile: {
    unit: () => Promise<unknown>;
    payouts: () => Promise<unknown>;
    ledger: LedgerInvariants;
  };
  /** Moves a failed pg-boss job back to retry (pg-boss's own `retry`). */
  retryJob: (name: string, id: string) => Promise<boolean>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
};

/** How many items a queue shows at once. */
const LIMIT = 200;

const notInQueue = () =>
  new AppError('not_found', 404, 'This item is not in the queue (anymore): reload the queue.');

const customerOf = (row: {
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
}) =>
  row.user_id ? { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' } : null;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

const partnerHistory = (entries: PartnerStatusEntry[] | null) =>
  (entries ?? []).map((e) => ({ at: e.at, status: e.status, note: e.message || null }));

/** Which actions of a queue this role may take. */
function actionsFor(queue: OpsQueue, role: string): string[] {
  return Object.keys(QUEUE_ACTION_ROLES)
    .filter((key) => key.startsWith(`${queue}.`) && mayTake(role, key as QueueAction))
    .map((key) => key.slice(queue.length + 1));
}

/**
 * The operations queues (docs/ops-queues.md): each queue's items read from what the features
 * store, and each action done through the feature that owns the money or the status (the payout
 * partner's cancel and refund, the error case's decision, the dispute's partner status), never by
 * editing its rows here. Staff roles are checked per action; the audit entry is the caller's
 * (the /api/ops routes), in the same request.
 */
export function createOpsQueues(deps: Deps) {
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

  // ---- 2. Identities in manual review -----------------------------------------------------------

  async function identityReviews(role: string, id?: string): Promise<OpsQueueItem[]> {
    const rows = await listIdentityReviews(db, LIMIT, id);
    return rows.map((row) => ({
      queue: 'identity_reviews',
      id: row.id,
      title: `${row.provider} ${row.vendor_status}`,
      customer: customerOf(row),
      money: null,
      history: [
        { at: row.created_at.toISOString(), status: 'started', note: null },
        { at: row.updated_at.toISOString(), status: row.vendor_status, note: row.failure_reason },
      ],
      waitingSince: row.updated_at.toISOString(),
      dueBy: null,
      overdue: false,
      details: {
        vendor: row.provider,
        vendorStatus: row.vendor_status,
        legalName: row.legal_name,
        birthDate: row.birth_date,
        failureReason: row.failure_reason,
        kycStatus: row.kyc_status,
      },
      actions: actionsFor('identity_reviews', role),
    }));
  }

  /** Asks the vendor for the attempt's result now and applies it as its webhook would. */
  async function refreshIdentity(id: string): Promise<string> {
    const [row] = await listIdentityReviews(db, 1, id);
    if (!row) throw notInQueue();
    const result =
      row.provider === 'persona'
        ? await deps.identity.personaStatus(row.user_id, row.id)
        : await deps.identity.plaidStatus(row.user_id);
    return `The vendor answers: ${'status' in result ? String(result.status) : 'unknown'}.`;
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
      const locked = await lockErrorCase(tx, id);
      if (locked?.status !== 'open') throw notInQueue();
      const transfer = await lockRemittanceRow(tx, locked.transfer_id);
      if (!transfer) throw notInQueue();
      const availableBy = row.expected_by ?? locked.opened_at;
      const refundedNow = await refundRemittanceOnce(ledger, tx, transfer, {
        reason: `Error resolution: ${finding}`,
        note: 'Error found: amount and fee returned to your balance',
        cause: 'error_resolution',
      });
      const refund = await refundOfRemittance(tx, transfer.id);
      const remedy: Remedy = {
        refundedNow,
        totalCents: addCents(transfer.amount_cents, transfer.fee_cents),
        resendAsked: locked.remedy === 'resend',
        resent: null,
        feeOnly: false,
      };
      await decideErrorCase(tx, id, {
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
      const locked = await lockErrorCase(tx, id);
      if (locked?.status !== 'open') throw notInQueue();
      await decideErrorCase(tx, id, {
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

  // ---- 4. Card disputes -------------------------------------------------------------------------

  async function cardDisputes(role: string, id?: string): Promise<OpsQueueItem[]> {
    const rows = await listCardDisputes(db, LIMIT, id);
    const at = now();
    return rows.map((row) => {
      const creditDue = row.status === 'open';
      return {
        queue: 'card_disputes',
        id: row.id,
        title: `${row.reason} · ${row.status}`,
        customer: customerOf(row),
        money: { amountCents: row.disputed_cents, feeCents: 0, currency: 'USD' },
        history: [
          { at: row.created_at.toISOString(), status: 'open', note: row.description },
          ...(row.credited_at
            ? [{ at: row.credited_at.toISOString(), status: 'provisionally_credited', note: null }]
            : []),
        ],
        waitingSince: row.created_at.toISOString(),
        dueBy: creditDue ? row.credit_due_at.toISOString() : null,
        overdue: creditDue && at.getTime() > row.credit_due_at.getTime(),
        details: {
          transferId: row.transfer_id,
          partnerDisputeId: row.partner_dispute_id,
          status: row.status,
          provisionalCredit: row.credited_at !== null,
          creditDueAt: row.credit_due_at.toISOString(),
        },
        actions: actionsFor('card_disputes', role),
      };
    });
  }

  /** Reads the dispute back from the partner and applies its status, then the due deadlines. */
  async function refreshDispute(id: string): Promise<string> {
    const [row] = await listCardDisputes(db, 1, id);
    if (!row) throw notInQueue();
    if (row.partner_dispute_id) {
      const apply = await deps.cardDisputes.onPartnerEvent({
        id: `ops-refresh-${row.id}`,
        type: 'dispute.statusChanged',
        relationships: { dispute: { data: { type: 'dispute', id: row.partner_dispute_id } } },
      });
      if (apply) await db.transaction().execute((tx) => apply(tx));
    }
    await deps.cardDisputes.sweep();
    const [after] = await listCardDisputes(db, 1, id);
    return after ? `Still ${after.status}.` : 'Decided.';
  }

  // ---- 5. Returned deposits that left a debt ----------------------------------------------------

  async function debts(role: string, id?: string): Promise<OpsQueueItem[]> {
    if (id !== undefined && !isUuid(id)) return [];
    const rows = await listDebts(db, LIMIT, id);
    const items: OpsQueueItem[] = [];
    for (const row of rows) {
      const [history, notes] = await Promise.all([
        debtHistory(db, row.user_id),
        queueActionsOf(db, 'debts', row.user_id),
      ]);
      items.push({
        queue: 'debts',
        id: row.user_id,
        title: 'owed',
        customer: customerOf(row),
        money: { amountCents: Number(row.owed_cents), feeCents: 0, currency: 'USD' },
        history: [
          ...history.map((h) => ({
            at: h.created_at.toISOString(),
            status: h.reason === 'debt_collected' ? 'collected' : h.kind,
            note: `${h.amount_cents}${h.owed_cents !== null ? ` owed_after=${h.owed_cents}` : ''}`,
          })),
          ...notes.map((n) => ({
            at: n.created_at.toISOString(),
            status: n.action,
            note: n.reason,
          })),
        ].sort((a, b) => a.at.localeCompare(b.at)),
        waitingSince: (row.since ?? now()).toISOString(),
        dueBy: null,
        overdue: false,
        details: {
          owedCents: Number(row.owed_cents),
          collectedCents: Number(row.collected_cents),
          since: iso(row.since),
        },
        actions: actionsFor('debts', role),
      });
    }
    return items;
  }

  // ---- 6. Reconciliation differences ------------------------------------------------------------

  async function reconciliation(role: string, id?: string): Promise<OpsQueueItem[]> {
    const actions = actionsFor('reconciliation', role);
    const items: OpsQueueItem[] = (await listDifferences(db, LIMIT))
      .filter((row) => id === undefined || row.id === id)
      .map((row) => ({
        queue: 'reconciliation',
        id: row.id,
        title: `${row.source} · ${row.kind}`,
        customer: customerOf(row),
        money: null,
        history: [{ at: row.found_at.toISOString(), status: 'found', note: null }],
        waitingSince: row.found_at.toISOString(),
        dueBy: null,
        overdue: false,
        details: {
          source: row.source,
          runId: row.run_id,
          kind: row.kind,
          transferId: row.transfer_id,
          expected: row.expected,
          actual: row.actual,
        },
        actions,
      }));
    const broken = await brokenInvariantCheck(db);
    if (broken && (id === undefined || id === `ledger:${broken.id}`)) {
      items.unshift({
        queue: 'reconciliation',
        id: `ledger:${broken.id}`,
        title: 'ledger · invariants_broken',
        customer: null,
        money: null,
        history: [{ at: broken.checked_at.toISOString(), status: 'found', note: null }],
        waitingSince: broken.checked_at.toISOString(),
        dueBy: null,
        overdue: true,
        details: {
          source: 'ledger',
          unbalancedTransfers: broken.unbalanced_transfers,
          driftedAccounts: broken.drifted_accounts,
          negativeUserAccounts: broken.negative_user_accounts,
          found: broken.found,
        },
        actions,
      });
    }
    return items;
  }

  async function rerun(id: string): Promise<string> {
    const [item] = await reconciliation('admin', id);
    if (!item) throw notInQueue();
    const source = item.details.source;
    if (source === 'unit') await deps.reconcile.unit();
    else if (source === 'payout') await deps.reconcile.payouts();
    else await deps.reconcile.ledger.check('cli');
    const [still] = await reconciliation('admin', id);
    return still ? 'Run again: the difference is still there.' : 'Run again: no longer found.';
  }

  // ---- 7. Failed jobs ---------------------------------------------------------------------------

  async function failedJobs(role: string, id?: string): Promise<OpsQueueItem[]> {
    if (id !== undefined && !isUuid(id)) return [];
    const rows = await listFailedJobs(db, LIMIT, id);
    return rows.map((row) => ({
      queue: 'failed_jobs',
      id: row.id,
      title: row.name,
      customer: null,
      money: null,
      history: [
        { at: row.created_on.toISOString(), status: 'created', note: null },
        ...(row.completed_on
          ? [{ at: row.completed_on.toISOString(), status: 'failed', note: null }]
          : []),
      ],
      waitingSince: (row.completed_on ?? row.created_on).toISOString(),
      dueBy: null,
      overdue: false,
      details: { name: row.name, data: row.data, error: row.output, retryCount: row.retry_count },
      actions: actionsFor('failed_jobs', role),
    }));
  }

  // ---- The queues together ----------------------------------------------------------------------

  const readers: Record<OpsQueue, (role: string, id?: string) => Promise<OpsQueueItem[]>> = {
    held_payouts: heldPayouts,
    identity_reviews: identityReviews,
    error_claims: errorClaims,
    card_disputes: cardDisputes,
    debts,
    reconciliation,
    failed_jobs: failedJobs,
  };

  async function item(queue: OpsQueue, id: string, role: string): Promise<OpsQueueItem> {
    const [found] = await readers[queue](role, id);
    if (!found) throw notInQueue();
    return found;
  }

  return {
    list: async (queue: OpsQueue, role: string) => ({ queue, items: await readers[queue](role) }),

    item,

    async summary(): Promise<OpsQueueSummary> {
      const queues = [];
      for (const queue of OPS_QUEUES) {
        const items = await readers[queue]('support');
        queues.push({ queue, count: items.length, overdue: items.filter((i) => i.overdue).length });
      }
      return { queues };
    },

    /**
     * Takes an action on an item, by a staff member whose role allows it (403 otherwise). An item
     * not (or no longer) in the queue is a 404.
     */
    async act(
      actor: QueueActor,
      queue: OpsQueue,
      id: string,
      action: string,
      body: OpsQueueActionBody,
    ): Promise<OpsQueueActionResult> {
      const key = `${queue}.${action}`;
      if (!(key in QUEUE_ACTION_ROLES)) {
        throw new AppError('not_found', 404, 'No such action on this queue.');
      }
      if (!mayTake(actor.role, key as QueueAction)) {
        throw new AppError('forbidden', 403, 'Your role cannot take this action.', {
          roles: QUEUE_ACTION_ROLES[key as QueueAction],
        });
      }
      await item(queue, id, actor.role);
      const message = await run(key as QueueAction);
      const still = await readers[queue](actor.role, id);
      return { queue, id, action, done: still.length === 0, message };

      async function run(which: QueueAction): Promise<string> {
        switch (which) {
          case 'held_payouts.refresh': {
            const [row] = await listHeldPayouts(db, 1, id);
            if (row?.partner_transaction_id) {
              await deps.partnerPayouts.refresh(row.partner_transaction_id);
            }
            return 'Asked the payout partner again.';
          }
          case 'held_payouts.cancel':
            return cancelHeld(id, body.reason);
          case 'identity_reviews.refresh':
            return refreshIdentity(id);
          case 'error_claims.investigate': {
            const decided = await deps.remittanceCases.investigate(id);
            return decided.status === 'open'
              ? 'The partner’s answer does not decide it yet.'
              : `Decided: ${decided.status}.`;
          }
          case 'error_claims.resolve':
            if (!body.finding) {
              throw new AppError('validation_failed', 400, 'Say what the error was (finding).');
            }
            return resolveClaim(id, body.finding, body.reason);
          case 'error_claims.no_error':
            if (!body.explanation) {
              throw new AppError(
                'validation_failed',
                400,
                'Write the explanation the sender will read (explanation).',
              );
            }
            return noErrorClaim(id, body.explanation, body.reason);
          case 'card_disputes.refresh':
            return refreshDispute(id);
          case 'debts.note':
            await recordQueueAction(db, {
              queue,
              itemId: id,
              action: 'note',
              reason: body.reason,
              staffId: actor.staffId,
            });
            return 'Noted.';
          case 'reconciliation.acknowledge':
            await recordQueueAction(db, {
              queue,
              itemId: id,
              action: 'acknowledge',
              reason: body.reason,
              staffId: actor.staffId,
            });
            return 'Acknowledged.';
          case 'reconciliation.rerun':
            return rerun(id);
          case 'failed_jobs.retry': {
            const [row] = await listFailedJobs(db, 1, id);
            if (!row) throw notInQueue();
            const retried = await deps.retryJob(row.name, row.id);
            return retried ? 'Queued again.' : 'It was no longer failed.';
          }
          case 'failed_jobs.dismiss':
            await recordQueueAction(db, {
              queue,
              itemId: id,
              action: 'dismiss',
              reason: body.reason,
              staffId: actor.staffId,
            });
            return 'Dismissed.';
        }
      }
    },
  };
}

export type OpsQueues = ReturnType<typeof createOpsQueues>;
