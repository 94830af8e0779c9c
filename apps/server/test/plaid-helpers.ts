import type { AppInstance } from '../src/app';
import { bearer, type TestUser } from './accounts-helpers';

/** Calls the Plaid fake's API with this server's Plaid credentials, as the SDK would. */
export function plaidApi(app: AppInstance, path: string, payload: Record<string, unknown>) {
  const { clientId, secret } = app.deps.config.plaid;
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
