import { type Kysely, sql } from 'kysely';

/**
 * The sandbox card network and the Unit fake's card activity (sandbox mode only):
 * - `sandbox_unit_authorizations`: Unit's authorizations (purchase, ATM), with the hold they put
 *   on the account until cleared or canceled, and the declined ones.
 * - `sandbox_card_network_messages`: each network message once (a retry answers the same).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sandbox_unit_authorizations (
      id text primary key,
      card_id text not null,
      account_id text not null,
      customer_id text not null,
      -- purchase | atm
      kind text not null,
      amount bigint not null,
      -- Authorized | Declined | Canceled | Cleared
      status text not null,
      decline_reason text,
      merchant jsonb not null,
      atm_network text,
      cleared_amount bigint,
      refunded_amount bigint not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists sandbox_card_network_messages (
      key text primary key,
      answer jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sandbox_card_network_messages`.execute(db);
  await sql`drop table if exists sandbox_unit_authorizations`.execute(db);
}
