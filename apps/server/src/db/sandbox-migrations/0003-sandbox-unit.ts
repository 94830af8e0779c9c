import { type Kysely, sql } from 'kysely';

/**
 * The Unit fake's side (sandbox mode only): applications (whose approval makes the customer),
 * deposit accounts with their balances, counterparties, payments and the account transactions
 * they write, and the customer tokens it handed out. Unit's ids are numeric strings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence if not exists sandbox_unit_ids start 100001`.execute(db);
  await sql`
    create table if not exists sandbox_unit_applications (
      id text primary key,
      customer_id text unique,
      status text not null,
      decision_reason text,
      attributes jsonb not null,
      idempotency_key text unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists sandbox_unit_accounts (
      id text primary key,
      customer_id text not null,
      account_number text not null unique,
      routing_number text not null,
      balance bigint not null default 0,
      hold bigint not null default 0,
      status text not null default 'Open',
      idempotency_key text unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists sandbox_unit_counterparties (
      id text primary key,
      customer_id text not null,
      name text not null,
      routing_number text not null,
      account_number text not null,
      account_type text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists sandbox_unit_payments (
      id text primary key,
      type text not null,
      account_id text not null,
      counterparty_account_id text,
      counterparty_id text,
      amount bigint not null,
      direction text not null,
      description text not null,
      status text not null,
      reason text,
      idempotency_key text unique,
      -- When the next status is due (ACH: Sent, then Settled or Returned).
      due_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table if not exists sandbox_unit_transactions (
      id text primary key,
      type text not null,
      account_id text not null,
      payment_id text,
      amount bigint not null,
      direction text not null,
      balance bigint not null,
      summary text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index if not exists sandbox_unit_transactions_account on sandbox_unit_transactions (account_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table if not exists sandbox_unit_tokens (
      token_hash text primary key,
      customer_id text not null,
      scope text not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`alter table sandbox_webhook_outbox drop constraint if exists sandbox_webhook_outbox_vendor_check`.execute(
    db,
  );
  await sql`alter table sandbox_webhook_outbox add constraint sandbox_webhook_outbox_vendor_check check (vendor in ('plaid', 'persona', 'unit'))`.execute(
    db,
  );
}
