import { type Kysely, sql } from 'kysely';

/**
 * Recurring bill payments on the schedules' mechanism (issue 29 part 1, docs/schedules.md):
 * - `schedules` takes a third kind, `bill`: the biller, its bill type, the user's account at the
 *   biller and the memo (the biller's name is the schedule's `recipient_name`), once or monthly;
 * - `schedule_runs.status` takes `processing`: a bill's run claimed (the row is the claim, unique
 *   per schedule and moment) and handed to bill pay, whose phased payment then settles it;
 * - the rows of `bill_schedules` move over with their ids (their payments keep pointing at them),
 *   the day already reminded becomes a `schedule_reminders` row, and `bill_schedules` goes.
 * A moved schedule is due at 9:00 Eastern on its date; the run itself moves a date that is not a
 * banking day on to the next one (schedule-bill-runs.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table schedules drop constraint schedules_kind_check`.execute(db);
  await sql`
    alter table schedules
      add constraint schedules_kind_check check (kind in ('remittance', 'p2p', 'bill')),
      add column biller_id text references billers (id),
      add column bill_type text,
      add column account_at_biller text,
      add column memo text not null default '',
      add constraint schedules_bill_check check (
        kind <> 'bill' or (
          biller_id is not null and bill_type is not null and account_at_biller is not null
          and frequency in ('once', 'monthly')
        )
      )`.execute(db);
  await sql`alter table schedule_runs drop constraint schedule_runs_status_check`.execute(db);
  await sql`
    alter table schedule_runs add constraint schedule_runs_status_check
      check (status in ('processing', 'sent', 'under_review', 'failed', 'skipped'))`.execute(db);
  await sql`
    create index schedule_runs_processing on schedule_runs (created_at)
      where status = 'processing'`.execute(db);
  await sql`
    insert into schedules (
      id, user_id, kind, recipient_name, recipient_country, amount_cents, frequency, start_date,
      day_of_month, status, next_date, next_due_at, biller_id, bill_type, account_at_biller, memo,
      created_at, updated_at)
    select s.id, s.user_id, 'bill', b.name, 'US', s.amount_cents,
      case when s.monthly then 'monthly' else 'once' end,
      coalesce(s.next_date, to_char(s.created_at at time zone 'America/New_York', 'YYYY-MM-DD')),
      s.day_of_month, s.status, s.next_date,
      case when s.status = 'active'
        then (s.next_date::date + time '09:00') at time zone 'America/New_York' end,
      s.biller_id, s.bill_type, s.account_at_biller, s.memo, s.created_at, s.updated_at
    from bill_schedules s join billers b on b.id = s.biller_id`.execute(db);
  await sql`
    insert into schedule_reminders (schedule_id, due_date)
    select id, reminded_for from bill_schedules where reminded_for is not null`.execute(db);
  await sql`alter table bill_payments drop constraint bill_payments_schedule_id_fkey`.execute(db);
  await sql`
    alter table bill_payments add constraint bill_payments_schedule_id_fkey
      foreign key (schedule_id) references schedules (id)`.execute(db);
  await sql`drop table bill_schedules`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0064-bill-schedules-unified cannot be undone: restore from a backup');
}
