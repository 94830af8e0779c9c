import { type Kysely, sql } from 'kysely';

/**
 * Money in at the Unit fake (sandbox mode only): received ACH payments (direct deposit and any
 * incoming ACH) with their advance, and mobile check deposits with both images and the image's
 * hash, by which a second deposit of the same front is found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_unit_received_payments (
      id text primary key,
      account_id text not null,
      customer_id text not null,
      amount bigint not null,
      direction text not null,
      status text not null,
      description text not null,
      company_name text not null,
      sec_code text not null,
      trace_number text not null,
      completion_date date not null,
      was_advanced boolean not null default false,
      return_reason text,
      transaction_id text,
      advance_transaction_id text,
      repay_advance_transaction_id text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_unit_received_payments_account on sandbox_unit_received_payments (account_id, created_at)`.execute(
    db,
  );
  await sql`
    create table sandbox_unit_check_deposits (
      id text primary key,
      account_id text not null,
      customer_id text not null,
      amount bigint not null,
      description text not null,
      status text not null,
      reason text,
      status_history jsonb not null default '[]',
      tags jsonb not null default '{}',
      idempotency_key text unique,
      front_image bytea,
      front_image_type text,
      front_sha256 text,
      back_image bytea,
      back_image_type text,
      transaction_id text,
      -- When the clock moves it next (a check whose amount ends in .14 is returned after Sent).
      due_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_unit_check_deposits_front on sandbox_unit_check_deposits (front_sha256) where front_sha256 is not null`.execute(
    db,
  );
  await sql`create index sandbox_unit_check_deposits_due on sandbox_unit_check_deposits (due_at) where due_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sandbox_unit_check_deposits`.execute(db);
  await sql`drop table if exists sandbox_unit_received_payments`.execute(db);
}
