import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWork } from '../../../test/background-work';
import { type MoneyUser, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { CLABE, THUNES_TEST_TIMINGS } from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { totpCode } from '../accounts/totp';

// One queue end to end, over HTTP only: a send the payout partner holds for review (the Thunes
// fake's 9999 convention) shows in the console's queue; support may not cancel it; a compliance
// officer cancels it with a reason; the sender has the amount and fee back; the item leaves the
// queue and the audit log shows the action with its reason. The sender is signed up and verified
// first; from then on only fetch() to /api/... and /sandbox/....

const t = moneyTestApp(new Date(), THUNES_TEST_TIMINGS);
let base = '';
let user: MoneyUser;
let background: ReturnType<typeof backgroundWork> | undefined;

beforeAll(async () => {
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await verifiedUser(t.app, t.db, 30_000);
  // The server's background work, as main.ts runs it from the job queue.
  background = backgroundWork(async () => {
    const services = servicesOf(t.app);
    await services.sandboxVendors?.tick();
    await services.remittances.sweepPayouts();
  }, 100);
});
afterAll(() => background?.stop());

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
type Json = any;

async function api(
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A staff member made in the sandbox and signed in with the password and the two-step code. */
async function staff(role: 'support' | 'compliance') {
  const email = `${role}-${randomUUID().slice(0, 8)}@pago.example`;
  const password = 'Ops-Console-Passw0rd';
  const made = await fetch(`${base}/sandbox/ops/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: `Staff ${role}`, role, password }),
  });
  expect(made.status).toBe(201);
  const { totpSecret } = (await made.json()) as Json;
  const post = async (path: string, body: object) =>
    (await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Json;
  const { challenge } = await post('/api/ops/auth/login', { email, password });
  const session = await post('/api/ops/auth/two-step', { challenge, code: totpCode(totpSecret) });
  return session.token as string;
}

describe('a payout held by the partner, over HTTP', () => {
  it('is cancelled from the console by compliance, the money back to the sender, audited', async () => {
    const payers = await api(
      user.token,
      'GET',
      '/api/remittances/payers?country=MX&method=bank_deposit',
    );
    const recipient = await api(user.token, 'POST', '/api/recipients', {
      firstName: 'Rosa',
      lastName: 'Méndez',
      country: 'MX',
      phone: '+525512349999',
      payout: {
        method: 'bank_deposit',
        payerId: payers.json.items[0].id,
        fields: { clabe: CLABE },
      },
    });
    expect(recipient.status, JSON.stringify(recipient.json)).toBe(201);
    const quote = await api(user.token, 'POST', '/api/transactions/quote', {
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'standard',
      recipientId: recipient.json.id,
    });
    const sent = await api(
      user.token,
      'POST',
      '/api/remittances',
      {
        recipientId: recipient.json.id,
        amountUsd: 100,
        speed: 'standard',
        quoteId: quote.json.quoteId,
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const id = sent.json.id as string;
    const balance = async () =>
      (await api(user.token, 'GET', '/api/wallet/balance')).json.balanceCents as number;
    expect(await balance()).toBe(30_000 - sent.json.totalCents);
    await waitFor(
      () => api(user.token, 'GET', `/api/remittances/${id}`),
      (r) => r.json.timeline.some((s: { step: string }) => s.step === 'under_review'),
    );

    // A customer's token does not reach the console.
    expect((await api(user.token, 'GET', '/api/ops/queues')).status).toBe(404);

    const support = await staff('support');
    const officer = await staff('compliance');
    const summary = await api(support, 'GET', '/api/ops/queues');
    expect(summary.status).toBe(200);
    expect(summary.json.queues.find((q: Json) => q.queue === 'held_payouts').count).toBe(1);
    const list = await api(support, 'GET', '/api/ops/queues/held_payouts');
    expect(list.json.items).toHaveLength(1);
    expect(list.json.items[0]).toMatchObject({
      id,
      customer: { id: user.id, email: user.email },
      money: { amountCents: 10_000, feeCents: sent.json.feeCents, currency: 'USD' },
      actions: ['refresh'],
    });
    // Opening the item asks why.
    expect((await api(support, 'GET', `/api/ops/queues/held_payouts/${id}`)).status).toBe(400);
    const opened = await api(support, 'GET', `/api/ops/queues/held_payouts/${id}`, undefined, {
      'x-ops-reason': encodeURIComponent('El cliente llamó por su envío'),
    });
    expect(opened.status).toBe(200);
    expect(opened.json.history.map((h: Json) => h.status)).toContain('20110');

    const refused = await api(support, 'POST', `/api/ops/queues/held_payouts/${id}/cancel`, {
      reason: 'El cliente pidió cancelar',
    });
    expect(refused.status).toBe(403);
    expect(await balance()).toBe(30_000 - sent.json.totalCents);

    const cancelled = await api(officer, 'POST', `/api/ops/queues/held_payouts/${id}/cancel`, {
      reason: 'Retenido por el socio; el cliente pidió su dinero',
    });
    expect(cancelled.status, JSON.stringify(cancelled.json)).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'done', result: { done: true } });
    expect(await balance()).toBe(30_000);
    const tracking = await api(user.token, 'GET', `/api/remittances/${id}`);
    expect(tracking.json.transfer.status).toBe('refunded');
    expect((await api(support, 'GET', '/api/ops/queues/held_payouts')).json.items).toEqual([]);
    // Again: it is no longer there, and nothing moves twice.
    const again = await api(officer, 'POST', `/api/ops/queues/held_payouts/${id}/cancel`, {
      reason: 'Otra vez',
    });
    expect(again.status).toBe(404);
    expect(await balance()).toBe(30_000);

    const audit = await api(officer, 'GET', `/api/ops/audit?userId=${user.id}`);
    expect(audit.status).toBe(200);
    const actions = audit.json.items.map((e: Json) => [e.action, e.reason]);
    expect(actions).toContainEqual([
      'ops_queues.held_payouts.cancel',
      'Retenido por el socio; el cliente pidió su dinero',
    ]);
    expect(actions).toContainEqual(['ops_queues.view', 'El cliente llamó por su envío']);
  });
});
