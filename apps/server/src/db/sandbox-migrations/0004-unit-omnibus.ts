import { type Kysely, sql } from 'kysely';

/**
 * The Unit fake's gaps: business applications (Pago's own omnibus customer) keep their
 * type, and an ACH payment keeps Unit's `sameDay` flag (same-day ACH settles on a faster clock).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_unit_applications add column if not exists type text not null default 'individualApplication'`.execute(
    db,
  );
  await sql`alter table sandbox_unit_payments add column if not exists same_day boolean not null default false`.execute(
    db,
  );
}
