import { type Kysely, sql } from 'kysely';

/**
 * Transfers get time-ordered ids (UUID version 7, RFC 9562): a new transfer's id sorts after the
 * ones before it, so its key lands on the rightmost page of `ledger_transfers_pkey` and of
 * `ledger_entries_transfer` (0033) rather than on a random page of each. A random page written
 * after a checkpoint is written whole to the WAL (a full-page image, 8 KB); the rightmost page is
 * written whole once per checkpoint. docs/benchmarks.md has what this saves a send, measured beside
 * pgledger, which made the same choice.
 *
 * `uuidv7()` is PostgreSQL 18's (the embedded one's); Pago needs PostgreSQL 18 or newer, so a
 * database function never stands in for it (no migration defines a function: `db/functions/`).
 *
 * An id now says when its transfer was made, to the millisecond: the receipt and activity show
 * that time anyway, and every read of a transfer is checked against its parties, never against
 * the id being hard to guess.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ exists: boolean }>`
    select to_regprocedure('uuidv7()') is not null as exists`.execute(db);
  if (!rows[0]?.exists) {
    throw new Error('Pago needs PostgreSQL 18 or newer (uuidv7() is missing on this server)');
  }
  await sql`alter table ledger_transfers alter column id set default uuidv7()`.execute(db);
}
