import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { formatReference } from '@pago/shared/reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { backgroundJobs } from '../../jobs/background-jobs';
import { type JobQueue, startJobQueue } from '../../jobs/job-queue';
import { totpCode } from './totp';

// The account details, over HTTP only: the app listens on loopback and runs its background jobs
// (the e-mail outbox) as the server does; the user is signed up and verified; from then on only
// fetch() to /api/... and /sandbox/... (the sandbox mailbox). The authenticator app's code is
// computed here, as the person's phone computes it.

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

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function api(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  money = false,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'user-agent': FIREFOX,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(money ? { 'idempotency-key': randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
  return { status: response.status, json: (await response.json().catch(() => null)) as any };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`never held: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailbox = async (to: string) =>
  (await api(null, 'GET', `/sandbox/mailbox/messages?to=${encodeURIComponent(to)}`)).json as Array<{
    subject: string;
    text: string;
  }>;

describe('account details over HTTP', () => {
  it('security changes are e-mailed, sessions tell devices apart, times follow the chosen zone, a bill has its reference', async () => {
    const ana = await verifiedUser(app, db);

    // Two-step codes on, then off with a recovery code: both e-mailed, with the device.
    const setup = await api(ana.token, 'POST', '/api/security/two-step/setup', {});
    expect(setup.status).toBe(200);
    const on = await api(ana.token, 'POST', '/api/security/two-step/confirm', {
      code: totpCode(setup.json.secret),
    });
    expect(on.status).toBe(200);
    const off = await api(ana.token, 'POST', '/api/security/two-step/disable', {
      password: ana.password,
      code: on.json.recoveryCodes[0],
    });
    expect(off.status).toBe(200);
    const mails = await until(
      () => mailbox(ana.email),
      (list) =>
        list.some((m) => m.subject === 'Activaste los códigos de dos pasos') &&
        list.some((m) => m.subject === 'Desactivaste los códigos de dos pasos'),
    );
    const enabled = mails.find((m) => m.subject === 'Activaste los códigos de dos pasos');
    expect(enabled?.text).toContain('Firefox (Linux)');

    // A second sign-in: the list tells the two apart (how each began, when last used).
    const login = await api(null, 'POST', '/api/auth/login', {
      username: ana.username,
      password: ana.password,
    });
    expect(login.status).toBe(200);
    const sessions = (await api(login.json.token, 'GET', '/api/security/sessions')).json.sessions;
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({
      method: 'password',
      device: 'Firefox (Linux)',
    });
    expect(sessions.length).toBeGreaterThanOrEqual(2);

    // The time zone: chosen in the profile; the next e-mail's time is in it.
    const me = (await api(ana.token, 'GET', '/api/user/profile')).json;
    const chosen = await api(ana.token, 'PUT', '/api/user/profile', {
      name: me.name,
      username: me.username,
      email: me.email,
      timeZone: 'America/Los_Angeles',
    });
    expect(chosen.json).toMatchObject({ timeZone: 'America/Los_Angeles', timeZoneChosen: true });
    await api(null, 'POST', '/api/auth/login', { username: ana.username, password: ana.password });
    await until(
      () => mailbox(ana.email),
      (list) =>
        list.some(
          (m) => m.subject === 'Nuevo inicio de sesión en tu cuenta' && / P[SD]T\b/.test(m.text),
        ),
    );

    // A bill paid now: its reference, in the one format, opens its receipt.
    expect(
      (await api(ana.token, 'POST', '/api/wallet/test-deposit', { amount: 20_000 }, true)).status,
    ).toBe(201);
    const billers = (await api(ana.token, 'GET', '/api/billers?category=utilities')).json as Array<{
      id: string;
      paymentType: string;
      method: string;
    }>;
    const biller = billers.find((b) => b.method === 'ach');
    if (!biller) throw new Error('no ACH biller');
    const paid = await api(
      ana.token,
      'POST',
      '/api/unit/bill-payment',
      {
        paymentType: biller.paymentType,
        payeeId: biller.id,
        amount: 4590,
        accountId: '4455-6677',
        memo: '',
      },
      true,
    );
    expect(paid.status).toBe(201);
    const receipt = await api(
      ana.token,
      'GET',
      `/api/transactions/${formatReference(paid.json.reference)}`,
    );
    expect(receipt.json).toMatchObject({ id: paid.json.id, kind: 'bill_payment' });
    const payments = (await api(ana.token, 'GET', '/api/billpay/payments')).json;
    expect(payments[0]).toMatchObject({ transferId: paid.json.id, reference: paid.json.reference });
  });
});
