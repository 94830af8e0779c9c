import {
  type OpsQueueActionResult,
  opsQueueActionBody,
  opsQueueActionOutcome,
  opsQueueActionParams,
  opsQueueItemParams,
  opsQueueItemSchema,
  opsQueueListSchema,
  opsQueueParams,
  opsQueueSummarySchema,
} from '@pago/shared/contracts/ops-queues';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { errorResponses } from '../../lib/openapi';
import type { Ops } from '../ops/ops.service';
import { currentStaff, requireStaff, viewReason } from '../ops/require-staff';
import { type OpsQueues, RECORD_ONLY_ACTIONS } from './ops-queues.service';

/** Actions that give money back to a customer: four eyes above the console's threshold. */
const MONEY_ACTIONS = new Set(['held_payouts.cancel', 'error_claims.resolve', 'debts.write_off']);

/**
 * The queues in the console (`/api/ops/queues…`, docs/ops-queues.md): the summary for the home
 * page, each queue's list (names and amounts only: no reason asked), one item opened (a reason in
 * `X-Ops-Reason`, audited), and its actions: each with a reason, checked against the role table
 * (ops-queues.roles.ts), audited; money actions through the console's four eyes.
 */
export async function opsQueuesRoutes(
  app: AppInstance,
  { ops, queues }: { ops: Ops; queues: OpsQueues },
): Promise<void> {
  const staffOnly = requireStaff(ops.auth);

  for (const key of MONEY_ACTIONS) {
    const [queue, action] = key.split('.') as ['held_payouts' | 'error_claims', string];
    ops.approvals.register(`ops_queues.${key}`, async (ctx) => {
      const input = ctx.input as { id: string; body: Record<string, unknown> };
      const result = await queues.act(
        // The role was checked when it was asked for; the approver is compliance or admin.
        { staffId: ctx.staff.id, role: 'admin' },
        queue,
        input.id,
        action,
        { ...(input.body as object), reason: ctx.reason },
      );
      await ctx.audit(app.deps.db, {
        subjectType: queue,
        subjectId: input.id,
        details: { ...result, ...(ctx.approval ? { approvalId: ctx.approval.id } : {}) },
      });
      return result;
    });
  }

  app.get(
    '/api/ops/queues',
    {
      onRequest: staffOnly,
      schema: { response: { 200: opsQueueSummarySchema, ...errorResponses } },
    },
    async () => queues.summary(),
  );

  app.get(
    '/api/ops/queues/:queue',
    {
      onRequest: staffOnly,
      schema: { params: opsQueueParams, response: { 200: opsQueueListSchema, ...errorResponses } },
    },
    async (request) => {
      const list = await queues.list(request.params.queue, currentStaff(request).role);
      // The list shows who and how much; what a vendor verified is read by opening the item.
      return {
        ...list,
        items: list.items.map((item) =>
          item.queue === 'identity_reviews'
            ? { ...item, details: { ...item.details, legalName: null, birthDate: null } }
            : item,
        ),
      };
    },
  );

  app.get(
    '/api/ops/queues/:queue/:id',
    {
      onRequest: staffOnly,
      schema: {
        params: opsQueueItemParams,
        response: { 200: opsQueueItemSchema, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      const reason = viewReason(request);
      const { queue, id } = request.params;
      const item = await queues.item(queue, id, staff.role);
      await ops.audit.record(app.deps.db, staff, {
        action: 'ops_queues.view',
        subjectType: queue,
        subjectId: id,
        userId: item.customer?.id ?? null,
        reason,
        details: {},
        ip: request.ip,
      });
      return item;
    },
  );

  app.post(
    '/api/ops/queues/:queue/:id/:action',
    {
      onRequest: staffOnly,
      schema: {
        params: opsQueueActionParams,
        body: opsQueueActionBody,
        response: { 200: opsQueueActionOutcome, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      const { queue, id, action } = request.params;
      const { reason, ...rest } = request.body;
      const key = `${queue}.${action}`;
      if (MONEY_ACTIONS.has(key)) {
        // The role check and the item's presence first, so a refusal is not a pending approval.
        const item = await queues.check({ staffId: staff.id, role: staff.role }, queue, id, action);
        // What the action gives away: a refund's amount and fee, or the part of a debt written off.
        const money =
          key === 'debts.write_off'
            ? (rest.amountCents ?? item.money?.amountCents ?? 0)
            : item.money
              ? item.money.amountCents + item.money.feeCents
              : 0;
        const outcome = await ops.approvals.run(staff, {
          action: `ops_queues.${key}`,
          amountCents: money,
          input: { id, body: rest },
          reason,
          userId: item.customer?.id ?? null,
          ip: request.ip,
        });
        return outcome.status === 'done'
          ? { status: 'done' as const, result: outcome.result as OpsQueueActionResult }
          : outcome;
      }
      const actor = { staffId: staff.id, role: staff.role };
      const item = await queues.check(actor, queue, id, action);
      const audit = (executor: Database, result: OpsQueueActionResult) =>
        ops.audit.record(executor, staff, {
          action: `ops_queues.${key}`,
          subjectType: queue,
          subjectId: id,
          userId: item.customer?.id ?? null,
          reason,
          details: { ...result },
          ip: request.ip,
        });
      if (RECORD_ONLY_ACTIONS.has(key)) {
        // The record and its audit entry commit together.
        const result = await app.deps.db.transaction().execute(async (tx) => {
          const done = await queues.act(actor, queue, id, action, request.body, tx);
          await audit(tx, done);
          return done;
        });
        return { status: 'done' as const, result };
      }
      // Asking a partner or a vendor again: no transaction is held open while it answers; the
      // entry is written once the action is done.
      const result = await queues.act(actor, queue, id, action, request.body);
      await audit(app.deps.db, result);
      return { status: 'done' as const, result };
    },
  );
}
