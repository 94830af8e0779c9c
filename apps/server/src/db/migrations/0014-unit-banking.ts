import { type Kysely, sql } from 'kysely';

/**
 * The banking partner (Unit) for real. A bank account is now the user's Unit
 * application → customer → deposit account, and its numbers are Unit's. The stand-in's rows are
 * dropped: their numbers never reached any bank, and a user opens the account again at Unit.
 * Book payments are mirrored per ledger transfer (`unit_payments`), the partner's webhook events
 * are applied once (`unit_webhook_events`), and reconciliation keeps what it found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from bank_accounts`.execute(db);
  await sql`
    alter table bank_accounts
      add column unit_application_id text not null,
      add column unit_customer_id text not null,
      add column unit_account_id text not null unique`.execute(db);

  // A reversal gives back a partner payment the partner rejected or returned.
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`
    alter table ledger_transfers add constraint ledger_transfers_kind_check
      check (kind in ('deposit', 'p2p', 'remittance', 'remittance_refund', 'bill_payment',
        'bank_transfer', 'request_payment', 'bank_transfer_reversal'))`.execute(db);

  await sql`
    create table unit_payments (
      transfer_id uuid primary key references ledger_transfers (id),
      user_id uuid not null references users (id),
      -- The Pago user paid (book payments); null for ACH with a bank outside.
      counterparty_user_id uuid references users (id),
      -- Unit's id; null until Unit has answered (a payment whose call failed is retried).
      unit_payment_id text unique,
      payment_type text not null check (payment_type in ('bookPayment', 'achPayment')),
      -- Unit's status: Pending, PendingReview, Clearing, Sent, Settled, Rejected, Returned, Canceled.
      status text not null,
      reason text,
      amount_cents bigint not null check (amount_cents > 0),
      -- Sent to Unit as its idempotencyKey, so a retried call never pays twice.
      idempotency_key text not null unique,
      reversal_transfer_id uuid references ledger_transfers (id),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index unit_payments_user on unit_payments (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index unit_payments_retry on unit_payments (next_attempt_at) where unit_payment_id is null`.execute(
    db,
  );
  await sql`
    create table unit_webhook_events (
      event_id text primary key,
      event_type text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table unit_reconciliation_runs (
      id uuid primary key default gen_random_uuid(),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      accounts_checked integer not null default 0,
      differences integer not null default 0
    )`.execute(db);
  await sql`
    create table unit_reconciliation_differences (
      id bigserial primary key,
      run_id uuid not null references unit_reconciliation_runs (id),
      kind text not null,
      user_id uuid,
      transfer_id uuid,
      unit_id text,
      expected text,
      actual text,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table unit_reconciliation_differences, unit_reconciliation_runs, unit_webhook_events, unit_payments`.execute(
    db,
  );
}
