import { type Kysely, sql } from 'kysely';

/**
 * "Día de pago" (issue 29 part 3, docs/payday.md):
 * - `payday_rules`: a person's rule "when my pay arrives, send a share to a saved recipient" (a
 *   percentage in basis points or fixed cents, a cap per deposit, a minimum deposit, a speed).
 *   DELETE keeps the row (`deleted_at`) so its runs keep their rule; a recipient removed takes
 *   the rule out of use (`recipient_id` set null).
 * - `payday_runs`: one rule applied to one direct deposit, written when the deposit becomes
 *   available (the outbox the `payday-runs` job reads), unique per (rule, deposit), so a deposit
 *   sends at most once per rule. `due` → `sent` (with its remittance) in the transaction that
 *   moves the money, or → `failed`/`skipped` with a reason. `claimed_until` is the job's lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payday_rules (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete restrict,
      recipient_id uuid references remittance_recipients (id) on delete set null,
      kind text not null check (kind in ('percent', 'fixed')),
      percent_bps integer check (percent_bps between 1 and 10000),
      fixed_cents bigint check (fixed_cents > 0),
      max_cents bigint check (max_cents > 0),
      min_deposit_cents bigint not null default 0 check (min_deposit_cents >= 0),
      speed text not null default 'standard' check (speed in ('standard', 'express')),
      enabled boolean not null default true,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((kind = 'percent') = (percent_bps is not null)),
      check ((kind = 'fixed') = (fixed_cents is not null))
    )`.execute(db);
  await sql`
    create index payday_rules_user on payday_rules (user_id, created_at)
      where deleted_at is null`.execute(db);
  await sql`
    create table payday_runs (
      id uuid primary key default gen_random_uuid(),
      rule_id uuid not null references payday_rules (id) on delete restrict,
      user_id uuid not null references users (id) on delete restrict,
      deposit_id text not null references direct_deposits (unit_received_payment_id)
        on delete restrict,
      deposit_cents bigint not null check (deposit_cents > 0),
      amount_cents bigint not null check (amount_cents >= 0),
      recipient_name text not null,
      status text not null default 'due' check (status in ('due', 'sent', 'failed', 'skipped')),
      reason text,
      transfer_id uuid unique references ledger_transfers (id) on delete restrict,
      attempts integer not null default 0,
      claimed_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (rule_id, deposit_id),
      check ((status = 'sent') = (transfer_id is not null))
    )`.execute(db);
  await sql`create index payday_runs_user on payday_runs (user_id, created_at desc)`.execute(db);
  // The job's look-up: due runs whose lease is free.
  await sql`
    create index payday_runs_due on payday_runs (claimed_until nulls first)
      where status = 'due'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table payday_runs`.execute(db);
  await sql`drop table payday_rules`.execute(db);
}
