import { type Kysely, sql } from 'kysely';

/**
 * Transfers get time-ordered ids (UUID version 7, RFC 9562): a new transfer's id sorts after the
 * ones before it, so its key lands on the rightmost page of `ledger_transfers_pkey` and of
 * `ledger_entries_transfer` (0034) rather than on a random page of each. A random page written
 * after a checkpoint is written whole to the WAL (a full-page image, 8 KB); the rightmost page is
 * written whole once per checkpoint. docs/benchmarks.md has what this saves a send, measured beside
 * pgledger, which made the same choice.
 *
 * PostgreSQL 18 (the embedded one) has `uuidv7()`. On an older server (DATABASE_URL) an SQL
 * function of the same name is created, millisecond time then random bits (the same layout;
 * not monotonic within a millisecond, which only the index's locality needs, not correctness).
 *
 * An id now says when its transfer was made, to the millisecond: the receipt and activity show
 * that time anyway, and every read of a transfer is checked against its parties, never against
 * the id being hard to guess.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ exists: boolean }>`
    select to_regprocedure('uuidv7()') is not null as exists`.execute(db);
  if (!rows[0]?.exists) {
    // 48 bits of milliseconds, then random bytes with version 7 and the RFC's variant set.
    await sql`
      create function uuidv7() returns uuid language sql volatile as $fn$
        select encode(set_byte(set_byte(b, 6, (get_byte(b, 6) & 15) | 112), 8,
            (get_byte(b, 8) & 63) | 128), 'hex')::uuid
        from (select substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
          || substring(uuid_send(gen_random_uuid()) from 7) as b) s
      $fn$`.execute(db);
  }
  await sql`alter table ledger_transfers alter column id set default uuidv7()`.execute(db);
}
