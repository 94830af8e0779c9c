import { type Kysely, sql } from 'kysely';

/**
 * `card_clearing` split into 8 accounts (CARD_CLEARING_SHARDS; a migration states its figures,
 * card-clearing.test.ts checks they agree), `card_clearing:0` … (features/cards/
 * card-clearing.ts): every authorization's hold credited the one account and held its row lock
 * until its commit, so authorizations committed one after another however many cores were free
 * (docs/cards-performance.md). The existing account becomes shard 0 with its balance and entries;
 * a hold made before this migration is cleared, released or refunded on its card's shard, so the
 * shards' balances are exact only in their sum until those holds end (at most the hold expiry),
 * which is what every reader takes (the invariants hold per account either way).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update ledger_accounts set system_role = 'card_clearing:0'
    where system_role = 'card_clearing'`.execute(db);
  await sql`
    insert into ledger_accounts (system_role)
    select 'card_clearing:' || n from generate_series(1, 7) n`.execute(db);
}

export async function down(): Promise<void> {
  // Shards 1 to 7 carry entries once a card has spent: they cannot be folded back into one row.
  throw new Error('0065-card-clearing-shards cannot be undone: restore from a backup');
}
