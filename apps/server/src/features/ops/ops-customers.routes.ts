import { type ClosedAccount, closedAccountSchema } from '@pago/shared/contracts/account-rights';
import { actionOutcomeSchema, reasonBody } from '@pago/shared/contracts/ops';
import {
  customerSearchQuery,
  customerSearchSchema,
  customerViewSchema,
  frozenSchema,
  noteBody,
  noteSchema,
  refundBody,
  signOutSchema,
} from '@pago/shared/contracts/ops-customers';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { OpsCustomers } from './customers.service';
import type { Ops } from './ops.service';
import { currentStaff, requireStaff, viewReason } from './require-staff';

/** The account-rights feature's closing, as staff call it. */
type CloseAccount = (
  userId: string,
  options: { by: { staffId: string }; reason: string },
) => Promise<ClosedAccount>;

const idParams = z.strictObject({ id: z.string().max(64) });

/**
 * The console's customers: search, one customer's page (the reason in X-Ops-Reason, audited) and
 * the actions, each with a reason in the body. Freezing is for compliance and admin; the rest for
 * every staff role (a refund above the threshold waits for compliance or admin).
 */
export async function opsCustomersRoutes(
  app: AppInstance,
  {
    ops,
    customers,
    closeAccount,
  }: {
    ops: Ops;
    customers: OpsCustomers;
    /** The account-rights feature's closing (features/account-rights), for staff. */
    closeAccount: CloseAccount;
  },
): Promise<void> {
  const anyStaff = requireStaff(ops.auth);
  const compliance = requireStaff(ops.auth, ['compliance', 'admin']);

  app.get(
    '/api/ops/customers',
    {
      onRequest: anyStaff,
      schema: { querystring: customerSearchQuery, response: { 200: customerSearchSchema } },
    },
    async (request) => customers.search(request.query.q),
  );

  app.get(
    '/api/ops/customers/:id',
    { onRequest: anyStaff, schema: { params: idParams, response: { 200: customerViewSchema } } },
    async (request) =>
      customers.view(request.params.id, {
        staff: currentStaff(request),
        reason: viewReason(request),
        ip: request.ip,
      }),
  );

  for (const [path, frozen] of [
    ['freeze', true],
    ['unfreeze', false],
  ] as const) {
    app.post(
      `/api/ops/customers/:id/${path}`,
      {
        onRequest: compliance,
        schema: { params: idParams, body: reasonBody, response: { 200: frozenSchema } },
      },
      async (request) =>
        customers.setFrozen(request.params.id, frozen, {
          staff: currentStaff(request),
          reason: request.body.reason,
          ip: request.ip,
        }),
    );
  }

  app.post(
    '/api/ops/customers/:id/sign-out',
    {
      onRequest: anyStaff,
      schema: { params: idParams, body: reasonBody, response: { 200: signOutSchema } },
    },
    async (request) =>
      customers.signOut(request.params.id, {
        staff: currentStaff(request),
        reason: request.body.reason,
        ip: request.ip,
      }),
  );

  app.post(
    '/api/ops/customers/:id/notes',
    {
      onRequest: anyStaff,
      schema: { params: idParams, body: noteBody, response: { 201: noteSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(
        await customers.addNote(request.params.id, request.body.text, {
          staff: currentStaff(request),
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/api/ops/customers/:id/refunds',
    {
      onRequest: anyStaff,
      schema: { params: idParams, body: refundBody, response: { 200: actionOutcomeSchema } },
    },
    async (request) =>
      customers.refund(request.params.id, request.body.transferId, {
        staff: currentStaff(request),
        reason: request.body.reason,
        ip: request.ip,
      }),
  );

  // ── Close an account ────────────────────────────────────────────────────────────────────────
  // The account-rights feature's closing, for compliance and admin: refused (409
  // account_not_closable, the blockers listed) exactly as the customer's own closing is. The entry
  // is recorded once the account is closed (closing runs its own transaction, then the vendors).
  app.post(
    '/api/ops/customers/:id/close',
    {
      onRequest: compliance,
      schema: { params: idParams, body: reasonBody, response: { 200: closedAccountSchema } },
    },
    async (request) => {
      const staff = currentStaff(request);
      const id = request.params.id;
      if (!isUuid(id)) throw new AppError('not_found', 404, 'No such customer.');
      const closed = await closeAccount(id, {
        by: { staffId: staff.id },
        reason: request.body.reason,
      });
      await ops.audit.record(app.deps.db, staff, {
        action: 'customer.close',
        subjectType: 'customer',
        subjectId: id,
        userId: id,
        reason: request.body.reason,
        details: closed,
        ip: request.ip,
      });
      return closed;
    },
  );
}
