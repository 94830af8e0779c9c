import type { Speed } from '@pago/shared/contracts/transfers';
import type { Cents } from '@pago/shared/money';
import type { Database } from '../../db/database';

export async function insertQuote(
  db: Database,
  row: {
    userId: string;
    country: string;
    speed: Speed;
    amountCents: Cents;
    feeCents: Cents;
    currency: string;
    marketRate: string;
    fxRate: string;
    spreadBps: number;
    payoutAmount: string;
    recipientPhone: string | null;
    transferKind: 'p2p' | 'remittance';
    expiresAt: Date;
  },
) {
  return db
    .insertInto('quotes')
    .values({
      user_id: row.userId,
      recipient_country: row.country,
      speed: row.speed,
      amount_cents: row.amountCents,
      fee_cents: row.feeCents,
      payout_currency: row.currency,
      market_rate: row.marketRate,
      fx_rate: row.fxRate,
      spread_bps: row.spreadBps,
      payout_amount: row.payoutAmount,
      recipient_phone: row.recipientPhone,
      transfer_kind: row.transferKind,
      expires_at: row.expiresAt,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** The user's own quote, locked so that it is used by one transfer only. */
export async function lockQuote(db: Database, userId: string, quoteId: string) {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('id', '=', quoteId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markQuoteUsed(db: Database, quoteId: string, at: Date) {
  await db.updateTable('quotes').set({ used_at: at }).where('id', '=', quoteId).execute();
}
