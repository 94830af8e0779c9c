import type { AppInstance } from '../src/app';
import { bearer, type TestUser } from './accounts-helpers';
import { buildTestApp } from './test-app';
import { createTestDatabase } from './test-database';

/**
 * A fresh database and app for a test file, listening on a loopback port: the SDK reaches the
 * Plaid fake over HTTP, and the fake delivers its webhooks to this server. Call in beforeAll.
 */
export async function listeningPlaidApp() {
  const { db } = await createTestDatabase();
  const app = await buildTestApp(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db };
}

/** Calls the Plaid fake's API with this server's Plaid credentials, as the SDK would. */
export function plaidApi(app: AppInstance, path: string, payload: Record<string, unknown>) {
  const { clientId, secret } = app.deps.config.plaid ?? { clientId: '', secret: '' };
  return app.inject({
    method: 'POST',
    url: `/sandbox/plaid${path}`,
    headers: { 'plaid-client-id': clientId, 'plaid-secret': secret },
    payload,
  });
}

/**
 * Links a sandbox bank without a browser, as Plaid's docs suggest for tests:
 * /sandbox/public_token/create (with our webhook), then POST /api/plaid/exchange-token.
 */
export async function linkSandboxBank(
  app: AppInstance,
  user: TestUser,
  {
    institutionId = 'ins_109508',
    institutionName = 'First Platypus Bank',
    username = 'user_good',
    password = 'pass_good',
  } = {},
) {
  const created = await plaidApi(app, '/sandbox/public_token/create', {
    institution_id: institutionId,
    initial_products: ['auth'],
    options: {
      webhook: `${app.deps.config.publicUrl}/api/plaid/webhook`,
      override_username: username,
      override_password: password,
    },
  });
  if (created.statusCode !== 200) throw new Error(`public_token/create: ${created.body}`);
  const publicToken = (created.json() as { public_token: string }).public_token;
  const exchanged = await app.inject({
    method: 'POST',
    url: '/api/plaid/exchange-token',
    headers: bearer(user.token),
    payload: { public_token: publicToken, institution_name: institutionName },
  });
  if (exchanged.statusCode !== 200) throw new Error(`exchange-token: ${exchanged.body}`);
  return exchanged.json() as {
    itemId: string;
    accounts: Array<{ id: string; itemId: string; mask: string; subtype: string; name: string }>;
  };
}
