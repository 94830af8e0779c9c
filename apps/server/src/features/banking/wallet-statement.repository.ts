import type { TransferMetadata } from '@pago/shared/contracts/ledger';
import type { TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** The user's wallet in the ledger: its id and when it opened (undefined: no wallet). */
export async function findWallet(db: Database, userId: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'created_at', 'balance_cents'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The wallet's first movement's time (older data may predate the wallet row's own time). */
export async function firstMovementAt(db: Database, walletId: number): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    select min(t.created_at) as at
    from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
    where e.account_id = ${walletId}`.execute(db);
  return rows[0]?.at ?? null;
}

/** What the wallet held before `before`: the sum of its entries of transfers made earlier. */
export async function walletBalanceBefore(
  db: Database,
  walletId: number,
  before: Date,
): Promise<number> {
  const { rows } = await sql<{ total: string | null }>`
    select sum(e.amount_cents)::text as total
    from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
    where e.account_id = ${walletId} and t.created_at < ${before}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

export type WalletMovementRow = {
  transfer_id: string;
  kind: TransferKind;
  status: TransferStatus;
  user_id: string;
  counterparty_user_id: string | null;
  related_transfer_id: string | null;
  metadata: TransferMetadata;
  created_at: Date;
  /** The wallet's side of the transfer (all its entries on the wallet), signed cents. */
  wallet_cents: string;
  /** What the transfer moved into Pago's fee revenue (negative: a fee given back). */
  fee_revenue_cents: string;
};

/**
 * Every transfer that moved the wallet in [from, to), oldest first (by the transfer's time, then
 * the order its entries were written), with the wallet's net amount and the fee it carried.
 */
export async function walletMovements(
  db: Database,
  walletId: number,
  from: Date,
  to: Date,
): Promise<WalletMovementRow[]> {
  const { rows } = await sql<WalletMovementRow>`
    select t.id as transfer_id, t.kind, t.status, t.user_id, t.counterparty_user_id,
      t.related_transfer_id, t.metadata, t.created_at,
      sum(e.amount_cents)::text as wallet_cents,
      coalesce((
        select sum(f.amount_cents) from ledger_entries f
          join ledger_accounts fa on fa.id = f.account_id
        where f.transfer_id = t.id and fa.system_role = 'fee_revenue'
      ), 0)::text as fee_revenue_cents
    from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
    where e.account_id = ${walletId} and t.created_at >= ${from} and t.created_at < ${to}
    group by t.id
    order by t.created_at, min(e.id)`.execute(db);
  return rows.map((row) => ({
    ...row,
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
  }));
}

/** Transfers by id (the originals that returns, releases and refunds point at). */
export async function transfersByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'kind', 'user_id', 'counterparty_user_id', 'metadata'])
    .where('id', 'in', ids)
    .execute();
}
