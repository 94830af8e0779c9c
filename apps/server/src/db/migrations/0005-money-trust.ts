import { type Kysely, sql } from 'kysely';

/**
 * Trust in money. `ledger_post` counted toward the limits only transfers with
 * `created_at <= p_now` (the app's clock when the request started), so a send that started a
 * moment later but committed first was invisible to the one holding the wallet's lock, and
 * parallel sends passed the daily limit. It now counts every committed transfer of the calendar
 * day and month of `p_now` (US Eastern). Same signature; only the limit query changed.
 *
 * A quote is bound to its recipient: the phone it was priced for and the kind it was priced as
 * (p2p is free, a remittance is not). Quotes made before have neither and cannot be sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // ledger_post: db/functions/ledger_post.sql.
  await sql`alter table quotes add column recipient_phone text, add column transfer_kind text`.execute(
    db,
  );
}
