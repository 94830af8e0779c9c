import { type Kysely, sql } from 'kysely';

/**
 * Sending home: saved recipients abroad (name, country, phone, how they are paid), and
 * per remittance what the payout partner was asked to pay and how far it got (sent, available
 * with a pickup code, cancelled). A payout keeps its own copy of the recipient: editing or
 * deleting a recipient never rewrites a sent remittance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table remittance_recipients (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      full_name text not null check (length(full_name) between 1 and 100),
      country text not null check (country ~ '^[A-Z]{2}$'),
      phone text not null,
      payout_method text not null
        check (payout_method in ('bank_deposit', 'cash_pickup', 'mobile_wallet')),
      payout_details jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index remittance_recipients_user on remittance_recipients (user_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table remittance_payouts (
      transfer_id uuid primary key references ledger_transfers (id),
      user_id uuid not null references users (id),
      recipient_id uuid references remittance_recipients (id) on delete set null,
      full_name text not null,
      country text not null,
      phone text not null,
      payout_method text not null
        check (payout_method in ('bank_deposit', 'cash_pickup', 'mobile_wallet')),
      payout_details jsonb not null,
      expected_by timestamptz not null,
      sent_to_partner_at timestamptz not null,
      paid_out_at timestamptz,
      pickup_code text,
      cancelled_at timestamptz,
      check (paid_out_at is null or cancelled_at is null)
    )`.execute(db);
  await sql`create index remittance_payouts_user on remittance_payouts (user_id)`.execute(db);
}
