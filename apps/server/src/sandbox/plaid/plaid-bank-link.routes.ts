import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { accountsOf, createItem, issuePublicToken, type LinkToken } from './plaid-bank-items';
import { invalidRequest, requestId } from './plaid-fake-api';
import { INVALID_CREDENTIALS, institutionById, sandboxLogin } from './plaid-sandbox-data';

/** The products a bank link token may ask for (identity_verification has its own flow). */
export const LINK_BANK_PRODUCTS: readonly string[] = ['auth', 'balance'];
const INVALID_LINK_TOKEN = {
  error_type: 'INVALID_INPUT',
  error_code: 'INVALID_LINK_TOKEN',
  error_message: 'link token is invalid or expired',
  display_message: null,
};

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

/**
 * Link's bank picker, which the page link-bank.html calls: institution → credentials → accounts,
 * and update mode (the same user signs in again). `openToken` reads the Link token it runs under.
 */
export function bankLinkFakeRoutes(
  app: AppInstance,
  openToken: (token: string) => Promise<LinkToken | null>,
): void {
  const { db } = app.deps;

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
    const accounts = await accountsOf(db, itemId);
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
