import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { enqueueWebhook } from '../webhooks/outbox';
import { accessTokenBody, accountsOf, createItem, itemFor } from './plaid-bank-items';
import { invalidRequest, plaidError, requestId, vendorApi } from './plaid-fake-api';
import { INVALID_CREDENTIALS, ITEM_LOGIN_REQUIRED, institutionById } from './plaid-sandbox-data';

const publicTokenCreate = z.object({
  institution_id: z.string().min(1).max(100),
  initial_products: z.array(z.string()).min(1),
  options: z
    .object({
      webhook: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .optional(),
      override_username: z.string().max(100).nullish(),
      override_password: z.string().max(100).nullish(),
    })
    .optional(),
});
const fireWebhook = accessTokenBody.extend({
  webhook_type: z.string().max(50).optional(),
  webhook_code: z.string().min(1).max(50),
});

/** Plaid sends an item's webhooks to the URL its Link token named; ours go to that path here. */
function webhookPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Plaid's Sandbox-only endpoints: /sandbox/public_token/create (an item without Link),
 * /sandbox/item/reset_login and /sandbox/item/fire_webhook.
 */
export function bankSandboxFakeRoutes(app: AppInstance): void {
  const { db, config } = app.deps;
  const preHandler = vendorApi(config);

  app.post('/sandbox/plaid/sandbox/public_token/create', { preHandler }, async (request, reply) => {
    const parsed = publicTokenCreate.safeParse(request.body);
    if (!parsed.success) return invalidRequest(reply, parsed.error.issues[0]?.message);
    const { institution_id: institutionId, initial_products: products, options } = parsed.data;
    if (!institutionById(institutionId)) {
      return plaidError(
        reply,
        400,
        'INVALID_INPUT',
        'INVALID_INSTITUTION',
        'invalid institution_id provided',
      );
    }
    const created = await createItem(db, {
      institutionId,
      username: options?.override_username ?? 'user_good',
      password: options?.override_password ?? 'pass_good',
      clientUserId: null,
      products,
      webhook: options?.webhook ?? null,
      kinds: null,
    });
    if (!created) {
      const { error_type, error_code, error_message, display_message } = INVALID_CREDENTIALS;
      return plaidError(reply, 400, error_type, error_code, error_message, display_message);
    }
    return { public_token: created.publicToken, request_id: requestId() };
  });

  app.post('/sandbox/plaid/sandbox/item/reset_login', { preHandler }, async (request, reply) => {
    const found = await itemFor(db, reply, request.body);
    if (!found) return reply;
    await db
      .updateTable('sandbox_plaid_items')
      .set({ error_code: 'ITEM_LOGIN_REQUIRED' })
      .where('item_id', '=', found.item.item_id)
      .execute();
    return { reset_login: true, request_id: requestId() };
  });

  app.post('/sandbox/plaid/sandbox/item/fire_webhook', { preHandler }, async (request, reply) => {
    const found = await itemFor(db, reply, request.body, fireWebhook);
    if (!found) return reply;
    const { item } = found;
    const body = found.body as z.infer<typeof fireWebhook>;
    if (!item.webhook) {
      return invalidRequest(reply, 'the Item has no webhook: set one in /link/token/create');
    }
    const base = { item_id: item.item_id, environment: 'sandbox' };
    let payload: Record<string, unknown>;
    let errorCode: string | null | undefined; // undefined: the item's state does not change
    switch (`${body.webhook_type ?? ''}:${body.webhook_code}`) {
      case 'AUTH:DEFAULT_UPDATE': {
        const ids = (await accountsOf(db, item.item_id)).map((a) => a.account_id);
        payload = {
          webhook_type: 'AUTH',
          webhook_code: 'DEFAULT_UPDATE',
          ...base,
          account_ids_with_new_auth: [],
          account_ids_with_updated_auth: Object.fromEntries(
            ids.map((id) => [id, ['ACCOUNT_NUMBER']]),
          ),
          error: null,
        };
        break;
      }
      case ':DEFAULT_UPDATE':
      case 'TRANSACTIONS:DEFAULT_UPDATE':
        payload = {
          webhook_type: 'TRANSACTIONS',
          webhook_code: 'DEFAULT_UPDATE',
          ...base,
          new_transactions: 0,
          error: null,
        };
        break;
      case ':ERROR':
      case 'ITEM:ERROR': {
        const { error_type, error_code, error_message, display_message } = ITEM_LOGIN_REQUIRED;
        payload = {
          webhook_type: 'ITEM',
          webhook_code: 'ERROR',
          ...base,
          error: { error_type, error_code, error_message, display_message, status: 400 },
        };
        errorCode = error_code;
        break;
      }
      case ':LOGIN_REPAIRED':
      case 'ITEM:LOGIN_REPAIRED':
        payload = { webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED', ...base };
        errorCode = null;
        break;
      case ':NEW_ACCOUNTS_AVAILABLE':
      case 'ITEM:NEW_ACCOUNTS_AVAILABLE':
      case ':PENDING_DISCONNECT':
      case 'ITEM:PENDING_DISCONNECT':
      case ':USER_PERMISSION_REVOKED':
      case 'ITEM:USER_PERMISSION_REVOKED':
        payload = { webhook_type: 'ITEM', webhook_code: body.webhook_code, ...base, error: null };
        break;
      default:
        return invalidRequest(
          reply,
          `webhook_code ${body.webhook_code} is not one this sandbox fires for the Item`,
        );
    }
    await db.transaction().execute(async (trx) => {
      if (errorCode !== undefined) {
        await trx
          .updateTable('sandbox_plaid_items')
          .set({ error_code: errorCode })
          .where('item_id', '=', item.item_id)
          .execute();
      }
      await enqueueWebhook(trx, 'plaid', webhookPath(item.webhook as string), payload);
    });
    return { webhook_fired: true, request_id: requestId() };
  });
}
