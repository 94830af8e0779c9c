import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestUser } from '../../../test/accounts-helpers';
import { linkSandboxBank, listeningPlaidApp, plaidApi } from '../../../test/plaid-helpers';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { signPlaidWebhook } from '../../sandbox/plaid/plaid-keys';
import { decryptAccessToken } from './token-crypto';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ app, db } = await listeningPlaidApp());
});
afterAll(() => app.close());

const get = (user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.token) });
const listAccounts = async (user: TestUser) =>
  (await get(user, '/api/plaid/accounts')).json() as {
    accounts: Array<{ id: string; itemId: string; status: string; name: string; mask: string }>;
  };
const balanceOf = (user: TestUser, accountId: string) =>
  get(user, `/api/plaid/accounts/${accountId}/balance`);

/** The fake's record of an item, and the access token it gave out. */
async function fakeItemOf(itemId: string) {
  const ours = await db
    .selectFrom('plaid_items')
    .selectAll()
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  const theirs = await db
    .selectFrom('sandbox_plaid_items')
    .selectAll()
    .where('item_id', '=', ours.item_id)
    .executeTakeFirstOrThrow();
  return { ours, theirs };
}

/** Runs the sandbox vendors until every due webhook has been delivered. */
async function deliverWebhooks() {
  const vendors = servicesOf(app).sandboxVendors;
  if (!vendors) throw new Error('sandbox vendors missing');
  for (let round = 0; round < 10; round += 1) {
    if ((await vendors.tick()).delivered === 0) return;
  }
}

async function fireWebhook(itemId: string, webhookCode: string, webhookType?: string) {
  const { theirs } = await fakeItemOf(itemId);
  const fired = await plaidApi(app, '/sandbox/item/fire_webhook', {
    access_token: theirs.access_token,
    webhook_code: webhookCode,
    ...(webhookType ? { webhook_type: webhookType } : {}),
  });
  expect(fired.json()).toMatchObject({ webhook_fired: true });
  await deliverWebhooks();
}

describe('POST /api/plaid/link-token', () => {
  it('makes an Auth link token in the user’s language, with our item webhook', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/plaid/link-token',
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    const { link_token, scriptUrl } = response.json() as { link_token: string; scriptUrl: string };
    expect(scriptUrl).toBe('/sandbox/plaid/link-initialize.js');
    const stored = await db
      .selectFrom('sandbox_plaid_link_tokens')
      .selectAll()
      .where('token', '=', link_token)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      client_user_id: user.id,
      products: ['auth'],
      language: 'es',
      webhook: 'http://localhost:3000/api/plaid/webhook',
      template_id: null,
    });
    // The fake's Link page for this token is the bank picker, not identity verification.
    const page = await app.inject({ url: `/sandbox/plaid/link?token=${link_token}` });
    expect(page.body).toContain('link-bank.js');
  });

  it('asks for a sign-in first', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/plaid/link-token' });
    expect(response.statusCode).toBe(401);
  });
});

describe('linking a bank', () => {
  it('stores the item’s accounts (institution, mask, type) and never the token in clear', async () => {
    const user = await signUp(app);
    const linked = await linkSandboxBank(app, user);
    expect(linked.accounts).toEqual([
      expect.objectContaining({
        name: 'Plaid Checking',
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
        institution: 'First Platypus Bank',
        institutionId: 'ins_109508',
        status: 'good',
      }),
      expect.objectContaining({ name: 'Plaid Saving', mask: '1111', subtype: 'savings' }),
    ]);
    expect((await listAccounts(user)).accounts.map((a) => a.id)).toEqual(
      linked.accounts.map((a) => a.id),
    );

    const { ours, theirs } = await fakeItemOf(linked.itemId);
    expect(ours.access_token_encrypted).not.toContain(theirs.access_token);
    expect(ours.access_token_encrypted).toMatch(/^v1\./);
    const key = app.deps.config.plaid?.tokenKey ?? Buffer.alloc(0);
    expect(decryptAccessToken(key, ours.item_id, ours.access_token_encrypted)).toBe(
      theirs.access_token,
    );
    // Sealed to its item: the same ciphertext on another item does not open.
    expect(() => decryptAccessToken(key, 'another-item', ours.access_token_encrypted)).toThrow();
    // Only the mask of an account number is kept.
    const columns = await db.selectFrom('plaid_accounts').selectAll().execute();
    expect(JSON.stringify(columns)).not.toContain('1111222233330000');
  });

  it('refuses a public token used twice or made up', async () => {
    const user = await signUp(app);
    const created = await plaidApi(app, '/sandbox/public_token/create', {
      institution_id: 'ins_109511',
      initial_products: ['auth'],
    });
    const publicToken = (created.json() as { public_token: string }).public_token;
    const exchange = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/plaid/exchange-token',
        headers: bearer(user.token),
        payload: { public_token: token, institution_name: 'Tiberius Bank' },
      });
    expect((await exchange(publicToken)).statusCode).toBe(200);
    const again = await exchange(publicToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { code: 'bank_link_failed', details: { vendorCode: 'INVALID_PUBLIC_TOKEN' } },
    });
    expect((await exchange('public-sandbox-made-up')).statusCode).toBe(400);
  });

  it('fails a wrong bank password with Plaid’s INVALID_CREDENTIALS', async () => {
    const created = await plaidApi(app, '/sandbox/public_token/create', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
      options: { override_username: 'user_good', override_password: 'pass_bad' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      error_type: 'ITEM_ERROR',
      error_code: 'INVALID_CREDENTIALS',
      display_message: expect.any(String),
      request_id: expect.any(String),
    });
  });

  it('goes through Link’s bank picker: credentials, then only the accounts chosen', async () => {
    const user = await signUp(app);
    const tokenResponse = await app.inject({
      method: 'POST',
      url: '/api/plaid/link-token',
      headers: bearer(user.token),
      payload: { language: 'en' },
    });
    const linkToken = (tokenResponse.json() as { link_token: string }).link_token;
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/plaid/link/bank/credentials',
        payload: {
          link_token: linkToken,
          institution_id: 'ins_109512',
          username: 'user_good',
          password,
        },
      });
    const wrong = await login('nope');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error_code: 'INVALID_CREDENTIALS' });
    expect((await login('pass_good')).json()).toEqual({
      accounts: [
        { kind: 'checking', name: 'Plaid Checking', mask: '0000', subtype: 'checking' },
        { kind: 'savings', name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
      ],
    });
    const submitted = await app.inject({
      method: 'POST',
      url: '/sandbox/plaid/link/bank/submit',
      payload: {
        link_token: linkToken,
        institution_id: 'ins_109512',
        username: 'user_good',
        password: 'pass_good',
        accounts: ['savings'],
      },
    });
    const success = submitted.json() as {
      public_token: string;
      metadata: { institution: { name: string } };
    };
    expect(success.metadata.institution.name).toBe('Tartan Bank');
    const exchanged = await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-token',
      headers: bearer(user.token),
      payload: { public_token: success.public_token, institution_name: 'Tartan Bank' },
    });
    expect(exchanged.statusCode).toBe(200);
    expect((await listAccounts(user)).accounts).toEqual([
      expect.objectContaining({ name: 'Plaid Saving', mask: '1111' }),
    ]);
    const { theirs } = await fakeItemOf((exchanged.json() as { itemId: string }).itemId);
    expect(theirs).toMatchObject({ client_user_id: user.id, institution_id: 'ins_109512' });
  });
});

describe('GET /api/plaid/accounts/:id/balance', () => {
  it('reads the bank’s balance now, in cents', async () => {
    const user = await signUp(app);
    const [checking, savings] = (await linkSandboxBank(app, user)).accounts;
    const response = await balanceOf(user, checking?.id ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accountId: checking?.id,
      balance: { availableCents: 10_000, currentCents: 11_000, currency: 'USD' },
    });
    expect((await balanceOf(user, savings?.id ?? '')).json()).toMatchObject({
      balance: { availableCents: 20_000, currentCents: 21_000 },
    });
  });

  it('follows the low-balance test user', async () => {
    const user = await signUp(app);
    const [checking] = (await linkSandboxBank(app, user, { username: 'user_low_balance' }))
      .accounts;
    expect((await balanceOf(user, checking?.id ?? '')).json()).toMatchObject({
      balance: { availableCents: 500, currentCents: 500 },
    });
  });

  it('is 404 for another user’s account, a made-up id or a malformed one', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const [checking] = (await linkSandboxBank(app, owner)).accounts;
    for (const id of [checking?.id, '6f1c0e36-2b5e-4c55-8d83-1b0f3e0f5b6c', 'not-an-id']) {
      const response = await balanceOf(stranger, id ?? '');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await listAccounts(stranger)).accounts).toEqual([]);
  });
});

describe('item webhooks', () => {
  it('marks an item needing a new login on ITEM_LOGIN_REQUIRED, and good once repaired', async () => {
    const user = await signUp(app);
    const linked = await linkSandboxBank(app, user);
    await fireWebhook(linked.itemId, 'ERROR', 'ITEM');
    const { ours } = await fakeItemOf(linked.itemId);
    expect(ours).toMatchObject({ status: 'login_required', error_code: 'ITEM_LOGIN_REQUIRED' });
    expect((await listAccounts(user)).accounts.map((a) => a.status)).toEqual([
      'login_required',
      'login_required',
    ]);
    const refused = await balanceOf(user, linked.accounts[0]?.id ?? '');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'bank_login_required' } });

    await fireWebhook(linked.itemId, 'LOGIN_REPAIRED', 'ITEM');
    expect((await listAccounts(user)).accounts.map((a) => a.status)).toEqual(['good', 'good']);
    expect((await balanceOf(user, linked.accounts[0]?.id ?? '')).statusCode).toBe(200);
  });

  it('re-reads the accounts on AUTH DEFAULT_UPDATE', async () => {
    const user = await signUp(app);
    const linked = await linkSandboxBank(app, user);
    const { ours } = await fakeItemOf(linked.itemId);
    await db
      .updateTable('sandbox_plaid_accounts')
      .set({ name: 'Plaid Checking Plus', mask: '9999' })
      .where('item_id', '=', ours.item_id)
      .where('mask', '=', '0000')
      .execute();
    await fireWebhook(linked.itemId, 'DEFAULT_UPDATE', 'AUTH');
    expect((await listAccounts(user)).accounts[0]).toMatchObject({
      name: 'Plaid Checking Plus',
      mask: '9999',
    });
  });

  it('refuses a body whose signature does not hold, and applies a replayed delivery once', async () => {
    const user = await signUp(app);
    const linked = await linkSandboxBank(app, user);
    const { ours } = await fakeItemOf(linked.itemId);
    const body = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: ours.item_id,
      error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' },
      environment: 'sandbox',
    });
    const post = (payload: string, verification: string) =>
      app.inject({
        method: 'POST',
        url: '/api/plaid/webhook',
        headers: { 'content-type': 'application/json', 'plaid-verification': verification },
        payload,
      });
    const signed = await signPlaidWebhook(db, body);
    const tampered = body.replace('ITEM_LOGIN_REQUIRED', 'ITEM_LOCKED');
    expect((await post(tampered, signed)).statusCode).toBe(401);
    expect((await post(body, 'not-a-jwt')).statusCode).toBe(401);
    expect((await fakeItemOf(linked.itemId)).ours.status).toBe('good');

    expect((await post(body, signed)).statusCode).toBe(200);
    expect((await fakeItemOf(linked.itemId)).ours.status).toBe('login_required');
    // The bank answers again (repaired); the same signed delivery replayed changes nothing.
    await db
      .updateTable('plaid_items')
      .set({ status: 'good' })
      .where('id', '=', linked.itemId)
      .execute();
    expect((await post(body, signed)).statusCode).toBe(200);
    expect((await fakeItemOf(linked.itemId)).ours.status).toBe('good');
  });
});

describe('signing in to a bank again (Link update mode)', () => {
  it('repairs an item that needs a new login; another user’s item is a 404', async () => {
    const user = await signUp(app);
    const stranger = await signUp(app);
    const linked = await linkSandboxBank(app, user);
    const { theirs } = await fakeItemOf(linked.itemId);
    await plaidApi(app, '/sandbox/item/reset_login', { access_token: theirs.access_token });
    const repair = (who: TestUser) =>
      app.inject({
        method: 'POST',
        url: `/api/plaid/items/${linked.itemId}/repair`,
        headers: bearer(who.token),
      });
    // Still broken at the bank: refused, and the item is marked.
    expect((await repair(user)).json()).toMatchObject({ error: { code: 'bank_login_required' } });
    expect((await fakeItemOf(linked.itemId)).ours.status).toBe('login_required');

    const updateToken = (who: TestUser) =>
      app.inject({
        method: 'POST',
        url: '/api/plaid/link-token',
        headers: bearer(who.token),
        payload: { itemId: linked.itemId },
      });
    expect((await updateToken(stranger)).statusCode).toBe(404);
    expect((await repair(stranger)).statusCode).toBe(404);
    const { link_token } = (await updateToken(user)).json() as { link_token: string };
    const session = await app.inject({ url: `/sandbox/plaid/link/session?token=${link_token}` });
    expect(session.json()).toMatchObject({
      update: { institution_id: 'ins_109508' },
      products: [],
    });

    const signIn = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/plaid/link/bank/update',
        payload: { link_token, username: 'user_good', password },
      });
    expect((await signIn('wrong')).json()).toMatchObject({ error_code: 'INVALID_CREDENTIALS' });
    expect((await signIn('pass_good')).json()).toMatchObject({
      public_token: expect.stringMatching(/^public-sandbox-/),
    });
    const repaired = await repair(user);
    expect(repaired.statusCode).toBe(200);
    expect((repaired.json() as { accounts: unknown[] }).accounts).toHaveLength(2);
    expect((await listAccounts(user)).accounts.map((a) => a.status)).toEqual(['good', 'good']);
  });
});

describe('DELETE /api/plaid/items/:id', () => {
  it('unlinks the bank at Plaid and here; another user’s item is a 404', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const linked = await linkSandboxBank(app, owner);
    const remove = (user: TestUser, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/plaid/items/${id}`, headers: bearer(user.token) });
    expect((await remove(stranger, linked.itemId)).statusCode).toBe(404);
    expect((await listAccounts(owner)).accounts).toHaveLength(2);

    const { theirs } = await fakeItemOf(linked.itemId);
    const removed = await remove(owner, linked.itemId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true });
    expect((await listAccounts(owner)).accounts).toEqual([]);
    const atPlaid = await db
      .selectFrom('sandbox_plaid_items')
      .select('removed_at')
      .where('item_id', '=', theirs.item_id)
      .executeTakeFirstOrThrow();
    expect(atPlaid.removed_at).not.toBeNull();
    expect((await remove(owner, linked.itemId)).statusCode).toBe(404);
    // The old access token no longer opens anything at Plaid.
    const after = await plaidApi(app, '/accounts/get', { access_token: theirs.access_token });
    expect(after.json()).toMatchObject({ error_code: 'INVALID_ACCESS_TOKEN' });
  });
});

describe('processorToken (for the banking partner)', () => {
  it('makes a Unit processor token for the user’s own account only', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const [checking] = (await linkSandboxBank(app, owner)).accounts;
    const result = await servicesOf(app).plaid.processorToken(owner.id, checking?.id ?? '');
    expect(result.processorToken).toMatch(/^processor-sandbox-/);
    expect(result.account).toMatchObject({ id: checking?.id, mask: '0000' });
    const stored = await db
      .selectFrom('sandbox_plaid_processor_tokens')
      .selectAll()
      .where('token', '=', result.processorToken)
      .executeTakeFirstOrThrow();
    expect(stored.processor).toBe('unit');
    await expect(
      servicesOf(app).plaid.processorToken(stranger.id, checking?.id ?? ''),
    ).rejects.toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});
