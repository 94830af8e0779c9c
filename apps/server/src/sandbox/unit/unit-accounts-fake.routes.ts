import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { customerExists, type FakeAccount, nextId } from './unit-fake.repository';
import {
  document,
  getById,
  id,
  pageQuery,
  parseUnit,
  relationship,
  type UnitFake,
  unitError,
} from './unit-fake-api';
import { parseStatementId, statementId, statementPdf, statementPeriods } from './unit-statements';
import { transactionResources } from './unit-transactions';

/** The fake bank's routing number (a valid ABA checksum); counterparties' banks use another. */
export const SANDBOX_UNIT_ROUTING_NUMBER = '812345678';

const accountBody = z.object({
  data: z.object({
    type: z.literal('depositAccount'),
    attributes: z.object({
      depositProduct: z.string().min(1).max(100),
      idempotencyKey: z.string().max(255).optional(),
    }),
    relationships: z.object({ customer: relationship }),
  }),
});

const statementsQuery = pageQuery.extend({
  'filter[customerId]': id.optional(),
  'filter[period]': z.string().optional(),
  sort: z.enum(['period', '-period']).default('-period'),
});
const statementPdfQuery = z.object({
  'filter[customerId]': id.optional(),
  language: z.enum(['en', 'es']).default('en'),
});

export function accountResource(row: FakeAccount) {
  const balance = Number(row.balance);
  const hold = Number(row.hold);
  return {
    type: 'depositAccount',
    id: row.id,
    attributes: {
      name: 'Pago',
      depositProduct: 'checking',
      routingNumber: row.routing_number,
      accountNumber: row.account_number,
      maskedAccountNumber: `*****${row.account_number.slice(-4)}`,
      currency: 'USD',
      balance,
      hold,
      available: balance - hold,
      tags: {},
      status: row.status,
      createdAt: row.created_at.toISOString(),
    },
    relationships: { customer: { data: { type: 'customer', id: row.customer_id } } },
  };
}

/** Unit's deposit accounts: opening one, reading it, its transactions and its statements. */
export function unitAccountsFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  getById(
    fake,
    'accounts',
    'account',
    (key) =>
      db.selectFrom('sandbox_unit_accounts').selectAll().where('id', '=', key).executeTakeFirst(),
    accountResource,
  );

  app.post(`${base}/accounts`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(accountBody, request.body, reply);
    if (!body) return reply;
    const customerId = body.data.relationships.customer.data.id;
    const key = body.data.attributes.idempotencyKey ?? null;
    if (!(await customerExists(db, customerId)))
      return unitError(reply, 404, 'Not Found', `customer ${customerId} not found`);
    if (key) {
      const existing = await db
        .selectFrom('sandbox_unit_accounts')
        .selectAll()
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (existing) return document(reply, 201, accountResource(existing));
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await db
        .insertInto('sandbox_unit_accounts')
        .values({
          id: await nextId(db),
          customer_id: customerId,
          account_number: String(randomInt(10 ** 9, 10 ** 10)),
          routing_number: SANDBOX_UNIT_ROUTING_NUMBER,
          balance: 0,
          idempotency_key: key,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row) return document(reply, 201, accountResource(row));
      if (key) {
        const raced = await db
          .selectFrom('sandbox_unit_accounts')
          .selectAll()
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        if (raced) return document(reply, 201, accountResource(raced));
      }
    }
    return unitError(reply, 503, 'Service Unavailable');
  });

  app.get(`${base}/transactions`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(pageQuery, request.query, reply);
    if (!query) return reply;
    let select = db.selectFrom('sandbox_unit_transactions');
    const accountId = query['filter[accountId]'];
    if (accountId) select = select.where('account_id', '=', accountId);
    const [rows, total] = await Promise.all([
      select
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query['page[limit]'])
        .offset(query['page[offset]'])
        .execute(),
      select.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return document(reply, 200, await transactionResources(db, rows), {
      pagination: { total: total.n, limit: query['page[limit]'], offset: query['page[offset]'] },
    });
  });

  // Unit's "Get Transaction by Id", under its account.
  app.get(`${base}/accounts/:accountId/transactions/:transactionId`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { accountId, transactionId } = request.params as {
      accountId: string;
      transactionId: string;
    };
    const row =
      id.safeParse(accountId).success && id.safeParse(transactionId).success
        ? await db
            .selectFrom('sandbox_unit_transactions')
            .selectAll()
            .where('id', '=', transactionId)
            .where('account_id', '=', accountId)
            .executeTakeFirst()
        : undefined;
    if (!row) return unitError(reply, 404, 'Not Found', `transaction ${transactionId} not found`);
    const [resource] = await transactionResources(db, [row]);
    return document(reply, 200, resource);
  });

  // Statements: one per account and month, listed newest first, rendered as PDF (en or es).
  const findAccount = (accountId: string) =>
    db
      .selectFrom('sandbox_unit_accounts')
      .selectAll()
      .where('id', '=', accountId)
      .executeTakeFirst();
  app.get(`${base}/statements`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(statementsQuery, request.query, reply);
    if (!query) return reply;
    let select = db.selectFrom('sandbox_unit_accounts').selectAll();
    if (query['filter[accountId]']) select = select.where('id', '=', query['filter[accountId]']);
    if (query['filter[customerId]'])
      select = select.where('customer_id', '=', query['filter[customerId]']);
    const rows = await select.orderBy('id').limit(1000).execute();
    const statements = rows.flatMap((account) =>
      statementPeriods(account)
        .filter((period) => !query['filter[period]'] || period === query['filter[period]'])
        .map((period) => ({ account, period })),
    );
    if (query.sort === 'period') statements.reverse();
    return document(
      reply,
      200,
      statements
        .slice(query['page[offset]'], query['page[offset]'] + query['page[limit]'])
        .map(({ account, period }) => ({
          type: 'accountStatementDTO',
          id: statementId(account.id, period),
          attributes: { period },
          relationships: {
            account: { data: { type: 'account', id: account.id } },
            customer: { data: { type: 'customer', id: account.customer_id } },
          },
        })),
    );
  });
  app.get(`${base}/statements/:id/pdf`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(statementPdfQuery, request.query, reply);
    if (!query) return reply;
    const { id: givenId } = request.params as { id: string };
    const named = parseStatementId(givenId);
    const account = named ? await findAccount(named.accountId) : undefined;
    if (
      !named ||
      !account ||
      !statementPeriods(account).includes(named.period) ||
      (query['filter[customerId]'] && query['filter[customerId]'] !== account.customer_id)
    ) {
      return unitError(reply, 404, 'Not Found', `statement ${givenId} not found`);
    }
    const pdf = await statementPdf(db, account, named.period, query.language);
    return reply.code(200).type('application/pdf').send(Buffer.from(pdf));
  });
}
