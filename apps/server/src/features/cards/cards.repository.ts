import type { CardStatus, CardType, ShippingSpeed } from '@pago/shared/contracts/cards';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { CardsTable } from '../../db/schema';

export type CardRow = Selectable<CardsTable>;

/** A user's cards, newest first (closed ones too: they are the card's history). */
export const listCards = (db: Database, userId: string) =>
  db
    .selectFrom('cards')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();

/** One of the user's cards; another user's card is not found. */
export const findCard = (db: Database, userId: string, cardId: string) =>
  db
    .selectFrom('cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const findOpenCardOfType = (db: Database, userId: string, type: CardType) =>
  db
    .selectFrom('cards')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('status', 'in', ['inactive', 'active', 'frozen'])
    .executeTakeFirst();

/** Records a card the partner issued; the same partner card twice is one row (a replayed call). */
export async function insertCard(
  tx: Database,
  row: {
    userId: string;
    partnerCardId: string;
    partnerAccountId: string;
    type: CardType;
    status: CardStatus;
    last4: string;
    expMonth: number;
    expYear: number;
    dailyPurchaseCents: number;
    dailyWithdrawalCents: number;
    shipping: { speed: ShippingSpeed; address: string } | null;
    replacesCardId: string | null;
  },
): Promise<{ card: CardRow; inserted: boolean }> {
  const inserted = await tx
    .insertInto('cards')
    .values({
      user_id: row.userId,
      partner_card_id: row.partnerCardId,
      partner_account_id: row.partnerAccountId,
      type: row.type,
      status: row.status,
      last4: row.last4,
      exp_month: row.expMonth,
      exp_year: row.expYear,
      daily_purchase_limit_cents: row.dailyPurchaseCents,
      daily_withdrawal_limit_cents: row.dailyWithdrawalCents,
      shipping_speed: row.shipping?.speed ?? null,
      shipping_address: row.shipping?.address ?? null,
      replaces_card_id: row.replacesCardId,
      activated_at: row.status === 'active' ? new Date() : null,
    })
    .onConflict((c) => c.column('partner_card_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { card: inserted, inserted: true };
  const card = await tx
    .selectFrom('cards')
    .selectAll()
    .where('partner_card_id', '=', row.partnerCardId)
    .executeTakeFirstOrThrow();
  return { card, inserted: false };
}

export async function updateCard(
  db: Database,
  cardId: string,
  change: {
    status?: CardStatus;
    dailyPurchaseCents?: number;
    dailyWithdrawalCents?: number;
  },
): Promise<CardRow> {
  const closing =
    change.status === 'lost' || change.status === 'stolen' || change.status === 'closed';
  return db
    .updateTable('cards')
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.status === 'active' ? { activated_at: new Date() } : {}),
      ...(closing ? { closed_at: new Date() } : {}),
      ...(change.dailyPurchaseCents !== undefined
        ? { daily_purchase_limit_cents: change.dailyPurchaseCents }
        : {}),
      ...(change.dailyWithdrawalCents !== undefined
        ? { daily_withdrawal_limit_cents: change.dailyWithdrawalCents }
        : {}),
      updated_at: new Date(),
    })
    .where('id', '=', cardId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's deposit account and customer at the partner, which cards are issued on. */
export const findPartnerAccount = (db: Database, userId: string) =>
  db
    .selectFrom('bank_accounts')
    .select(['unit_account_id', 'unit_customer_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
