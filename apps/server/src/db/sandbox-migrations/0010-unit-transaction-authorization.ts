import { type Kysely, sql } from 'kysely';

/**
 * The Unit fake's card transactions name their authorization (sandbox mode only, issue 22): Unit's
 * `purchaseTransaction` and `atmTransaction` carry the card's merchant, last four digits and the
 * card and authorization relationships, all read through this link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sandbox_unit_transactions add column if not exists authorization_id text`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_unit_transactions drop column if exists authorization_id`.execute(
    db,
  );
}
