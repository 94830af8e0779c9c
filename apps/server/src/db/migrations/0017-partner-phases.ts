import { type Kysely, sql } from 'kysely';

/**
 * Partner calls outside the money POST's transaction (reserve → commit → call →
 * settle). A mirrored payment keeps what its partner call needs, so the retry job can make or
 * finish it after a crash between the steps: the request's Idempotency-Key (`request_key`, to
 * store the answer the request could not), the ACH counterparty and Unit's `sameDay`, and whether
 * a book payment's receiver still has its amount held (not spendable until the partner sent it),
 * and the book payment's description.
 * A reserved request's key row has status 0 until settled (a replay meanwhile: 409
 * `request_in_progress`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table unit_payments
      add column request_key text,
      add column counterparty_id text,
      add column same_day boolean not null default false,
      add column receiver_held boolean not null default false,
      add column description text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table unit_payments
      drop column request_key, drop column counterparty_id, drop column same_day,
      drop column receiver_held, drop column description`.execute(db);
}
