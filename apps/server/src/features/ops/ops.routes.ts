import {
  approvalDecisionSchema,
  approvalListSchema,
  approvalsQuery,
  auditPageSchema,
  auditQuery,
  reasonBody,
  staffChallengeSchema,
  staffCodeBody,
  staffLoginBody,
  staffSchema,
  staffSessionSchema,
} from '@pago/shared/contracts/ops';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Ops } from './ops.service';
import { currentStaff, requireStaff } from './require-staff';

const idParams = z.strictObject({ id: z.string().max(64) });
/** Who may decide another staff member's money action, and read the whole audit log. */
export const OVERSIGHT_ROLES = ['compliance', 'admin'] as const;

/**
 * The console's own routes: staff sign-in (password, then the authenticator's code, always),
 * sign-out, who am I, the audit log and the approvals queue. Every route but the two sign-in
 * steps answers 404 to anyone but a signed-in staff member (require-staff.ts).
 */
export async function opsRoutes(app: AppInstance, { ops }: { ops: Ops }): Promise<void> {
  const staffOnly = requireStaff(ops.auth);
  const oversight = requireStaff(ops.auth, OVERSIGHT_ROLES);

  app.post(
    '/api/ops/auth/login',
    { schema: { body: staffLoginBody, response: { 200: staffChallengeSchema } } },
    async (request) => ops.auth.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    '/api/ops/auth/two-step',
    { schema: { body: staffCodeBody, response: { 200: staffSessionSchema } } },
    async (request) => ops.auth.verifyCode(request.body.challenge, request.body.code, request.ip),
  );

  app.post('/api/ops/auth/logout', { onRequest: staffOnly }, async (request, reply) => {
    await ops.auth.logout(currentStaff(request).token);
    return reply.code(204).send();
  });

  app.get(
    '/api/ops/me',
    { onRequest: staffOnly, schema: { response: { 200: staffSchema } } },
    async (request) => {
      const { id, email, name, role } = currentStaff(request);
      return { id, email, name, role };
    },
  );

  app.get(
    '/api/ops/audit',
    {
      onRequest: oversight,
      schema: { querystring: auditQuery, response: { 200: auditPageSchema } },
    },
    async (request) => ops.audit.list(request.query),
  );

  app.get(
    '/api/ops/approvals',
    {
      onRequest: staffOnly,
      schema: { querystring: approvalsQuery, response: { 200: approvalListSchema } },
    },
    async (request) => ({ items: await ops.approvals.list(request.query.status) }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/api/ops/approvals/:id/${decision}`,
      {
        onRequest: oversight,
        schema: { params: idParams, body: reasonBody, response: { 200: approvalDecisionSchema } },
      },
      async (request) =>
        ops.approvals.decide(
          currentStaff(request),
          request.params.id,
          decision,
          request.body.reason,
          request.ip,
        ),
    );
  }
}
