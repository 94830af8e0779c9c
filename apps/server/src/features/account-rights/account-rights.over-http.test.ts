import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { unzipText } from '../../../test/zip-helpers';

// Done when: "a customer downloads their data and closes their account; afterwards sign-in
// fails and their transfers still appear, named, in the other party's activity" — over HTTP
// only. The app listens on loopback; two users are signed up and verified; from then on only
// fetch() to /api/..., asserting balances and statuses through the API.
const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'));

const base = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
type Json = any;

async function call(token: string | null, method: 'GET' | 'POST', path: string, body?: unknown) {
  return fetch(`${base()}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function api(token: string | null, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await call(token, method, path, body);
  return { status: response.status, json: (await response.json()) as Json };
}

describe('download my data and close my account, over HTTP', () => {
  it('downloads the ZIP, closes at zero balance, refuses sign-in, keeps the transfers named for the other party', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const beto = await verifiedUser(t.app, t.db);
    expect(
      (await api(ana.token, 'POST', '/api/wallet/test-deposit', { amount: 2_000 })).status,
    ).toBe(201);
    const paid = await api(ana.token, 'POST', '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd: 15,
      note: 'Renta',
    });
    expect(paid.status).toBe(201);

    // Download my data: the password gives a ticket, the ticket the ZIP.
    const ticket = await api(ana.token, 'POST', '/api/account/data-export', {
      password: ana.password,
    });
    expect(ticket.status).toBe(201);
    const zip = await call(ana.token, 'GET', ticket.json.downloadUrl);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = await unzipText(Buffer.from(await zip.arrayBuffer()));
    const transfers = JSON.parse(files.get('transfers.json') ?? '[]');
    expect(transfers.map((x: Json) => x.id)).toContain(paid.json.id);
    expect(files.get('transfers.csv')).toContain(paid.json.reference);

    // Closing waits for the balance: $5 left.
    const blocked = await api(ana.token, 'GET', '/api/account/close');
    expect(blocked.json).toMatchObject({
      closable: false,
      blockers: [{ code: 'balance', amountCents: 500 }],
    });
    const refused = await api(ana.token, 'POST', '/api/account/close', { password: ana.password });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('account_not_closable');
    expect(
      (
        await api(ana.token, 'POST', '/api/transactions/send', {
          recipientUsername: beto.username,
          amountUsd: 5,
        })
      ).status,
    ).toBe(201);
    expect((await api(ana.token, 'GET', '/api/wallet/balance')).json.balanceCents).toBe(0);
    expect((await api(ana.token, 'GET', '/api/account/close')).json.closable).toBe(true);

    const closed = await api(ana.token, 'POST', '/api/account/close', { password: ana.password });
    expect(closed.status).toBe(200);
    expect(closed.json.closedAt).toEqual(expect.any(String));

    // Afterwards: the session is over and signing in fails, with the reason.
    expect((await api(ana.token, 'GET', '/api/wallet/balance')).status).toBe(401);
    const signIn = await api(null, 'POST', '/api/auth/login', {
      username: ana.username,
      password: ana.password,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.json.error.code).toBe('account_closed');

    // Beto's activity still shows both transfers from Ana, named.
    const activity = (await api(beto.token, 'GET', '/api/transactions?type=p2p')).json.items;
    const fromAna = activity.filter((x: Json) => x.counterparty?.username === ana.username);
    expect(fromAna.map((x: Json) => x.amountCents).sort()).toEqual([1500, 500].sort());
    for (const x of fromAna) expect(x.counterparty.name).toBe('Test User');
    expect((await api(beto.token, 'GET', '/api/wallet/balance')).json.balanceCents).toBe(2_000);
  });
});
