import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import {
  book,
  type FakeAccount,
  type FakePayment,
  hashToken,
  lockAccounts,
  nextId,
  paymentEvent,
  setHold,
} from './unit-fake.repository';
import { parseStatementId, statementId, statementPdf, statementPeriods } from './unit-statements';
import { transactionResources } from './unit-transactions';

/** The fake bank's routing number (a valid ABA checksum); counterparties' banks use another. */
export const SANDBOX_UNIT_ROUTING_NUMBER = '812345678';
const COUNTERPARTY_ROUTING_NUMBER = '011401533';
/** Unit caps customer tokens at 24 hours. */
const MAX_TOKEN_SECONDS = 24 * 60 * 60;
const SCOPES = new Set([
  'customers',
  'customers-write',
  'accounts',
  'accounts-write',
  'transactions',
  'payments',
  'payments-write',
  'counterparties',
  'statements',
  'cards',
  'cards-write',
  'cards-sensitive',
  'cards-sensitive-write',
]);

export const id = z.string().regex(/^\d{1,18}$/);
const relationship = z.object({ data: z.object({ type: z.string(), id }) });
/**
 * Unit's `Address` (openapi-unit-sdk, schemas/types.json): street and city 1–255 characters,
 * street2 optional, postalCode ZIP or ZIP+4, nothing else; a US address needs Unit's `State`
 * (the states, DC and the territories and freely associated states it lists).
 */
const UNIT_STATE =
  /^((A[LKSZR])|(C[AOT])|(D[EC])|(F[ML])|(G[AU])|(HI)|(I[DLNA])|(K[SY])|(LA)|(M[EHDAINSOT])|(N[EVHJMYCD])|(MP)|(O[HKR])|(P[WAR])|(RI)|(S[CD])|(T[NX])|(UT)|(V[TIA])|(W[AVIY]))$/;
const address = z
  .strictObject({
    street: z.string().min(1).max(255).regex(/^.*$/),
    street2: z.string().regex(/^.*$/).nullish(),
    city: z.string().min(1).max(255).regex(/^.*$/),
    state: z.string().optional(),
    postalCode: z.string().regex(/^[0-9]{5}(?:-[0-9]{4})?$/),
    country: z.string().length(2).default('US'),
  })
  .refine((address) => address.country !== 'US' || UNIT_STATE.test(address.state ?? ''), {
    path: ['state'],
    error: 'must be a valid US state',
  });
const phone = z.object({ countryCode: z.string().max(4), number: z.string().max(20) });
const fullName = z.object({
  first: z.string().min(1).max(255),
  last: z.string().min(1).max(255),
});
const applicationExtras = {
  idempotencyKey: z.string().max(255).optional(),
  tags: z.record(z.string(), z.string()).optional(),
};
const individualApplication = z.object({
  type: z.literal('individualApplication'),
  attributes: z.object({
    fullName,
    dateOfBirth: z.iso.date(),
    email: z.string().min(3).max(254),
    phone,
    address,
    ...applicationExtras,
  }),
});
// Unit's business application: the company, its contact, officer and beneficial owners.
const person = z.object({
  fullName,
  email: z.string().min(3).max(254),
  phone,
  dateOfBirth: z.iso.date().optional(),
  address: address.optional(),
  ssn: z
    .string()
    .regex(/^\d{9}$/)
    .optional(),
});
const businessApplication = z.object({
  type: z.literal('businessApplication'),
  attributes: z.object({
    name: z.string().min(1).max(255),
    address,
    phone,
    stateOfIncorporation: z.string().length(2),
    ein: z.string().regex(/^\d{9}$/),
    entityType: z.enum([
      'Corporation',
      'LLC',
      'Partnership',
      'PubliclyTradedCorporation',
      'PrivatelyHeldCorporation',
      'NotForProfitOrganization',
    ]),
    contact: person.pick({ fullName: true, email: true, phone: true }),
    officer: person.extend({ title: z.string().max(50).optional() }),
    beneficialOwners: z.array(person).max(10),
    ...applicationExtras,
  }),
});
const applicationBody = z.object({
  data: z.discriminatedUnion('type', [individualApplication, businessApplication]),
});
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
const paymentAttributes = z.object({
  amount: z.number().int().min(1).max(100_000_000_00),
  description: z.string().min(1).max(80),
  idempotencyKey: z.string().max(255).optional(),
  tags: z.record(z.string(), z.string()).optional(),
});
const paymentBody = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('bookPayment'),
      attributes: paymentAttributes,
      relationships: z.object({ account: relationship, counterpartyAccount: relationship }),
    }),
    z.object({
      type: z.literal('achPayment'),
      attributes: paymentAttributes.extend({
        description: z.string().min(1).max(10),
        direction: z.enum(['Credit', 'Debit']),
        // Unit's Same Day ACH: sent and settled within the same business day.
        sameDay: z.boolean().optional(),
      }),
      relationships: z.object({ account: relationship, counterparty: relationship }),
    }),
  ]),
});
const counterpartyBody = z.object({
  data: z.object({
    type: z.literal('achCounterparty'),
    attributes: z.object({
      name: z.string().min(1).max(50),
      plaidProcessorToken: z.string().min(1).max(200),
      type: z.enum(['Business', 'Person', 'Unknown']),
      permissions: z.enum(['CreditOnly', 'DebitOnly', 'CreditAndDebit']).optional(),
      idempotencyKey: z.string().max(255).optional(),
    }),
    relationships: z.object({ customer: relationship }),
  }),
});
const tokenBody = z.object({
  data: z.object({
    type: z.literal('customerToken'),
    attributes: z.object({
      scope: z.string().min(1).max(500),
      expiresIn: z.number().int().min(1).max(MAX_TOKEN_SECONDS).optional(),
    }),
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
const pageQuery = z.object({
  'filter[accountId]': id.optional(),
  'page[limit]': z.coerce.number().int().min(1).max(1000).default(100),
  'page[offset]': z.coerce.number().int().min(0).max(1_000_000).default(0),
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

/** Unit's org token on a call, compared in constant time; answers Unit's 401 when wrong. */
export function orgTokenOk(token: string, request: FastifyRequest, reply: FastifyReply): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(String(request.headers.authorization ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    unitError(reply, 401, 'Unauthorized', 'The org token is missing or wrong');
    return false;
  }
  return true;
}

/** Parses a body or answers Unit's 400; undefined when refused. */
export function parseUnit<T>(
  schema: z.ZodType<T>,
  body: unknown,
  reply: FastifyReply,
): T | undefined {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  unitError(reply, 400, 'Bad Request', `${issue?.path.join('.')}: ${issue?.message}`);
  return undefined;
}

/** Unit's error document. */
export function unitError(reply: FastifyReply, status: number, title: string, detail?: string) {
  return reply
    .code(status)
    .type('application/vnd.api+json')
    .send({ errors: [{ status: String(status), title, ...(detail ? { detail } : {}) }] });
}
export const document = (reply: FastifyReply, status: number, data: unknown, meta?: unknown) =>
  reply
    .code(status)
    .type('application/vnd.api+json')
    .send({ data, ...(meta ? { meta } : {}) });

/** Age in whole years on `today` of someone born on `birth` (YYYY-MM-DD). */
function ageOn(birth: string, today: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) {
    age -= 1;
  }
  return age;
}

/**
 * The decision of the fake's application review (documented in README's sandbox table): a last
 * name "Denied" or an applicant under 18 is Denied; anyone else is Approved at once.
 */
function decide(application: z.infer<typeof applicationBody>['data']) {
  // A business whose name ends in "Denied" is Denied; any other business is Approved.
  if (application.type === 'businessApplication') {
    return /denied$/i.test(application.attributes.name.trim())
      ? { status: 'Denied', reason: 'Sandbox test data: business name ends in Denied' }
      : { status: 'Approved', reason: null };
  }
  const { attributes } = application;
  if (attributes.fullName.last.trim().toLowerCase() === 'denied') {
    return { status: 'Denied', reason: 'Sandbox test data: last name Denied' };
  }
  if (ageOn(attributes.dateOfBirth, new Date()) < 18) {
    return { status: 'Denied', reason: 'Applicant is under 18' };
  }
  return { status: 'Approved', reason: null };
}

function applicationResource(row: {
  id: string;
  type: string;
  status: string;
  customer_id: string | null;
  decision_reason: string | null;
  attributes: unknown;
  created_at: Date;
}) {
  return {
    type: row.type,
    id: row.id,
    attributes: {
      ...(row.attributes as object),
      status: row.status,
      ...(row.decision_reason ? { decisionReason: row.decision_reason } : {}),
      createdAt: row.created_at.toISOString(),
    },
    relationships: row.customer_id
      ? {
          customer: {
            data: {
              type: row.type === 'businessApplication' ? 'businessCustomer' : 'individualCustomer',
              id: row.customer_id,
            },
          },
        }
      : {},
  };
}

function accountResource(row: FakeAccount) {
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

export function paymentResource(row: FakePayment) {
  return {
    type: row.type,
    id: row.id,
    attributes: {
      amount: Number(row.amount),
      direction: row.direction,
      description: row.description,
      status: row.status,
      ...(row.reason ? { reason: row.reason } : {}),
      ...(row.type === 'achPayment' ? { sameDay: row.same_day } : {}),
      createdAt: row.created_at.toISOString(),
    },
    relationships: {
      account: { data: { type: 'depositAccount', id: row.account_id } },
      ...(row.counterparty_account_id
        ? {
            counterpartyAccount: {
              data: { type: 'depositAccount', id: row.counterparty_account_id },
            },
          }
        : {}),
      ...(row.counterparty_id
        ? { counterparty: { data: { type: 'counterparty', id: row.counterparty_id } } }
        : {}),
    },
  };
}

/**
 * A fake of Unit's API under /sandbox/unit (sandbox mode only): applications → customers,
 * deposit accounts, book and ACH payments, Plaid-token counterparties, customer tokens and
 * account transactions, in Unit's JSON:API shapes and error document, with its org token checked.
 * ACH payments move on a clock (`advanceUnitPayments`, run by the sandbox tick) and every change is
 * a signed webhook through the sandbox outbox.
 */
export async function unitFakeRoutes(app: AppInstance): Promise<void> {
  // Its own pool: the requests that call the fake hold connections of the app's.
  const db = app.deps.sandboxDb ?? app.deps.db;
  const settings = app.deps.config.unit;
  if (!settings) return;
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, parseJson);

  const authorized = (request: FastifyRequest, reply: FastifyReply) =>
    orgTokenOk(settings.token, request, reply);
  const parse = parseUnit;
  const base = '/sandbox/unit';

  /** Unit's GET of one object by id: 404 in Unit's shape for an unknown or malformed id. */
  function getById<T>(
    path: string,
    noun: string,
    find: (objectId: string) => Promise<T | undefined>,
    resource: (row: T) => unknown,
  ) {
    app.get(`${base}/${path}/:id`, async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const { id: objectId } = request.params as { id: string };
      const row = id.safeParse(objectId).success ? await find(objectId) : undefined;
      if (!row) return unitError(reply, 404, 'Not Found', `${noun} ${objectId} not found`);
      return document(reply, 200, resource(row));
    });
  }
  getById(
    'applications',
    'application',
    (key) =>
      db
        .selectFrom('sandbox_unit_applications')
        .selectAll()
        .where('id', '=', key)
        .executeTakeFirst(),
    applicationResource,
  );
  getById(
    'accounts',
    'account',
    (key) =>
      db.selectFrom('sandbox_unit_accounts').selectAll().where('id', '=', key).executeTakeFirst(),
    accountResource,
  );
  getById(
    'payments',
    'payment',
    (key) =>
      db.selectFrom('sandbox_unit_payments').selectAll().where('id', '=', key).executeTakeFirst(),
    paymentResource,
  );
  /** Whether Unit has this customer (an approved application made it). */
  const customerExists = async (customerId: string) =>
    (await db
      .selectFrom('sandbox_unit_applications')
      .select('customer_id')
      .where('customer_id', '=', customerId)
      .executeTakeFirst()) !== undefined;

  app.post(`${base}/applications`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parse(applicationBody, request.body, reply);
    if (!body) return reply;
    const { attributes } = body.data;
    const key = attributes.idempotencyKey ?? null;
    const row = await db.transaction().execute(async (tx) => {
      if (key) {
        const existing = await tx
          .selectFrom('sandbox_unit_applications')
          .selectAll()
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        if (existing) return existing;
      }
      const decision = decide(body.data);
      return tx
        .insertInto('sandbox_unit_applications')
        .values({
          id: await nextId(tx),
          type: body.data.type,
          customer_id: decision.status === 'Approved' ? await nextId(tx) : null,
          status: decision.status,
          decision_reason: decision.reason,
          attributes: JSON.stringify(attributes),
          idempotency_key: key,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
    });
    if (!row) return unitError(reply, 409, 'Conflict', 'Idempotency key in use');
    return document(reply, 201, applicationResource(row));
  });

  app.post(`${base}/accounts`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parse(accountBody, request.body, reply);
    if (!body) return reply;
    const customerId = body.data.relationships.customer.data.id;
    const key = body.data.attributes.idempotencyKey ?? null;
    if (!(await customerExists(customerId)))
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

  app.post(`${base}/payments`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parse(paymentBody, request.body, reply);
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
    const query = parse(pageQuery, request.query, reply);
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
    const body = parse(counterpartyBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    // Plaid's processor tokens for Unit look like processor-sandbox-… in Plaid's sandbox.
    if (
      !/^processor-(sandbox|development|production)-[A-Za-z0-9-]+$/.test(
        attributes.plaidProcessorToken,
      )
    ) {
      return unitError(
        reply,
        400,
        'Bad Request',
        'plaidProcessorToken is not a valid Plaid processor token',
      );
    }
    const customerId = relationships.customer.data.id;
    if (!(await customerExists(customerId)))
      return unitError(reply, 404, 'Not Found', `customer ${customerId} not found`);
    const row = await db
      .insertInto('sandbox_unit_counterparties')
      .values({
        id: await nextId(db),
        customer_id: customerId,
        name: attributes.name,
        routing_number: COUNTERPARTY_ROUTING_NUMBER,
        // The account Plaid would report for this token: its last digits stand for it here.
        account_number: `1111${attributes.plaidProcessorToken.replace(/\D/g, '').padStart(6, '0').slice(-6)}`,
        account_type: 'Checking',
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

  app.post(`${base}/customers/:id/token`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parse(tokenBody, request.body, reply);
    if (!body) return reply;
    const { id: customerId } = request.params as { id: string };
    const scopes = body.data.attributes.scope.split(' ');
    if (scopes.some((scope) => !SCOPES.has(scope))) {
      return unitError(reply, 400, 'Bad Request', 'scope has an unknown scope');
    }
    if (!id.safeParse(customerId).success || !(await customerExists(customerId)))
      return unitError(reply, 404, 'Not Found', `customer ${customerId} not found`);
    const expiresIn = body.data.attributes.expiresIn ?? MAX_TOKEN_SECONDS;
    const token = `v2.public.${randomBytes(32).toString('base64url')}`;
    await db
      .insertInto('sandbox_unit_tokens')
      .values({
        token_hash: hashToken(token),
        customer_id: customerId,
        scope: scopes.join(' '),
        expires_at: new Date(Date.now() + expiresIn * 1000),
      })
      .execute();
    return document(reply, 201, { type: 'customerBearerToken', attributes: { token, expiresIn } });
  });

  app.get(`${base}/transactions`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parse(pageQuery, request.query, reply);
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
    const query = parse(statementsQuery, request.query, reply);
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
    const query = parse(statementPdfQuery, request.query, reply);
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

  // Sandbox-only, as Unit's: an incoming ACH credit from outside (funds a test account).
  app.post(`${base}/sandbox/payments`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parse(simulatedAchBody, request.body, reply);
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

type PaymentRequest = z.infer<typeof paymentBody>['data'];
/** The fake's ACH clock: each step's delay, standard and Same Day ACH (`sameDay`). */
export type AchClock = { standardMs: number; sameDayMs: number };

/**
 * A new payment, as Unit decides it: a book payment is Sent at once, or Rejected when the account
 * lacks the money; an amount ending in .02 is held for review (PendingReview) and Rejected by the
 * next clock step. An ACH payment is Pending (money out is held) until the clock sends it.
 */
async function createPayment(
  tx: Database,
  data: PaymentRequest,
  clock: AchClock,
): Promise<{ payment: FakePayment } | { error: number; title: string; detail: string }> {
  const key = data.attributes.idempotencyKey ?? null;
  if (key) {
    const existing = await tx
      .selectFrom('sandbox_unit_payments')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (existing) return { payment: existing };
  }
  const accountId = data.relationships.account.data.id;
  const counterpartyAccountId =
    data.type === 'bookPayment' ? data.relationships.counterpartyAccount.data.id : null;
  const accounts = await lockAccounts(tx, [
    accountId,
    ...(counterpartyAccountId ? [counterpartyAccountId] : []),
  ]);
  const account = accounts.get(accountId);
  if (!account) return { error: 404, title: 'Not Found', detail: `account ${accountId} not found` };
  const amount = data.attributes.amount;
  const available = Number(account.balance) - Number(account.hold);
  let status: string;
  let reason: string | null = null;
  let dueAt: Date | null = null;
  let counterpartyId: string | null = null;
  const sameDay = data.type === 'achPayment' && data.attributes.sameDay === true;
  const settleMs = sameDay ? clock.sameDayMs : clock.standardMs;
  if (data.type === 'bookPayment') {
    const counterparty = counterpartyAccountId ? accounts.get(counterpartyAccountId) : undefined;
    if (!counterparty || counterpartyAccountId === accountId) {
      return {
        error: 400,
        title: 'Bad Request',
        detail: 'counterpartyAccount is not another account',
      };
    }
    if (amount > available) {
      status = 'Rejected';
      reason = 'InsufficientFunds';
    } else if (amount % 100 === 2) {
      status = 'PendingReview';
      dueAt = new Date(Date.now() + settleMs);
    } else {
      status = 'Sent';
    }
  } else {
    counterpartyId = data.relationships.counterparty.data.id;
    const counterparty = await tx
      .selectFrom('sandbox_unit_counterparties')
      .select('id')
      .where('id', '=', counterpartyId)
      .where('customer_id', '=', account.customer_id)
      .executeTakeFirst();
    if (!counterparty) {
      return { error: 404, title: 'Not Found', detail: `counterparty ${counterpartyId} not found` };
    }
    if (data.attributes.direction === 'Credit' && amount > available) {
      status = 'Rejected';
      reason = 'InsufficientFunds';
    } else {
      status = 'Pending';
      dueAt = new Date(Date.now() + settleMs);
    }
  }
  const payment = await tx
    .insertInto('sandbox_unit_payments')
    .values({
      id: await nextId(tx),
      type: data.type,
      account_id: accountId,
      counterparty_account_id: counterpartyAccountId,
      counterparty_id: counterpartyId,
      amount,
      direction: data.type === 'achPayment' ? data.attributes.direction : 'Credit',
      description: data.attributes.description,
      status,
      reason,
      idempotency_key: key,
      due_at: dueAt,
      same_day: sameDay,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const movesOut = data.type === 'bookPayment' || data.attributes.direction === 'Credit';
  if (status === 'Sent' && counterpartyAccountId) {
    await moveBook(tx, payment, account, accounts.get(counterpartyAccountId) as FakeAccount);
  } else if ((status === 'Pending' || status === 'PendingReview') && movesOut) {
    await setHold(tx, account, amount);
  }
  return { payment };
}

async function moveBook(tx: Database, payment: FakePayment, from: FakeAccount, to: FakeAccount) {
  const amount = Number(payment.amount);
  await book(tx, from, {
    type: 'bookTransaction',
    paymentId: payment.id,
    amount: -amount,
    summary: payment.description,
  });
  await book(tx, to, {
    type: 'bookTransaction',
    paymentId: payment.id,
    amount,
    summary: payment.description,
  });
}

async function transition(
  tx: Database,
  payment: FakePayment,
  status: string,
  due: Date | null,
  reason: string | null = null,
) {
  await tx
    .updateTable('sandbox_unit_payments')
    .set({ status, due_at: due, reason, updated_at: new Date() })
    .where('id', '=', payment.id)
    .execute();
  const previous = payment.status;
  payment.status = status;
  payment.reason = reason;
  await paymentEvent(tx, payment, `payment.${status.toLowerCase()}`, previous);
}

/**
 * The fake's clock for payments, run by the sandbox tick: an ACH payment is Sent when due (the
 * money moves), then Settled after as long again — or Returned R01 (insufficient funds) when its
 * amount ends in .01, its money moving back; an ACH debit ending in .03 settles and is then
 * Returned R10 after as long again (a late return). A book payment under review is Rejected. Each step
 * is a signed webhook. Rows are locked, so two servers never step one payment twice.
 */
export async function advanceUnitPayments(db: Database, clock: AchClock): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('sandbox_unit_payments')
      .selectAll()
      .where('due_at', '<=', new Date())
      .where('status', 'in', ['Pending', 'PendingReview', 'Sent', 'Settled'])
      .orderBy('id')
      .limit(50)
      .forUpdate()
      .skipLocked()
      .execute();
    // Every account the batch moves, locked at once in id order (as a book payment locks its two):
    // one by one in payment order, a step could hold one account while a payment held the other.
    const accounts = await lockAccounts(
      tx,
      due.map((payment) => payment.account_id),
    );
    for (const payment of due) {
      const amount = Number(payment.amount);
      const settleMs = payment.same_day ? clock.sameDayMs : clock.standardMs;
      const account = accounts.get(payment.account_id) as FakeAccount;
      // Credit: money leaves the account for the counterparty; Debit: it is pulled in.
      const sign = payment.direction === 'Credit' ? -1 : 1;
      if (payment.status === 'PendingReview') {
        await setHold(tx, account, -amount);
        await transition(
          tx,
          payment,
          'Rejected',
          null,
          'Sandbox review: amounts ending in .02 are rejected',
        );
      } else if (payment.status === 'Pending') {
        if (sign < 0) await setHold(tx, account, -amount);
        await book(tx, account, {
          type: 'originatedAchTransaction',
          paymentId: payment.id,
          amount: sign * amount,
          summary: payment.description,
        });
        await transition(tx, payment, 'Sent', new Date(Date.now() + settleMs));
      } else if (payment.status === 'Settled' || amount % 100 === 1) {
        // R01 (insufficient funds) instead of settling for .01; R10 (unauthorized) after it
        // settled for the late-return amount (.03), as a real bank may do for weeks.
        const code = payment.status === 'Settled' ? 'R10' : 'R01';
        await book(tx, account, {
          type: 'returnedAchTransaction',
          paymentId: payment.id,
          amount: -sign * amount,
          summary: `Return ${code}: ${payment.description}`,
        });
        await transition(tx, payment, 'Returned', null, code);
      } else {
        const lateReturn = amount % 100 === 3 && payment.direction === 'Debit';
        await transition(
          tx,
          payment,
          'Settled',
          lateReturn ? new Date(Date.now() + settleMs) : null,
        );
      }
    }
    return due.length;
  });
}
