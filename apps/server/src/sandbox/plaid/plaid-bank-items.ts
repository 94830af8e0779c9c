import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { invalidRequest, plaidError } from './plaid-fake-api';
import { type SandboxAccountKind, sandboxLogin } from './plaid-sandbox-data';

// The fake bank's items: made for a test user's login, opened by their access token, their
// accounts read in the order the bank lists them.

/** A public token is good for 30 minutes, as Plaid's. */
const PUBLIC_TOKEN_MINUTES = 30;

/** A Link token, as plaid-fake.routes.ts keeps it, that the bank picker runs under. */
export type LinkToken = {
  token: string;
  client_user_id: string;
  products: string[];
  webhook: string | null;
  item_id: string | null;
};

export const accessTokenBody = z.object({ access_token: z.string().min(1).max(200) });

function randomId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Makes an item at the bank for a test user, with the accounts chosen, and a public token. */
export async function createItem(
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

export async function issuePublicToken(db: Database, itemId: string, token: string) {
  await db
    .insertInto('sandbox_plaid_public_tokens')
    .values({
      token,
      item_id: itemId,
      expires_at: new Date(Date.now() + PUBLIC_TOKEN_MINUTES * 60_000),
    })
    .execute();
}

/** The live item an access token opens; answers Plaid's error itself when there is none. */
export async function itemFor(
  db: Database,
  reply: FastifyReply,
  body: unknown,
  schema = accessTokenBody,
) {
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

/** The item's accounts (all, or only those named), in the bank's order. */
export async function accountsOf(db: Database, itemId: string, only?: string[]) {
  let query = db
    .selectFrom('sandbox_plaid_accounts')
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('position');
  if (only) query = query.where('account_id', 'in', only.length > 0 ? only : ['']);
  return query.execute();
}
