import { sql } from 'kysely';
import type { Database } from '../../db/database';

// The rows of cash deposits (migration 0041): the barcode a user shows at each store, and each
// cash deposit the partner reported, with its fee and the US Eastern month it counts toward.

export async function findLiveBarcode(db: Database, userId: string, storeId: string, after: Date) {
  return db
    .selectFrom('cash_deposit_barcodes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('store_id', '=', storeId)
    .where('expires_at', '>', after)
    .executeTakeFirst();
}

export async function saveBarcode(
  db: Database,
  row: { userId: string; storeId: string; barcodeNumber: string; expiresAt: Date },
) {
  return db
    .insertInto('cash_deposit_barcodes')
    .values({
      user_id: row.userId,
      store_id: row.storeId,
      barcode_number: row.barcodeNumber,
      expires_at: row.expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'store_id']).doUpdateSet({
        barcode_number: row.barcodeNumber,
        expires_at: row.expiresAt,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Cash deposits are counted one user at a time: a transaction-long lock of the user's cash. */
export async function lockUsersCash(tx: Database, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('cash_deposits'), hashtext(${userId}))`.execute(
    tx,
  );
}

export async function findByPartnerTransaction(db: Database, unitTransactionId: string) {
  return db
    .selectFrom('cash_deposits')
    .select('id')
    .where('unit_transaction_id', '=', unitTransactionId)
    .executeTakeFirst();
}

/** What the user paid in during one US Eastern month (YYYY-MM). */
export async function monthTotal(db: Database, userId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('cash_deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('eastern_month', '=', month)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertCashDeposit(
  tx: Database,
  row: {
    userId: string;
    unitTransactionId: string;
    unitAccountId: string;
    transferId: string;
    amountCents: number;
    feeCents: number;
    storeName: string;
    month: string;
  },
) {
  return tx
    .insertInto('cash_deposits')
    .values({
      user_id: row.userId,
      unit_transaction_id: row.unitTransactionId,
      unit_account_id: row.unitAccountId,
      transfer_id: row.transferId,
      amount_cents: row.amountCents as never,
      fee_cents: row.feeCents as never,
      store_name: row.storeName,
      eastern_month: row.month,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listCashDeposits(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('cash_deposits')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('cash_deposits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findCashDeposit(db: Database, userId: string, id: string) {
  return db
    .selectFrom('cash_deposits')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** What Pago credited from a partner account's cash deposits (the partner's whole amounts). */
export async function paidInOn(db: Database, unitAccountId: string): Promise<number> {
  const row = await db
    .selectFrom('cash_deposits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
    .where('unit_account_id', '=', unitAccountId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The user's account at the partner (the banking feature opens it), or undefined. */
export async function partnerAccountOf(db: Database, userId: string) {
  return db
    .selectFrom('bank_accounts')
    .select(['unit_account_id', 'unit_customer_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whose partner account this is, when it is a Pago user's. */
export async function ownerOfPartnerAccount(db: Database, unitAccountId: string) {
  return db
    .selectFrom('bank_accounts')
    .select('user_id')
    .where('unit_account_id', '=', unitAccountId)
    .executeTakeFirst();
}
