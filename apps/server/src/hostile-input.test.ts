import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { isApiErrorBody } from '@pago/shared/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/accounts-helpers';
import { moneyPost, verifiedUser } from '../test/money-helpers';
import { ensureListening } from '../test/phone-helpers';
import { buildTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { AppInstance } from './app';
import type { Database } from './db/database';

// The inputs that once answered 5xx; each must be a 4xx in our error shape.
let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(() => app.close());

function expectRefused(response: LightMyRequestResponse, status?: number) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (status) expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(isApiErrorBody(body), response.body).toBe(true);
  expect(body.message).toBe(body.error.message);
  return body as { error: { code: string; details?: { fields?: { path: string }[] } } };
}

const NUL = 'Ana\u0000Lopez';
const LONE_SURROGATE = 'caf\ud800e';
const DASHES = '-'.repeat(36);

describe('text no one can type', () => {
  it.each([
    ['a NUL', NUL],
    ['an unpaired surrogate', LONE_SURROGATE],
    ['a control character', 'Ana\u0007'],
  ])('refuses %s in every text field, naming the field', async (_what, bad) => {
    const ana = await verifiedUser(app, db, 50_000);
    const beto = await verifiedUser(app, db);
    const profile = {
      name: 'Ana Lopez',
      username: ana.username,
      email: ana.email,
      address: '1 Main St',
      zipCode: '10001',
    };
    const cases: Array<[string, Promise<LightMyRequestResponse>]> = [
      [
        'name',
        app.inject({
          method: 'POST',
          url: '/api/email/send-verification',
          payload: { email: `${randomUUID()}@example.com`, name: bad },
        }),
      ],
      [
        'username',
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: bad, password: 'whatever-1' },
        }),
      ],
      ...(['name', 'address', 'zipCode'] as const).map(
        (field): [string, Promise<LightMyRequestResponse>] => [
          field,
          app.inject({
            method: 'PUT',
            url: '/api/user/profile',
            headers: bearer(ana.token),
            payload: { ...profile, [field]: bad },
          }),
        ],
      ),
      [
        'requestNote',
        moneyPost(app, ana, '/api/requests/create', {
          requestedFrom: beto.phone,
          amountUsd: 5,
          requestNote: bad,
        }),
      ],
      [
        'memo',
        moneyPost(app, ana, '/api/unit/bill-payment', {
          paymentType: 'electricity',
          payeeId: 'con-edison',
          amount: 1000,
          accountId: '12345678',
          memo: bad,
        }),
      ],
      [
        'lastName',
        app.inject({
          method: 'POST',
          url: '/api/persona/create-inquiry',
          headers: bearer(ana.token),
          payload: { firstName: 'Ana', lastName: bad, email: ana.email },
        }),
      ],
    ];
    for (const [field, answer] of cases) {
      const body = expectRefused(await answer, 400);
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details?.fields?.map((f) => f.path)).toContain(field);
    }
  });

  it('refuses NUL and unpaired surrogates in a query, a path or any body, even of a sandbox fake', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/sandbox/mailbox/messages?to=a%00b' }),
      app.inject({ method: 'GET', url: '/sandbox/plaid/assets/link%00.js' }),
      app.inject({
        method: 'POST',
        url: '/sandbox/plaid/link/submit',
        payload: JSON.stringify({ link_token: 'x\u0000' }),
        headers: { 'content-type': 'application/json' },
      }),
      app.inject({
        method: 'POST',
        url: '/sandbox/persona/flow/submit',
        payload: JSON.stringify({ deep: [{ inquiry_id: LONE_SURROGATE }] }),
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    for (const answer of answers)
      expect(expectRefused(answer, 400).error.code).toBe('validation_failed');
  });
});

describe('ids and cursors', () => {
  it('answers an id of 36 dashes, or any other non-UUID, with 404', async () => {
    const ana = await verifiedUser(app, db);
    for (const id of [DASHES, `${'-'.repeat(8)}${'a'.repeat(28)}`, 'g'.repeat(36)]) {
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: bearer(ana.token) }),
        app.inject({ method: 'GET', url: `/api/users/${id}/public`, headers: bearer(ana.token) }),
        moneyPost(app, ana, `/api/requests/${id}/pay`, {}),
      ]);
      for (const answer of answers) expectRefused(answer, 404);
    }
  });

  it.each([
    ['a year PostgreSQL cannot hold', `-010000-01-01T00:00:00.000Z|${randomUUID()}`],
    ['a date far in the future', `+275760-09-13T00:00:00.000Z|${randomUUID()}`],
    ['a loose date', `2026-01-01|${randomUUID()}`],
    ['an id of dashes', `2026-01-01T00:00:00.000Z|${DASHES}`],
  ])('refuses a cursor with %s as 400', async (_what, cursor) => {
    const ana = await verifiedUser(app, db);
    const answer = await app.inject({
      method: 'GET',
      url: `/api/transactions?cursor=${Buffer.from(cursor).toString('base64url')}`,
      headers: bearer(ana.token),
    });
    expect(expectRefused(answer, 400).error.code).toBe('bad_request');
  });
});

describe('opening a bank account', () => {
  it('opens one account when many requests race, and answers each with it', async () => {
    const ana = await verifiedUser(app, db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => moneyPost(app, ana, '/api/unit/accounts/create', {})),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });
});

describe("Fastify's own refusals", () => {
  it.each([
    ['a malformed URL', '/api/transactions/%E0%A4%A'],
    ['a lone percent sign', '/api/users/%/public'],
    ['a parameter longer than any id', `/api/transactions/${'a'.repeat(500)}`],
    ['an unknown method path', '/api/%C0%80'],
  ])('answers %s in our error shape', async (_what, url) => {
    const answer = await app.inject({ method: 'GET', url, headers: bearer('some-token') });
    expectRefused(answer);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers a request that is not HTTP at all in our error shape', async () => {
    await ensureListening(app); // other tests of this file may have made it listen already
    const { port } = app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write('HELLO?\r\n\r\n'));
      socket.on('data', (chunk) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'bad_request', message: 'The request is not valid HTTP.' },
      message: 'The request is not valid HTTP.',
    });
  });

  it('answers an unknown HTTP method in our error shape', async () => {
    const answer = await app.inject({ method: 'PROPFIND' as 'GET', url: '/api/health' });
    expectRefused(answer);
  });
});
