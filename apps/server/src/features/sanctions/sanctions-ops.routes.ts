import {
  sanctionsDecisionBody,
  sanctionsDecisionSchema,
  sanctionsHitDetailSchema,
  sanctionsHitListSchema,
  sanctionsHitsQuery,
} from '@pago/shared/contracts/ops-sanctions';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Ops } from '../ops/ops.service';
import { currentStaff, requireStaff, viewReason } from '../ops/require-staff';
import type { Decision, Sanctions } from './sanctions.service';
import type { SanctionsQueue } from './sanctions-queue';

const hitParams = z.strictObject({ id: z.string().max(64) });

/**
 * The operations console's sanctions queue (docs/sanctions.md): any staff member reads it;
 * compliance (and admin) clear or block a hit, with a reason, recorded in the audit log in the
 * decision's own transaction.
 */
export async function sanctionsOpsRoutes(
  app: AppInstance,
  { ops, sanctions, queue }: { ops: Ops; sanctions: Sanctions; queue: SanctionsQueue },
): Promise<void> {
  const anyStaff = requireStaff(ops.auth);
  const compliance = requireStaff(ops.auth, ['compliance', 'admin']);

  app.get(
    '/api/ops/sanctions/hits',
    {
      onRequest: anyStaff,
      schema: { querystring: sanctionsHitsQuery, response: { 200: sanctionsHitListSchema } },
    },
    async (request) => ({ items: await queue.list(request.query.status) }),
  );

  app.get(
    '/api/ops/sanctions/hits/:id',
    {
      onRequest: anyStaff,
      schema: { params: hitParams, response: { 200: sanctionsHitDetailSchema } },
    },
    async (request) => {
      const staff = currentStaff(request);
      const reason = viewReason(request);
      const detail = await queue.detail(request.params.id);
      await ops.audit.record(app.deps.db, staff, {
        action: 'sanctions.view',
        subjectType: 'sanctions_hit',
        subjectId: detail.id,
        userId: detail.customer.userId,
        reason,
        ip: request.ip,
      });
      return detail;
    },
  );

  for (const decision of ['clear', 'block'] as const satisfies readonly Decision[]) {
    app.post(
      `/api/ops/sanctions/hits/:id/${decision}`,
      {
        onRequest: compliance,
        schema: {
          params: hitParams,
          body: sanctionsDecisionBody,
          response: { 200: sanctionsDecisionSchema },
        },
      },
      async (request) => {
        const staff = currentStaff(request);
        const id = request.params.id;
        const userId = await queue.customerOf(id);
        const outcome = await sanctions.decide(
          id,
          decision,
          staff.id,
          request.body.reason,
          (tx, details) =>
            ops.audit.record(tx, staff, {
              action: `sanctions.${decision}`,
              subjectType: 'sanctions_hit',
              subjectId: id,
              userId,
              reason: request.body.reason,
              details,
              ip: request.ip,
            }),
        );
        return {
          id,
          status: outcome.status,
          movements: outcome.status === 'cleared' ? outcome.released : outcome.refunded,
          reportDueOn: outcome.status === 'blocked' ? outcome.reportDueOn : null,
        };
      },
    );
  }
}
