import type { AppInstance } from '../../app-instance';
import { bankAccountsFakeRoutes } from './plaid-bank-accounts.routes';
import type { LinkToken } from './plaid-bank-items';
import { bankLinkFakeRoutes } from './plaid-bank-link.routes';
import { bankSandboxFakeRoutes } from './plaid-bank-sandbox.routes';

/**
 * The Plaid fake's banking side, after plaid-openapi: /item/public_token/exchange,
 * /accounts/get, /auth/get, /accounts/balance/get, /item/remove, /processor/token/create; the
 * Sandbox-only /sandbox/public_token/create, /sandbox/item/fire_webhook and
 * /sandbox/item/reset_login; and Link's bank picker (institution → credentials → accounts).
 */
export async function bankFakeRoutes(
  app: AppInstance,
  openToken: (token: string) => Promise<LinkToken | null>,
): Promise<void> {
  bankAccountsFakeRoutes(app);
  bankSandboxFakeRoutes(app);
  bankLinkFakeRoutes(app, openToken);
}
