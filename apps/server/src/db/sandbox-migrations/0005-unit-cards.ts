import { type Kysely, sql } from 'kysely';

/**
 * The Unit fake's cards (sandbox mode only): what the partner keeps of a card and Pago
 * never does — the full number (a test number that passes the Luhn check), CVV and PIN (as a
 * scrypt hash) — with Unit's card types and statuses, its limits and shipping address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sandbox_unit_cards (
      id text primary key,
      customer_id text not null,
      account_id text not null,
      -- individualVirtualDebitCard | individualDebitCard
      type text not null,
      -- Inactive | Active | Frozen | Lost | Stolen | ClosedByCustomer
      status text not null,
      pan text not null unique,
      cvv text not null,
      -- Unit's expirationDate, YYYY-MM
      expiration_date text not null,
      pin_hash text,
      limits jsonb,
      shipping_address jsonb,
      shipping_method text,
      replaced_card_id text,
      idempotency_key text unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index if not exists sandbox_unit_cards_account on sandbox_unit_cards (account_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sandbox_unit_cards`.execute(db);
}
