import { listTransactionsQuery, quoteBody, sendMoneyBody } from '@pago/shared/contracts/money';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';

const idParams = z.strictObject({ id: z.string().max(64) });
const exportQuery = z.strictObject({ from: z.iso.date(), to: z.iso.date() });

export async function transfersRoutes(app: AppInstance): Promise<void> {
  const { transfers, accounts } = app.services;
  const signedIn = requireUser(accounts);

  app.post(
    '/api/transactions/quote',
    { preHandler: [signedIn, requireVerifiedIdentity()] },
    async (request) => transfers.quote(currentUser(request).userId, quoteBody.parse(request.body)),
  );

  moneyPost(app, '/api/transactions/send', sendMoneyBody, async ({ userId, body, tx }) => ({
    statusCode: 201,
    body: await transfers.send(tx, userId, body),
  }));

  app.get('/api/transactions', { preHandler: signedIn }, async (request) =>
    transfers.list(currentUser(request).userId, listTransactionsQuery.parse(request.query)),
  );

  app.get('/api/transactions/export.csv', { preHandler: signedIn }, async (request, reply) => {
    const { from, to } = exportQuery.parse(request.query);
    const csv = await transfers.exportCsv(currentUser(request).userId, from, to);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="pago-${from}-${to}.csv"`)
      .send(csv);
  });

  app.get('/api/transactions/:id', { preHandler: signedIn }, async (request) =>
    transfers.receipt(currentUser(request).userId, idParams.parse(request.params).id),
  );
}
