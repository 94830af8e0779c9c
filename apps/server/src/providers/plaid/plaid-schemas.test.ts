import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import { passPlaidFlow } from '../../../test/identity-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { linkSandboxBank, plaidApi } from '../../../test/plaid-helpers';
import { type FakeAnswer, nonConforming, recordingTestApp } from '../../../test/vendor-recorder';
import { servicesOf } from '../../app';
import { AppError } from '../../lib/app-error';
import { createPlaidBanking } from './plaid-banking';
import { PLAID_ANSWERS, PLAID_SANDBOX_ANSWERS, plaidError } from './plaid-schemas';

const test = recordingTestApp('/sandbox/plaid', { sandboxAchSettleMs: 200 });

/** Link's own pages, script and hosted flow: what a browser loads, not Plaid's API. */
const LINK_PAGES = /^\/(link(\/.*)?|link-initialize\.js|assets\/.+)$/;

function schemaOf(answer: FakeAnswer) {
  const api = { ...PLAID_ANSWERS, ...PLAID_SANDBOX_ANSWERS } as Record<
    string,
    (typeof PLAID_ANSWERS)[keyof typeof PLAID_ANSWERS]
  >;
  if (answer.method === 'POST' && api[answer.path]) {
    return answer.status === 200 ? api[answer.path] : plaidError;
  }
  return LINK_PAGES.test(answer.path) ? null : undefined;
}

describe('the Plaid fake against Plaid’s published OpenAPI', () => {
  it('gives only answers that Plaid’s schemas accept, over every flow Pago runs at Plaid', async () => {
    const { app, db } = test;
    const ask = (user: { token: string }, method: 'GET' | 'POST' | 'DELETE', url: string) =>
      app.inject({ method, url, headers: bearer(user.token) });

    // Identity Verification: link token, the hosted flow, the verification read back.
    const newcomer = await signUp(app);
    const flow = await passPlaidFlow(app, newcomer);
    const completed = await app.inject({
      method: 'POST',
      url: '/api/plaid/identity-verification/complete',
      headers: bearer(newcomer.token),
      payload: { identity_verification_id: flow.id },
    });
    expect(completed.statusCode, completed.body).toBe(200);

    // Auth: a bank linked, its balance, money in through the banking partner's processor token.
    const user = await verifiedUser(app, db);
    expect((await ask(user, 'POST', '/api/plaid/link-token')).statusCode).toBe(200);
    const linked = await linkSandboxBank(app, user);
    const account = linked.accounts.find((a) => a.mask === '0000') ?? linked.accounts[0];
    if (!account) throw new Error('no linked account');
    const balance = await ask(user, 'GET', `/api/plaid/accounts/${account.id}/balance`);
    expect(balance.statusCode, balance.body).toBe(200);
    const deposit = await moneyPost(app, user, '/api/funding/deposits', {
      plaidAccountId: account.id,
      amountCents: 1_000,
    });
    expect(deposit.statusCode, deposit.body).toBe(201);

    // A signed item webhook (its key read from Plaid), a login reset and its error, an unlink.
    const item = await db
      .selectFrom('sandbox_plaid_items')
      .innerJoin('plaid_items', 'plaid_items.item_id', 'sandbox_plaid_items.item_id')
      .select('sandbox_plaid_items.access_token')
      .where('plaid_items.id', '=', linked.itemId)
      .executeTakeFirstOrThrow();
    const fired = await plaidApi(app, '/sandbox/item/fire_webhook', {
      access_token: item.access_token,
      webhook_code: 'DEFAULT_UPDATE',
      webhook_type: 'AUTH',
    });
    expect(fired.statusCode, fired.body).toBe(200);
    for (let round = 0; round < 10; round += 1) {
      if ((await servicesOf(app).sandboxVendors?.tick())?.delivered === 0) break;
    }
    await plaidApi(app, '/sandbox/item/reset_login', { access_token: item.access_token });
    await ask(user, 'GET', `/api/plaid/accounts/${account.id}/balance`);
    expect((await ask(user, 'DELETE', `/api/plaid/items/${linked.itemId}`)).statusCode).toBe(200);

    const answers = test.answers();
    expect(nonConforming(answers, schemaOf)).toEqual([]);
    const errors = answers.filter((a) => a.status >= 400).map((a) => a.path);
    expect(errors).toContain('/accounts/balance/get');
    // Every Plaid call the clients make was seen at least once.
    expect(
      Object.keys(PLAID_ANSWERS).filter((path) => !answers.some((a) => a.path === path)),
    ).toEqual([]);
  });
});

describe('the Plaid client', () => {
  it('refuses an account whose verification_status is null (optional, not nullable)', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          accounts: [
            {
              account_id: 'acc-1',
              balances: {
                available: 100,
                current: 110,
                limit: null,
                iso_currency_code: 'USD',
                unofficial_currency_code: null,
              },
              mask: '0000',
              name: 'Plaid Checking',
              official_name: null,
              type: 'depository',
              subtype: 'checking',
              verification_status: null,
            },
          ],
          item: {
            item_id: 'item-1',
            webhook: null,
            error: null,
            available_products: [],
            billed_products: ['auth'],
            consent_expiration_time: null,
            update_type: 'background',
          },
          request_id: 'req-1',
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const logged: object[] = [];
    const plaid = createPlaidBanking({
      basePath: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      clientId: 'client',
      secret: 'secret',
      log: { error: (fields) => logged.push(fields) },
    });
    const failed = await plaid.getBalances('access-sandbox-1', ['acc-1']).catch((e) => e);
    expect(failed).toBeInstanceOf(AppError);
    expect(failed).toMatchObject({ statusCode: 502, code: 'bank_provider_unavailable' });
    expect(logged).toMatchObject([
      {
        vendor: 'plaid',
        call: '/accounts/balance/get',
        issues: [{ path: 'accounts.0.verification_status' }],
      },
    ]);
  });
});
