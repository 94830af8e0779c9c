import type { Kysely } from 'kysely';

/**
 * The ledger guards itself. `ledger_post` trusted its caller for the shape of the legs:
 * only TypeScript checked that they sum to zero, nothing checked that the accounts hold one
 * currency, and a leg naming no account was silently dropped. It now refuses, with SQLSTATE P2003
 * and nothing written, legs that are not whole amounts summing to zero, legs that name no account,
 * and legs whose accounts' currencies differ. Same signature; the funds and limit logic is
 * migration 0005's, unchanged.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // ledger_post: db/functions/ledger_post.sql.
}
