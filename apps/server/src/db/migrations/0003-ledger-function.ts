import type { Kysely } from 'kysely';

/**
 * `ledger_post`: a whole transfer in one call — open missing wallets, lock every account in id
 * order, check funds and limits, write the transfer, entries, balances and first status. Plans
 * are cached inside the function, and the transfer costs one round trip instead of four.
 * Refusals raise SQLSTATE P2001 (insufficient funds) or P2002 (limit), with JSON details.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // ledger_post: db/functions/ledger_post.sql.
}
