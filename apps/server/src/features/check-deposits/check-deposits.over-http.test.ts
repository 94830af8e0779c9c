import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWork } from '../../../test/background-work';
import { unitSettings, until } from '../../../test/banking-helpers';
import { type MoneyUser, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { servicesOf } from '../../app';

// Issue's Done-when, over HTTP only: a check deposit of $120.00 is credited after review, and a
// returned one is reversed. The user is signed up and verified first; from then on only fetch()
// to /api/... and to the Unit fake's own sandbox endpoints (/sandbox/unit/...).

const t = moneyTestApp(new Date(), { sandboxAchSettleMs: 300, sandboxCheckReviewMs: 0 });
let base = '';
let user: MoneyUser;
let background: ReturnType<typeof backgroundWork> | undefined;

beforeAll(async () => {
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  user = await verifiedUser(t.app, t.db);
  // The server's background clock, as main.ts runs it (the job queue's sandbox tick, every
  // second): the fakes move on and deliver their webhooks.
  background = backgroundWork(async () => {
    await servicesOf(t.app).sandboxVendors?.tick();
  }, 100);
});
afterAll(() => background?.stop());

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
type Json = any;

async function api(method: string, path: string, body?: unknown, money = false) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(money ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function photo(id: string, side: 'front' | 'back', type: 'image/jpeg' | 'image/png') {
  const magic =
    type === 'image/jpeg' ? [0xff, 0xd8, 0xff, 0xe0] : [137, 80, 78, 71, 13, 10, 26, 10];
  const response = await fetch(`${base}/api/check-deposits/${id}/${side}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
    body: Buffer.concat([Buffer.from(magic), randomBytes(200)]),
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** Unit's documented sandbox step on a deposit, found in the fake's list by its amount. */
async function sandboxStep(unitId: string, step: string) {
  const response = await fetch(`${base}/sandbox/unit/sandbox/check-deposits/${unitId}/${step}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${unitSettings(t.app).token}`,
      'content-type': 'application/vnd.api+json',
    },
  });
  expect(response.status).toBe(200);
}

/** The partner's id of the user's deposit of `amount` cents (the fake's own list). */
async function unitIdOf(amount: number) {
  const response = await fetch(`${base}/sandbox/unit/check-deposits?page[limit]=100`, {
    headers: { authorization: `Bearer ${unitSettings(t.app).token}` },
  });
  const { data } = (await response.json()) as {
    data: { id: string; attributes: { amount: number; tags?: Record<string, string> } }[];
  };
  const found = data.find((d) => d.attributes.amount === amount);
  if (!found) throw new Error(`no deposit of ${amount} at the partner`);
  return found.id;
}

async function deposit(amountCents: number) {
  const created = await api('POST', '/api/check-deposits', { amountCents }, true);
  expect(created.status).toBe(201);
  const { id } = created.json;
  await photo(id, 'front', 'image/jpeg');
  expect(await photo(id, 'back', 'image/png')).toMatchObject({
    status: 'AwaitingCustomerConfirmation',
  });
  const confirmed = await api('POST', `/api/check-deposits/${id}/confirm`, {}, true);
  expect(confirmed.status).toBe(200);
  expect(confirmed.json).toMatchObject({ status: 'PendingReview', funds: 'held' });
  const unitId = await unitIdOf(amountCents);
  for (const step of ['approve', 'transmit', 'clear']) await sandboxStep(unitId, step);
  return id as string;
}

const balance = async () => (await api('GET', '/api/wallet/balance')).json;
const depositView = async (id: string) => (await api('GET', `/api/check-deposits/${id}`)).json;

describe('a check deposit, over HTTP', () => {
  it('of $120.00 is credited after review; a returned one is reversed', async () => {
    expect((await api('POST', '/api/unit/accounts/create', {}, true)).status).toBe(201);

    const credited = await deposit(12_000);
    await until(async () => (await depositView(credited)).funds === 'available');
    expect(await depositView(credited)).toMatchObject({ status: 'Sent', amountCents: 12_000 });
    expect(await balance()).toMatchObject({
      balanceCents: 12_000,
      availableBalanceCents: 12_000,
      pendingCents: 0,
      owedCents: 0,
    });

    // $120.14: the sandbox's returned check, credited when cleared, then returned by the bank.
    const returned = await deposit(12_014);
    await until(async () => (await depositView(returned)).funds === 'returned');
    expect(await depositView(returned)).toMatchObject({
      status: 'Returned',
      reason: 'InsufficientFunds',
      owedCents: 0,
    });
    expect(await balance()).toMatchObject({
      balanceCents: 12_000,
      availableBalanceCents: 12_000,
      owedCents: 0,
    });
    const activity = (await api('GET', '/api/transactions')).json;
    const kinds = JSON.stringify(activity);
    expect(kinds).toContain('check_deposit_return');

    const notifications = (await api('GET', '/api/notifications')).json.items.map(
      (n: { type: string }) => n.type,
    );
    expect(notifications).toEqual(
      expect.arrayContaining([
        'check_deposit_received',
        'check_deposit_available',
        'check_deposit_returned',
      ]),
    );
  });
});
