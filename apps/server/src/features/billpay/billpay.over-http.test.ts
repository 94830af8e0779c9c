import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { backgroundJobs } from '../../jobs/background-jobs';
import { type JobQueue, startJobQueue } from '../../jobs/job-queue';

// Done when: "a bill paid by ACH and one by check reach their final statuses" — in sandbox mode,
// over HTTP only. The app listens on loopback and runs its background jobs as the server does
// (the sandbox vendors' clock delivers the partner's webhooks); the user is signed up and
// verified; from then on only fetch() to /api/... and nothing else.

let app: AppInstance;
let db: Database;
let jobs: JobQueue;
let base: string;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(test.db, { sandboxAchSettleMs: 200 }, undefined, sandboxPool(test.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  jobs = await startJobQueue({
    databaseUrl: test.url,
    log: app.log,
    jobs: backgroundJobs(servicesOf(app)),
  });
});
afterAll(async () => {
  await jobs.stop();
  await app.close();
});

type Session = { token: string };
async function api(user: Session, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(method === 'POST'
        ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() }
        : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
  return { status: response.status, json: (await response.json()) as any };
}
/** Polls until `done` holds (no fixed wait). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`never held: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('bills paid for real, over HTTP', () => {
  it('a bill paid by ACH and one by check reach their final statuses; a returned one comes back', async () => {
    const ana = await verifiedUser(app, db);
    for (let i = 0; i < 3; i++) {
      expect((await api(ana, 'POST', '/api/wallet/test-deposit', { amount: 100_000 })).status).toBe(
        201,
      );
    }
    const utilities = (await api(ana, 'GET', '/api/billers?category=utilities')).json as Array<{
      id: string;
      paymentType: string;
      method: 'ach' | 'check';
    }>;
    const byAch = utilities.find((b) => b.method === 'ach');
    const byCheck = utilities.find((b) => b.method === 'check');
    if (!byAch || !byCheck) throw new Error('the directory has no ACH or check biller');
    const pay = (biller: typeof byAch, amount: number) =>
      api(ana, 'POST', '/api/unit/bill-payment', {
        paymentType: biller.paymentType,
        payeeId: biller.id,
        amount,
        accountId: '4455-6677',
        memo: 'Noviembre',
      });
    const ach = await pay(byAch, 8450);
    const check = await pay(byCheck, 12_000);
    const returned = await pay(byAch, 3001);
    for (const paid of [ach, check, returned]) {
      expect(paid.status).toBe(201);
      expect(paid.json).toMatchObject({ kind: 'bill_payment', status: 'processing' });
    }
    expect((await api(ana, 'GET', '/api/wallet/balance')).json.balanceCents).toBe(
      300_000 - 8450 - 12_000 - 3001,
    );

    const payments = await until(
      async () =>
        (await api(ana, 'GET', '/api/billpay/payments')).json as Array<{
          transferId: string;
          status: string;
          partnerStatus: string;
          method: string;
        }>,
      (list) => list.length === 3 && list.every((p) => p.status !== 'processing'),
    );
    const of = (id: string) => payments.find((p) => p.transferId === id);
    expect(of(ach.json.id)).toMatchObject({
      method: 'ach',
      status: 'completed',
      partnerStatus: 'Settled',
    });
    expect(of(check.json.id)).toMatchObject({
      method: 'check',
      status: 'completed',
      partnerStatus: 'Processed',
    });
    expect(of(returned.json.id)).toMatchObject({ status: 'failed', partnerStatus: 'Returned' });
    // The returned one's money is back; activity shows both sides.
    expect((await api(ana, 'GET', '/api/wallet/balance')).json.balanceCents).toBe(
      300_000 - 8450 - 12_000,
    );
    const activity = (await api(ana, 'GET', '/api/transactions?limit=20')).json;
    const kinds = (activity.items ?? activity).map((t: { kind: string }) => t.kind);
    expect(kinds).toEqual(expect.arrayContaining(['bill_payment', 'bill_payment_return']));
  });
});
