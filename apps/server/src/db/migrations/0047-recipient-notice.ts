import { type Kysely, sql } from 'kysely';

/**
 * The remittance recipient is told (docs/recipient-notice.md): the recipient's tracking link of a
 * transfer (the token itself is derived from APP_SECRET; only its SHA-256 is kept, to find the
 * transfer), and the recipient's SMS, one row per transfer and kind (sent, ready for pickup), so
 * each goes out at most once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table remittance_recipient_links (
      transfer_id uuid primary key references ledger_transfers (id),
      token_hash bytea not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table remittance_recipient_sms (
      id uuid primary key default gen_random_uuid(),
      transfer_id uuid not null references ledger_transfers (id),
      kind text not null check (kind in ('sent', 'ready')),
      to_number text not null,
      status text not null
        check (status in ('pending', 'sending', 'sent', 'failed', 'unavailable')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      provider_id text,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      unique (transfer_id, kind)
    )`.execute(db);
  await sql`create index remittance_recipient_sms_due on remittance_recipient_sms (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table remittance_recipient_sms`.execute(db);
  await sql`drop table remittance_recipient_links`.execute(db);
}
