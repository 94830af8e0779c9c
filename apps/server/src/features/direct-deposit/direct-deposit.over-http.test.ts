import type { AddressInfo } from 'node:net';
import type { DirectDeposit } from '@pago/shared/contracts/direct-deposit';
import type { TransferReceipt } from '@pago/shared/contracts/transfers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyUser, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, servicesOf } from '../../app';
import { backgroundJobs } from '../../jobs/background-jobs';
import { type JobQueue, startJobQueue } from '../../jobs/job-queue';

// Issue's Done-when, over HTTP only: the app runs as main.ts runs it (listening, with its job
// queue: the sandbox clock delivers the partner's webhooks, the early-pay job advances), a user
// signed up and verified; then only fetch() to /api/... and the Unit fake's own /sandbox/....

let app: AppInstance;
let jobs: JobQueue;
let base: string;
let user: MoneyUser;

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  app = await buildTestApp(db, {}, undefined, sandboxPool(url));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  jobs = await startJobQueue({
    databaseUrl: url,
    log: pino({ level: 'silent' }),
    jobs: backgroundJobs(servicesOf(app)),
  });
  user = await verifiedUser(app, db);
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

async function api(path: string, init: RequestInit = {}) {
  return fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${user.token}`, ...(init.headers ?? {}) },
  });
}
const json = async <T>(path: string): Promise<T> => {
  const answer = await api(path);
  expect(answer.status).toBe(200);
  return (await answer.json()) as T;
};
type Balance = { balanceCents: number; availableBalanceCents: number; pendingCents: number };

/** Polls until `read` gives a value (no fixed wait). */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('eventually: the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('direct deposit over HTTP', () => {
  it('a $250.00 ACH to the account number is pending, available early when advanced, then completed', async () => {
    const numbers = await json<DirectDeposit>('/api/direct-deposit');
    expect(numbers).toMatchObject({ routingNumber: '812345678', accountType: 'checking' });
    expect((await json<Balance>('/api/wallet/balance')).balanceCents).toBe(0);

    const form = await api('/api/direct-deposit/form.pdf?language=es&amountType=all');
    expect(form.status).toBe(200);
    expect(
      Buffer.from(await form.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The employer pays the account number (the sandbox's payroll: Unit's received payment).
    const paid = await fetch(`${base}/sandbox/direct-deposit/payroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        accountNumber: numbers.accountNumber,
        amountCents: 25_000,
        companyName: 'PAYROLL',
        completesInDays: 3,
      }),
    });
    expect(paid.status).toBe(201);
    const { receivedPaymentId, completionDate } = (await paid.json()) as {
      receivedPaymentId: string;
      completionDate: string;
    };

    // Early pay: available before its completion date, the transfer still open until then.
    const early = await eventually(async () => {
      const { deposits } = await json<DirectDeposit>('/api/direct-deposit');
      const deposit = deposits.find((d: { id: string }) => d.id === receivedPaymentId);
      return deposit?.state === 'available_early' ? deposit : undefined;
    });
    expect(early).toMatchObject({ amountCents: 25_000, companyName: 'PAYROLL', completionDate });
    expect(await json<Balance>('/api/wallet/balance')).toMatchObject({
      balanceCents: 25_000,
      availableBalanceCents: 25_000,
      pendingCents: 0,
    });
    // It was pending (held) first: its notifications, oldest first, and its transfer's history.
    const notices = await json<{ items: { type: string }[] }>('/api/notifications');
    expect(
      notices.items
        .map((n: { type: string }) => n.type)
        .filter((t: string) => t.startsWith('direct_deposit_'))
        .reverse(),
    ).toEqual(['direct_deposit_pending', 'direct_deposit_available']);
    const receipt = await json<TransferReceipt>(`/api/transactions/${early.transferId}`);
    expect(receipt).toMatchObject({ kind: 'ach_received', status: 'processing' });

    // The partner completes it (Unit's sandbox completion): the transfer completes.
    const unitToken = app.deps.config.unit?.token;
    const completed = await fetch(
      `${base}/sandbox/unit/sandbox/received-payments/${receivedPaymentId}/complete`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${unitToken}`,
          'content-type': 'application/vnd.api+json',
        },
      },
    );
    expect(completed.status).toBe(200);
    await eventually(async () => {
      const { deposits } = await json<DirectDeposit>('/api/direct-deposit');
      return deposits[0]?.state === 'available' ? true : undefined;
    });
    expect(await json<TransferReceipt>(`/api/transactions/${early.transferId}`)).toMatchObject({
      status: 'completed',
    });
    expect(await json<Balance>('/api/wallet/balance')).toMatchObject({
      balanceCents: 25_000,
      availableBalanceCents: 25_000,
      pendingCents: 0,
    });
    // The partner and the ledger agree for this user.
    const reconciled = (await (
      await fetch(`${base}/sandbox/unit/reconcile`, { method: 'POST' })
    ).json()) as { differences: { userId: string | null }[] };
    expect(
      reconciled.differences.filter((d: { userId: string | null }) => d.userId === user.id),
    ).toEqual([]);
  });
});
