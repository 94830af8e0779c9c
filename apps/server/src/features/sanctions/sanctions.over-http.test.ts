import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWork } from '../../../test/background-work';
import { type MoneyUser, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { CLABE, THUNES_TEST_TIMINGS } from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { totpCode } from '../accounts/totp';

// Done when: a listed recipient's remittance is held (reserved, not paid), a compliance officer
// clears it and it pays out, and blocks another and the sender gets amount and fee back — over
// HTTP only. The sender is signed up and verified first; from then on only fetch() to /api/...
// and /sandbox/... (the staff member is made by the sandbox's own route; the officer's
// authenticator computes the two-step code).

const t = moneyTestApp(new Date(), THUNES_TEST_TIMINGS);
let base = '';
let ana: MoneyUser;
let background: ReturnType<typeof backgroundWork> | undefined;

beforeAll(async () => {
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ana = await verifiedUser(t.app, t.db, 50_000);
  // The server's background work, as main.ts runs it from the job queue.
  background = backgroundWork(async () => {
    const services = servicesOf(t.app);
    await services.sandboxVendors?.tick();
    await services.remittances.sweepPayouts();
  }, 50);
});
afterAll(() => background?.stop());

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
type Json = any;

async function api(token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' && path.startsWith('/api/remittances')
        ? { 'idempotency-key': randomUUID() }
        : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/** Asks again until `done` holds (the job runs every 50 ms), failing after 20 s. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function officer(): Promise<string> {
  const email = `officer-${randomUUID()}@pago.example`;
  const password = 'Ops-Console-Passw0rd';
  const made = await api(null, 'POST', '/sandbox/ops/staff', {
    email,
    name: 'Oficial de Cumplimiento',
    role: 'compliance',
    password,
  });
  expect(made.status).toBe(201);
  const login = await api(null, 'POST', '/api/ops/auth/login', { email, password });
  expect(login.status).toBe(200);
  const signedIn = await api(null, 'POST', '/api/ops/auth/two-step', {
    challenge: login.json.challenge,
    code: totpCode(made.json.totpSecret),
  });
  expect(signedIn.status).toBe(200);
  return signedIn.json.token;
}

async function heldSend(firstName: string, lastName: string, phone: string) {
  const payers = await api(
    ana.token,
    'GET',
    '/api/remittances/payers?country=MX&method=bank_deposit',
  );
  const recipient = await api(ana.token, 'POST', '/api/recipients', {
    firstName,
    lastName,
    country: 'MX',
    phone,
    payout: { method: 'bank_deposit', payerId: payers.json.items[0].id, fields: { clabe: CLABE } },
  });
  expect(recipient.status).toBe(201);
  const quote = await api(ana.token, 'POST', '/api/transactions/quote', {
    recipientCountry: 'MX',
    amountUsd: 100,
    speed: 'standard',
    recipientId: recipient.json.id,
  });
  expect(quote.status).toBe(200);
  const sent = await api(ana.token, 'POST', '/api/remittances', {
    recipientId: recipient.json.id,
    amountUsd: 100,
    speed: 'standard',
    quoteId: quote.json.quoteId,
  });
  expect(sent.status).toBe(202);
  expect(sent.json).toMatchObject({ status: 'processing', details: { underReview: true } });
  return sent.json;
}

const balance = async () => (await api(ana.token, 'GET', '/api/wallet/balance')).json.balanceCents;
const tracked = async (id: string) =>
  (await api(ana.token, 'GET', `/api/remittances/${id}`)).json.transfer;

describe('the sanctions queue, over HTTP', () => {
  it('holds a listed recipient’s remittance; cleared it pays out, blocked it is refunded in full', async () => {
    const start = await balance();
    const first = await heldSend('Juan Carlos', 'Testcartel', '+525512349901');
    const second = await heldSend('Pedro', 'Simulado Hernández', '+525512349902');
    expect(await balance()).toBe(start - first.totalCents - second.totalCents);

    const token = await officer();
    // A customer's token does not reach the console.
    expect((await api(ana.token, 'GET', '/api/ops/sanctions/hits')).status).toBe(404);
    const queue = await api(token, 'GET', '/api/ops/sanctions/hits');
    expect(queue.status).toBe(200);
    const hitOf = (name: string) =>
      queue.json.items.find((h: Json) => h.subject.name.includes(name));
    const cleared = hitOf('Testcartel');
    const blockedHit = hitOf('Simulado');
    expect(cleared.held).toMatchObject([{ transferId: first.id, status: 'held' }]);
    expect(cleared.heldCents).toBe(first.totalCents);
    expect(cleared.matches[0]).toMatchObject({
      listedName: 'TESTCARTEL GARCIA, Juan Carlos',
      entry: { countries: expect.arrayContaining(['Mexico']) },
    });

    const clear = await api(token, 'POST', `/api/ops/sanctions/hits/${cleared.id}/clear`, {
      reason: 'Otra persona: fecha de nacimiento distinta',
    });
    expect(clear.status).toBe(200);
    expect(clear.json).toMatchObject({ status: 'cleared', movements: 1 });
    const delivered = await eventually(
      () => tracked(first.id),
      (transfer) => transfer.status === 'delivered',
    );
    expect(delivered.status).toBe('delivered');
    // The job that paid the first out left the second alone: still held, not at the partner.
    expect(await tracked(second.id)).toMatchObject({
      status: 'processing',
      details: { underReview: true },
    });

    const block = await api(token, 'POST', `/api/ops/sanctions/hits/${blockedHit.id}/block`, {
      reason: 'Coincidencia verdadera con la lista SDN',
    });
    expect(block.status).toBe(200);
    expect(block.json).toMatchObject({ status: 'blocked', movements: 1 });
    expect(block.json.reportDueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await tracked(second.id)).status).toBe('refunded');
    expect(await balance()).toBe(start - first.totalCents);

    // Decided once; the audit log has both, with their reasons.
    const again = await api(token, 'POST', `/api/ops/sanctions/hits/${cleared.id}/block`, {
      reason: 'otra vez',
    });
    expect(again.status).toBe(409);
    const audit = await api(token, 'GET', '/api/ops/audit?action=sanctions.clear');
    expect(audit.json.items[0]).toMatchObject({
      reason: 'Otra persona: fecha de nacimiento distinta',
    });
    const blocks = await api(token, 'GET', '/api/ops/audit?action=sanctions.block');
    expect(blocks.json.items[0]).toMatchObject({
      reason: 'Coincidencia verdadera con la lista SDN',
    });
  });
});
