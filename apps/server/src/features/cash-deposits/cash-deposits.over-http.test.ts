import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitSettings } from '../../../test/banking-helpers';
import { moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { servicesOf } from '../../app';

// Done-when: "a cash barcode deposit of $40.00 is credited with the fee rule applied past $500 a
// month". The app listens on loopback with its sandbox clock running as the server runs it
// (main.ts: the vendors' tick every second, here faster); after sign-up and verification, only
// fetch() to /api/... and the Unit fake's own /sandbox/unit/... endpoints.
const t = moneyTestApp(new Date('2026-05-12T16:00:00Z'));

let clock: ReturnType<typeof setInterval> | undefined;
let ticking: Promise<unknown> = Promise.resolve();
beforeAll(() => {
  clock = setInterval(() => {
    ticking = ticking.then(() => servicesOf(t.app).sandboxVendors?.tick()).catch(() => {});
  }, 100);
});
afterAll(async () => {
  clearInterval(clock);
  await ticking;
});

const base = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

type Deposits = {
  items: { amountCents: number; feeCents: number; transferId: string }[];
  month: { depositedCents: number; freeLeftCents: number };
};
type Answers = {
  stores: { items: { storeId: string }[] };
  barcode: { barcodeNumber: string };
  deposits: Deposits;
  balance: { balanceCents: number };
  transfer: { kind: string; status: string; feeCents: number };
};

async function api<K extends keyof Answers>(token: string, path: string, _shape: K) {
  const response = await fetch(`${base()}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Answers[K] };
}

/** The store's register takes `amount` cents with the barcode (the Unit fake's sandbox payment). */
async function payAtRegister(barcodeNumber: string, amount: number) {
  const response = await fetch(`${base()}/sandbox/unit/sandbox/cash-deposits`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${unitSettings(t.app).token}`,
      'content-type': 'application/vnd.api+json',
    },
    body: JSON.stringify({ data: { type: 'cashDeposit', attributes: { barcodeNumber, amount } } }),
  });
  return response.status;
}

/** Polls the user's cash deposits until there are `count` (no fixed wait). */
async function depositsUntil(token: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { body } = await api(token, '/api/cash-deposits', 'deposits');
    if (body.items.length >= count) return body;
    if (Date.now() > deadline) throw new Error(`never saw ${count} cash deposits`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a cash barcode deposit over HTTP', () => {
  it('credits $40.00, then charges $1.99 from the deposit that crosses $500 in the month', async () => {
    const user = await verifiedUser(t.app, t.db);
    const stores = await api(user.token, '/api/cash-deposits/stores?postalCode=10001', 'stores');
    expect(stores.status).toBe(200);
    const storeId = stores.body.items[0]?.storeId;
    const barcode = await api(
      user.token,
      `/api/cash-deposits/barcode?storeId=${storeId}`,
      'barcode',
    );
    expect(barcode.status).toBe(200);
    const number = barcode.body.barcodeNumber;

    expect(await payAtRegister(number, 4_000)).toBe(201);
    const first = await depositsUntil(user.token, 1);
    expect(first.items[0]).toMatchObject({ amountCents: 4_000, feeCents: 0 });
    expect((await api(user.token, '/api/wallet/balance', 'balance')).body.balanceCents).toBe(4_000);

    // $40 + $450 = $490: still free. $490 + $40 = $530 crosses $500: $1.99.
    expect(await payAtRegister(number, 45_000)).toBe(201);
    expect((await depositsUntil(user.token, 2)).items[0]?.feeCents).toBe(0);
    expect(await payAtRegister(number, 4_000)).toBe(201);
    const crossed = await depositsUntil(user.token, 3);
    expect(crossed.items[0]).toMatchObject({ amountCents: 4_000, feeCents: 199 });
    expect(crossed.month).toEqual({ depositedCents: 53_000, freeLeftCents: 0 });
    expect((await api(user.token, '/api/wallet/balance', 'balance')).body.balanceCents).toBe(
      53_000 - 199,
    );

    // The activity shows the deposit as completed, its fee with it.
    const transfer = await api(
      user.token,
      `/api/transactions/${crossed.items[0]?.transferId}`,
      'transfer',
    );
    expect(transfer.status).toBe(200);
    expect(transfer.body).toMatchObject({
      kind: 'cash_deposit',
      status: 'completed',
      feeCents: 199,
    });
  });
});
