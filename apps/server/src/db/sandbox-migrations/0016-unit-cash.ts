import { type Kysely, sql } from 'kysely';

/**
 * The Unit fake's cash deposit barcodes (docs/unit-cash-and-atms.md): each one generated for an
 * account, a customer and a store, until its expiration; a payment at the store's register books
 * a cashDepositTransaction on the account (sandbox_unit_transactions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_unit_cash_barcodes (
      barcode_number text primary key,
      account_id text not null,
      customer_id text not null,
      store_id text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_unit_cash_barcodes_account on sandbox_unit_cash_barcodes (account_id)`.execute(
    db,
  );
}
