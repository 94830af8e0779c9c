import { type Kysely, sql } from 'kysely';

/**
 * A card authorization in one statement (db/functions/card_authorize.sql; docs/cards-performance.md):
 * - `card_authorizations.merchant_name`: where the card was used (the merchant, or the ATM's
 *   name), kept with the authorization so the holder's notification is written by the
 *   `card_authorizations_notify` trigger from the row alone, declined ones included. Rows
 *   written before this migration have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table card_authorizations
      add column merchant_name text check (merchant_name is null or length(merchant_name) <= 500)`.execute(
    db,
  );
}
