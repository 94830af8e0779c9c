import { ATM_NETWORKS, type CardDeclineReason } from '@pago/shared/contracts/cards';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthorizationInput, CardActivity } from '../unit/unit-card-activity';

/**
 * The sandbox card network: it plays merchants and ATMs, routes each card message to the card's
 * issuer processor — the Unit fake, never Pago — and answers the merchant. It checks the card as
 * the network and processor do (number, expiry, CVV; a wrong one is an `invalid_card` decline,
 * not an error), then the issuer's answer decides.
 */

/** What a merchant sends; the category picks its ISO 18245 merchant category code. */
export const MERCHANT_CATEGORIES = {
  grocery: 5411,
  restaurant: 5812,
  gas: 5541,
  retail: 5999,
  travel: 4722,
  entertainment: 7832,
  services: 7299,
} as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const card = {
  pan: z.string().regex(/^[0-9]{12,19}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
};
const amountCents = z.number().int().min(1).max(10_000_000);

export const purchaseBody = z.strictObject({
  ...card,
  cvv: z.string().regex(/^[0-9]{3,4}$/),
  amountCents,
  merchant: z.strictObject({
    name: text(100),
    city: text(100),
    category: z
      .enum(Object.keys(MERCHANT_CATEGORIES) as [keyof typeof MERCHANT_CATEGORIES])
      .default('retail'),
  }),
});
export const atmBody = z.strictObject({
  ...card,
  amountCents,
  network: z.enum(ATM_NETWORKS),
  atm: z.strictObject({ name: text(100), city: text(100) }).optional(),
});
const authorizationId = z.string().regex(/^\d{1,18}$/);
export const clearBody = z.strictObject({ authorizationId, amountCents });
export const reverseBody = z.strictObject({ authorizationId });
export const refundBody = z.strictObject({
  authorizationId,
  amountCents,
  /** The network's id of this refund message: a retry carries the same one and posts once. */
  refundId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/** The network's answer to an authorization. `do_not_honor`: the issuer declined otherwise. */
export type NetworkDecline = CardDeclineReason | 'do_not_honor';
export const authorizationAnswer = z.object({
  authorizationId: z.string().nullable(),
  approved: z.boolean(),
  declineReason: z.string().nullable(),
});

/** Unit's decline reasons as the network tells the merchant (and the sandbox page shows). */
const DECLINES: Record<string, NetworkDecline> = {
  RestrictedCard: 'card_frozen',
  AccountClosed: 'card_closed',
  TransactionNotPermittedToCardholder: 'card_inactive',
  InsufficientFunds: 'insufficient_funds',
  CardExceedsAmountLimit: 'card_limit_exceeded',
};

/** What an ATM of each network tells the issuer: its owner's surcharge, a foreign bank's fee. */
export const ATM_ATTRIBUTES = {
  in: { surcharge: 0, internationalServiceFee: 0, name: 'Cajero de la red', city: 'New York, NY' },
  out: { surcharge: 300, internationalServiceFee: 0, name: 'Corner ATM', city: 'Miami, FL' },
  international: {
    surcharge: 0,
    internationalServiceFee: 100,
    name: 'Cajero Banco Central',
    city: 'Ciudad de México, MX',
  },
} as const;

export function createCardNetwork(db: Database, activity: CardActivity) {
  /** The card with this number, expiry and CVV (when given), usable today; null otherwise. */
  async function findCard(
    input: { pan: string; expMonth: number; expYear: number; cvv?: string },
    now: Date,
  ) {
    const row = await db
      .selectFrom('sandbox_unit_cards')
      .select(['id', 'cvv', 'expiration_date'])
      .where('pan', '=', input.pan)
      .executeTakeFirst();
    const expiry = `${input.expYear}-${String(input.expMonth).padStart(2, '0')}`;
    const thisMonth = now.toISOString().slice(0, 7);
    if (!row || row.expiration_date !== expiry || expiry < thisMonth) return null;
    if (input.cvv !== undefined && row.cvv !== input.cvv) return null;
    return row;
  }

  async function authorizeWith(
    cardId: string | undefined,
    request: Parameters<CardActivity['authorize']>[0] | null,
  ) {
    const declined = (reason: NetworkDecline) => ({
      authorizationId: null,
      approved: false,
      declineReason: reason,
    });
    if (!cardId || !request) return declined('invalid_card');
    const row = await activity.authorize(request);
    if (!row) return declined('invalid_card');
    return {
      authorizationId: row.id,
      approved: row.status === 'Authorized',
      declineReason:
        row.status === 'Authorized' ? null : (DECLINES[row.decline_reason ?? ''] ?? 'do_not_honor'),
    };
  }

  /** Runs a message in one transaction; a refusal rolls it back and answers 404 / 409. */
  const settled = <T>(work: (tx: Database) => Promise<T | { refused: string }>) =>
    db.transaction().execute(async (tx) => {
      const result = await work(tx);
      if (typeof result === 'object' && result && 'refused' in result) {
        if (result.refused === 'not_found') {
          throw new AppError('not_found', 404, 'No such authorization');
        }
        throw new AppError(
          'conflict',
          409,
          `The authorization cannot take this: ${result.refused}`,
          {
            reason: result.refused,
          },
        );
      }
      return result as T;
    });

  /** The network's message for a card given by its numbers: a decline when they are wrong. */
  async function authorizeCard(
    body: { pan: string; expMonth: number; expYear: number; cvv?: string; amountCents: number },
    now: Date,
    details: Pick<AuthorizationInput, 'merchant' | 'atm'>,
  ) {
    const found = await findCard(body, now);
    return authorizeWith(
      found?.id,
      found && { cardId: found.id, amount: body.amountCents, ...details },
    );
  }

  return {
    purchase: (body: z.infer<typeof purchaseBody>, now = new Date()) =>
      authorizeCard(body, now, {
        merchant: {
          name: body.merchant.name,
          type: MERCHANT_CATEGORIES[body.merchant.category],
          category: body.merchant.category,
          location: body.merchant.city,
        },
      }),

    atm(body: z.infer<typeof atmBody>, now = new Date()) {
      const atm = ATM_ATTRIBUTES[body.network];
      return authorizeCard(body, now, {
        merchant: {
          name: body.atm?.name ?? atm.name,
          type: 6011,
          category: 'atm',
          location: body.atm?.city ?? atm.city,
        },
        atm: {
          surcharge: atm.surcharge,
          internationalServiceFee: atm.internationalServiceFee,
          network: body.network,
        },
      });
    },

    async clear(body: z.infer<typeof clearBody>) {
      const { row } = await settled((tx) =>
        activity.clear(tx, body.authorizationId, body.amountCents),
      );
      return { authorizationId: row.id, clearedCents: Number(row.cleared_amount) };
    },

    async reverse(body: z.infer<typeof reverseBody>) {
      const { row } = await settled((tx) => activity.reverse(tx, body.authorizationId));
      return { authorizationId: row.id, reversed: true as const };
    },

    /** Keyed by `refundId` in the same transaction as the refund: a retry answers the same. */
    async refund(body: z.infer<typeof refundBody>) {
      return settled(async (tx) => {
        const key = `refund:${body.refundId}`;
        const fresh = await tx
          .insertInto('sandbox_card_network_messages')
          .values({ key, answer: JSON.stringify(body) })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!fresh) {
          const stored = await tx
            .selectFrom('sandbox_card_network_messages')
            .select('answer')
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          const first = stored.answer as z.infer<typeof refundBody>;
          if (
            first.authorizationId !== body.authorizationId ||
            first.amountCents !== body.amountCents
          ) {
            return { refused: 'refund_id_reused' };
          }
          return { authorizationId: body.authorizationId, refundedCents: body.amountCents };
        }
        const result = await activity.refund(tx, body.authorizationId, body.amountCents);
        if ('refused' in result) return result;
        return { authorizationId: body.authorizationId, refundedCents: body.amountCents };
      });
    },
  };
}
