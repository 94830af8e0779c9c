import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { accessTokenBody, accountsOf, itemFor } from './plaid-bank-items';
import { invalidRequest, plaidError, requestId, vendorApi } from './plaid-fake-api';
import { centsToDollars, ITEM_LOGIN_REQUIRED, institutionById } from './plaid-sandbox-data';

const accountsGetBody = accessTokenBody.extend({
  options: z.object({ account_ids: z.array(z.string().max(100)).max(100).optional() }).optional(),
});
const processorTokenCreate = accessTokenBody.extend({
  account_id: z.string().min(1).max(100),
  processor: z.string().min(1).max(50),
});

function invalidAccountId(reply: FastifyReply) {
  const message = 'one or more of the account IDs is invalid';
  return plaidError(reply, 400, 'INVALID_INPUT', 'INVALID_ACCOUNT_ID', message);
}

function loginRequired(reply: FastifyReply) {
  const { error_type, error_code, error_message, display_message } = ITEM_LOGIN_REQUIRED;
  return plaidError(reply, 400, error_type, error_code, error_message, display_message);
}

/**
 * Plaid's Item, Accounts, Auth and Balance endpoints, after plaid-openapi:
 * /item/public_token/exchange, /accounts/get, /auth/get, /accounts/balance/get, /item/remove and
 * /processor/token/create.
 */
export function bankAccountsFakeRoutes(app: AppInstance): void {
  const { db, config } = app.deps;
  const preHandler = vendorApi(config);

  /** The accounts an access token reads (all, or options.account_ids), as the three gets do. */
  async function readAccounts(reply: FastifyReply, body: unknown) {
    const found = await itemFor(db, reply, body, accountsGetBody);
    if (!found) return null;
    if (found.item.error_code) {
      loginRequired(reply);
      return null;
    }
    const only = (found.body as z.infer<typeof accountsGetBody>).options?.account_ids;
    return { item: found.item, only, accounts: await accountsOf(db, found.item.item_id, only) };
  }

  type AccountRow = Awaited<ReturnType<typeof accountsOf>>[number];
  const accountBase = (account: AccountRow, withTime = false) => ({
    account_id: account.account_id,
    balances: {
      available: centsToDollars(account.available_cents),
      current: centsToDollars(account.current_cents),
      limit: null,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
      ...(withTime ? { last_updated_datetime: new Date().toISOString() } : {}),
    },
    mask: account.mask,
    name: account.name,
    official_name: account.official_name,
    type: account.type,
    subtype: account.subtype,
    // AccountBase's verification_status is optional, not nullable: Plaid omits it when there is
    // none (Auth's instant match has none).
  });
  const itemObject = (item: {
    item_id: string;
    institution_id: string;
    webhook: string | null;
    products: string[];
  }) => ({
    item_id: item.item_id,
    institution_id: item.institution_id,
    institution_name: institutionById(item.institution_id)?.name ?? null,
    webhook: item.webhook,
    error: null,
    available_products: ['balance', 'identity', 'transactions'],
    billed_products: item.products,
    products: item.products,
    consented_products: item.products,
    consent_expiration_time: null,
    update_type: 'background',
  });

  app.post('/sandbox/plaid/item/public_token/exchange', { preHandler }, async (request, reply) => {
    const parsed = z.object({ public_token: z.string().min(1).max(200) }).safeParse(request.body);
    if (!parsed.success) return invalidRequest(reply, parsed.error.issues[0]?.message);
    const now = new Date();
    // Once only, and within its half hour: marked exchanged in the same statement that reads it.
    const token = await db
      .updateTable('sandbox_plaid_public_tokens')
      .set({ exchanged_at: now })
      .where('token', '=', parsed.data.public_token)
      .where('exchanged_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('item_id')
      .executeTakeFirst();
    const item = token
      ? await db
          .selectFrom('sandbox_plaid_items')
          .select(['item_id', 'access_token'])
          .where('item_id', '=', token.item_id)
          .where('removed_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!item) {
      return plaidError(
        reply,
        400,
        'INVALID_INPUT',
        'INVALID_PUBLIC_TOKEN',
        'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
      );
    }
    return { access_token: item.access_token, item_id: item.item_id, request_id: requestId() };
  });

  type Found = NonNullable<Awaited<ReturnType<typeof readAccounts>>>;
  const answer = (found: Found, withTime: boolean, extra: Record<string, unknown> = {}) => ({
    accounts: found.accounts.map((a) => accountBase(a, withTime)),
    ...extra,
    item: itemObject(found.item),
    request_id: requestId(),
  });

  app.post('/sandbox/plaid/accounts/get', { preHandler }, async (request, reply) => {
    const found = await readAccounts(reply, request.body);
    return found ? answer(found, false) : reply;
  });

  app.post('/sandbox/plaid/auth/get', { preHandler }, async (request, reply) => {
    const found = await readAccounts(reply, request.body);
    if (!found) return reply;
    return answer(found, false, {
      numbers: {
        ach: found.accounts.map((a) => ({
          account_id: a.account_id,
          account: a.account_number,
          routing: a.routing_number,
          wire_routing: a.wire_routing,
        })),
        eft: [],
        international: [],
        bacs: [],
      },
    });
  });

  app.post('/sandbox/plaid/accounts/balance/get', { preHandler }, async (request, reply) => {
    const found = await readAccounts(reply, request.body);
    if (!found) return reply;
    if (found.only && found.accounts.length !== found.only.length) {
      return invalidAccountId(reply);
    }
    return answer(found, true);
  });

  app.post('/sandbox/plaid/item/remove', { preHandler }, async (request, reply) => {
    const found = await itemFor(db, reply, request.body);
    if (!found) return reply;
    await db
      .updateTable('sandbox_plaid_items')
      .set({ removed_at: new Date() })
      .where('item_id', '=', found.item.item_id)
      .execute();
    return { request_id: requestId() };
  });

  app.post('/sandbox/plaid/processor/token/create', { preHandler }, async (request, reply) => {
    const found = await itemFor(db, reply, request.body, processorTokenCreate);
    if (!found) return reply;
    const body = found.body as z.infer<typeof processorTokenCreate>;
    if (found.item.error_code) return loginRequired(reply);
    const [account] = await accountsOf(db, found.item.item_id, [body.account_id]);
    if (!account) {
      return invalidAccountId(reply);
    }
    const token = `processor-sandbox-${randomUUID()}`;
    await db
      .insertInto('sandbox_plaid_processor_tokens')
      .values({
        token,
        item_id: found.item.item_id,
        account_id: account.account_id,
        processor: body.processor,
      })
      .execute();
    return { processor_token: token, request_id: requestId() };
  });
}
