import { type Kysely, sql } from 'kysely';

const NEW_KINDS = ['rate_order_hold', 'rate_order_release'];

/**
 * The rate, working for the sender (issue 29 part 2; docs/rates.md):
 * - `fx_rate_samples`: the partner's market rate per corridor currency, one row per currency per
 *   sample (hourly, and every few minutes while an alert or rate order watches the currency), with
 *   the sender's rate after Pago's spread; `GET /api/rates/:currency/history` reads daily points;
 * - `rate_alerts` and `rate_alert_fires` (one row per alert per US Eastern day: the claim that makes
 *   an alert fire at most once a day);
 * - `rate_orders`: "send at my rate", the money reserved at order time as the ledger kind
 *   `rate_order_hold` (wallet → Pago's `rate_order_holds` account) and given back by
 *   `rate_order_release` (the opposite), in the same transaction as the send or the cancel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The kinds join whatever list the constraint holds when this runs (see 0055).
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = 'ledger_transfers_kind_check'`.execute(db);
  const kinds = [...(rows[0]?.def ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1] as string);
  if (kinds.length === 0) throw new Error('ledger_transfers_kind_check not found');
  const list = [...new Set([...kinds, ...NEW_KINDS])].map((k) => `'${k}'`).join(', ');
  await sql`alter table ledger_transfers drop constraint ledger_transfers_kind_check`.execute(db);
  await sql`alter table ledger_transfers add constraint ledger_transfers_kind_check
    check (kind in (${sql.raw(list)}))`.execute(db);
  await sql`insert into ledger_accounts (system_role) values ('rate_order_holds')`.execute(db);

  await sql`
    create table fx_rate_samples (
      id bigserial primary key,
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      market_rate numeric(20, 8) not null check (market_rate > 0),
      customer_rate numeric(20, 8) not null check (customer_rate > 0),
      sampled_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index fx_rate_samples_currency on fx_rate_samples (currency, sampled_at desc)`.execute(
    db,
  );

  await sql`
    create table rate_alerts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      target_rate numeric(20, 8) not null check (target_rate > 0),
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index rate_alerts_user on rate_alerts (user_id, created_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index rate_alerts_currency on rate_alerts (currency) where deleted_at is null`.execute(
    db,
  );
  await sql`
    create table rate_alert_fires (
      alert_id uuid not null references rate_alerts (id),
      day date not null,
      rate numeric(20, 8) not null,
      fired_at timestamptz not null default now(),
      primary key (alert_id, day)
    )`.execute(db);

  await sql`
    create table rate_orders (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      -- No foreign key: a recipient may be forgotten while an order waits (the send then fails
      -- and the order's money is released); the name is kept for the list.
      recipient_id uuid not null,
      recipient_name text not null,
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      amount_cents bigint not null check (amount_cents > 0),
      speed text not null check (speed in ('standard', 'express')),
      held_cents bigint not null check (held_cents >= amount_cents),
      target_rate numeric(20, 8) not null check (target_rate > 0),
      last_date date not null,
      at_last_date text not null check (at_last_date in ('send', 'cancel')),
      status text not null default 'waiting'
        check (status in ('waiting', 'sent', 'cancelled', 'expired', 'failed')),
      hold_transfer_id uuid not null unique references ledger_transfers (id),
      release_transfer_id uuid unique references ledger_transfers (id),
      sent_transfer_id uuid unique references ledger_transfers (id),
      sent_rate numeric(20, 8),
      failure_reason text,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      constraint rate_orders_finished check ((status = 'waiting') = (release_transfer_id is null)),
      constraint rate_orders_sent check ((status = 'sent') = (sent_transfer_id is not null))
    )`.execute(db);
  await sql`create index rate_orders_user on rate_orders (user_id, created_at desc)`.execute(db);
  await sql`create index rate_orders_waiting on rate_orders (currency) where status = 'waiting'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_orders`.execute(db);
  await sql`drop table rate_alert_fires`.execute(db);
  await sql`drop table rate_alerts`.execute(db);
  await sql`drop table fx_rate_samples`.execute(db);
  await sql`delete from ledger_accounts where system_role = 'rate_order_holds'`.execute(db);
}
