import { type Kysely, sql } from 'kysely';

/**
 * Scheduled and recurring transfers (issue 29 part 1, docs/schedules.md).
 *
 * - `schedules`: an amount sent on a rule (once, weekly, biweekly, monthly, twice a month) to a
 *   saved remittance recipient (its name and country kept for when it is deleted) or to a Pago
 *   user; the next run's day (the user's zone, as text) and moment, which the job reads.
 * - `schedule_runs`: each run, unique per (schedule_id, due_at): the claim. Inserted in the same
 *   transaction as the money movement, so a run happens once whatever the workers do.
 * - `schedule_reminders`: the day-before notice, once per schedule and run day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table schedules (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      kind text not null check (kind in ('remittance', 'p2p')),
      recipient_id uuid references remittance_recipients (id) on delete set null,
      payee_user_id uuid references users (id),
      recipient_name text not null,
      recipient_country text not null,
      amount_cents bigint not null check (amount_cents > 0),
      speed text not null default 'standard' check (speed in ('standard', 'express')),
      frequency text not null
        check (frequency in ('once', 'weekly', 'biweekly', 'monthly', 'twice_monthly')),
      start_date text not null check (start_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      day_of_month integer check (day_of_month between 1 and 31),
      second_day integer check (second_day between 1 and 31),
      status text not null default 'active'
        check (status in ('active', 'paused', 'canceled', 'done')),
      next_date text check (next_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      next_due_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((status = 'active') = (next_due_at is not null)),
      check (kind <> 'p2p' or payee_user_id is not null)
    )`.execute(db);
  await sql`create index schedules_user on schedules (user_id, created_at desc)`.execute(db);
  await sql`create index schedules_due on schedules (next_due_at) where status = 'active'`.execute(
    db,
  );
  await sql`
    create table schedule_runs (
      id uuid primary key default gen_random_uuid(),
      schedule_id uuid not null references schedules (id),
      user_id uuid not null references users (id),
      due_date text not null,
      due_at timestamptz not null,
      status text not null check (status in ('sent', 'under_review', 'failed', 'skipped')),
      failure_reason text,
      failure_code text,
      transfer_id uuid references ledger_transfers (id),
      amount_cents bigint not null,
      fee_cents bigint,
      payout_amount text,
      payout_currency text,
      created_at timestamptz not null default now(),
      unique (schedule_id, due_at),
      check ((status = 'failed') = (failure_reason is not null))
    )`.execute(db);
  await sql`create index schedule_runs_schedule on schedule_runs (schedule_id, due_at desc)`.execute(
    db,
  );
  await sql`
    create table schedule_reminders (
      schedule_id uuid not null references schedules (id),
      due_date text not null,
      created_at timestamptz not null default now(),
      primary key (schedule_id, due_date)
    )`.execute(db);
}
