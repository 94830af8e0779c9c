import { type Kysely, sql } from 'kysely';

/**
 * Cash paid in at stores (features/cash-deposits, docs/unit-cash-and-atms.md): the barcode each
 * user shows at a store's register (Unit's cashDepositBarcode, one per user and store, a fresh one
 * once it expires), and each cash deposit the partner reported, applied once by its partner
 * transaction id, with the fee it paid and the US Eastern month it counts toward.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cash_deposit_barcodes (
      user_id uuid not null references users (id),
      store_id text not null check (length(store_id) between 1 and 40),
      barcode_number text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      primary key (user_id, store_id)
    )`.execute(db);
  await sql`
    create table cash_deposits (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      unit_transaction_id text not null unique check (unit_transaction_id ~ '^[0-9]{1,18}$'),
      unit_account_id text not null,
      transfer_id uuid not null unique,
      amount_cents bigint not null check (amount_cents > 0),
      fee_cents bigint not null check (fee_cents >= 0 and fee_cents <= amount_cents),
      store_name text not null,
      eastern_month text not null check (eastern_month ~ '^[0-9]{4}-[0-9]{2}$'),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index cash_deposits_user_month on cash_deposits (user_id, eastern_month)`.execute(
    db,
  );
  await sql`create index cash_deposits_user_created on cash_deposits (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index cash_deposits_account on cash_deposits (unit_account_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cash_deposits`.execute(db);
  await sql`drop table cash_deposit_barcodes`.execute(db);
}
