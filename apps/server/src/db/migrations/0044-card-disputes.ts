import { type Kysely, sql } from 'kysely';

/**
 * Card disputes under Regulation E (docs/card-disputes.md): one row per dispute of a card
 * transaction, with its reason, the amount in dispute, its partner dispute, the provisional
 * credit's deadline and transfer, the outcome and, when lost, the notice and the reversal.
 * At most one open dispute per transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table card_disputes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      transfer_id uuid not null references ledger_transfers (id),
      partner_transaction_id text,
      partner_dispute_id text unique,
      reason text not null check (reason in ('unauthorized', 'wrong_amount')),
      description text not null,
      disputed_cents bigint not null check (disputed_cents > 0),
      correct_amount_cents bigint check (correct_amount_cents >= 0),
      status text not null check (status in ('open', 'provisionally_credited', 'won', 'lost')),
      credit_due_at timestamptz not null,
      credit_transfer_id uuid references ledger_transfers (id),
      credited_at timestamptz,
      resolved_at timestamptz,
      reversal_due_at timestamptz,
      reversal_transfer_id uuid references ledger_transfers (id),
      reversed_at timestamptz,
      owed_cents bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index card_disputes_one_open on card_disputes (transfer_id) where status in ('open', 'provisionally_credited')`.execute(
    db,
  );
  await sql`create index card_disputes_user on card_disputes (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index card_disputes_credit_due on card_disputes (credit_due_at) where status = 'open'`.execute(
    db,
  );
  await sql`create index card_disputes_reversal_due on card_disputes (reversal_due_at) where reversal_due_at is not null and reversal_transfer_id is null`.execute(
    db,
  );
  await sql`create index card_disputes_partner_transaction on card_disputes (partner_transaction_id) where partner_transaction_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table card_disputes`.execute(db);
}
