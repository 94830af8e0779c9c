import { randomInt, scryptSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { SandboxUnitCardsTable } from '../../db/schema';
import { sendAsset } from '../shared/assets';
import { enqueueWebhook } from '../webhooks/outbox';
import { hashToken, nextId } from './unit-fake.repository';
import { document, id, orgTokenOk, parseUnit, unitError } from './unit-fake-api';

type FakeCard = Selectable<SandboxUnitCardsTable>;

/** The fake VGS Show / Collect scripts and their frame (docs/unit-card-secure-data.md). */
const VGS_ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));
const VGS_FILES = new Set(['vgs-show.js', 'vgs-collect.js', 'vgs-frame.html', 'vgs-frame.js']);

/** The fake's test card numbers start with this (a Visa-like BIN; README's sandbox table). */
export const SANDBOX_CARD_BIN = '491655';

const CARD_TYPES = ['individualDebitCard', 'individualVirtualDebitCard'] as const;
const CLOSED = new Set(['Lost', 'Stolen', 'ClosedByCustomer']);
/** Unit's status changes: from which statuses each action may start, and where it leads. */
const ACTIONS: Record<string, { from: string[]; to: string }> = {
  freeze: { from: ['Active'], to: 'Frozen' },
  unfreeze: { from: ['Frozen'], to: 'Active' },
  'report-lost': { from: ['Active', 'Inactive', 'Frozen'], to: 'Lost' },
  'report-stolen': { from: ['Active', 'Inactive', 'Frozen'], to: 'Stolen' },
  close: { from: ['Active', 'Inactive', 'Frozen'], to: 'ClosedByCustomer' },
};

const limits = z
  .object({
    dailyWithdrawal: z.number().int().min(0).max(100_000_000).optional(),
    dailyPurchase: z.number().int().min(0).max(100_000_000).optional(),
    monthlyWithdrawal: z.number().int().min(0).max(100_000_000).optional(),
    monthlyPurchase: z.number().int().min(0).max(100_000_000).optional(),
  })
  .strict();
/** Unit's `Address` for a card's shipping (a US address). */
const address = z
  .object({
    street: z.string().min(1).max(255),
    street2: z.string().max(255).optional(),
    city: z.string().min(1).max(255),
    state: z.string().regex(/^[A-Z]{2}$/),
    postalCode: z.string().regex(/^\d{5}(-\d{4})?$/),
    country: z.literal('US'),
  })
  .strict();
const createBody = z.object({
  data: z.object({
    type: z.enum(CARD_TYPES),
    attributes: z.object({
      idempotencyKey: z.string().min(1).max(255).optional(),
      limits: limits.optional(),
      tags: z.record(z.string(), z.string().max(255)).optional(),
      shippingAddress: address.optional(),
    }),
    relationships: z.object({
      account: z.object({ data: z.object({ type: z.string(), id }) }),
    }),
  }),
});
const updateBody = z.object({
  data: z.object({
    type: z.enum(CARD_TYPES),
    attributes: z.object({
      limits: limits.optional(),
      tags: z.record(z.string(), z.string()).optional(),
    }),
  }),
});
const pinBody = z.object({
  data: z.object({ attributes: z.object({ pin: z.string().regex(/^\d{4}$/) }) }),
});

/** A 16-digit number starting with `prefix` that passes the Luhn check (the fake's, and tests'). */
export function luhnCardNumber(prefix = SANDBOX_CARD_BIN): string {
  let digits = prefix;
  while (digits.length < 15) digits += String(randomInt(10));
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

const hashPin = (cardId: string, pin: string) =>
  scryptSync(pin, `sandbox-card-pin:${cardId}`, 32).toString('hex');

export function cardResource(row: FakeCard) {
  return {
    type: row.type,
    id: row.id,
    attributes: {
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      last4Digits: row.pan.slice(-4),
      expirationDate: row.expiration_date,
      status: row.status,
      bin: SANDBOX_CARD_BIN,
      ...(row.shipping_address ? { shippingAddress: row.shipping_address } : {}),
      ...(row.limits ? { limits: row.limits } : {}),
      tags: {},
    },
    relationships: {
      account: { data: { type: 'depositAccount', id: row.account_id } },
      customer: { data: { type: 'customer', id: row.customer_id } },
    },
  };
}

/**
 * The Unit fake's cards (sandbox mode only): Unit's `/cards` endpoints (create with an
 * idempotency key, get, list, update limits, freeze, unfreeze, report lost or stolen, close),
 * the secure-data endpoints that show the number and CVV and set the PIN to a customer token of
 * scope `cards-sensitive` / `cards-sensitive-write`, and Unit's sandbox-only activation.
 */
export async function unitCardsFakeRoutes(app: AppInstance): Promise<void> {
  const db = app.deps.sandboxDb ?? app.deps.db;
  const settings = app.deps.config.unit;
  if (!settings) return;
  // Unit's JSON:API media type, as the fake's other routes parse it (a plugin scope of its own).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, parseJson);
  const base = '/sandbox/unit';
  const authorized = (request: FastifyRequest, reply: FastifyReply) =>
    orgTokenOk(settings.token, request, reply);

  async function cardOr404(reply: FastifyReply, cardId: string): Promise<FakeCard | undefined> {
    const row = id.safeParse(cardId).success
      ? await db
          .selectFrom('sandbox_unit_cards')
          .selectAll()
          .where('id', '=', cardId)
          .executeTakeFirst()
      : undefined;
    if (!row) unitError(reply, 404, 'Not Found', `card ${cardId} not found`);
    return row;
  }
  /** A customer token of `scope` for the card's customer, else Unit's 401/403. */
  async function customerTokenOk(
    request: FastifyRequest,
    reply: FastifyReply,
    card: FakeCard,
    scope: string,
  ): Promise<boolean> {
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const token = bearer
      ? await db
          .selectFrom('sandbox_unit_tokens')
          .selectAll()
          .where('token_hash', '=', hashToken(bearer))
          .where('expires_at', '>', new Date())
          .executeTakeFirst()
      : undefined;
    if (!token) {
      unitError(reply, 401, 'Unauthorized', 'A customer token is required');
      return false;
    }
    if (token.customer_id !== card.customer_id || !token.scope.split(' ').includes(scope)) {
      unitError(reply, 403, 'Forbidden', `The token lacks the ${scope} scope for this card`);
      return false;
    }
    return true;
  }
  async function setStatus(card: FakeCard, status: string): Promise<FakeCard> {
    return db
      .updateTable('sandbox_unit_cards')
      .set({ status, updated_at: new Date() })
      .where('id', '=', card.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  app.post(`${base}/cards`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(createBody, request.body, reply);
    if (!body) return reply;
    const { type, attributes, relationships } = body.data;
    const key = attributes.idempotencyKey;
    if (key) {
      const known = await db
        .selectFrom('sandbox_unit_cards')
        .selectAll()
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (known) return document(reply, 201, cardResource(known));
    }
    const account = await db
      .selectFrom('sandbox_unit_accounts')
      .select(['id', 'customer_id', 'status'])
      .where('id', '=', relationships.account.data.id)
      .executeTakeFirst();
    if (!account) return unitError(reply, 404, 'Not Found', 'account not found');
    if (account.status !== 'Open') return unitError(reply, 400, 'Bad Request', 'account is closed');
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const row = await db
      .insertInto('sandbox_unit_cards')
      .values({
        id: await nextId(db),
        customer_id: account.customer_id,
        account_id: account.id,
        type,
        status: type === 'individualVirtualDebitCard' ? 'Active' : 'Inactive',
        pan: luhnCardNumber(),
        cvv: String(randomInt(1000)).padStart(3, '0'),
        expiration_date: `${now.getUTCFullYear() + 4}-${month}`,
        limits: attributes.limits ? JSON.stringify(attributes.limits) : null,
        shipping_address: attributes.shippingAddress
          ? JSON.stringify(attributes.shippingAddress)
          : null,
        idempotency_key: key ?? null,
      })
      .onConflict((c) => c.column('idempotency_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    // A twin request with the same key inserted first: its card is the answer.
    const card =
      row ??
      (await db
        .selectFrom('sandbox_unit_cards')
        .selectAll()
        .where('idempotency_key', '=', key ?? '')
        .executeTakeFirstOrThrow());
    return document(reply, 201, cardResource(card));
  });

  app.get(`${base}/cards`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = request.query as Record<string, string | undefined>;
    const accountId = query['filter[accountId]'];
    const customerId = query['filter[customerId]'];
    let rows = db.selectFrom('sandbox_unit_cards').selectAll().orderBy('id', 'desc').limit(100);
    if (accountId) rows = rows.where('account_id', '=', accountId);
    if (customerId) rows = rows.where('customer_id', '=', customerId);
    return document(reply, 200, (await rows.execute()).map(cardResource));
  });

  app.get(`${base}/cards/:id`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const card = await cardOr404(reply, (request.params as { id: string }).id);
    return card ? document(reply, 200, cardResource(card)) : reply;
  });

  app.patch(`${base}/cards/:id`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(updateBody, request.body, reply);
    if (!body) return reply;
    const card = await cardOr404(reply, (request.params as { id: string }).id);
    if (!card) return reply;
    if (CLOSED.has(card.status)) return unitError(reply, 400, 'Bad Request', 'card is closed');
    const limitsGiven = body.data.attributes.limits;
    const updated = await db
      .updateTable('sandbox_unit_cards')
      .set({
        ...(limitsGiven ? { limits: JSON.stringify({ ...card.limits, ...limitsGiven }) } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', card.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return document(reply, 200, cardResource(updated));
  });

  for (const [action, change] of Object.entries(ACTIONS)) {
    app.post(`${base}/cards/:id/${action}`, async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const card = await cardOr404(reply, (request.params as { id: string }).id);
      if (!card) return reply;
      if (card.status === change.to) return document(reply, 200, cardResource(card));
      if (!change.from.includes(card.status)) {
        return unitError(reply, 400, 'Bad Request', `A card ${card.status} cannot ${action}`);
      }
      return document(reply, 200, cardResource(await setStatus(card, change.to)));
    });
  }

  app.get(`${base}/cards/:id/limits`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const card = await cardOr404(reply, (request.params as { id: string }).id);
    if (!card) return reply;
    return document(reply, 200, { type: 'limits', attributes: { limits: card.limits ?? {} } });
  });

  for (const field of ['pan', 'cvv'] as const) {
    app.get(`${base}/cards/:id/secure-data/${field}`, async (request, reply) => {
      const card = await cardOr404(reply, (request.params as { id: string }).id);
      if (!card || !(await customerTokenOk(request, reply, card, 'cards-sensitive'))) return reply;
      if (CLOSED.has(card.status)) return unitError(reply, 400, 'Bad Request', 'card is closed');
      return document(reply, 200, { type: 'cardSecureData', attributes: { [field]: card[field] } });
    });
  }

  app.put(`${base}/cards/:id/secure-data/pin`, async (request, reply) => {
    const card = await cardOr404(reply, (request.params as { id: string }).id);
    if (!card || !(await customerTokenOk(request, reply, card, 'cards-sensitive-write'))) {
      return reply;
    }
    const body = parseUnit(pinBody, request.body, reply);
    if (!body) return reply;
    if (CLOSED.has(card.status)) return unitError(reply, 400, 'Bad Request', 'card is closed');
    await db
      .updateTable('sandbox_unit_cards')
      .set({ pin_hash: hashPin(card.id, body.data.attributes.pin), updated_at: new Date() })
      .where('id', '=', card.id)
      .execute();
    return document(reply, 200, { type: 'pinStatus', attributes: { status: 'Set' } });
  });

  app.get(`${base}/cards/:id/secure-data/pin/status`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const card = await cardOr404(reply, (request.params as { id: string }).id);
    if (!card) return reply;
    const status = card.pin_hash ? 'Set' : 'NotSet';
    return document(reply, 200, { type: 'pinStatus', attributes: { status } });
  });

  // The browser's secure display and form (VGS Show / Collect in live mode), faked here.
  app.get(`${base}/vgs/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const name = file === 'frame.html' ? 'vgs-frame.html' : file;
    if (!VGS_FILES.has(name)) return unitError(reply, 404, 'Not Found', 'no such file');
    return sendAsset(reply, VGS_ASSETS, name);
  });

  // Unit's sandbox-only activation of a physical card.
  app.post(`${base}/sandbox/cards/:id/activate`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const card = await cardOr404(reply, (request.params as { id: string }).id);
    if (!card) return reply;
    // Unit documents 201 for the activation (simulation/simulationPaths.json activateCard).
    if (card.status === 'Active') return document(reply, 201, cardResource(card));
    if (card.status !== 'Inactive') {
      return unitError(reply, 400, 'Bad Request', `A card ${card.status} cannot be activated`);
    }
    const active = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('sandbox_unit_cards')
        .set({ status: 'Active', updated_at: new Date() })
        .where('id', '=', card.id)
        .where('status', '=', 'Inactive')
        .returningAll()
        .executeTakeFirst();
      // Unit's `card.activated` event (the Node SDK's CardActivated: card, account, customer),
      // as when the holder activates it by the toll-free number printed on the card.
      if (row) {
        await enqueueWebhook(tx, 'unit', '/api/unit/webhook', {
          data: [
            {
              id: await nextId(tx),
              type: 'card.activated',
              attributes: { createdAt: new Date().toISOString() },
              relationships: {
                card: { data: { type: 'card', id: row.id } },
                account: { data: { type: 'depositAccount', id: row.account_id } },
                customer: { data: { type: 'customer', id: row.customer_id } },
              },
            },
          ],
        });
      }
      return row;
    });
    const now = active ?? (await cardOr404(reply, card.id));
    return now ? document(reply, 201, cardResource(now)) : reply;
  });
}
