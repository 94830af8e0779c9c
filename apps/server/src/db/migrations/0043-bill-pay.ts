import { type Kysely, sql } from 'kysely';

/**
 * Bills paid through the banking partner (docs/bill-pay.md).
 *
 * - `billers`: Pago's biller directory, each paid by ACH credit (its bank's routing and account
 *   numbers) or by a mailed check (its remittance address). Sandbox mode seeds it from the
 *   fictional catalog; live mode's rows come from operations (`npm run billers -- import`).
 * - `bill_counterparties`: the partner's ACH counterparty made for a biller under a user's
 *   customer (Unit counterparties belong to a customer), made once.
 * - `bill_schedules`: a payment on a date, once or monthly (day of month, last-day rule), with
 *   the due date it was last reminded of.
 * - `bill_payments`: each payment made (now, or by the job on its date): at most one per
 *   schedule and date; its ledger transfer, method, and the partner's check payment and status.
 *   Dates are Eastern calendar days as text (YYYY-MM-DD).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table billers (
      id text primary key check (id ~ '^[a-z0-9-]{1,64}$'),
      name text not null check (length(name) between 1 and 40),
      bill_type text not null,
      category text not null,
      method text not null check (method in ('ach', 'check')),
      routing_number text check (routing_number ~ '^[0-9]{9}$'),
      account_number text check (account_number ~ '^[0-9]{4,17}$'),
      street text,
      city text,
      state text check (state ~ '^[A-Z]{2}$'),
      postal_code text check (postal_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      check (
        (method = 'ach' and routing_number is not null and account_number is not null)
        or (method = 'check' and street is not null and city is not null and state is not null
          and postal_code is not null)
      )
    )`.execute(db);
  await sql`create index billers_category on billers (category, bill_type, name)`.execute(db);
  await sql`
    create table bill_counterparties (
      user_id uuid not null references users (id),
      biller_id text not null references billers (id),
      unit_counterparty_id text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, biller_id)
    )`.execute(db);
  await sql`
    create table bill_schedules (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      biller_id text not null references billers (id),
      bill_type text not null,
      account_at_biller text not null,
      amount_cents bigint not null check (amount_cents > 0),
      memo text not null default '',
      monthly boolean not null,
      day_of_month integer check (day_of_month between 1 and 31),
      next_date text check (next_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      status text not null default 'active' check (status in ('active', 'canceled', 'done')),
      reminded_for text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (not monthly or day_of_month is not null)
    )`.execute(db);
  await sql`create index bill_schedules_due on bill_schedules (next_date) where status = 'active'`.execute(
    db,
  );
  await sql`create index bill_schedules_user on bill_schedules (user_id, created_at)`.execute(db);
  await sql`
    create table bill_payments (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      biller_id text not null references billers (id),
      schedule_id uuid references bill_schedules (id),
      pay_date text not null check (pay_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      transfer_id uuid unique references ledger_transfers (id),
      method text not null check (method in ('ach', 'check')),
      -- The user's account number at the biller, as the check's memo carries it.
      account_at_biller text not null,
      status text not null default 'processing'
        check (status in ('processing', 'completed', 'failed')),
      unit_check_payment_id text unique,
      partner_status text,
      reason text,
      return_transfer_id uuid references ledger_transfers (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (schedule_id, pay_date)
    )`.execute(db);
  await sql`create index bill_payments_user on bill_payments (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bill_payments`.execute(db);
  await sql`drop table if exists bill_schedules`.execute(db);
  await sql`drop table if exists bill_counterparties`.execute(db);
  await sql`drop table if exists billers`.execute(db);
}
