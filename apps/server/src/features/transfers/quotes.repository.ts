import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { Speed } from '@pago/shared/contracts/transfers';
import type { Cents } from '@pago/shared/money';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { QuotesTable } from '../../db/schema';

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
    /** A remittance's partner side: whom and which payer it was priced for, the partner's quotation. */
    partner?: {
      recipientId: string | null;
      payerId: string;
      payerName: string;
      partnerQuotationId: string;
      partnerSourceAmount: string;
      deliveryMinutes: number;
      disclosure: RemittanceDisclosure;
    };
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
      ...(row.partner
        ? {
            recipient_id: row.partner.recipientId,
            payer_id: row.partner.payerId,
            payer_name: row.partner.payerName,
            partner_quotation_id: row.partner.partnerQuotationId,
            partner_source_amount: row.partner.partnerSourceAmount,
            delivery_minutes: row.partner.deliveryMinutes,
            disclosure: JSON.stringify(row.partner.disclosure),
          }
        : {}),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/**
 * The user's quote for this send, locked and marked used (`quote_take`, migration 0011), or
 * SQLSTATE P2004 naming why it cannot pay it.
 */
export async function takeQuote(
  db: Database,
  send: {
    userId: string;
    quoteId: string;
    phone: string;
    country: string;
    kind: 'p2p' | 'remittance';
    amountCents: Cents;
    speed: Speed | null;
    now: Date;
  },
) {
  const result = await sql<Selectable<QuotesTable>>`
    select * from quote_take(${send.userId}, ${send.quoteId}, ${send.phone}, ${send.country},
      ${send.kind}, ${send.amountCents}, ${send.speed}, ${send.now}::timestamptz)`.execute(db);
  const quote = result.rows[0];
  if (!quote) throw new Error('quote_take returned no quote');
  return quote;
}
