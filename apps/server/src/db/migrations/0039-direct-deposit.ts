import { type Kysely, sql } from 'kysely';

/**
 * Direct deposit and every incoming ACH (docs/direct-deposit.md): each received payment of the
 * banking partner that Pago applied to a wallet, once (its partner id is the key), with its
 * `ach_received` transfer and how far it went (pending → advanced → completed, or returned).
 * `advance_tried_at` is the early-pay job's lease; `advance_refused` says the partner would not
 * advance it (the job stops asking).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table direct_deposits (
      unit_received_payment_id text primary key check (unit_received_payment_id ~ '^[0-9]{1,18}$'),
      user_id uuid not null references users (id) on delete restrict,
      transfer_id uuid not null unique references ledger_transfers (id) on delete restrict,
      amount_cents bigint not null check (amount_cents > 0),
      company_name text not null,
      description text not null,
      status text not null default 'pending'
        check (status in ('pending', 'advanced', 'completed', 'returned')),
      advanceable boolean not null default false,
      advance_tried_at timestamptz,
      advance_refused text,
      return_reason text,
      return_transfer_id uuid references ledger_transfers (id) on delete restrict,
      owed_cents bigint not null default 0 check (owed_cents >= 0),
      completion_date date not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index direct_deposits_user on direct_deposits (user_id, created_at desc)`.execute(
    db,
  );
  // The early-pay job's look-up: pending ones the partner may advance.
  await sql`
    create index direct_deposits_to_advance on direct_deposits (advance_tried_at nulls first)
      where status = 'pending' and advanceable and advance_refused is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table direct_deposits`.execute(db);
}
