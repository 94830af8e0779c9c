import { type Kysely, sql } from 'kysely';

/**
 * Notifications get time-ordered ids (UUID version 7), as transfers did in 0034: the receiver's
 * notification is written in the money transaction (by the ledger's trigger), and a random id put
 * its key on a random page of `notifications_pkey`, written whole to the WAL the first time it
 * changes after each checkpoint. With `uuidv7()` the key goes to the rightmost page. What this
 * saves a send is in docs/benchmarks.md.
 *
 * The list orders by `(created_at, id)` and reads its cursor's row by id, so neither cares what
 * an id looks like; every read of a notification is checked against its owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications alter column id set default uuidv7()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications alter column id set default gen_random_uuid()`.execute(db);
}
