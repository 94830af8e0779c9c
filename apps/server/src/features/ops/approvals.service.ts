import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Audit, AuditEntry } from './audit.service';
import type { Staff } from './staff-auth.service';

/** Who a handler acts as, and how it records its action in the audit log. */
export type ApprovalContext = {
  /** The staff member who asked for the action (and gave `reason`). */
  staff: Pick<Staff, 'id'>;
  input: Record<string, unknown>;
  reason: string;
  userId: string | null;
  /** Set when the action waited for four eyes: the approval and who approved it. */
  approval: { id: string; approvedBy: string } | null;
  /**
   * Records the action's audit entry (its action name, reason and staff are filled in). Call it
   * in the same transaction as the action's effect, so they commit together.
   */
  audit: (
    executor: Database,
    entry: Omit<AuditEntry, 'action' | 'reason' | 'userId'>,
  ) => Promise<unknown>;
};

/** Does the action; returns what the caller shows (stored on the approval as its result). */
export type ApprovalHandler = (context: ApprovalContext) => Promise<Record<string, unknown>>;

export type ApprovalRequest = {
  action: string;
  amountCents: number;
  input: Record<string, unknown>;
  reason: string;
  /** The customer concerned, for the audit log and the queue. */
  userId?: string | null;
  ip?: string | null;
};

export type ApprovalOutcome =
  | { status: 'done'; result: Record<string, unknown> }
  | { status: 'pending'; approvalId: string };

type Deps = { db: Database; audit: Audit; fourEyesCents: number };

/**
 * Four eyes (docs/ops-console.md): a registry of money actions. `run` does an action at once up to
 * the threshold; above it, it stores a pending approval that a different staff member (compliance
 * or admin) approves (the action runs then) or rejects. Every step is in the audit log.
 */
export function createApprovals({ db, audit, fourEyesCents }: Deps) {
  const handlers = new Map<string, ApprovalHandler>();

  function handlerOf(action: string): ApprovalHandler {
    const handler = handlers.get(action);
    if (!handler) throw new Error(`No approval handler registered for ${action}`);
    return handler;
  }

  function contextOf(
    action: string,
    request: {
      staffId: string;
      input: Record<string, unknown>;
      reason: string;
      userId: string | null;
      ip: string | null;
    },
    approval: ApprovalContext['approval'],
  ): ApprovalContext {
    return {
      staff: { id: request.staffId },
      input: request.input,
      reason: request.reason,
      userId: request.userId,
      approval,
      audit: (executor, entry) =>
        audit.record(
          executor,
          { id: request.staffId },
          {
            ...entry,
            action,
            reason: request.reason,
            userId: request.userId,
            ip: entry.ip ?? request.ip,
            details: {
              ...(entry.details ?? {}),
              ...(approval ? { approvalId: approval.id, approvedBy: approval.approvedBy } : {}),
            },
          },
        ),
    };
  }

  return {
    fourEyesCents,

    /** Adds an action (once per name; a second registration of a name is a programming error). */
    register(action: string, handler: ApprovalHandler): void {
      if (handlers.has(action)) throw new Error(`Approval action ${action} is registered twice`);
      handlers.set(action, handler);
    },

    /** Runs the action now, or above the threshold stores it for a second staff member. */
    async run(staff: Pick<Staff, 'id'>, request: ApprovalRequest): Promise<ApprovalOutcome> {
      const handler = handlerOf(request.action);
      if (request.reason.trim().length === 0) {
        throw new AppError('reason_required', 400, 'A reason is required.');
      }
      const userId = request.userId ?? null;
      const ip = request.ip ?? null;
      if (request.amountCents > fourEyesCents) {
        const approval = await db.transaction().execute(async (tx) => {
          const row = await tx
            .insertInto('staff_approvals')
            .values({
              action: request.action,
              amount_cents: request.amountCents,
              input: JSON.stringify(request.input),
              reason: request.reason.trim(),
              user_id: userId,
              requested_by: staff.id,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit.record(tx, staff, {
            action: 'approval.requested',
            subjectType: 'approval',
            subjectId: row.id,
            userId,
            reason: request.reason,
            details: {
              action: request.action,
              amountCents: request.amountCents,
              input: request.input,
            },
            ip,
          });
          return row;
        });
        return { status: 'pending', approvalId: approval.id };
      }
      const result = await handler(
        contextOf(
          request.action,
          { staffId: staff.id, input: request.input, reason: request.reason.trim(), userId, ip },
          null,
        ),
      );
      return { status: 'done', result };
    },

    /**
     * A second staff member's decision. The approval is claimed (pending → approved/rejected) in
     * one statement, so two decisions cannot both win; the requester can never decide their own
     * (403 forbidden; the table refuses it too). An approved action then runs; if it fails, the
     * approval is marked failed with the error and the error is thrown.
     */
    async decide(
      approver: Pick<Staff, 'id'>,
      approvalId: string,
      decision: 'approve' | 'reject',
      reason: string,
      ip: string | null = null,
    ) {
      if (!isUuid(approvalId)) throw new AppError('not_found', 404, 'No such approval');
      const existing = await db
        .selectFrom('staff_approvals')
        .selectAll()
        .where('id', '=', approvalId)
        .executeTakeFirst();
      if (!existing) throw new AppError('not_found', 404, 'No such approval');
      if (existing.requested_by === approver.id) {
        throw new AppError('forbidden', 403, 'A second staff member must decide your own request.');
      }
      const claimed = await db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('staff_approvals')
          .set({
            status: decision === 'approve' ? 'approved' : 'rejected',
            decided_by: approver.id,
            decided_at: sql<Date>`now()`,
            decision_reason: reason.trim(),
          })
          .where('id', '=', approvalId)
          .where('status', '=', 'pending')
          .where('requested_by', '!=', approver.id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return null;
        await audit.record(tx, approver, {
          action: decision === 'approve' ? 'approval.approved' : 'approval.rejected',
          subjectType: 'approval',
          subjectId: row.id,
          userId: row.user_id,
          reason,
          details: {
            action: row.action,
            amountCents: row.amount_cents,
            requestedBy: row.requested_by,
          },
          ip,
        });
        return row;
      });
      if (!claimed)
        throw new AppError('approval_not_pending', 409, 'This approval is not pending.');
      if (decision === 'reject')
        return { id: claimed.id, status: 'rejected' as const, result: null };
      try {
        const result = await handlerOf(claimed.action)(
          contextOf(
            claimed.action,
            {
              staffId: claimed.requested_by,
              input: claimed.input,
              reason: claimed.reason,
              userId: claimed.user_id,
              ip,
            },
            { id: claimed.id, approvedBy: approver.id },
          ),
        );
        await db
          .updateTable('staff_approvals')
          .set({ result: JSON.stringify(result) })
          .where('id', '=', claimed.id)
          .execute();
        return { id: claimed.id, status: 'approved' as const, result };
      } catch (error) {
        await db
          .updateTable('staff_approvals')
          .set({
            status: 'failed',
            error: error instanceof Error ? error.message.slice(0, 500) : 'failed',
          })
          .where('id', '=', claimed.id)
          .execute();
        throw error;
      }
    },

    /** Approvals by status (pending: the queue), oldest first for pending, newest first otherwise. */
    async list(status: 'pending' | 'approved' | 'rejected' | 'failed') {
      const rows = await db
        .selectFrom('staff_approvals as a')
        .innerJoin('staff as r', 'r.id', 'a.requested_by')
        .leftJoin('staff as d', 'd.id', 'a.decided_by')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select([
          'a.id',
          'a.action',
          'a.amount_cents',
          'a.input',
          'a.reason',
          'a.user_id',
          'u.name as user_name',
          'a.requested_by',
          'r.name as requested_by_name',
          'a.requested_at',
          'a.status',
          'a.decided_by',
          'd.name as decided_by_name',
          'a.decided_at',
          'a.decision_reason',
          'a.error',
        ])
        .where('a.status', '=', status)
        .orderBy('a.requested_at', status === 'pending' ? 'asc' : 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        amountCents: row.amount_cents,
        input: row.input,
        reason: row.reason,
        customer: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
        requestedBy: { id: row.requested_by, name: row.requested_by_name },
        requestedAt: row.requested_at.toISOString(),
        status: row.status,
        decidedBy: row.decided_by ? { id: row.decided_by, name: row.decided_by_name ?? '' } : null,
        decidedAt: row.decided_at?.toISOString() ?? null,
        decisionReason: row.decision_reason,
        error: row.error,
      }));
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
