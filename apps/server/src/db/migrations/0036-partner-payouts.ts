import { type Kysely, sql } from 'kysely';

/**
 * Remittances paid through the payout partner (Thunes, docs/thunes.md): a recipient is paid by one
 * of the partner's payers, with the fields that payer requires; a quote is bound to the partner's
 * quotation; a payout follows the partner's transaction (its id, its status history) and records
 * what was disclosed before paying. Error reports under the remittance rule are stored for the
 * sender and for staff.
 *
 * Recipients saved before keep their rows: without a payer they are shown as needing an update
 * (the sender chooses how they are paid again) and cannot be sent to until then. Payouts made
 * before have no partner transaction and are left as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table remittance_recipients
      add column first_name text,
      add column last_name text,
      add column payer_id text check (payer_id ~ '^[0-9]{1,18}$'),
      add column payer_name text`.execute(db);
  // Names saved whole: the first word is the given name, the rest the family names.
  await sql`
    update remittance_recipients set
      first_name = split_part(full_name, ' ', 1),
      last_name = coalesce(nullif(substr(full_name, length(split_part(full_name, ' ', 1)) + 2), ''), '-')`.execute(
    db,
  );
  await sql`
    alter table remittance_recipients
      alter column first_name set not null,
      alter column last_name set not null`.execute(db);

  await sql`
    alter table quotes
      add column recipient_id uuid references remittance_recipients (id) on delete set null,
      add column payer_id text,
      add column payer_name text,
      add column partner_quotation_id text,
      add column partner_source_amount numeric(14, 2),
      add column delivery_minutes integer,
      add column disclosure jsonb`.execute(db);

  await sql`
    alter table remittance_payouts
      alter column sent_to_partner_at drop not null,
      add column first_name text,
      add column last_name text,
      add column payer_id text,
      add column payer_name text,
      add column partner_quotation_id text,
      add column partner_source_amount numeric(14, 2),
      add column partner_transaction_id text unique,
      add column partner_status text check (partner_status ~ '^[0-9]{5}$'),
      add column partner_status_message text,
      add column partner_history jsonb not null default '[]',
      add column request_key text,
      add column submit_after timestamptz,
      add column confirming_at timestamptz,
      add column checked_at timestamptz,
      add column available_at timestamptz,
      add column settled_at timestamptz,
      add column refunded_at timestamptz,
      add column reversed_at timestamptz,
      add column cancel_by timestamptz,
      add column language text check (language in ('es', 'en')),
      add column disclosure jsonb,
      add column receipt_sent_at timestamptz`.execute(db);
  // The jobs' look-ups: payouts to hand to the partner, receipts to e-mail, open ones to ask about.
  await sql`
    create index remittance_payouts_submit on remittance_payouts (submit_after)
      where submit_after is not null`.execute(db);
  await sql`
    create index remittance_payouts_receipt on remittance_payouts (confirming_at)
      where receipt_sent_at is null and confirming_at is not null`.execute(db);
  // Reconciliation with the partner: each run, what it found, and the prefunded balance's cover.
  await sql`
    create table payout_reconciliation_runs (
      id uuid primary key default uuidv7(),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      transfers_checked integer not null default 0,
      differences integer not null default 0,
      balance_available numeric(16, 2),
      expected_volume numeric(16, 2),
      balance_low boolean not null default false
    )`.execute(db);
  await sql`
    create table payout_reconciliation_differences (
      id uuid primary key default uuidv7(),
      run_id uuid not null references payout_reconciliation_runs (id) on delete restrict,
      transfer_id uuid references ledger_transfers (id) on delete restrict,
      kind text not null,
      expected text,
      actual text
    )`.execute(db);
  await sql`
    create index payout_reconciliation_differences_run on payout_reconciliation_differences (run_id)`.execute(
    db,
  );
  await sql`
    create index remittance_payouts_open on remittance_payouts (checked_at nulls first)
      where partner_transaction_id is not null and settled_at is null and refunded_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table payout_reconciliation_differences, payout_reconciliation_runs`.execute(db);
  await sql`drop index remittance_payouts_open`.execute(db);
  await sql`drop index remittance_payouts_receipt`.execute(db);
  await sql`drop index remittance_payouts_submit`.execute(db);
  await sql`
    alter table remittance_payouts
      drop column first_name, drop column last_name, drop column payer_id, drop column payer_name,
      drop column partner_quotation_id, drop column partner_source_amount,
      drop column partner_transaction_id, drop column partner_status,
      drop column partner_status_message, drop column partner_history, drop column request_key,
      drop column submit_after, drop column confirming_at, drop column checked_at,
      drop column available_at, drop column settled_at, drop column refunded_at,
      drop column reversed_at, drop column cancel_by, drop column language,
      drop column disclosure, drop column receipt_sent_at`.execute(db);
  await sql`
    alter table quotes
      drop column recipient_id, drop column payer_id, drop column payer_name,
      drop column partner_quotation_id, drop column partner_source_amount,
      drop column delivery_minutes, drop column disclosure`.execute(db);
  await sql`
    alter table remittance_recipients
      drop column first_name, drop column last_name, drop column payer_id,
      drop column payer_name`.execute(db);
}
