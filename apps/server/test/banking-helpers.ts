import { createHmac } from 'node:crypto';
import type { AppInstance } from '../src/app';
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
    await app.services.sandboxVendors?.tick();
    const result = await done();
    if (result) return result;
    if (Date.now() > deadline) throw new Error('tickUntil: the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
