import { type Kysely, sql } from 'kysely';

/**
 * The Thunes fake's side, as Thunes keeps it: quotations (rate, amounts, expiry) and the
 * transactions made from them (status, parties, where it goes next and when). Its status
 * callbacks leave through the sandbox webhook outbox, to the absolute callback_url Pago gave.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_thunes_quotations (
      id bigserial primary key,
      external_id text not null unique,
      payer_id integer not null,
      mode text not null,
      transaction_type text not null,
      source_amount numeric not null,
      source_currency text not null,
      source_country text not null,
      destination_amount numeric not null,
      destination_currency text not null,
      fee numeric not null,
      wholesale_fx_rate numeric not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table sandbox_thunes_transactions (
      id bigserial primary key,
      external_id text not null unique,
      quotation_id bigint not null references sandbox_thunes_quotations (id),
      status text not null,
      scenario text not null,
      credit_party jsonb not null,
      sender jsonb not null,
      beneficiary jsonb not null,
      purpose_of_remittance text not null,
      callback_url text,
      payer_transaction_code text,
      next_status_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_thunes_due on sandbox_thunes_transactions (next_status_at) where next_status_at is not null`.execute(
    db,
  );
  await sql`alter table sandbox_webhook_outbox drop constraint if exists sandbox_webhook_outbox_vendor_check`.execute(
    db,
  );
  await sql`alter table sandbox_webhook_outbox add constraint sandbox_webhook_outbox_vendor_check check (vendor in ('plaid', 'persona', 'unit', 'thunes'))`.execute(
    db,
  );
}
