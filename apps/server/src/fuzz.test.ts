import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { isApiErrorBody } from '@pago/shared/errors';
import { CORRIDOR_COUNTRIES } from '@pago/shared/fees';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { markIdentityVerified, nextIp } from '../test/accounts-helpers';
import { moneyPost, verifiedUser } from '../test/money-helpers';
import { signedInStaff } from '../test/ops-helpers';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { buildApp } from './app';
import { BILLERS } from './sandbox/billpay/sandbox-billers';

/**
 * Hostile input to every route the app registers (collected as they are registered, so routes
 * added later are covered without touching this file): generated path ids, query strings, bodies
 * and headers, signed in or not. No answer may be a 5xx, every 4xx is in our error shape (the
 * sandbox fakes of vendors may answer in their vendor's shape instead), and no API answer may be
 * cached.
 *
 * Each route runs on a seed derived from FUZZ_SEED and its method and path; a failure prints that
 * seed and the request. Other seeds: FUZZ_SEED=7 npx vitest run src/fuzz.test.ts; more runs per
 * route: FUZZ_RUNS=200.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);

const seedOf = (route: string) =>
  [...route].reduce((hash, c) => (Math.imul(hash, 31) + c.charCodeAt(0)) | 0, SEED);

// A web build, so the static files and the client-side routing fallback are fuzzed too.
const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-fuzz-web-'));
fs.mkdirSync(path.join(webDistDir, 'assets'));
fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Pago</title>');
fs.writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log("pago")');
afterAll(() => fs.rmSync(webDistDir, { recursive: true, force: true }));

const { db } = await createTestDatabase();
const routes: Array<{ method: string; url: string }> = [];
const app = await buildApp(
  { config: testConfig({ webDistDir }), db },
  {
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  },
);
afterAll(() => app.close());
// Listening, as in production: the vendor clients reach the sandbox fakes at the server's address.
await app.listen({ port: 0, host: '127.0.0.1' });
// HEAD runs its GET's handler; fuzzing the GET covers it. (A plugin's `/` route under a prefix,
// like the API reference at /api/docs, is reported once as GET /prefix but has HEAD on both.)
const fuzzed = routes.filter(
  (r) =>
    r.method !== 'HEAD' ||
    !routes.some((g) => g.method === 'GET' && (g.url === r.url || `${g.url}/` === r.url)),
);

// A funded, verified user the requests act as, and another to pay, request from and look up.
const ana = await verifiedUser(app, db, 200_000);
const beto = await verifiedUser(app, db);
await markIdentityVerified(db, beto.id);
await moneyPost(app, ana, '/api/unit/accounts/create', {});

/** Ana signs in as the web app does; a fuzzed logout ends that session, so the next run signs in again. */
async function logIn(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: ana.email, password: ana.password },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) throw new Error(`log-in: ${response.body}`);
  return (response.json() as { token: string }).token;
}
let token = await logIn();

// The console's routes (/api/ops) are fuzzed as a signed-in admin: a customer's token only gets
// 404 there (checked for every one of them below). A fuzzed sign-out ends it; a new one is made.
const OPS = '/api/ops/';
/** The two steps of the staff sign-in: the only /api/ops routes a stranger reaches. */
const OPS_PUBLIC = ['/api/ops/auth/login', '/api/ops/auth/two-step'];
const staffLogIn = async () => (await signedInStaff(app, 'admin')).token;
let staffToken = await staffLogIn();

// --- What a hostile caller sends -----------------------------------------------------------

const DASHES = '-'.repeat(36);
const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
const HOSTILE_CONSTANTS = [
  '',
  ' ',
  DASHES,
  '0'.repeat(400),
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u202e',
  '=HYPERLINK("x")',
  '+',
  '+12125550000',
  '+5215512345678',
  'null',
  'NaN',
  '1e309',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  '275760-09-13',
  cursorOf(`-010000-01-01T00:00:00.000Z|${DASHES}`),
  cursorOf(`+275760-09-13T00:00:00.000Z|00000000-0000-0000-0000-000000000000`),
  'MX',
  'express',
  'electricity',
  'idv_abcdefgh1234',
  'inq_abcdefgh1234',
];
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({
    unit: fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udfff',
      '\u0007',
      '\n',
      'a',
      '-',
      'é',
      '😀',
      '%',
      '|',
    ),
    maxLength: 40,
  }),
  fc.constantFrom(...HOSTILE_CONSTANTS),
  fc.uuid(),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.1 + 0.2, 999.999, 1e-7, 100_000_001),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const deep = (levels: number) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
/**
 * A body nested 2,000 levels deep stands in the generated values as this marker, and `toJson`
 * writes the nesting's JSON (made once) in its place: the same text JSON.stringify writes, which
 * spent a seventh of this file's CPU writing the same nesting again for every body holding it.
 */
const DEEP = 'fuzz-deep-2000-3f9c1a7e-0b4d-4e2a-9c61-5d8e2f7a1b09';
const DEEP_JSON = JSON.stringify(deep(2000));
const toJson = (body: unknown) => JSON.stringify(body).replaceAll(`"${DEEP}"`, DEEP_JSON);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, leaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.constant(DEEP) },
);

/** Every field name of our contracts and the fakes': a generated body often names real fields. */
const FIELD_NAMES = [
  'name',
  'email',
  'username',
  'password',
  'zipCode',
  'phone',
  'address',
  'homeAddress',
  'street',
  'street2',
  'city',
  'state',
  'postalCode',
  'language',
  'code',
  'emailVerified',
  'verificationService',
  'recipientCountry',
  'recipientPhone',
  'recipientName',
  'amountUsd',
  'amount',
  'speed',
  'quoteId',
  'requestedFrom',
  'requestNote',
  'receiver',
  'description',
  'paymentType',
  'payeeId',
  'accountId',
  'memo',
  'firstName',
  'lastName',
  'identity_verification_id',
  'link_token',
  'inquiry_id',
  'client_id',
  'secret',
  'reason',
  'challenge',
  'text',
];

/** Bodies that pass validation, so a mutation of one field reaches the service and the database. */
const biller = BILLERS[0];
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/api/email/send-verification': { email: 'fuzz@example.com', name: 'Ana', language: 'es' },
  '/api/email/verify-code': { email: 'fuzz@example.com', code: '123456' },
  '/api/auth/signup': {
    name: 'Ana',
    email: 'fuzz@example.com',
    username: 'fuzz_user',
    password: 'Correct-Horse-42',
    zipCode: '10001',
    termsVersion: TERMS_VERSION,
  },
  // Someone else's name: failures must not lock Ana out of the sign-ins this test makes.
  '/api/auth/login': { username: 'fuzz_nobody', password: 'wrong-password-1' },
  '/api/auth/sign-in-link': { username: 'fuzz_nobody', language: 'es' },
  '/api/auth/sign-in-link/redeem': { token: 'fuzz-token-that-was-never-sent' },
  '/api/auth/password-reset/request': { email: ana.email },
  '/api/auth/password-reset/confirm': {
    email: ana.email,
    code: '123456',
    password: 'Correct-Horse-43',
  },
  '/api/user/profile': {
    name: 'Ana',
    username: ana.username,
    email: ana.email,
    phone: ana.phone,
    address: '1 Main St',
    zipCode: '10001',
  },
  '/api/user/address': {
    street: '1 Main St',
    street2: 'Apt 2',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
  },
  '/api/transactions/quote': {
    recipientCountry: CORRIDOR_COUNTRIES[0],
    amountUsd: 10,
    speed: 'standard',
  },
  '/api/transactions/send': {
    recipientName: beto.phone,
    recipientCountry: CORRIDOR_COUNTRIES[0],
    amountUsd: 1,
  },
  '/api/requests/create': { requestedFrom: beto.phone, requestNote: 'lunch', amountUsd: 1 },
  '/api/unit/payments/send': { receiver: beto.email, amount: 100, description: 'rent' },
  '/api/unit/bill-payment': {
    paymentType: biller?.billType,
    payeeId: biller?.id,
    amount: 100,
    accountId: '12345678',
    memo: 'march',
  },
  '/api/wallet/test-deposit': { amount: 100 },
  '/api/check-deposits': { amountCents: 1000, description: 'Payroll' },
  '/api/persona/create-inquiry': { firstName: 'Ana', lastName: 'Lopez', email: ana.email },
  '/api/plaid/identity-verification/create': { language: 'es' },
  '/api/plaid/identity-verification/complete': { identity_verification_id: 'idv_abcdefgh1234' },
  '/api/phone/send-code': { phone: ana.phone },
  '/api/phone/verify': { phone: ana.phone, code: '123456' },
  '/api/cards/disputes': {
    transferId: '0190a1b2-0000-7000-8000-000000000001',
    reason: 'wrong_amount',
    description: 'Me cobraron de más',
    correctAmountCents: 100,
  },
  '/api/ops/auth/login': { email: 'fuzz-nobody@pago.example', password: 'wrong-password-1' },
  '/api/ops/monitoring/hits/:id/dismiss': { reason: 'Explicado por la clienta' },
  '/api/ops/monitoring/hits/:id/escalate': { reason: 'Revisar para un reporte' },
  '/api/ops/monitoring/rules/:code': { thresholds: { windowDays: 7 }, reason: 'Ajuste' },
  // Family money (issue 29): a saved recipient that is not Ana's is a 404 past validation.
  '/api/schedules': {
    recipientId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90',
    amountUsd: 20,
    frequency: 'twice_monthly',
    dayOfMonth: 1,
    secondDay: 15,
  },
  '/api/rate-alerts': { currency: 'MXN', targetRate: '18.50' },
  '/api/rate-orders': {
    recipientId: '5b1d3c9e-7a2f-4e8b-9c6d-1f0a2b3c4d5e',
    amountUsd: 20,
    speed: 'standard',
    targetRate: '18.50',
    lastDate: '2027-01-15',
    atLastDate: 'send',
  },
  '/api/payday-rules': {
    share: { kind: 'percent', percentBps: 1000 },
    recipientId: '5b1d3c9e-7a2f-4e8b-9c6d-1f0a2b3c4d5e',
  },
  '/api/pideme-links': { recipientId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90' },
  '/api/public/pideme/:token/requests': { amount: '3000', reason: 'para la farmacia' },
  '/api/pideme-requests/:id/pay': { totalCents: 17_999 },
  '/api/colectas': {
    title: 'Renta de mamá',
    targetCents: 30_000,
    recipientId: '0b8e5c1e-3f1a-4c57-9d0e-0f4a3b2c1d00',
    sendBy: '2027-01-15',
  },
  '/api/colectas/:id/invites': { invitee: beto.username },
  '/api/colectas/:id/contributions': { amountCents: 1_000 },
  '/api/push/subscriptions': {
    endpoint: 'https://push.example/fuzz',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  },
};

function bodyFor(url: string): fc.Arbitrary<string | undefined> {
  const valid = VALID_BODIES[url];
  const mutated = valid
    ? fc
        .oneof(
          { weight: 1, arbitrary: fc.constant([] as Array<[string, unknown]>) },
          {
            weight: 3,
            arbitrary: fc.array(
              fc.tuple(fc.constantFrom(...Object.keys(valid), ...FIELD_NAMES), hostileValue),
              { minLength: 1, maxLength: 3 },
            ),
          },
        )
        .map((changes) => ({ ...valid, ...Object.fromEntries(changes) }))
    : fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 6 });
  return fc.oneof(
    { weight: 6, arbitrary: mutated.map(toJson) },
    { weight: 1, arbitrary: hostileValue.map(toJson) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"a":',
        'null',
        '[]',
        '""',
        '{}',
        'not json',
        '\u0000',
        undefined,
      ),
    },
  );
}

/** A path or query part as a URL carries it; text that has no UTF-8 form goes as invalid bytes. */
function encode(part: string): string {
  try {
    return encodeURIComponent(part);
  } catch {
    return `${encodeURIComponent(part.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}
const RAW_SEGMENTS = ['%', '%zz', '%C0%80', '%ED%A0%80', '%00', '..', '.', '%2F'];
const segment = fc.oneof(
  fc.uuid(),
  fc.constant(DASHES),
  hostileString.map(encode),
  fc.string({ minLength: 101, maxLength: 300 }).map(encode),
  fc.constantFrom(...RAW_SEGMENTS),
);

function pathFor(url: string): fc.Arbitrary<string> {
  const parts = url.split('/').map((part): fc.Arbitrary<string> => {
    if (part.startsWith(':')) return segment;
    if (part === '*') return fc.array(segment, { maxLength: 3 }).map((s) => s.join('/'));
    return fc.constant(part);
  });
  return fc.tuple(...parts).map((p) => p.join('/'));
}

const QUERY_KEYS = [
  'cursor',
  'limit',
  'type',
  'status',
  'from',
  'to',
  'paymentType',
  'phone',
  'email',
  'id',
];
const query = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  fc
    .dictionary(
      fc.constantFrom(...QUERY_KEYS),
      fc.oneof(hostileString, hostileNumber.map(String)),
      {
        maxKeys: 4,
      },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${k}=${encode(v)}`)
        .join('&'),
    ),
  fc.constantFrom('', '%', 'a=%zz', 'to=%00', 'limit=1&limit=2', 'cursor[]=x', '&&&'),
);

const printable = fc
  .string({ unit: 'grapheme-ascii', maxLength: 60 })
  .filter((s) => /^[\x20-\x7e]*$/.test(s));
/** Mostly what a real client sends, so requests get past the first checks to the work. */
const often = <T>(usual: T, ...others: T[]) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(usual) }, fc.constantFrom(...others));
const headers = fc.record(
  {
    auth: often('signed-in', 'none', 'garbage', 'basic'),
    garbage: printable,
    idempotencyKey: fc.oneof({ weight: 4, arbitrary: fc.uuid() }, printable),
    contentType: often<string | undefined>(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      undefined,
    ),
    accept: fc.constantFrom('*/*', 'text/html', 'application/json', undefined),
    requestId: printable,
  },
  { requiredKeys: ['auth', 'garbage', 'contentType'] },
);

// --- What every answer must be ---------------------------------------------------------------

/** The sandbox fakes answer in their vendor's error shapes (Plaid's, Persona's, Twilio's, Stripe's, their flows'). */
function isVendorErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.error_code === 'string' ||
    Array.isArray(b.errors) ||
    (typeof b.code === 'number' && typeof b.more_info === 'string') ||
    (typeof b.error === 'object' && b.error !== null && 'code' in b.error) ||
    // Stripe's: `{ error: { type, message } }`, its code only on some.
    (typeof b.error === 'object' &&
      b.error !== null &&
      'type' in b.error &&
      'message' in b.error) ||
    // OAuth 2.0's (the sandbox OpenID provider's token, userinfo and discovery endpoints).
    (typeof b.error === 'string' && typeof b.error_description === 'string')
  );
}

function checkAnswer(url: string, response: LightMyRequestResponse): void {
  const shown = `${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, shown).toBeLessThan(500);
  if (url.startsWith('/api/')) expect(response.headers['cache-control'], shown).toBe('no-store');
  if (response.statusCode < 400) return;
  // A sandbox vendor's hosted page (the OpenID provider's sign-in) shows its error as a page.
  const type = String(response.headers['content-type'] ?? '');
  if (url.startsWith('/sandbox/') && type.startsWith('text/html')) return;
  // An e-mail's unsubscribe link that is not valid, opened in a browser: a page says so.
  if (url === '/unsubscribe' && response.statusCode === 404 && type.startsWith('text/html')) return;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new Error(`a ${response.statusCode} that is not JSON: ${shown}`);
  }
  if (url.startsWith('/sandbox/') && isVendorErrorShape(body)) return;
  expect(isApiErrorBody(body), shown).toBe(true);
  expect((body as { message: unknown }).message, shown).toBe(
    (body as { error: { message: string } }).error.message,
  );
}

describe('hostile input to every route', () => {
  it('found the routes to fuzz', () => {
    // The features' routes are all there (a guard against collecting nothing and passing).
    expect(fuzzed.length).toBeGreaterThan(40);
    expect(fuzzed).toContainEqual({ method: 'POST', url: '/api/transactions/send' });
    expect(fuzzed).toContainEqual({ method: 'GET', url: '/*' });
  });

  it('starts from bodies the routes accept, so generated ones reach the services', async () => {
    for (const [url, body] of Object.entries(VALID_BODIES)) {
      const route = fuzzed.find((r) => r.url === url && r.method !== 'GET');
      if (!route) continue;
      const response = await app.inject({
        method: route.method as 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        payload: body,
        remoteAddress: nextIp(),
      });
      const refused = response.statusCode === 400 && response.body.includes('validation_failed');
      expect(refused, `VALID_BODIES of ${url} no longer passes validation: ${response.body}`).toBe(
        false,
      );
    }
  });

  it.each(fuzzed.map((r) => [r.method, r.url]))(
    '%s %s: no 5xx, our error shape',
    async (method, url) => {
      const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
      await fc.assert(
        fc.asyncProperty(
          pathFor(url),
          query,
          hasBody ? bodyFor(url) : fc.constant(undefined),
          headers,
          fc.ipV4(),
          async (path, queryString, payload, h, remoteAddress) => {
            const sent: Record<string, string> = {};
            const ops = url.startsWith(OPS);
            if (h.auth === 'signed-in') sent.authorization = `Bearer ${ops ? staffToken : token}`;
            if (h.auth === 'garbage') sent.authorization = `Bearer ${h.garbage}`;
            if (h.auth === 'basic') sent.authorization = 'Basic Zm9vOmJhcg==';
            if (h.idempotencyKey !== undefined) sent['idempotency-key'] = h.idempotencyKey;
            if (h.contentType !== undefined && payload !== undefined)
              sent['content-type'] = h.contentType;
            if (h.accept !== undefined) sent.accept = h.accept;
            if (h.requestId !== undefined) sent['x-request-id'] = h.requestId;
            const response = await app.inject({
              method: method as 'GET',
              url: queryString ? `${path}?${queryString}` : path,
              headers: sent,
              remoteAddress,
              ...(payload !== undefined ? { payload } : {}),
            });
            checkAnswer(url, response);
            const signedOut =
              response.statusCode === 401 && response.body.includes('"unauthorized"');
            if (h.auth === 'signed-in' && signedOut) token = await logIn();
            if (ops && h.auth === 'signed-in' && response.statusCode === 404) {
              const me = await app.inject({
                url: '/api/ops/me',
                headers: { authorization: `Bearer ${staffToken}` },
              });
              if (me.statusCode === 404) staffToken = await staffLogIn();
            }
          },
        ),
        // A seed of its own per route (stable whatever the order of registration).
        { numRuns: RUNS, seed: seedOf(`${method} ${url}`), endOnFailure: true },
      );
    },
  );
});

describe('the operations console is invisible to customers', () => {
  const consoleRoutes = fuzzed.filter(
    (r) => r.url.startsWith(OPS) && !OPS_PUBLIC.includes(r.url) && r.method !== 'HEAD',
  );

  it('found the console’s routes', () => {
    expect(consoleRoutes).toContainEqual({ method: 'GET', url: '/api/ops/audit' });
  });

  it.each(consoleRoutes.map((r) => [r.method, r.url]))(
    '%s %s: a customer token gets the unknown-route 404',
    async (method, url) => {
      const path = url.replace(/:[A-Za-z0-9_]+/g, randomUUID());
      const hasBody = method !== 'GET' && method !== 'DELETE';
      const response = await app.inject({
        method: method as 'GET',
        url: path,
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(hasBody ? { payload: '{}' } : {}),
      });
      const message = `No such endpoint: ${method} ${path}`;
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message }, message });
    },
  );
});
