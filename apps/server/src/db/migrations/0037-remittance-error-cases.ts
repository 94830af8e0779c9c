import { type Kysely, sql } from 'kysely';

/**
 * Errors a sender reports on a remittance (the Remittance Transfer Rule's error resolution,
 * § 1005.33; docs/architecture.md, "Remittance error cases"): what was reported and the remedy
 * asked for, the rule's deadlines, what the partner answered, what Pago decided (in the sender's
 * language) and the transfer that remedied it. Kept for the sender's list and for staff, who look
 * at the open ones by deadline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table remittance_error_cases (
      id uuid primary key default uuidv7(),
      transfer_id uuid not null references ledger_transfers (id),
      user_id uuid not null references users (id) on delete restrict,
      reason text not null
        check (reason in ('not_received', 'wrong_amount', 'wrong_recipient_details', 'late')),
      description text check (length(description) <= 1000),
      remedy text not null check (remedy in ('refund', 'resend')),
      status text not null default 'open' check (status in ('open', 'resolved', 'no_error')),
      language text not null check (language in ('es', 'en')),
      opened_at timestamptz not null,
      decide_by timestamptz not null,
      decided_at timestamptz,
      report_result_by timestamptz,
      finding text,
      resolution text,
      remedy_transfer_id uuid references ledger_transfers (id),
      partner_answer jsonb,
      checked_at timestamptz,
      check ((status = 'open') = (decided_at is null)),
      check ((status = 'open') = (resolution is null))
    )`.execute(db);
  // The sender's list, newest first.
  await sql`
    create index remittance_error_cases_user
      on remittance_error_cases (user_id, opened_at desc, id desc)`.execute(db);
  // A transfer's cases (its tracking page); at most one of them open.
  await sql`
    create index remittance_error_cases_transfer
      on remittance_error_cases (transfer_id, opened_at)`.execute(db);
  await sql`
    create unique index remittance_error_cases_one_open
      on remittance_error_cases (transfer_id) where status = 'open'`.execute(db);
  // The open cases, the nearest deadline first (the investigation sweep and staff).
  await sql`
    create index remittance_error_cases_open
      on remittance_error_cases (decide_by, id) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table remittance_error_cases`.execute(db);
}
