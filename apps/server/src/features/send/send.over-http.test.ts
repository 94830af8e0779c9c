import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { THUNES_TEST_TIMINGS } from '../../../test/remittance-helpers';

// Done when: "the send flow pays a Pago user with a note and, from the same entry, sends to a
// new recipient abroad after seeing the calculator" — over HTTP only. The app listens on
// loopback (with the payout partner's sandbox); two users are signed up and verified; from then
// on only fetch() to /api/..., asserting balances and statuses through the API.
const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

const base = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
type Json = any;

async function api(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${base()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      // Money POSTs carry a key; a quote moves no money and takes none.
      ...(method === 'POST' && path !== '/api/transactions/quote'
        ? { 'idempotency-key': randomUUID() }
        : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

describe('one send flow, over HTTP', () => {
  it('pays a Pago user with a note, then sends to someone new abroad after the calculator', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const beto = await verifiedUser(t.app, t.db);
    expect(
      (await api(ana.token, 'POST', '/api/wallet/test-deposit', { amount: 50_000 })).status,
    ).toBe(201);

    // Who: Beto, by @username, paid at once and free, with a note he sees.
    const payee = await api(ana.token, 'GET', `/api/users/lookup?username=${beto.username}`);
    expect(payee.json).toEqual({ name: 'Test User', username: beto.username });
    const paid = await api(ana.token, 'POST', '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd: 12.5,
      note: 'Cena del viernes',
    });
    expect(paid.status).toBe(201);
    expect(paid.json).toMatchObject({ kind: 'p2p', status: 'completed', feeCents: 0 });
    expect((await api(beto.token, 'GET', '/api/wallet/balance')).json.balanceCents).toBe(1250);
    const told = (await api(beto.token, 'GET', '/api/notifications')).json.items.find(
      (n: Json) => n.type === 'money_received',
    );
    expect(told.data).toMatchObject({ amountCents: 1250, note: 'Cena del viernes' });
    const seen = (await api(beto.token, 'GET', `/api/transactions/${paid.json.id}`)).json;
    expect(seen.details).toEqual({ note: 'Cena del viernes' });
    // Beto is now one of Ana's recent people.
    expect((await api(ana.token, 'GET', '/api/send/contacts')).json.people).toEqual([
      { name: 'Test User', username: beto.username },
    ]);

    // Abroad: the calculator's figures for each speed, before anyone is saved.
    expect((await api(ana.token, 'GET', '/api/recipients')).json.items).toEqual([]);
    const estimates: Record<string, Json> = {};
    for (const speed of ['standard', 'express'] as const) {
      const estimate = await api(ana.token, 'POST', '/api/transactions/quote', {
        recipientCountry: 'GT',
        amountUsd: 100,
        speed,
      });
      expect(estimate.status).toBe(200);
      estimates[speed] = estimate.json;
    }
    // Central America: 2% + $3.49 standard; express adds $4.99.
    expect(estimates.standard).toMatchObject({ feeCents: 549, payoutCurrency: 'GTQ' });
    expect(estimates.express).toMatchObject({ feeCents: 1048, payoutCurrency: 'GTQ' });
    expect(Number(estimates.standard.payoutAmount)).toBeGreaterThan(0);

    // Then the new recipient, and the send at the speed chosen.
    const payers = await api(
      ana.token,
      'GET',
      '/api/remittances/payers?country=GT&method=cash_pickup',
    );
    const payer = payers.json.items.find((p: Json) => p.express);
    const rosa = await api(ana.token, 'POST', '/api/recipients', {
      firstName: 'Rosa',
      lastName: 'García',
      country: 'GT',
      phone: '+50222345678',
      payout: {
        method: 'cash_pickup',
        payerId: payer.id,
        fields: { id_type: 'NATIONAL_ID', id_number: '2456789010101' },
      },
    });
    expect(rosa.status).toBe(201);
    const quote = await api(ana.token, 'POST', '/api/transactions/quote', {
      recipientCountry: 'GT',
      amountUsd: 100,
      speed: 'express',
      recipientId: rosa.json.id,
    });
    expect(quote.json).toMatchObject({ feeCents: estimates.express.feeCents });
    const sent = await api(ana.token, 'POST', '/api/remittances', {
      recipientId: rosa.json.id,
      amountUsd: 100,
      speed: 'express',
      quoteId: quote.json.quoteId,
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ kind: 'remittance', totalCents: 11_048 });
    expect((await api(ana.token, 'GET', '/api/wallet/balance')).json.balanceCents).toBe(
      50_000 - 1250 - 11_048,
    );
  });
});
