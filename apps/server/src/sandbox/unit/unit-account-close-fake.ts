import { z } from 'zod';
import { accountResource } from './unit-accounts-fake.routes';
import { document, id, parseUnit, type UnitFake, unitError } from './unit-fake-api';

// account/closeAccount.json CloseAccountRequest: the type, a reason (ByCustomer by default).
const closeBody = z.object({
  data: z.object({
    type: z.literal('depositAccountClose'),
    attributes: z
      .object({
        reason: z.enum(['ByCustomer', 'Fraud']).default('ByCustomer'),
        fraudReason: z.string().nullable().optional(),
        bankReason: z.string().nullable().optional(),
      })
      .default({ reason: 'ByCustomer' }),
  }),
});

/**
 * Unit's "Close an Account by Id" (`POST /accounts/{accountId}/close`): the account's status
 * becomes Closed and the account is answered (200); closing a closed account answers it again.
 */
export function unitAccountCloseFakeRoute(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  app.post(`${base}/accounts/:accountId/close`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { accountId } = request.params as { accountId: string };
    const body = parseUnit(closeBody, request.body, reply);
    if (!body) return reply;
    const row = id.safeParse(accountId).success
      ? await db
          .updateTable('sandbox_unit_accounts')
          .set({ status: 'Closed' })
          .where('id', '=', accountId)
          .returningAll()
          .executeTakeFirst()
      : undefined;
    if (!row) return unitError(reply, 404, 'Not Found', `account ${accountId} not found`);
    return document(reply, 200, accountResource(row));
  });
}
