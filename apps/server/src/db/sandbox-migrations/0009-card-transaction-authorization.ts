import { type Kysely, sql } from 'kysely';

/**
 * The Unit fake's card transactions name their authorization (Unit's purchase and ATM
 * transactions carry an `authorization` relationship), so a client can read one back and see
 * which authorization it clears or refunds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_unit_transactions add column if not exists authorization_id text`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_unit_transactions drop column if exists authorization_id`.execute(
    db,
  );
}
