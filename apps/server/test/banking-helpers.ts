import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AppInstance, servicesOf } from '../src/app';
import type { TestUser } from './accounts-helpers';
import { moneyPost } from './money-helpers';

/** The Unit fake's org token and webhook secret (sandbox defaults). */
export function unitSettings(app: AppInstance) {
  const unit = app.deps.config.unit;
  if (!unit) throw new Error('This app has no Unit settings');
  return unit;
}

/** Calls the Unit fake as Unit's own API is called: org token, JSON:API. */
export function unitFake(app: AppInstance, method: 'GET' | 'POST', path: string, data?: unknown) {
  return app.inject({
    method,
    url: `/sandbox/unit${path}`,
    headers: {
      authorization: `Bearer ${unitSettings(app).token}`,
      ...(data === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
    },
    ...(data === undefined ? {} : { payload: JSON.stringify({ data }) }),
  });
}

/** Opens the user's bank account at the partner; returns Unit's ids for it. */
export async function openBankAccount(app: AppInstance, user: TestUser) {
  const opened = await moneyPost(app, user, '/api/unit/accounts/create', {});
  if (opened.statusCode !== 201) throw new Error(`open account: ${opened.body}`);
  const row = await app.deps.db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { accountId: row.unit_account_id, customerId: row.unit_customer_id };
}

/** Money arriving at the partner account from outside (Unit's sandbox incoming ACH). */
export async function fundAtPartner(app: AppInstance, accountId: string, amount: number) {
  const answer = await unitFake(app, 'POST', '/sandbox/payments', {
    type: 'achPayment',
    attributes: { amount, direction: 'Credit', description: 'Test funds' },
    relationships: { account: { data: { type: 'depositAccount', id: accountId } } },
  });
  if (answer.statusCode !== 201) throw new Error(`fund: ${answer.body}`);
  return answer.json().data as { id: string };
}

/** Signs a body as Unit documents it, independently of both the fake and the verifier. */
export function unitSignature(secret: string, body: string) {
  return createHmac('sha1', secret).update(body).digest('base64');
}

/** Runs the sandbox vendors' clock until `done` holds (polling; no fixed wait). */
export async function tickUntil<T>(
  app: AppInstance,
  done: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await servicesOf(app).sandboxVendors?.tick();
    const result = await done();
    if (result) return result;
    if (Date.now() > deadline) throw new Error('tickUntil: the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A stand-in address for Unit that holds every call until `release()`, then passes it on to the
 * app's fake: a partner that is slow while a request is in flight. `arrived()` counts the calls.
 */
export async function gatedPartner(app: AppInstance) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = 0;
  const server = createServer(async (request, response) => {
    arrived += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    await gate;
    const port = (app.server.address() as AddressInfo).port;
    const upstream = await fetch(`http://127.0.0.1:${port}/sandbox/unit${request.url}`, {
      method: request.method ?? 'GET',
      headers: {
        authorization: String(request.headers.authorization ?? ''),
        'content-type': String(request.headers['content-type'] ?? 'application/vnd.api+json'),
      },
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/vnd.api+json',
    });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived: () => arrived,
    release: () => release(),
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `done` holds (no fixed wait). */
export async function until(done: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('until: the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
