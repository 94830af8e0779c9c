import { type Kysely, sql } from 'kysely';

/**
 * Card disputes at the Unit fake (sandbox mode only): Unit's Dispute resource
 * (schemas/dispute/dispute.json) for a purchase or ATM transaction of an account, with its status
 * history; created by Unit's sandbox `POST /sandbox/disputes` and moved on by the fake's own
 * sandbox status endpoint (docs/card-disputes.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_unit_disputes (
      id text primary key,
      account_id text not null,
      customer_id text not null,
      transaction_id text not null,
      amount bigint not null,
      description text not null,
      status text not null,
      status_history jsonb not null default '[]'::jsonb,
      decision_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sandbox_unit_disputes_transaction on sandbox_unit_disputes (transaction_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sandbox_unit_disputes`.execute(db);
}
