import type { Kysely } from 'kysely';

/**
 * A payment by phone waits once the look-up budget is spent.
 * `transfer_send_batch` is migration 0019's with two more arguments: each send's network address
 * (`p_ips`) and the look-up budget's rules (`p_lookup`: key prefix, scope `account` or `network`,
 * limit, window in seconds — `PAYEE_LOOKUP_RULES`). A send whose sender or network has spent the
 * budget comes back as "no Pago user's phone" with nothing done, so the route's other way takes
 * from the budget and answers 429, whether the phone is a Pago user's or not. The check only
 * reads `rate_limits` (by its key, no lock). A payment that goes through takes nothing from the
 * budget (docs/architecture.md, "Privacy: one look-up budget for finding people", says why).
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // transfer_send_batch's new signature: db/functions/transfer_send_batch.sql (applying the file
  // drops the old overload).
}
