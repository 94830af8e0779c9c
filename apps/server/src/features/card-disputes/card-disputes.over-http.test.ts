import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { backgroundJobs } from '../../jobs/background-jobs';
import { type JobQueue, startJobQueue } from '../../jobs/job-queue';

// Done when "a disputed card charge gets provisional credit and an outcome", over HTTP only: the
// app listening on loopback with its background jobs running (the sandbox vendors' clock delivers
// the Unit fake's webhooks), a signed-up verified user, then only fetch() to /api and /sandbox.

let app: AppInstance;
let db: Database;
let jobs: JobQueue;
let base = '';

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(db, {}, undefined, sandboxPool(test.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  jobs = await startJobQueue({
    databaseUrl: test.url,
    log: app.log,
    jobs: backgroundJobs(servicesOf(app)),
  });
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; money?: boolean; bearer?: string } = {},
) {
  const headers: Record<string, string> = {};
  const bearer = options.bearer ?? options.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (options.money) headers['idempotency-key'] = randomUUID();
  if (options.body !== undefined) {
    headers['content-type'] = path.startsWith('/sandbox/unit')
      ? 'application/vnd.api+json'
      : 'application/json';
  }
  const answer = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : null, text };
}

/** Polls an HTTP read until `done` holds (no fixed wait). */
// biome-ignore lint/suspicious/noExplicitAny: JSON read over HTTP
async function until(read: () => Promise<any>, done: (value: any) => boolean): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`never held: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a disputed card charge, over HTTP', () => {
  it('gets provisional credit and an outcome', async () => {
    const user = await verifiedUser(app, db, 10_000);
    const { token, password } = user;
    const balance = async () =>
      (await call('GET', '/api/wallet/balance', { token })).body.balanceCents as number;

    expect(
      (await call('POST', '/api/unit/accounts/create', { token, body: {}, money: true })).status,
    ).toBe(201);
    const issued = await call('POST', '/api/cards', {
      token,
      body: { type: 'virtual' },
      money: true,
    });
    expect(issued.status, issued.text).toBe(201);
    const card = issued.body;

    // The card's numbers, as the browser's secure frame reads them from the vault.
    // Both steps: the password (Unit texts a code to the phone: the sandbox SMS outbox), the code.
    const verification = await call('POST', `/api/cards/${card.id}/secure-token/verification`, {
      token,
      body: { password, purpose: 'show' },
    });
    expect(verification.status, verification.text).toBe(200);
    const [text] = (await call('GET', '/sandbox/sms/messages?limit=1')).body;
    const secure = await call('POST', `/api/cards/${card.id}/secure-token`, {
      token,
      body: {
        purpose: 'show',
        verificationToken: verification.body.verificationToken,
        verificationCode: text.code,
      },
    });
    expect(secure.status, secure.text).toBe(200);
    const vault = `/sandbox/unit/cards/${secure.body.partnerCardId}/secure-data`;
    const pan = (await call('GET', `${vault}/pan`, { bearer: secure.body.token })).body.data
      .attributes.pan as string;
    const cvv = (await call('GET', `${vault}/cvv`, { bearer: secure.body.token })).body.data
      .attributes.cvv as string;

    // A purchase at a merchant of the sandbox card network, cleared.
    const bought = await call('POST', '/sandbox/cards/network/purchase', {
      body: {
        pan,
        cvv,
        expMonth: card.expMonth,
        expYear: card.expYear,
        amountCents: 3_000,
        merchant: { name: 'Tienda Sol', city: 'Miami, FL', category: 'retail' },
      },
    });
    expect(bought.body, bought.text).toMatchObject({ approved: true });
    const cleared = await call('POST', '/sandbox/cards/network/clear', {
      body: { authorizationId: bought.body.authorizationId, amountCents: 3_000 },
    });
    expect(cleared.status, cleared.text).toBe(200);
    const purchase = await until(
      async () =>
        (await call('GET', '/api/transactions?limit=20', { token })).body.items.find(
          (t: { kind: string; status: string }) =>
            t.kind === 'card_purchase' && t.status === 'completed',
        ),
      Boolean,
    );
    expect(await balance()).toBe(7_000);

    // The dispute: opened, and at the partner.
    const opened = await call('POST', '/api/cards/disputes', {
      token,
      money: true,
      body: { transferId: purchase.id, reason: 'unauthorized', description: 'No hice esta compra' },
    });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.body).toMatchObject({ status: 'open', disputedCents: 3_000 });
    const disputeId = opened.body.id as string;
    const unitToken = app.deps.config.unit?.token ?? '';
    const partner = await until(
      async () =>
        (await call('GET', '/sandbox/unit/disputes', { bearer: unitToken })).body.data.find(
          (d: { attributes: { amount: number; description: string } }) =>
            d.attributes.amount === 3_000,
        ),
      Boolean,
    );
    const second = await call('POST', '/api/cards/disputes', {
      token,
      money: true,
      body: { transferId: purchase.id, reason: 'unauthorized', description: 'Otra vez' },
    });
    expect(second.status).toBe(409);

    // The bank credits provisionally: Pago gives the credit.
    const move = (status: string) =>
      call('POST', `/sandbox/unit/sandbox/disputes/${partner.id}/status`, {
        bearer: unitToken,
        body: { data: { type: 'disputeStatus', attributes: { status } } },
      });
    expect((await move('ProvisionallyCredited')).status).toBe(200);
    const credited = await until(
      async () => (await call('GET', `/api/cards/disputes/${disputeId}`, { token })).body,
      (d) => d.status === 'provisionally_credited',
    );
    expect(credited.steps.map((s: { step: string }) => s.step)).toEqual([
      'opened',
      'provisionally_credited',
    ]);
    expect(await balance()).toBe(10_000);

    // The outcome: resolved in the holder's favor; the credit stays.
    expect((await move('ResolvedWon')).status).toBe(200);
    const won = await until(
      async () => (await call('GET', `/api/cards/disputes/${disputeId}`, { token })).body,
      (d) => d.status === 'won',
    );
    expect(won.steps.map((s: { step: string }) => s.step)).toEqual([
      'opened',
      'provisionally_credited',
      'won',
    ]);
    expect(await balance()).toBe(10_000);
    const listed = await call('GET', '/api/cards/disputes', { token });
    expect(listed.body.disputes.map((d: { id: string }) => d.id)).toEqual([disputeId]);
    const notifications = await call('GET', '/api/notifications?limit=20', { token });
    expect(
      notifications.body.items
        .map((n: { type: string }) => n.type)
        .filter((type: string) => type.startsWith('card_dispute')),
    ).toEqual(['card_dispute_won', 'card_dispute_credited', 'card_dispute_opened']);
  });
});
