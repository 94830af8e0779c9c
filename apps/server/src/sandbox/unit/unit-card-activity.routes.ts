import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import type { CardActivity } from './unit-card-activity';
import { authorizationResource } from './unit-card-activity';
import { document, id, orgTokenOk, parseUnit, relationship, unitError } from './unit-fake-api';

const name = z.string().min(1).max(100);
const amount = z.number().int().min(1).max(100_000_000);
const last4Digits = z.string().regex(/^[0-9]{4}$/);

/** Unit's "Create Card Authorization" simulation; the ATM attributes make it an ATM request. */
const authorizationBody = z.object({
  data: z.object({
    type: z.literal('authorization'),
    attributes: z.object({
      amount,
      cardLast4Digits: last4Digits,
      merchantName: name,
      merchantType: z.number().int().min(0).max(9999),
      merchantLocation: z.string().max(100).optional(),
      atmName: name.optional(),
      atmLocation: z.string().max(100).optional(),
      surcharge: z.number().int().min(0).max(100_000).optional(),
      internationalServiceFee: z.number().int().min(0).max(100_000).optional(),
    }),
    relationships: z.object({ account: relationship }),
  }),
});
/** Unit's "Simulate Card Purchase" (Debit clears an authorization, Credit refunds it), ATM too. */
const transactionBody = (type: 'purchaseTransaction' | 'atmTransaction') =>
  z.object({
    data: z.object({
      type: z.literal(type),
      attributes: z.object({
        amount,
        direction: z.enum(['Debit', 'Credit']).default('Debit'),
        last4Digits: last4Digits.optional(),
      }),
      relationships: z.object({ account: relationship, authorization: relationship }),
    }),
  });
const reversalBody = z.object({
  data: z.object({
    type: z.literal('cardReversalTransaction'),
    relationships: z.object({ account: relationship, authorization: relationship }),
  }),
});

/**
 * Unit's sandbox-only card simulations (`/sandbox/unit/sandbox/...`, org token, JSON:API): an
 * authorization (which asks the client's authorization endpoint), the purchase / ATM transaction
 * that clears it or refunds it, and a reversal. The sandbox card network does the same in-process.
 */
export function unitCardActivityRoutes(app: AppInstance, db: Database, activity: CardActivity) {
  const token = app.deps.config.unit?.token ?? '';
  const base = '/sandbox/unit/sandbox';

  // Unit's "Get Authorization by Id" (`includeNonAuthorized`: every status; the fake always does).
  app.get('/sandbox/unit/authorizations/:id', async (request, reply) => {
    if (!orgTokenOk(token, request, reply)) return reply;
    const { id: authorizationId } = request.params as { id: string };
    const row = id.safeParse(authorizationId).success
      ? await activity.find(authorizationId)
      : undefined;
    if (!row)
      return unitError(reply, 404, 'Not Found', `authorization ${authorizationId} not found`);
    return document(reply, 200, await authorizationDocument(row));
  });

  app.post(`${base}/authorizations`, async (request, reply) => {
    if (!orgTokenOk(token, request, reply)) return reply;
    const body = parseUnit(authorizationBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    const card = await db
      .selectFrom('sandbox_unit_cards')
      .select('id')
      .where('account_id', '=', relationships.account.data.id)
      .where('pan', 'like', `%${attributes.cardLast4Digits}`)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!card) return unitError(reply, 404, 'Not Found', 'No card with these last 4 digits');
    const atm = attributes.atmName !== undefined;
    const row = await activity.authorize({
      cardId: card.id,
      amount: attributes.amount,
      merchant: {
        name: attributes.atmName ?? attributes.merchantName,
        type: attributes.merchantType,
        category: atm ? 'atm' : '',
        location: attributes.atmLocation ?? attributes.merchantLocation ?? '',
      },
      ...(atm
        ? {
            atm: {
              surcharge: attributes.surcharge ?? 0,
              internationalServiceFee: attributes.internationalServiceFee ?? 0,
              network: 'in',
            },
          }
        : {}),
    });
    if (!row) return unitError(reply, 404, 'Not Found', 'Card not found');
    return document(reply, 201, await authorizationDocument(row));
  });

  /** The authorization with its card's last four digits, as Unit shows it. */
  async function authorizationDocument(row: Parameters<typeof authorizationResource>[0]) {
    const card = await db
      .selectFrom('sandbox_unit_cards')
      .select('pan')
      .where('id', '=', row.card_id)
      .executeTakeFirst();
    return authorizationResource(row, card?.pan.slice(-4) ?? '');
  }

  /** One card message in a transaction; a refusal is Unit's 400 (or 404 for no authorization). */
  async function settle(
    reply: Parameters<typeof unitError>[0],
    accountId: string,
    work: (
      tx: Database,
    ) => Promise<{ row: Parameters<typeof authorizationResource>[0] } | { refused: string }>,
  ) {
    const result = await db.transaction().execute(work);
    if ('refused' in result) {
      return result.refused === 'not_found'
        ? unitError(reply, 404, 'Not Found', 'Authorization not found')
        : unitError(reply, 400, 'Bad Request', result.refused);
    }
    if (result.row.account_id !== accountId) {
      return unitError(reply, 400, 'Bad Request', 'The authorization is on another account');
    }
    return document(reply, 201, await authorizationDocument(result.row));
  }

  for (const [path, type] of [
    ['purchases', 'purchaseTransaction'],
    ['atm-withdrawals', 'atmTransaction'],
  ] as const) {
    app.post(`${base}/${path}`, async (request, reply) => {
      if (!orgTokenOk(token, request, reply)) return reply;
      const body = parseUnit(transactionBody(type), request.body, reply);
      if (!body) return reply;
      const { attributes, relationships } = body.data;
      const authorizationId = relationships.authorization.data.id;
      return settle(reply, relationships.account.data.id, (tx) =>
        attributes.direction === 'Credit'
          ? activity.refund(tx, authorizationId, attributes.amount)
          : activity.clear(tx, authorizationId, attributes.amount),
      );
    });
  }

  app.post(`${base}/card-reversals`, async (request, reply) => {
    if (!orgTokenOk(token, request, reply)) return reply;
    const body = parseUnit(reversalBody, request.body, reply);
    if (!body) return reply;
    const { relationships } = body.data;
    return settle(reply, relationships.account.data.id, (tx) =>
      activity.reverse(tx, relationships.authorization.data.id),
    );
  });
}
