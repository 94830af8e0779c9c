import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Cents, cents } from '@pago/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnswer, nonConforming, recordingTestApp } from '../../../test/vendor-recorder';
import { servicesOf } from '../../app';
import {
  type CreateTransactionInput,
  createThunesClient,
  THUNES_ERRORS,
  ThunesError,
  type ThunesSettings,
} from '../../providers/thunes/thunes-client';
import {
  THUNES_ANSWERS,
  type ThunesCall,
  thunesCallbackBody,
  thunesErrorBody,
  thunesService,
} from '../../providers/thunes/thunes-schemas';

/**
 * The branch's real Thunes client against the sandbox fake over HTTP: every endpoint it calls,
 * the test conventions (docs/thunes.md, "The sandbox fake"), the status callbacks, and the
 * refusals in Thunes' error shape. Each automatic step waits 0 ms here (one step per tick); the
 * compliance hold and the cash pickup wait an hour, which `elapse` skips. Every answer the fake
 * gave is checked at the end against the client's schemas of the reference's answers.
 */
const context = recordingTestApp('/sandbox/thunes', {
  sandboxThunes: { stepMs: 0, pickupMs: 3_600_000, holdMs: 3_600_000, quotationMs: 900_000 },
});
const settings = () => {
  const thunes = context.app.deps.config.thunes;
  if (!thunes) throw new Error('sandbox mode has Thunes settings');
  return thunes;
};
const baseUrl = () => {
  const { port } = context.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/sandbox/thunes`;
};
const client = (overrides: Partial<ThunesSettings> = {}) =>
  createThunesClient({
    baseUrl,
    apiKey: settings().apiKey,
    apiSecret: settings().apiSecret,
    log: { error: () => {} },
    ...overrides,
  });

// Pago's end of the callbacks: what arrives, with its Authorization header.
type Callback = { authorization: string; body: unknown };
let callbacks: Callback[] = [];
let receiver: Server;
let callbackUrl: string;
beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    callbacks.push({ authorization: request.headers.authorization ?? '', body: JSON.parse(text) });
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/thunes/callback`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const tick = async () => servicesOf(context.app).sandboxVendors?.tick();

/** The fake's clock moved on: the transaction's current wait is over. */
async function elapse(id: string) {
  await context.db
    .updateTable('sandbox_thunes_transactions')
    .set({ next_status_at: new Date(0) })
    .where('id', '=', Number(id))
    .execute();
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ThunesError);
  const { kind, httpStatus, code } = error as ThunesError;
  return { kind, httpStatus, code };
}

let serial = 0;
const externalId = (what: string) => `${what}-${Date.now()}-${++serial}`;

const SENDER = {
  firstname: 'Ana',
  lastname: 'López',
  date_of_birth: '1990-04-02',
  nationality_country_iso_code: 'USA',
  country_iso_code: 'USA',
  address: '100 Main St',
  city: 'Houston',
  postal_code: '77002',
  id_type: 'DRIVING_LICENSE',
  id_number: 'D1234567',
};
const beneficiary = (msisdn: string) => ({
  firstname: 'José',
  lastname: 'Pérez',
  msisdn,
  id_type: 'NATIONAL_ID',
  id_number: '2456789010101',
});

/** A GTM payer of `service` (1 wallet, 2 bank, 3 cash pickup). */
async function guatemalaPayer(service: number) {
  const payers = await client().listPayers({ countryIsoCode: 'GTM', serviceId: String(service) });
  const payer = payers[0];
  if (!payer) throw new Error(`no GTM payer of service ${service}`);
  return payer;
}

/** A confirmed-ready transaction of $100 to Guatemala by `service`, to a phone ending `msisdn`. */
async function createGuatemalaTransaction(service: number, msisdn: string) {
  const payer = await guatemalaPayer(service);
  const quotation = await client().createQuotation({
    externalId: externalId('q'),
    payerId: payer.id,
    sourceAmount: cents(10_000),
    destinationCurrency: 'GTQ',
  });
  const creditParty: CreateTransactionInput['creditPartyIdentifier'] =
    service === 1 ? { msisdn } : service === 2 ? { iban: 'GT82TRAJ01020000001210029690' } : {};
  return client().createTransaction(quotation.id, {
    externalId: externalId('t'),
    creditPartyIdentifier: creditParty,
    sender: SENDER,
    beneficiary: beneficiary(msisdn),
    purposeOfRemittance: 'FAMILY_SUPPORT',
    callbackUrl,
  });
}

async function statusAfterTick(id: string) {
  await tick();
  return (await client().getTransaction(id)).status;
}

describe('discovery', () => {
  it('lists a payer of each method in the corridors Pago serves, each with its own terms', async () => {
    const countries = (await client().listCountries()).map((c) => c.iso_code);
    expect(countries).toEqual(expect.arrayContaining(['MEX', 'GTM', 'SLV', 'HND', 'COL', 'PER']));
    const guatemala = await client().listPayers({ countryIsoCode: 'GTM' });
    expect(guatemala.map((p) => p.service.name).sort()).toEqual([
      'BankAccount',
      'CashPickup',
      'MobileWallet',
    ]);
    expect(guatemala.every((p) => p.currency === 'GTQ')).toBe(true);
    const terms = Object.fromEntries(
      guatemala.map((p) => [p.service.name, p.transaction_types.C2C]),
    );
    expect(terms.BankAccount?.credit_party_identifiers_accepted).toEqual([['iban']]);
    expect(terms.MobileWallet?.credit_party_identifiers_accepted).toEqual([['msisdn']]);
    expect(terms.CashPickup?.required_receiving_entity_fields[0]).toContain('id_number');
    expect(terms.CashPickup?.maximum_transaction_amount).toBe('11550');

    const [mexicoBank] = await client().listPayers({ countryIsoCode: 'MEX', serviceId: '2' });
    expect(mexicoBank?.transaction_types.C2C?.credit_party_identifiers_accepted).toEqual([
      ['clabe'],
    ]);
    // Express-capable: SPEI pays in minutes; a Colombian bank deposit takes days.
    expect(mexicoBank?.estimated_delivery_minutes).toBe(10);
    const [colombiaBank] = await client().listPayers({ countryIsoCode: 'COL', serviceId: '2' });
    expect(colombiaBank?.estimated_delivery_minutes).toBe(2880);
    expect(colombiaBank?.transaction_types.C2C?.credit_party_identifiers_accepted).toEqual([
      ['bank_account_number', 'bank_code', 'account_type'],
    ]);

    const one = await client().getPayer(guatemala[0]?.id ?? '');
    expect(one).toMatchObject({ id: guatemala[0]?.id, country_iso_code: 'GTM' });
  });

  it('pages lists with the X-Total headers', async () => {
    const { apiKey, apiSecret } = settings();
    const response = await fetch(`${baseUrl()}/v2/money-transfer/payers?page=2&per_page=10`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`,
      },
    });
    expect(response.status).toBe(200);
    const total = Number(response.headers.get('x-total'));
    expect(total).toBe((await client().listPayers()).length);
    expect(response.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 10)));
    expect(response.headers.get('x-page')).toBe('2');
    expect(((await response.json()) as unknown[]).length).toBe(10);
  });

  it('refuses wrong credentials with 401 and code 1000401, on every path', async () => {
    const wrong = client({ apiSecret: 'not-the-secret' });
    expect(await refusal(wrong.listCountries())).toEqual({
      kind: 'refused',
      httpStatus: 401,
      code: THUNES_ERRORS.unauthorized,
    });
    expect((await refusal(wrong.getTransaction('1'))).code).toBe(THUNES_ERRORS.unauthorized);
    const none = await fetch(`${baseUrl()}/v2/money-transfer/balances`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ errors: [{ code: '1000401', message: 'Unauthorized' }] });
  });

  it('answers unknown ids with 404 in the documented error shape', async () => {
    expect(await refusal(client().getPayer('999999'))).toMatchObject({
      httpStatus: 404,
      code: THUNES_ERRORS.notFound,
    });
    expect(await refusal(client().getQuotation('999999'))).toMatchObject({
      httpStatus: 404,
      code: THUNES_ERRORS.quotationNotFound,
    });
    expect(await refusal(client().getTransaction('999999'))).toMatchObject({
      httpStatus: 404,
      code: THUNES_ERRORS.transactionNotFound,
    });
    expect((await refusal(client().getTransactionByExternalId('nobody'))).code).toBe(
      THUNES_ERRORS.transactionNotFound,
    );
    expect((await refusal(client().confirmTransaction('999999'))).code).toBe(
      THUNES_ERRORS.transactionNotFound,
    );
  });
});

describe('quotations', () => {
  it('quotes a source amount at the fake rate with an expiry, found by id and by external id', async () => {
    const payer = await guatemalaPayer(3);
    const id = externalId('q');
    const quotation = await client().createQuotation({
      externalId: id,
      payerId: payer.id,
      sourceAmount: cents(10_050),
      destinationCurrency: 'GTQ',
    });
    expect(quotation).toMatchObject({
      external_id: id,
      mode: 'SOURCE_AMOUNT',
      source: { amount: '100.5', currency: 'USD', country_iso_code: 'USA' },
      destination: { amount: '773.85', currency: 'GTQ' },
      wholesale_fx_rate: '7.7',
      fee: { amount: '0', currency: 'USD' },
    });
    const lasts = Date.parse(quotation.expiration_date) - Date.parse(quotation.creation_date);
    expect(lasts).toBe(900_000);
    expect((await client().getQuotation(quotation.id)).id).toBe(quotation.id);
    expect((await client().getQuotationByExternalId(id)).id).toBe(quotation.id);
    expect(
      (
        await refusal(
          client().createQuotation({
            externalId: id,
            payerId: payer.id,
            sourceAmount: cents(100),
            destinationCurrency: 'GTQ',
          }),
        )
      ).code,
    ).toBe(THUNES_ERRORS.externalIdUsed);
  });

  it("refuses amounts outside the payer's limits and a currency it does not pay", async () => {
    const payer = await guatemalaPayer(1);
    const quote = (sourceAmount: Cents, destinationCurrency = 'GTQ') =>
      client().createQuotation({
        externalId: externalId('q'),
        payerId: payer.id,
        sourceAmount,
        destinationCurrency,
      });
    expect((await refusal(quote(cents(50)))).code).toBe(THUNES_ERRORS.belowPayerMinimum);
    expect((await refusal(quote(cents(60_000)))).code).toBe(THUNES_ERRORS.overPayerMaximum);
    expect((await refusal(quote(cents(1000), 'MXN'))).code).toBe('1003010');
  });

  it('answers malformed requests with 400 and code 1000999, never a 5xx', async () => {
    const { apiKey, apiSecret } = settings();
    const post = (body: string) =>
      fetch(`${baseUrl()}/v2/money-transfer/quotations`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body,
      });
    const payer = await guatemalaPayer(2);
    const valid = {
      external_id: externalId('q'),
      payer_id: Number(payer.id),
      mode: 'SOURCE_AMOUNT',
      transaction_type: 'C2C',
      source: { amount: 10, currency: 'USD', country_iso_code: 'USA' },
      destination: { amount: null, currency: 'GTQ' },
    };
    for (const body of [
      '{"external_id":',
      JSON.stringify({ ...valid, transaction_type: '__proto__' }),
      JSON.stringify({ ...valid, source: { ...valid.source, amount: 1e21 } }),
      JSON.stringify({ ...valid, payer_id: 'x' }),
    ]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
        '1000999',
      );
    }
    expect((await post(JSON.stringify(valid))).status).toBe(201);
  });
});

describe('transactions', () => {
  it('pays a bank deposit: CREATED → CONFIRMED → SUBMITTED → COMPLETED, each change called back', async () => {
    const created = await createGuatemalaTransaction(2, '+50255512345');
    expect(created).toMatchObject({
      status: '10000',
      status_class: '1',
      callback_url: callbackUrl,
    });
    expect((await client().getTransactionByExternalId(created.external_id)).id).toBe(created.id);
    callbacks = [];
    const confirmed = await client().confirmTransaction(created.id);
    expect(confirmed).toMatchObject({ status: '20000', status_message: 'CONFIRMED' });
    const [before] = await client().listBalances();
    expect(Number(before?.pending)).toBeGreaterThanOrEqual(100);
    expect((await refusal(client().confirmTransaction(created.id))).code).toBe(
      THUNES_ERRORS.alreadyConfirmed,
    );
    expect(await statusAfterTick(created.id)).toBe('50000');
    expect(await statusAfterTick(created.id)).toBe('70000');
    expect(await statusAfterTick(created.id)).toBe('70000');
    expect((await refusal(client().cancelTransaction(created.id))).code).toBe(
      THUNES_ERRORS.cannotCancel,
    );
    const mine = callbacks
      .map((c) => ({ ...c, body: thunesCallbackBody.parse(c.body) }))
      .filter((c) => c.body.id === created.id);
    expect(mine.map((c) => c.body.status)).toEqual(['20000', '50000', '70000']);
    const { apiKey, apiSecret } = settings();
    const basic = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    expect(mine.every((c) => c.authorization === basic)).toBe(true);
    const [after] = await client().listBalances();
    expect(Number(after?.balance)).toBeLessThanOrEqual(Number(before?.balance) - 100);
  });

  it('makes cash AVAILABLE with a pickup code, then COMPLETED once picked up', async () => {
    const created = await createGuatemalaTransaction(3, '+50255511111');
    await client().confirmTransaction(created.id);
    expect(await statusAfterTick(created.id)).toBe('50000');
    await tick();
    const available = await client().getTransaction(created.id);
    expect(available).toMatchObject({ status: '60000', status_class: '6' });
    expect(available.payer_transaction_code).toMatch(/^\d{10}$/);
    // The cash waits for its beneficiary (SANDBOX_THUNES_PICKUP_MS).
    expect(await statusAfterTick(created.id)).toBe('60000');
    await elapse(created.id);
    expect(await statusAfterTick(created.id)).toBe('70000');
  });

  it('declines a beneficiary whose number ends in 0000, and gives the money back', async () => {
    const created = await createGuatemalaTransaction(1, '+50255510000');
    const [before] = await client().listBalances();
    await client().confirmTransaction(created.id);
    const [held] = await client().listBalances();
    expect(Number(held?.available)).toBe(Number(before?.available) - 100);
    await tick();
    const [after] = await client().listBalances();
    expect(after).toEqual(before);
    const declined = await client().getTransaction(created.id);
    expect(declined).toMatchObject({
      status: '90200',
      status_class: '9',
      status_class_message: 'DECLINED',
    });
  });

  it('holds a beneficiary whose number ends in 9999 for compliance, then pays', async () => {
    const created = await createGuatemalaTransaction(1, '+50255519999');
    await client().confirmTransaction(created.id);
    expect(await statusAfterTick(created.id)).toBe('20110');
    expect(await statusAfterTick(created.id)).toBe('20110');
    await elapse(created.id);
    expect(await statusAfterTick(created.id)).toBe('50000');
    expect(await statusAfterTick(created.id)).toBe('70000');
  });

  it('reverses a completed transaction whose beneficiary number ends in 8888', async () => {
    const created = await createGuatemalaTransaction(1, '+50255518888');
    await client().confirmTransaction(created.id);
    await tick();
    expect(await statusAfterTick(created.id)).toBe('70000');
    const reversed = await statusAfterTick(created.id);
    expect(reversed).toBe('80000');
    expect((await client().getTransaction(created.id)).status_class_message).toBe('REVERSED');
  });

  it('cancels before payment (created, held, cash not picked up), never after', async () => {
    const created = await createGuatemalaTransaction(2, '+50255522222');
    expect((await client().cancelTransaction(created.id)).status).toBe('40000');
    expect((await refusal(client().confirmTransaction(created.id))).code).toBe(
      THUNES_ERRORS.cannotConfirm,
    );
    const held = await createGuatemalaTransaction(1, '+50255529999');
    await client().confirmTransaction(held.id);
    await tick();
    expect((await client().cancelTransaction(held.id)).status_message).toBe('CANCELLED');
    const cash = await createGuatemalaTransaction(3, '+50255523333');
    await client().confirmTransaction(cash.id);
    await tick();
    await tick();
    expect((await client().getTransaction(cash.id)).status).toBe('60000');
    expect((await client().cancelTransaction(cash.id)).status).toBe('40000');
    expect(await statusAfterTick(cash.id)).toBe('40000');
  });

  it('refuses an expired quotation: no transaction from it, no confirmation after it', async () => {
    const created = await createGuatemalaTransaction(2, '+50255524444');
    const quotation = await client().createQuotation({
      externalId: externalId('q'),
      payerId: (await guatemalaPayer(2)).id,
      sourceAmount: cents(5000),
      destinationCurrency: 'GTQ',
    });
    await context.db
      .updateTable('sandbox_thunes_quotations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('external_id', '=', quotation.external_id)
      .execute();
    const byQuotation = await context.db
      .selectFrom('sandbox_thunes_transactions')
      .select('quotation_id')
      .where('id', '=', Number(created.id))
      .executeTakeFirstOrThrow();
    await context.db
      .updateTable('sandbox_thunes_quotations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', byQuotation.quotation_id)
      .execute();
    expect((await refusal(client().confirmTransaction(created.id))).code).toBe(
      THUNES_ERRORS.confirmQuotationExpired,
    );
    const late = client().createTransaction(quotation.id, {
      externalId: externalId('t'),
      creditPartyIdentifier: { iban: 'GT82TRAJ01020000001210029690' },
      sender: SENDER,
      beneficiary: beneficiary('+50255524445'),
      purposeOfRemittance: 'FAMILY_SUPPORT',
    });
    expect((await refusal(late)).code).toBe(THUNES_ERRORS.quotationExpired);
  });

  it('refuses a transaction missing a field its payer requires, or reusing an external id', async () => {
    const payer = await guatemalaPayer(3);
    const quotation = await client().createQuotation({
      externalId: externalId('q'),
      payerId: payer.id,
      sourceAmount: cents(5000),
      destinationCurrency: 'GTQ',
    });
    const input = {
      externalId: externalId('t'),
      creditPartyIdentifier: {},
      sender: SENDER,
      beneficiary: beneficiary('+50255525555'),
      purposeOfRemittance: 'FAMILY_SUPPORT',
    };
    const { id_number: _, ...withoutId } = beneficiary('+50255525555');
    expect(
      await refusal(client().createTransaction(quotation.id, { ...input, beneficiary: withoutId })),
    ).toMatchObject({ httpStatus: 400, code: THUNES_ERRORS.invalidParameter });
    await client().createTransaction(quotation.id, input);
    expect((await refusal(client().createTransaction(quotation.id, input))).code).toBe(
      THUNES_ERRORS.externalIdUsed,
    );
  });
});

/** The schema of the reference's answer to `answer`'s call (error bodies for every refusal). */
function schemaOf(answer: FakeAnswer) {
  if (answer.status >= 400) return thunesErrorBody;
  if (answer.path === '/ping') return null;
  const path = answer.path.replace(/^\/v2\/money-transfer/, '');
  const calls: [string, RegExp, ThunesCall][] = [
    ['GET', /^\/countries$/, 'listCountries'],
    ['GET', /^\/payers$/, 'listPayers'],
    ['GET', /^\/payers\/[^/]+$/, 'getPayer'],
    ['POST', /^\/quotations$/, 'createQuotation'],
    ['GET', /^\/quotations\/[^/]+$/, 'getQuotation'],
    ['POST', /^\/quotations\/[^/]+\/transactions$/, 'createTransaction'],
    ['GET', /^\/transactions\/[^/]+$/, 'getTransaction'],
    ['POST', /^\/transactions\/[^/]+\/confirm$/, 'confirmTransaction'],
    ['POST', /^\/transactions\/[^/]+\/cancel$/, 'cancelTransaction'],
    ['GET', /^\/balances$/, 'listBalances'],
  ];
  if (answer.method === 'GET' && path === '/services') return thunesService.array();
  const call = calls.find(([method, pattern]) => method === answer.method && pattern.test(path));
  if (!call) return undefined;
  const documented = THUNES_ANSWERS[call[2]];
  return documented.status === answer.status ? documented.schema : undefined;
}

describe('the fake against the reference', () => {
  it('gave only answers the reference describes, refusals in its error body', async () => {
    const services = await fetch(`${baseUrl()}/v2/money-transfer/services?country_iso_code=GTM`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${settings().apiKey}:${settings().apiSecret}`).toString('base64')}`,
      },
    });
    expect(((await services.json()) as { name: string }[]).map((s) => s.name)).toEqual([
      'MobileWallet',
      'BankAccount',
      'CashPickup',
    ]);
    const answers = context.answers();
    expect(answers.length).toBeGreaterThan(50);
    expect(nonConforming(answers, schemaOf)).toEqual([]);
    expect(new Set(answers.filter((a) => a.status >= 400).map((a) => a.status))).toEqual(
      new Set([400, 401, 404]),
    );
  });
});
