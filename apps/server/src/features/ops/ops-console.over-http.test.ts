import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyUser, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { totpCode } from '../accounts/totp';

// The console's Done-when, over HTTP only: the app listening, two customers signed up and
// verified with test money; then only fetch() to /api/... and /sandbox/ops/staff. A compliance
// officer signs in with a code, finds a customer, freezes her (her send fails, money to her
// lands), unfreezes her, ends her sessions, and the audit log shows each action with its reason;
// a customer token gets 404 on the console's routes.

let app: AppInstance;
let base: string;
let ana: MoneyUser;
let beto: MoneyUser;

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  app = await buildTestApp(db, {}, undefined, sandboxPool(url));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  ana = await verifiedUser(app, db, 30_000);
  beto = await verifiedUser(app, db, 30_000);
}, 60_000);
afterAll(async () => {
  await app?.close();
});

async function call(
  path: string,
  {
    token,
    method = 'GET',
    body,
    reason,
  }: { token?: string; method?: string; body?: unknown; reason?: string } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
      ...(reason ? { 'x-ops-reason': encodeURIComponent(reason) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field by the assertions
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}

describe('the operations console over HTTP', () => {
  it('a compliance officer freezes, unfreezes and signs out a customer, each action audited with its reason', async () => {
    for (const path of ['/api/ops/me', '/api/ops/audit', '/api/ops/customers?q=ana']) {
      const answer = await call(path, { token: ana.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.message).toBe(`No such endpoint: GET ${path.split('?')[0]}`);
    }

    const made = await call('/sandbox/ops/staff', {
      method: 'POST',
      body: {
        email: 'marta.ops@pago.example',
        name: 'Marta Cumplimiento',
        role: 'compliance',
        password: 'Ops-Console-Passw0rd',
      },
    });
    expect(made.status).toBe(201);
    const login = await call('/api/ops/auth/login', {
      method: 'POST',
      body: { email: 'marta.ops@pago.example', password: 'Ops-Console-Passw0rd' },
    });
    const session = await call('/api/ops/auth/two-step', {
      method: 'POST',
      body: { challenge: login.body.challenge, code: totpCode(made.body.totpSecret) },
    });
    expect(session.status).toBe(200);
    const staff = session.body.token as string;

    const found = await call(`/api/ops/customers?q=${encodeURIComponent(ana.email)}`, {
      token: staff,
    });
    expect(found.body.items.map((c: { id: string }) => c.id)).toEqual([ana.id]);
    const viewed = await call(`/api/ops/customers/${ana.id}`, {
      token: staff,
      reason: 'Alerta de monitoreo: envíos inusuales',
    });
    expect(viewed.body.balances.availableCents).toBe(30_000);

    const frozen = await call(`/api/ops/customers/${ana.id}/freeze`, {
      token: staff,
      method: 'POST',
      body: { reason: 'Posible cuenta tomada: revisión' },
    });
    expect(frozen.body).toEqual({ frozen: true });
    const send = await call('/api/transactions/send', {
      token: ana.token,
      method: 'POST',
      body: { recipientName: beto.phone, amountUsd: 10 },
    });
    expect(send.status).toBe(423);
    expect(send.body.error.code).toBe('account_frozen');
    const toAna = await call('/api/transactions/send', {
      token: beto.token,
      method: 'POST',
      body: { recipientName: ana.phone, amountUsd: 7 },
    });
    expect(toAna.status).toBeLessThan(300);
    expect((await call('/api/wallet/balance', { token: ana.token })).body.balanceCents).toBe(
      30_700,
    );

    await call(`/api/ops/customers/${ana.id}/unfreeze`, {
      token: staff,
      method: 'POST',
      body: { reason: 'La clienta confirmó su identidad' },
    });
    const sendsAgain = await call('/api/transactions/send', {
      token: ana.token,
      method: 'POST',
      body: { recipientName: beto.phone, amountUsd: 10 },
    });
    expect(sendsAgain.status).toBeLessThan(300);
    const out = await call(`/api/ops/customers/${ana.id}/sign-out`, {
      token: staff,
      method: 'POST',
      body: { reason: 'Cambió su contraseña' },
    });
    expect(out.body.sessionsEnded).toBeGreaterThan(0);
    expect((await call('/api/wallet/balance', { token: ana.token })).status).toBe(401);

    const log = await call(`/api/ops/audit?userId=${ana.id}`, { token: staff });
    expect(
      log.body.items.map((e: { action: string; reason: string }) => [e.action, e.reason]),
    ).toEqual([
      ['customer.sign_out', 'Cambió su contraseña'],
      ['customer.unfreeze', 'La clienta confirmó su identidad'],
      ['customer.freeze', 'Posible cuenta tomada: revisión'],
      ['customer.view', 'Alerta de monitoreo: envíos inusuales'],
    ]);
    expect(new Set(log.body.items.map((e: { staff: { name: string } }) => e.staff.name))).toEqual(
      new Set(['Marta Cumplimiento']),
    );
  });
});
