import { z } from 'zod';
import { book, customerExists, lockAccounts, nextId } from './unit-fake.repository';
import {
  document,
  getById,
  pageQuery,
  parseUnit,
  relationship,
  type UnitFake,
  unitError,
} from './unit-fake-api';
import { createPayment, paymentBody, paymentResource } from './unit-fake-payments';

/** The routing number of a counterparty's bank (the fake bank's own is another). */
const COUNTERPARTY_ROUTING_NUMBER = '011401533';

const counterpartyBody = z.object({
  data: z.object({
    type: z.literal('achCounterparty'),
    // counterparty/createCounterparty.json: from a Plaid processor token, or from the bank's
    // routing and account numbers.
    attributes: z.object({
      name: z.string().min(1).max(50),
      plaidProcessorToken: z.string().min(1).max(200).optional(),
      routingNumber: z
        .string()
        .regex(/^\d{9}$/)
        .optional(),
      accountNumber: z
        .string()
        .regex(/^\d{1,17}$/)
        .optional(),
      accountType: z.enum(['Checking', 'Savings', 'Loan']).optional(),
      type: z.enum(['Business', 'Person', 'Unknown']),
      permissions: z.enum(['CreditOnly', 'DebitOnly', 'CreditAndDebit']).optional(),
      idempotencyKey: z.string().max(255).optional(),
    }),
    relationships: z.object({ customer: relationship }),
  }),
});
// Unit's sandbox-only "simulate incoming ACH payment": money arrives from outside.
const simulatedAchBody = z.object({
  data: z.object({
    type: z.literal('achPayment'),
    attributes: z.object({
      amount: z.number().int().min(1).max(100_000_000_00),
      direction: z.literal('Credit'),
      description: z.string().min(1).max(50),
    }),
    relationships: z.object({ account: relationship }),
  }),
});

/** Unit's payments: book and ACH payments, Plaid-token counterparties, sandbox money in. */
export function unitPaymentsFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  getById(
    fake,
    'payments',
    'payment',
    (key) =>
      db.selectFrom('sandbox_unit_payments').selectAll().where('id', '=', key).executeTakeFirst(),
    paymentResource,
  );

  app.post(`${base}/payments`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(paymentBody, request.body, reply);
    if (!body) return reply;
    const outcome = await db.transaction().execute((tx) =>
      createPayment(tx, body.data, {
        standardMs: app.deps.config.sandboxAchSettleMs,
        sameDayMs: app.deps.config.sandboxSameDayAchSettleMs,
      }),
    );
    if ('error' in outcome) return unitError(reply, outcome.error, outcome.title, outcome.detail);
    return document(reply, 201, paymentResource(outcome.payment));
  });

  app.get(`${base}/payments`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(pageQuery, request.query, reply);
    if (!query) return reply;
    let select = db.selectFrom('sandbox_unit_payments').selectAll();
    const accountId = query['filter[accountId]'];
    if (accountId) {
      select = select.where((eb) =>
        eb.or([eb('account_id', '=', accountId), eb('counterparty_account_id', '=', accountId)]),
      );
    }
    const rows = await select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query['page[limit]'])
      .offset(query['page[offset]'])
      .execute();
    return document(reply, 200, rows.map(paymentResource));
  });

  app.post(`${base}/counterparties`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(counterpartyBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    const token = attributes.plaidProcessorToken;
    const numbers =
      attributes.routingNumber && attributes.accountNumber && attributes.accountType
        ? {
            routing: attributes.routingNumber,
            account: attributes.accountNumber,
            type: attributes.accountType,
          }
        : null;
    if (!token && !numbers) {
      return unitError(
        reply,
        400,
        'Bad Request',
        'either plaidProcessorToken or routingNumber, accountNumber and accountType are required',
      );
    }
    // Plaid's processor tokens for Unit look like processor-sandbox-… in Plaid's sandbox.
    if (token && !/^processor-(sandbox|development|production)-[A-Za-z0-9-]+$/.test(token)) {
      return unitError(
        reply,
        400,
        'Bad Request',
        'plaidProcessorToken is not a valid Plaid processor token',
      );
    }
    const customerId = relationships.customer.data.id;
    if (!(await customerExists(db, customerId)))
      return unitError(reply, 404, 'Not Found', `customer ${customerId} not found`);
    const row = await db
      .insertInto('sandbox_unit_counterparties')
      .values({
        id: await nextId(db),
        customer_id: customerId,
        name: attributes.name,
        routing_number: numbers?.routing ?? COUNTERPARTY_ROUTING_NUMBER,
        // The account Plaid would report for this token: its last digits stand for it here.
        account_number:
          numbers?.account ?? `1111${(token ?? '').replace(/\D/g, '').padStart(6, '0').slice(-6)}`,
        account_type: numbers?.type ?? 'Checking',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return document(reply, 201, {
      type: 'achCounterparty',
      id: row.id,
      attributes: {
        name: row.name,
        routingNumber: row.routing_number,
        accountNumber: row.account_number,
        accountType: row.account_type,
        type: attributes.type,
        permissions: attributes.permissions ?? 'CreditAndDebit',
        createdAt: row.created_at.toISOString(),
      },
      relationships: { customer: { data: { type: 'customer', id: customerId } } },
    });
  });

  // Sandbox-only, as Unit's: an incoming ACH credit from outside (funds a test account).
  app.post(`${base}/sandbox/payments`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(simulatedAchBody, request.body, reply);
    if (!body) return reply;
    const accountId = body.data.relationships.account.data.id;
    const payment = await db.transaction().execute(async (tx) => {
      const account = (await lockAccounts(tx, [accountId])).get(accountId);
      if (!account) return null;
      const row = await tx
        .insertInto('sandbox_unit_payments')
        .values({
          id: await nextId(tx),
          type: 'achPayment',
          account_id: accountId,
          amount: body.data.attributes.amount,
          direction: 'Credit',
          description: body.data.attributes.description,
          // Received money is final at once here (Unit's received ACH has no clock of its own).
          status: 'Settled',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await book(tx, account, {
        type: 'receivedAchTransaction',
        paymentId: row.id,
        amount: row.amount,
        summary: row.description,
      });
      return row;
    });
    if (!payment) return unitError(reply, 404, 'Not Found', `account ${accountId} not found`);
    return document(reply, 201, paymentResource(payment));
  });
}
