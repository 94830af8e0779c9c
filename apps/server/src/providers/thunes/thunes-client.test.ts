import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Cents, cents } from '@pago/shared/money';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createThunesClient,
  THUNES_ERRORS,
  ThunesError,
  type ThunesSettings,
} from './thunes-client';
import { thunesCallbackBody } from './thunes-schemas';

/**
 * The client against a tiny HTTP server answering the shapes the reference documents: it checks
 * what goes over the wire (Basic auth, paths, query, bodies) and how answers and errors are read.
 */

type Seen = { method: string; url: string; authorization: string; body: unknown };
type Reply = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

const KEY = 'pago-key';
const SECRET = 'pago-secret';
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let routes = new Map<string, (request: Seen) => Reply>();

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const entry: Seen = {
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization ?? '',
      body: await readBody(request),
    };
    seen.push(entry);
    const expected = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
    const pathname = entry.url.split('?')[0];
    const reply: Reply =
      entry.authorization !== expected
        ? { status: 401, body: { errors: [{ code: '1000401', message: 'Unauthorized' }] } }
        : (routes.get(`${entry.method} ${pathname}`)?.(entry) ?? {
            status: 404,
            body: { errors: [{ code: '1000404', message: 'Resource not found' }] },
          });
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.raw ?? JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  routes = new Map();
});

const client = (overrides: Partial<ThunesSettings> = {}) =>
  createThunesClient({
    baseUrl: () => baseUrl,
    apiKey: KEY,
    apiSecret: SECRET,
    log: { error: () => {} },
    ...overrides,
  });

async function thunesError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ThunesError);
  const { kind, httpStatus, code } = error as ThunesError;
  return { kind, httpStatus, code };
}

const payer = (id: number, name: string, service: { id: number; name: string }) => ({
  id,
  name,
  precision: 2,
  increment: 0.01,
  currency: 'GTQ',
  country_iso_code: 'GTM',
  service,
  transaction_types: {
    C2C: {
      minimum_transaction_amount: 1,
      maximum_transaction_amount: 2999.99,
      credit_party_identifiers_accepted: [['msisdn']],
      required_sending_entity_fields: [['firstname', 'lastname', 'date_of_birth']],
      required_receiving_entity_fields: [['firstname', 'lastname', 'id_number']],
      required_documents: [[]],
      purpose_of_remittance_values_accepted: ['FAMILY_SUPPORT'],
    },
  },
});

const gtq = { id: 2101, name: 'Banco Quetzal', currency: 'GTQ', country_iso_code: 'GTM' };
const quotation = {
  id: 4_294_967_297, // past 32 bits, as the reference warns ids can be
  external_id: 'q-1',
  payer: { ...gtq, service: { id: 3, name: 'CashPickup' } },
  mode: 'SOURCE_AMOUNT',
  transaction_type: 'C2C',
  source: { country_iso_code: 'USA', currency: 'USD', amount: 100.5 },
  destination: { currency: 'GTQ', amount: 771.84 },
  sent_amount: { currency: 'USD', amount: 100.5 },
  wholesale_fx_rate: 7.68,
  fee: { currency: 'USD', amount: 0 },
  creation_date: '2026-11-27T04:00:00Z',
  expiration_date: '2026-11-27T04:30:00Z',
};
const transaction = (
  status: string,
  message: string,
  statusClass: string,
  classMessage: string,
) => ({
  id: 88,
  status,
  status_message: message,
  status_class: statusClass,
  status_class_message: classMessage,
  external_id: 'tx-1',
  external_code: null,
  transaction_type: 'C2C',
  payer_transaction_reference: null,
  payer_transaction_code: statusClass === '6' ? 'PICK-7781' : null,
  creation_date: '2026-11-27T04:01:00Z',
  expiration_date: null,
  credit_party_identifier: { msisdn: '+50255550123' },
  source: quotation.source,
  destination: quotation.destination,
  payer: quotation.payer,
  sent_amount: quotation.sent_amount,
  wholesale_fx_rate: 7.68,
  fee: quotation.fee,
  purpose_of_remittance: 'FAMILY_SUPPORT',
  callback_url: 'https://pago.example/api/thunes/callback',
});

describe('the Thunes client over the documented wire format', () => {
  it('lists payers by country and service with Basic auth, following every page', async () => {
    routes.set('GET /v2/money-transfer/payers', ({ url }) => {
      const page = new URL(url, baseUrl).searchParams.get('page');
      return {
        status: 200,
        headers: { 'x-total-pages': '2', 'x-total': '2' },
        body:
          page === '1'
            ? [payer(2101, 'Banco Quetzal', { id: 3, name: 'CashPickup' })]
            : [payer(2102, 'Pronto Cash', { id: 3, name: 'CashPickup' })],
      };
    });
    const payers = await client().listPayers({ countryIsoCode: 'GTM', serviceId: '3' });

    expect(payers.map((p) => [p.id, p.name])).toEqual([
      ['2101', 'Banco Quetzal'],
      ['2102', 'Pronto Cash'],
    ]);
    const terms = payers[0]?.transaction_types.C2C;
    expect(terms?.required_receiving_entity_fields).toEqual([
      ['firstname', 'lastname', 'id_number'],
    ]);
    expect(terms?.maximum_transaction_amount).toBe('2999.99');
    expect(payers[0]?.increment).toBe('0.01');
    expect(seen.map((s) => s.url)).toEqual([
      '/v2/money-transfer/payers?country_iso_code=GTM&service_id=3&page=1&per_page=100',
      '/v2/money-transfer/payers?country_iso_code=GTM&service_id=3&page=2&per_page=100',
    ]);
    expect(seen[0]?.authorization).toBe(
      `Basic ${Buffer.from('pago-key:pago-secret').toString('base64')}`,
    );
  });

  it('lists countries and balances', async () => {
    routes.set('GET /v2/money-transfer/countries', () => ({
      status: 200,
      body: [{ iso_code: 'GTM', name: 'Guatemala' }],
    }));
    routes.set('GET /v2/money-transfer/balances', () => ({
      status: 200,
      body: [
        {
          id: 1,
          currency: 'USD',
          balance: 50000,
          pending: 1250.5,
          available: 48749.5,
          credit_facility: 0,
        },
      ],
    }));
    expect(await client().listCountries()).toEqual([{ iso_code: 'GTM', name: 'Guatemala' }]);
    expect(await client().listBalances()).toEqual([
      {
        id: '1',
        currency: 'USD',
        balance: '50000',
        pending: '1250.5',
        available: '48749.5',
        credit_facility: '0',
      },
    ]);
  });

  it('asks a quotation for a source amount in USD and reads its rate and expiry exactly', async () => {
    routes.set('POST /v2/money-transfer/quotations', () => ({ status: 201, body: quotation }));
    const answer = await client().createQuotation({
      externalId: 'q-1',
      payerId: '2101',
      sourceAmount: cents(10050) as Cents,
      destinationCurrency: 'GTQ',
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toEqual({
      external_id: 'q-1',
      payer_id: 2101,
      mode: 'SOURCE_AMOUNT',
      transaction_type: 'C2C',
      source: { amount: 100.5, currency: 'USD', country_iso_code: 'USA' },
      destination: { amount: null, currency: 'GTQ' },
    });
    expect(answer).toMatchObject({
      id: '4294967297',
      wholesale_fx_rate: '7.68',
      destination: { currency: 'GTQ', amount: '771.84' },
      expiration_date: '2026-11-27T04:30:00Z',
    });

    routes.set('GET /v2/money-transfer/quotations/4294967297', () => ({
      status: 200,
      body: quotation,
    }));
    expect((await client().getQuotation('4294967297')).external_id).toBe('q-1');
  });

  it('creates a transaction from a quotation, confirms it, reads it by id and by external id, cancels it', async () => {
    const path = '/v2/money-transfer';
    routes.set(`POST ${path}/quotations/4294967297/transactions`, () => ({
      status: 201,
      body: transaction('10000', 'CREATED', '1', 'CREATED'),
    }));
    routes.set(`POST ${path}/transactions/88/confirm`, () => ({
      status: 200,
      body: transaction('20150', 'CONFIRMED-WAITING-FOR-PICKUP', '2', 'CONFIRMED'),
    }));
    routes.set(`GET ${path}/transactions/88`, () => ({
      status: 200,
      body: transaction('60000', 'AVAILABLE', '6', 'AVAILABLE'),
    }));
    routes.set(`GET ${path}/transactions/ext-tx%201`, () => ({
      status: 200,
      body: transaction('70000', 'COMPLETED', '7', 'COMPLETED'),
    }));
    routes.set(`POST ${path}/transactions/88/cancel`, () => ({
      status: 200,
      body: transaction('40000', 'CANCELLED', '4', 'CANCELLED'),
    }));
    const thunes = client();
    const created = await thunes.createTransaction('4294967297', {
      externalId: 'tx-1',
      creditPartyIdentifier: { msisdn: '+50255550123' },
      sender: { firstname: 'Ana', lastname: 'López', date_of_birth: '1990-04-01' },
      beneficiary: { firstname: 'Rosa', lastname: 'López', id_number: '2456789010101' },
      purposeOfRemittance: 'FAMILY_SUPPORT',
      callbackUrl: 'https://pago.example/api/thunes/callback',
    });
    expect(created).toMatchObject({ id: '88', status: '10000', status_class: '1' });
    expect(seen[0]?.body).toEqual({
      external_id: 'tx-1',
      credit_party_identifier: { msisdn: '+50255550123' },
      sender: { firstname: 'Ana', lastname: 'López', date_of_birth: '1990-04-01' },
      beneficiary: { firstname: 'Rosa', lastname: 'López', id_number: '2456789010101' },
      purpose_of_remittance: 'FAMILY_SUPPORT',
      callback_url: 'https://pago.example/api/thunes/callback',
    });

    expect((await thunes.confirmTransaction('88')).status_message).toBe(
      'CONFIRMED-WAITING-FOR-PICKUP',
    );
    const available = await thunes.getTransaction('88');
    expect([available.status_class, available.payer_transaction_code]).toEqual(['6', 'PICK-7781']);
    expect((await thunes.getTransactionByExternalId('tx 1')).status).toBe('70000');
    expect((await thunes.cancelTransaction('88')).status_class_message).toBe('CANCELLED');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST ${path}/quotations/4294967297/transactions`,
      `POST ${path}/transactions/88/confirm`,
      `GET ${path}/transactions/88`,
      `GET ${path}/transactions/ext-tx%201`,
      `POST ${path}/transactions/88/cancel`,
    ]);
  });

  it('maps Thunes error bodies to ThunesError with the documented code', async () => {
    routes.set('POST /v2/money-transfer/transactions/88/confirm', () => ({
      status: 400,
      body: {
        errors: [
          {
            code: '1007004',
            message: 'Transaction can no longer be confirmed, quotation has expired',
          },
        ],
      },
    }));
    routes.set('POST /v2/money-transfer/transactions/89/cancel', () => ({
      status: 400,
      body: { errors: [{ code: 1007014, message: 'Transaction can not be cancelled' }] },
    }));
    routes.set('GET /v2/money-transfer/transactions/90', () => ({
      status: 500,
      raw: '<html>oops</html>',
    }));
    const thunes = client();
    expect(await thunesError(thunes.confirmTransaction('88'))).toEqual({
      kind: 'refused',
      httpStatus: 400,
      code: THUNES_ERRORS.confirmQuotationExpired,
    });
    expect(await thunesError(thunes.cancelTransaction('89'))).toEqual({
      kind: 'refused',
      httpStatus: 400,
      code: THUNES_ERRORS.cannotCancel,
    });
    expect(await thunesError(thunes.getTransaction('90'))).toEqual({
      kind: 'unavailable',
      httpStatus: 500,
      code: '',
    });
    expect(await thunesError(thunes.getTransaction('404'))).toEqual({
      kind: 'refused',
      httpStatus: 404,
      code: THUNES_ERRORS.notFound,
    });
    expect(await thunesError(client({ apiSecret: 'wrong' }).listBalances())).toEqual({
      kind: 'refused',
      httpStatus: 401,
      code: THUNES_ERRORS.unauthorized,
    });
  });

  it('treats an answer that breaks the description, or no answer, as the partner unavailable', async () => {
    const { expiration_date: _dropped, ...withoutExpiry } = quotation;
    routes.set('POST /v2/money-transfer/quotations', () => ({ status: 201, body: withoutExpiry }));
    routes.set('GET /v2/money-transfer/quotations/7', () => ({ status: 202, body: quotation }));
    const input = {
      externalId: 'q',
      payerId: '1',
      sourceAmount: cents(100),
      destinationCurrency: 'GTQ',
    };
    expect(await thunesError(client().createQuotation(input))).toEqual({
      kind: 'unavailable',
      httpStatus: 0,
      code: '',
    });
    expect(await thunesError(client().getQuotation('7'))).toEqual({
      kind: 'unavailable',
      httpStatus: 0,
      code: '',
    });
    const unreachable = client({ baseUrl: () => 'http://127.0.0.1:1', timeoutMs: 2000 });
    expect(await thunesError(unreachable.listCountries())).toEqual({
      kind: 'unavailable',
      httpStatus: 0,
      code: '',
    });
  });
});

describe('the callback body', () => {
  it('reads the transaction object Thunes posts, and refuses one without a known status class', () => {
    const body = transaction('60000', 'AVAILABLE', '6', 'AVAILABLE');
    const parsed = thunesCallbackBody.parse({ ...body, status: 60000, status_class: 6 });
    expect(parsed).toMatchObject({
      id: '88',
      external_id: 'tx-1',
      status: '60000',
      status_class: '6',
      payer_transaction_code: 'PICK-7781',
    });
    expect(thunesCallbackBody.safeParse({ ...body, status_class: '0' }).success).toBe(false);
    expect(thunesCallbackBody.safeParse({ ...body, external_id: undefined }).success).toBe(false);
    expect(
      thunesCallbackBody.safeParse({ ...body, destination: { currency: 'GTQ', amount: 1e21 } })
        .success,
    ).toBe(false);
  });
});
