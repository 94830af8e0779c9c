import { type Kysely, sql } from 'kysely';

/**
 * Card events bounded by their authorization.
 *
 * - `card_authorizations.merchant_type`: the merchant category code (ISO 18245) the authorization
 *   was approved for; it decides how far a clearing may exceed the hold (tips, fuel). Null for
 *   ATM withdrawals and for authorizations from before.
 * - `card_network_messages.partner_amount_cents`: what the partner's transaction carried, kept
 *   when Pago applied less (`amount_cents`: a clearing beyond the tolerance, a refund beyond what
 *   was charged, a second clearing); null when the two are the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table card_authorizations add column merchant_type integer`.execute(db);
  await sql`alter table card_network_messages add column partner_amount_cents bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table card_network_messages drop column partner_amount_cents`.execute(db);
  await sql`alter table card_authorizations drop column merchant_type`.execute(db);
}
