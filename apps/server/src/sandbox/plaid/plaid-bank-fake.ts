import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { enqueueWebhook } from '../webhooks/outbox';
import { invalidRequest, plaidError, requestId, vendorApi } from './plaid-fake-api';
import {
  centsToDollars,
  INVALID_CREDENTIALS,
  ITEM_LOGIN_REQUIRED,
  institutionById,
  type SandboxAccountKind,
  sandboxLogin,
} from './plaid-sandbox-data';

/** The products a bank link token may ask for (identity_verification has its own flow). */
export const LINK_BANK_PRODUCTS: readonly string[] = ['auth', 'balance'];
const INVALID_LINK_TOKEN = {
  error_type: 'INVALID_INPUT',
  error_code: 'INVALID_LINK_TOKEN',
  error_message: 'link token is invalid or expired',
  display_message: null,
};
/** A public token is good for 30 minutes, as Plaid's. */
const PUBLIC_TOKEN_MINUTES = 30;

type LinkToken = {
  token: string;
  client_user_id: string;
  products: string[];
  webhook: string | null;
  item_id: string | null;
};

const accessTokenBody = z.object({ access_token: z.string().min(1).max(200) });
const accountsGetBody = accessTokenBody.extend({
  options: z.object({ account_ids: z.array(z.string().max(100)).max(100).optional() }).optional(),
});
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
const processorTokenCreate = accessTokenBody.extend({
  account_id: z.string().min(1).max(100),
  processor: z.string().min(1).max(50),
});
const credentialsBody = z.strictObject({
  link_token: z.string().min(1).max(200),
  institution_id: z.string().min(1).max(100),
  username: z.string().max(100),
  password: z.string().max(100),
});
const bankSubmitBody = credentialsBody.extend({
  accounts: z
    .array(z.enum(['checking', 'savings']))
    .min(1)
    .max(2),
});

function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Plaid sends an item's webhooks to the URL its Link token named; ours go to that path here. */
function webhookPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Makes an item at the bank for a test user, with the accounts chosen, and a public token. */
async function createItem(
  db: Database,
  input: {
    institutionId: string;
    username: string;
    password: string;
    clientUserId: string | null;
    products: string[];
    webhook: string | null;
    kinds: SandboxAccountKind[] | null;
  },
): Promise<{ publicToken: string; itemId: string } | null> {
  const accounts = sandboxLogin(input.username, input.password);
  if (!accounts) return null;
  const itemId = randomId(37);
  const publicToken = `public-sandbox-${randomUUID()}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sandbox_plaid_items')
      .values({
        item_id: itemId,
        access_token: `access-sandbox-${randomUUID()}`,
        client_user_id: input.clientUserId,
        institution_id: input.institutionId,
        username: input.username,
        products: input.products,
        webhook: input.webhook,
      })
      .execute();
    const chosen = accounts.filter((a) => !input.kinds || input.kinds.includes(a.kind));
    await trx
      .insertInto('sandbox_plaid_accounts')
      .values(
        chosen.map((account, position) => ({
          account_id: randomId(37),
          item_id: itemId,
          position,
          name: account.name,
          official_name: account.officialName,
          mask: account.mask,
          type: 'depository',
          subtype: account.kind,
          account_number: account.accountNumber,
          routing_number: account.routing,
          wire_routing: account.wireRouting,
          available_cents: account.availableCents,
          current_cents: account.currentCents,
        })),
      )
      .execute();
    await issuePublicToken(trx, itemId, publicToken);
  });
  return { publicToken, itemId };
}

async function issuePublicToken(db: Database, itemId: string, token: string) {
  await db
    .insertInto('sandbox_plaid_public_tokens')
    .values({
      token,
      item_id: itemId,
      expires_at: new Date(Date.now() + PUBLIC_TOKEN_MINUTES * 60_000),
    })
    .execute();
}

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
  const { db, config } = app.deps;
  const preHandler = vendorApi(config);

  /** The live item an access token opens; answers Plaid's error itself when there is none. */
  async function itemFor(reply: FastifyReply, body: unknown, schema = accessTokenBody) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      invalidRequest(reply, parsed.error.issues[0]?.message);
      return null;
    }
    const item = await db
      .selectFrom('sandbox_plaid_items')
      .selectAll()
      .where('access_token', '=', parsed.data.access_token)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!item) {
      plaidError(
        reply,
        400,
        'INVALID_INPUT',
        'INVALID_ACCESS_TOKEN',
        'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
      );
      return null;
    }
    return { item, body: parsed.data as z.infer<typeof schema> };
  }

  function invalidAccountId(reply: FastifyReply) {
    const message = 'one or more of the account IDs is invalid';
    return plaidError(reply, 400, 'INVALID_INPUT', 'INVALID_ACCOUNT_ID', message);
  }

  function loginRequired(reply: FastifyReply) {
    const { error_type, error_code, error_message, display_message } = ITEM_LOGIN_REQUIRED;
    return plaidError(reply, 400, error_type, error_code, error_message, display_message);
  }

  async function accountsOf(itemId: string, only?: string[]) {
    let query = db
      .selectFrom('sandbox_plaid_accounts')
      .selectAll()
      .where('item_id', '=', itemId)
      .orderBy('position');
    if (only) query = query.where('account_id', 'in', only.length > 0 ? only : ['']);
    return query.execute();
  }

  /** The accounts an access token reads (all, or options.account_ids), as the three gets do. */
  async function readAccounts(reply: FastifyReply, body: unknown) {
    const found = await itemFor(reply, body, accountsGetBody);
    if (!found) return null;
    if (found.item.error_code) {
      loginRequired(reply);
      return null;
    }
    const only = (found.body as z.infer<typeof accountsGetBody>).options?.account_ids;
    return { item: found.item, only, accounts: await accountsOf(found.item.item_id, only) };
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
    const found = await itemFor(reply, request.body);
    if (!found) return reply;
    await db
      .updateTable('sandbox_plaid_items')
      .set({ removed_at: new Date() })
      .where('item_id', '=', found.item.item_id)
      .execute();
    return { request_id: requestId() };
  });

  app.post('/sandbox/plaid/processor/token/create', { preHandler }, async (request, reply) => {
    const found = await itemFor(reply, request.body, processorTokenCreate);
    if (!found) return reply;
    const body = found.body as z.infer<typeof processorTokenCreate>;
    if (found.item.error_code) return loginRequired(reply);
    const [account] = await accountsOf(found.item.item_id, [body.account_id]);
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

  // ---------- Sandbox-only endpoints ----------

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
    const found = await itemFor(reply, request.body);
    if (!found) return reply;
    await db
      .updateTable('sandbox_plaid_items')
      .set({ error_code: 'ITEM_LOGIN_REQUIRED' })
      .where('item_id', '=', found.item.item_id)
      .execute();
    return { reset_login: true, request_id: requestId() };
  });

  app.post('/sandbox/plaid/sandbox/item/fire_webhook', { preHandler }, async (request, reply) => {
    const found = await itemFor(reply, request.body, fireWebhook);
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
        const ids = (await accountsOf(item.item_id)).map((a) => a.account_id);
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

  // ---------- Link's bank picker (the page link-bank.html calls these) ----------

  const bankToken = async (token: string) => {
    const row = await openToken(token);
    return row && !row.products.includes('identity_verification') ? row : null;
  };
  const flowFailure = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).send({ ...body, request_id: requestId() });

  app.post('/sandbox/plaid/link/bank/credentials', async (request, reply) => {
    const parsed = credentialsBody.safeParse(request.body);
    if (!parsed.success) return invalidRequest(reply, parsed.error.issues[0]?.message);
    const input = parsed.data;
    if (!(await bankToken(input.link_token)) || !institutionById(input.institution_id)) {
      return flowFailure(reply, 400, INVALID_LINK_TOKEN);
    }
    const accounts = sandboxLogin(input.username, input.password);
    if (!accounts) return flowFailure(reply, 400, INVALID_CREDENTIALS);
    return {
      accounts: accounts.map((a) => ({
        kind: a.kind,
        name: a.name,
        mask: a.mask,
        subtype: a.kind,
      })),
    };
  });

  app.post('/sandbox/plaid/link/bank/submit', async (request, reply) => {
    const parsed = bankSubmitBody.safeParse(request.body);
    if (!parsed.success) return invalidRequest(reply, parsed.error.issues[0]?.message);
    const input = parsed.data;
    const token = await bankToken(input.link_token);
    const institution = institutionById(input.institution_id);
    if (!token || !institution) {
      return flowFailure(reply, 400, INVALID_LINK_TOKEN);
    }
    const created = await createItem(db, {
      institutionId: institution.id,
      username: input.username,
      password: input.password,
      clientUserId: token.client_user_id,
      products: token.products,
      webhook: token.webhook,
      kinds: input.accounts,
    });
    if (!created) return flowFailure(reply, 400, INVALID_CREDENTIALS);
    return linkSuccess(created.publicToken, created.itemId, institution);
  });

  // Update mode: the same user signs in again, and the item's login works once more.
  app.post('/sandbox/plaid/link/bank/update', async (request, reply) => {
    const parsed = credentialsBody.omit({ institution_id: true }).safeParse(request.body);
    if (!parsed.success) return invalidRequest(reply, parsed.error.issues[0]?.message);
    const token = await bankToken(parsed.data.link_token);
    const item = token?.item_id
      ? await db
          .selectFrom('sandbox_plaid_items')
          .select(['item_id', 'institution_id', 'username'])
          .where('item_id', '=', token.item_id)
          .where('removed_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    const institution = item ? institutionById(item.institution_id) : null;
    if (!item || !institution) return flowFailure(reply, 400, INVALID_LINK_TOKEN);
    const sameUser = parsed.data.username === item.username;
    if (!sameUser || !sandboxLogin(parsed.data.username, parsed.data.password)) {
      return flowFailure(reply, 400, INVALID_CREDENTIALS);
    }
    const publicToken = `public-sandbox-${randomUUID()}`;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sandbox_plaid_items')
        .set({ error_code: null })
        .where('item_id', '=', item.item_id)
        .execute();
      await issuePublicToken(trx, item.item_id, publicToken);
    });
    return linkSuccess(publicToken, item.item_id, institution);
  });

  /** What Link's onSuccess hands the page: the public token and metadata. */
  async function linkSuccess(
    publicToken: string,
    itemId: string,
    institution: { id: string; name: string },
  ) {
    const accounts = await accountsOf(itemId);
    return {
      public_token: publicToken,
      metadata: {
        institution: { name: institution.name, institution_id: institution.id },
        accounts: accounts.map((a) => ({
          id: a.account_id,
          name: a.name,
          mask: a.mask,
          type: a.type,
          subtype: a.subtype,
          verification_status: null,
        })),
        link_session_id: randomUUID(),
      },
    };
  }
}
