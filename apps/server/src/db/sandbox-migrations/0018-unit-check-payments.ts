import { type Kysely, sql } from 'kysely';

/**
 * Check payments at the Unit fake (sandbox mode only): a check printed and mailed from a deposit
 * account to a counterparty's address, with its status history and when the fake's clock moves
 * it next. ACH counterparties may also be made from a routing and account number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_unit_check_payments (
      id text primary key,
      account_id text not null,
      customer_id text not null,
      amount bigint not null,
      description text not null,
      memo text,
      counterparty jsonb not null,
      send_date text,
      status text not null,
      delivery_status text,
      reject_reason text,
      return_reason text,
      check_number text not null,
      status_history jsonb not null default '[]',
      tags jsonb not null default '{}',
      idempotency_key text unique,
      transaction_id text,
      due_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_unit_check_payments_account on sandbox_unit_check_payments (account_id, created_at)`.execute(
    db,
  );
  await sql`create index sandbox_unit_check_payments_due on sandbox_unit_check_payments (due_at) where due_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sandbox_unit_check_payments`.execute(db);
}
