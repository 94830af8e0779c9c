import { type Kysely, sql } from 'kysely';

/**
 * A receipt by its short reference (`features/transfers/receipt-reference.ts`) costs one index
 * look-up, not a hash of every one of the viewer's transfers: the first six bytes of SHA-256 of
 * the id's text, the same expression `findTransfersOfByReference` compares (an expression index:
 * `convert_to` is only stable, so the id's text is cast to bytea, which for a UUID's ASCII text is
 * the same bytes). The activity list and its CSV need no new index: they read the two party
 * indexes of 0002, `(user_id | counterparty_user_id, created_at desc, id desc)`, one branch each.
 *
 * Analyzed at once, so the planner knows the expression is all but unique before autovacuum's
 * first pass (without its statistics it guesses 0.5% of the table and ANDs it with a party index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index ledger_transfers_reference
      on ledger_transfers ((substring(sha256(id::text::bytea) from 1 for 6)))`.execute(db);
  await sql`analyze ledger_transfers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_transfers_reference`.execute(db);
}
