import type { OpsQueueItem } from '@pago/shared/contracts/ops-queues';
import { cents } from '@pago/shared/money';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  brokenInvariantCheck,
  debtHistory,
  listCardDisputes,
  listDebts,
  listDifferences,
  listFailedJobs,
  listIdentityReviews,
  queueActionsOf,
  recordQueueAction,
} from './ops-queues.repository';
import { actionsFor, customerOf, iso, LIMIT, notInQueue, type QueueDeps } from './queue-items';

/**
 * The other queues: identities in manual review (2), card disputes (4), debts returned deposits
 * left (5), reconciliation differences (6) and failed jobs (7).
 */
export function createOtherQueues(deps: QueueDeps) {
  const { db, ledger } = deps;
  const now = () => ledger.clock();

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
      // Persona takes a manual decision through its API; Plaid's is taken in its dashboard.
      actions: actionsFor('identity_reviews', role).filter(
        (action) => row.provider === 'persona' || action === 'refresh',
      ),
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

  /**
   * Compliance decides an inquiry Persona left in review: Persona's approve/decline, then its
   * result read back and applied as its webhook would (the webhook that follows changes nothing).
   */
  async function decideIdentity(id: string, decision: 'approve' | 'decline'): Promise<string> {
    const [row] = await listIdentityReviews(db, 1, id);
    if (!row) throw notInQueue();
    if (row.provider !== 'persona' || !deps.persona) {
      throw new AppError(
        'conflict',
        409,
        'This vendor takes manual decisions in its own dashboard, not through its API.',
      );
    }
    const decided = await deps.persona.decideInquiry(row.id, decision);
    if (!decided) throw notInQueue();
    await deps.identity.personaStatus(row.user_id, row.id);
    return `The vendor now says: ${decided.status}.`;
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

  /**
   * Writes off what a wallet owes (all of it, or `amountCents` of it) as Pago's loss: one ledger
   * transfer from Pago's `debt_write_offs` account to `funding_receivable` (which carried the
   * debt), the wallet's `owed_cents` lowered by as much, and the write-off noted in the item's
   * history, in one transaction with the wallet locked. Nothing of the person's balance moves.
   */
  async function writeOff(
    id: string,
    amountCents: number | undefined,
    reason: string,
    staffId: string,
  ): Promise<string> {
    if (!isUuid(id)) throw notInQueue();
    return db.transaction().execute(async (tx) => {
      const state = await ledger.walletState(tx, id, true);
      if (state.owed <= 0) throw notInQueue();
      const amount = amountCents ?? state.owed;
      if (amount > state.owed) {
        throw new AppError('validation_failed', 400, 'That is more than the customer owes.', {
          owedCents: state.owed,
        });
      }
      await ledger.post(tx, {
        kind: 'debt_write_off',
        status: 'completed',
        userId: id,
        amountCents: cents(amount),
        countsTowardLimits: false,
        metadata: { reason: 'debt_written_off', owedCents: state.owed - amount, staffId },
        legs: [
          { account: { role: 'debt_write_offs' }, amountCents: -amount },
          { account: { role: 'funding_receivable' }, amountCents: amount },
        ],
      });
      await ledger.adjustWallet(tx, id, { owed: -amount });
      await recordQueueAction(tx, {
        queue: 'debts',
        itemId: id,
        action: 'write_off',
        reason,
        staffId,
        amountCents: amount,
      });
      return `Wrote off ${amount} cents; ${state.owed - amount} still owed.`;
    });
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

  return {
    identityReviews,
    refreshIdentity,
    decideIdentity,
    cardDisputes,
    refreshDispute,
    debts,
    writeOff,
    reconciliation,
    rerun,
    failedJobs,
  };
}
