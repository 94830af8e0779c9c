import type {
  OpsQueue,
  OpsQueueActionBody,
  OpsQueueActionResult,
  OpsQueueItem,
  OpsQueueSummary,
} from '@pago/shared/contracts/ops-queues';
import { OPS_QUEUES } from '@pago/shared/contracts/ops-queues';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { listFailedJobs, listHeldPayouts, recordQueueAction } from './ops-queues.repository';
import { mayTake, QUEUE_ACTION_ROLES, type QueueAction, type QueueActor } from './ops-queues.roles';
import { notInQueue, type QueueDeps } from './queue-items';
import { createOtherQueues } from './queue-others';
import { createRemittanceQueues } from './queue-remittances';

/** Actions that only write a record (no partner, no money): done in the caller's transaction. */
export const RECORD_ONLY_ACTIONS = new Set([
  'debts.note',
  'reconciliation.acknowledge',
  'failed_jobs.dismiss',
]);

/**
 * The operations queues (docs/ops-queues.md): each queue's items read from what the features
 * store, and each action done through the feature that owns the money or the status (the payout
 * partner's cancel and refund, the error case's decision, the dispute's partner status), never by
 * editing its rows here. Staff roles are checked per action; the audit entry is the caller's
 * (the /api/ops routes), in the same request.
 */
export function createOpsQueues(deps: QueueDeps) {
  const { db } = deps;
  const { heldPayouts, cancelHeld, errorClaims, resolveClaim, noErrorClaim } =
    createRemittanceQueues(deps);
  const {
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
  } = createOtherQueues(deps);

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

  async function check(actor: QueueActor, queue: OpsQueue, id: string, action: string) {
    const key = `${queue}.${action}`;
    if (!(key in QUEUE_ACTION_ROLES)) {
      throw new AppError('not_found', 404, 'No such action on this queue.');
    }
    if (!mayTake(actor.role, key as QueueAction)) {
      throw new AppError('forbidden', 403, 'Your role cannot take this action.', {
        roles: QUEUE_ACTION_ROLES[key as QueueAction],
      });
    }
    return item(queue, id, actor.role);
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
     * Whether this staff member may take this action on this item now: a 404 for an action the
     * queue does not have or an item not (or no longer) in it, a 403 for a role without it.
     * Answers the item.
     */
    check,

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
      /**
       * For the actions that only record (RECORD_ONLY_ACTIONS): the caller's transaction, so the
       * record and its audit entry commit together.
       */
      executor: Database = db,
    ): Promise<OpsQueueActionResult> {
      const key = `${queue}.${action}`;
      await check(actor, queue, id, action);
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
          case 'identity_reviews.approve':
            return decideIdentity(id, 'approve');
          case 'identity_reviews.decline':
            return decideIdentity(id, 'decline');
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
            await recordQueueAction(executor, {
              queue,
              itemId: id,
              action: 'note',
              reason: body.reason,
              staffId: actor.staffId,
            });
            return 'Noted.';
          case 'debts.write_off':
            return writeOff(id, body.amountCents, body.reason, actor.staffId);
          case 'reconciliation.acknowledge':
            await recordQueueAction(executor, {
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
            await recordQueueAction(executor, {
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
