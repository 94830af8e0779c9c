import type { Speed, TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import type { Cents } from '@pago/shared/money';
import { sql } from 'kysely';
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

/** Remittances whose payout is due, locked and skipped by other workers. */
export async function lockDuePayouts(db: Database, now: Date, limit: number) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('status', '=', 'processing')
    .where('kind', '=', 'remittance')
    .where(
      sql<string>`(metadata->>'payoutDueAt')::timestamptz`,
      '<=',
      sql<string>`${now}::timestamptz`,
    )
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export type TransferFilter = {
  type?: TransferKind | undefined;
  status?: TransferStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
};

/** The user's transfers, as owner or as counterparty, newest first. */
export async function listTransfersOf(db: Database, userId: string, filter: TransferFilter) {
  let query = db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]));
  if (filter.type) query = query.where('kind', '=', filter.type);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  if (filter.before) {
    const { createdAt, id } = filter.before;
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export async function findTransferOf(db: Database, userId: string, id: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]))
    .executeTakeFirst();
}

export async function statusHistory(db: Database, transferId: string) {
  return db
    .selectFrom('transfer_status_history')
    .select(['status', 'note', 'at'])
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
}
