import {
  decideMonitoringHitBody,
  monitoringHitListSchema,
  monitoringHitParams,
  monitoringHitSchema,
  monitoringHitsQuery,
  monitoringRuleListSchema,
  monitoringRuleParams,
  monitoringRuleSchema,
  updateMonitoringRuleBody,
} from '@pago/shared/contracts/monitoring';
import type { AppInstance } from '../../app-instance';
import type { Ops } from '../ops/ops.service';
import { currentStaff, requireStaff } from '../ops/require-staff';
import type { Monitoring } from './monitoring.service';

/**
 * The monitoring queue and rules in the operations console (docs/monitoring.md). Monitoring is a
 * compliance function: compliance and admin work the queue; only an admin changes a rule. Every
 * decision and change is written to the audit log in the same transaction.
 */
export async function monitoringOpsRoutes(
  app: AppInstance,
  { ops, monitoring }: { ops: Ops; monitoring: Monitoring },
): Promise<void> {
  const compliance = requireStaff(ops.auth, ['compliance', 'admin']);
  const admin = requireStaff(ops.auth, ['admin']);

  app.get(
    '/api/ops/monitoring/hits',
    {
      onRequest: compliance,
      schema: { querystring: monitoringHitsQuery, response: { 200: monitoringHitListSchema } },
    },
    async (request) => ({
      items: await monitoring.hits(request.query.status, request.query.limit),
    }),
  );

  for (const [verb, status] of [
    ['dismiss', 'dismissed'],
    ['escalate', 'escalated'],
  ] as const) {
    app.post(
      `/api/ops/monitoring/hits/:id/${verb}`,
      {
        onRequest: compliance,
        schema: {
          params: monitoringHitParams,
          body: decideMonitoringHitBody,
          response: { 200: monitoringHitSchema },
        },
      },
      async (request) => {
        const staff = currentStaff(request);
        const { reason } = request.body;
        return monitoring.decide(request.params.id, { status, by: staff.id, reason }, (tx, hit) =>
          ops.audit.record(tx, staff, {
            action: `monitoring.${verb}`,
            subjectType: 'monitoring_hit',
            subjectId: hit.id,
            userId: hit.customer?.id ?? null,
            reason,
            details: {
              rule: hit.rule,
              subject: hit.subject,
              transferIds: hit.transfers.map((t) => t.id),
            },
            ip: request.ip,
          }),
        );
      },
    );
  }

  app.get(
    '/api/ops/monitoring/rules',
    { onRequest: compliance, schema: { response: { 200: monitoringRuleListSchema } } },
    async () => ({ items: await monitoring.rules() }),
  );

  app.patch(
    '/api/ops/monitoring/rules/:code',
    {
      onRequest: admin,
      schema: {
        params: monitoringRuleParams,
        body: updateMonitoringRuleBody,
        response: { 200: monitoringRuleSchema },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      const { reason, enabled, thresholds } = request.body;
      return monitoring.updateRule(
        request.params.code,
        {
          ...(enabled === undefined ? {} : { enabled }),
          ...(thresholds === undefined ? {} : { thresholds }),
        },
        (tx, before, after) =>
          ops.audit.record(tx, staff, {
            action: 'monitoring.rule_update',
            subjectType: 'monitoring_rule',
            subjectId: after.code,
            reason,
            details: {
              before: { enabled: before.enabled, thresholds: before.thresholds },
              after: { enabled: after.enabled, thresholds: after.thresholds },
            },
            ip: request.ip,
          }),
      );
    },
  );
}
