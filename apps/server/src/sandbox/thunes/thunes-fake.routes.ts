import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { sandboxRate } from '../fx/sandbox-fx';
import {
  CANCELLABLE,
  fakeBalance,
  getQuotationRow,
  moveTransaction,
  quotationResource,
  scenarioOf,
  transactionResource,
} from './thunes-fake';
import { FAKE_COUNTRIES, FAKE_PAYERS, findPayer, THUNES_SERVICES } from './thunes-fake-payers';

const BASE = '/sandbox/thunes/v2/money-transfer';

/** The reference's error body: `{ errors: [{ code, message }] }`, the code seven digits. */
function thunesError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ errors: [{ code, message }] });
}
const notFound = (reply: FastifyReply) => thunesError(reply, 404, '1000404', 'Resource not found');
const invalid = (reply: FastifyReply, what: string) =>
  thunesError(reply, 400, '1000999', `Invalid parameter: ${what}`);

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
  country_iso_code: z.string().optional(),
  service_id: z.coerce.number().int().optional(),
  currency: z.string().optional(),
});

/** Pagination: one page of `items` and the X-Total… headers. */
function paged<T>(request: FastifyRequest, reply: FastifyReply, items: readonly T[]) {
  const query = pageQuery.safeParse(request.query);
  if (!query.success) return invalid(reply, 'page');
  const { page, per_page } = query.data;
  reply.header('X-Total', String(items.length));
  reply.header('X-Total-Pages', String(Math.max(1, Math.ceil(items.length / per_page))));
  reply.header('X-Per-Page', String(per_page));
  reply.header('X-Page', String(page));
  return reply.send(items.slice((page - 1) * per_page, page * per_page));
}

const decimal = z.union([z.number(), z.string()]).transform(String);
const quotationBody = z.object({
  external_id: z.string().min(1).max(64),
  payer_id: z.coerce.number().int(),
  mode: z.enum(['SOURCE_AMOUNT', 'DESTINATION_AMOUNT']),
  transaction_type: z.string(),
  source: z.object({
    amount: decimal.nullable().optional(),
    currency: z.string(),
    country_iso_code: z.string(),
  }),
  destination: z.object({ amount: decimal.nullable().optional(), currency: z.string() }),
});
const fields = z.record(z.string(), z.unknown());
const transactionBody = z.object({
  external_id: z.string().min(1).max(64),
  credit_party_identifier: z.record(z.string(), z.string()),
  sender: fields,
  beneficiary: fields,
  purpose_of_remittance: z.string(),
  callback_url: z.url({ protocol: /^https?$/ }).optional(),
});

/** `{id}` or `ext-{external_id}`, as the reference's paths take either. */
function byId(
  id: string,
): { column: 'id'; value: number } | { column: 'external_id'; value: string } | null {
  if (id.startsWith('ext-')) return { column: 'external_id', value: id.slice(4) };
  return /^\d{1,15}$/.test(id) ? { column: 'id', value: Number(id) } : null;
}

/** Whether one of the alternatives is wholly present in `given`. */
function satisfies(alternatives: string[][], given: Record<string, unknown>): boolean {
  const present = (name: string) => {
    const value = given[name];
    return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
  };
  return alternatives.some((names) => names.every(present));
}

/**
 * A fake of the Thunes Money Transfer API v2 under /sandbox/thunes (sandbox mode only): discovery
 * (countries, services, payers), quotations, transactions (create, confirm, cancel, get by id and
 * by external id) and balances, with HTTP Basic checked, the reference's statuses and error body.
 * Transactions move on by themselves (`advanceThunesTransactions`, run by the sandbox tick) and
 * each move is POSTed to the transaction's callback_url through the sandbox outbox.
 */
export async function thunesFakeRoutes(app: AppInstance): Promise<void> {
  const db = app.deps.sandboxDb ?? app.deps.db;
  const settings = app.deps.config.thunes;
  const timings = app.deps.config.sandboxThunes;
  if (!settings) return;
  const expected = Buffer.from(
    `Basic ${Buffer.from(`${settings.apiKey}:${settings.apiSecret}`).toString('base64')}`,
  );

  app.addHook('onRequest', async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return thunesError(reply, 401, '1000401', 'Unauthorized');
    }
  });
  // Malformed bodies and the like answer in Thunes' shape too.
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return invalid(reply, 'request');
    return thunesError(reply, 500, '1009001', 'Unexpected error, contact support');
  });

  app.get('/sandbox/thunes/ping', async () => ({ status: 'up' }));

  app.get(`${BASE}/countries`, async (request, reply) => paged(request, reply, FAKE_COUNTRIES));

  app.get(`${BASE}/services`, async (request, reply) => {
    const country = (request.query as { country_iso_code?: string }).country_iso_code;
    const offered = THUNES_SERVICES.filter(
      (s) =>
        !country ||
        FAKE_PAYERS.some((p) => p.service.id === s.id && p.country_iso_code === country),
    );
    return paged(request, reply, offered);
  });

  app.get(`${BASE}/payers`, async (request, reply) => {
    const query = pageQuery.safeParse(request.query);
    if (!query.success) return invalid(reply, 'filter');
    const { country_iso_code, service_id, currency } = query.data;
    const payers = FAKE_PAYERS.filter(
      (p) =>
        (!country_iso_code || p.country_iso_code === country_iso_code) &&
        (!service_id || p.service.id === service_id) &&
        (!currency || p.currency === currency),
    );
    return paged(request, reply, payers);
  });

  app.get(`${BASE}/payers/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const payer = /^\d{1,9}$/.test(id) ? findPayer(Number(id)) : undefined;
    return payer ? reply.send(payer) : notFound(reply);
  });

  app.post(`${BASE}/quotations`, async (request, reply) => {
    const parsed = quotationBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues[0]?.path.join('.') ?? 'body');
    const body = parsed.data;
    const payer = findPayer(body.payer_id);
    if (!payer) return thunesError(reply, 400, '1003002', 'Invalid payer');
    // Own keys only: a transaction_type of "__proto__" is not a type the payer offers.
    if (!Object.hasOwn(payer.transaction_types, body.transaction_type)) {
      return invalid(reply, 'transaction_type');
    }
    const terms = payer.transaction_types.C2C;
    if (body.source.country_iso_code !== 'USA') {
      return thunesError(reply, 400, '1000998', 'Source country not authorized');
    }
    if (body.source.currency !== 'USD') return invalid(reply, 'source.currency');
    if (body.destination.currency !== payer.currency) {
      return thunesError(reply, 400, '1003010', 'Destination currency not provided by the payer');
    }
    const given = body.mode === 'SOURCE_AMOUNT' ? body.source.amount : body.destination.amount;
    if (!given || !/^\d{1,9}(\.\d{1,2})?$/.test(given) || Number(given) <= 0) {
      return invalid(reply, body.mode === 'SOURCE_AMOUNT' ? 'source.amount' : 'destination.amount');
    }
    // The reference rate, or the one moved through POST /sandbox/fx/rates.
    const rate = await sandboxRate(db, payer.currency);
    // Exact decimals: PostgreSQL's numeric does the rate arithmetic, rounded to the payer's precision.
    const { rows } = await sql<{
      source: string;
      destination: string;
      below: boolean;
      above: boolean;
    }>`
      with a as (
        select
          case when ${body.mode} = 'SOURCE_AMOUNT' then ${given}::numeric
               else ceil(${given}::numeric / ${rate}::numeric * 100) / 100 end as source,
          case when ${body.mode} = 'SOURCE_AMOUNT'
               then round(${given}::numeric * ${rate}::numeric, ${payer.precision}::int)
               else ${given}::numeric end as destination)
      select source::text, destination::text,
        destination < ${terms.minimum_transaction_amount}::numeric as below,
        destination > ${terms.maximum_transaction_amount}::numeric as above
      from a`.execute(db);
    const amounts = rows[0];
    if (!amounts) return invalid(reply, 'amount');
    if (amounts.below) return thunesError(reply, 400, '1003011', 'Amount below payer minimum');
    if (amounts.above) return thunesError(reply, 400, '1003012', 'Amount above payer maximum');
    const row = await db
      .insertInto('sandbox_thunes_quotations')
      .values({
        external_id: body.external_id,
        payer_id: payer.id,
        mode: body.mode,
        transaction_type: body.transaction_type,
        source_amount: amounts.source,
        source_currency: 'USD',
        source_country: 'USA',
        destination_amount: amounts.destination,
        destination_currency: payer.currency,
        fee: '0',
        wholesale_fx_rate: rate,
        expires_at: sql<Date>`now() + make_interval(secs => ${timings.quotationMs / 1000})`,
      })
      .onConflict((c) => c.column('external_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return thunesError(reply, 400, '1007001', 'External ID already used');
    return reply.code(201).send(quotationResource(row));
  });

  async function findQuotation(id: string) {
    const key = byId(id);
    if (!key) return undefined;
    return key.column === 'id'
      ? getQuotationRow(db, key.value)
      : db
          .selectFrom('sandbox_thunes_quotations')
          .selectAll()
          .where('external_id', '=', key.value)
          .executeTakeFirst();
  }

  async function findTransaction(id: string) {
    const key = byId(id);
    if (!key) return undefined;
    const query = db.selectFrom('sandbox_thunes_transactions').selectAll();
    return key.column === 'id'
      ? query.where('id', '=', key.value).executeTakeFirst()
      : query.where('external_id', '=', key.value).executeTakeFirst();
  }

  app.get(`${BASE}/quotations/:id`, async (request, reply) => {
    const quotation = await findQuotation((request.params as { id: string }).id);
    if (!quotation) return thunesError(reply, 404, '1008002', 'Quotation not found');
    return reply.send(quotationResource(quotation));
  });

  app.post(`${BASE}/quotations/:id/transactions`, async (request, reply) => {
    const quotation = await findQuotation((request.params as { id: string }).id);
    if (!quotation) return thunesError(reply, 404, '1008002', 'Quotation not found');
    if (quotation.expires_at.getTime() <= Date.now()) {
      return thunesError(reply, 400, '1008003', 'Quotation expired');
    }
    const parsed = transactionBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues[0]?.path.join('.') ?? 'body');
    const body = parsed.data;
    const terms = findPayer(quotation.payer_id)?.transaction_types.C2C;
    if (!terms) return thunesError(reply, 400, '1003002', 'Invalid payer');
    if (!satisfies(terms.credit_party_identifiers_accepted, body.credit_party_identifier)) {
      return invalid(reply, 'credit_party_identifier');
    }
    if (!satisfies(terms.required_sending_entity_fields, body.sender))
      return invalid(reply, 'sender');
    if (!satisfies(terms.required_receiving_entity_fields, body.beneficiary)) {
      return invalid(reply, 'beneficiary');
    }
    if (!terms.purpose_of_remittance_values_accepted.includes(body.purpose_of_remittance)) {
      return invalid(reply, 'purpose_of_remittance');
    }
    const number = String(body.beneficiary.msisdn ?? body.credit_party_identifier.msisdn ?? '');
    const row = await db
      .insertInto('sandbox_thunes_transactions')
      .values({
        external_id: body.external_id,
        quotation_id: quotation.id,
        status: '10000',
        scenario: scenarioOf(number),
        credit_party: JSON.stringify(body.credit_party_identifier) as never,
        sender: JSON.stringify(body.sender) as never,
        beneficiary: JSON.stringify(body.beneficiary) as never,
        purpose_of_remittance: body.purpose_of_remittance,
        callback_url: body.callback_url ?? null,
      })
      .onConflict((c) => c.column('external_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return thunesError(reply, 400, '1007001', 'External ID already used');
    return reply.code(201).send(transactionResource(row, quotation));
  });

  app.get(`${BASE}/transactions/:id`, async (request, reply) => {
    const row = await findTransaction((request.params as { id: string }).id);
    const quotation = row && (await getQuotationRow(db, row.quotation_id));
    if (!row || !quotation) return thunesError(reply, 404, '1008004', 'Transaction not found');
    return reply.send(transactionResource(row, quotation));
  });

  app.post(`${BASE}/transactions/:id/confirm`, async (request, reply) => {
    const row = await findTransaction((request.params as { id: string }).id);
    const quotation = row && (await getQuotationRow(db, row.quotation_id));
    if (!row || !quotation) return thunesError(reply, 404, '1008004', 'Transaction not found');
    if (row.status === '40000') {
      return thunesError(reply, 400, '1007003', 'Transaction can not be confirmed');
    }
    if (row.status !== '10000') {
      return thunesError(reply, 400, '1007002', 'Transaction already confirmed');
    }
    if (quotation.expires_at.getTime() <= Date.now()) {
      return thunesError(
        reply,
        400,
        '1007004',
        'Transaction can not be confirmed: quotation expired',
      );
    }
    const moved = await moveTransaction(db, row, '20000', timings);
    if (!moved) return thunesError(reply, 400, '1007002', 'Transaction already confirmed');
    return reply.send(transactionResource(moved, quotation));
  });

  app.post(`${BASE}/transactions/:id/cancel`, async (request, reply) => {
    const row = await findTransaction((request.params as { id: string }).id);
    const quotation = row && (await getQuotationRow(db, row.quotation_id));
    if (!row || !quotation) return thunesError(reply, 404, '1008004', 'Transaction not found');
    const moved = CANCELLABLE.includes(row.status)
      ? await moveTransaction(db, row, '40000', timings)
      : undefined;
    if (!moved) return thunesError(reply, 400, '1007014', 'Transaction can not be cancelled');
    return reply.send(transactionResource(moved, quotation));
  });

  app.get(`${BASE}/balances`, async (request, reply) =>
    paged(request, reply, [await fakeBalance(db)]),
  );
}
