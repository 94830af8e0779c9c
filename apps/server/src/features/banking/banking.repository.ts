import type { Database } from '../../db/database';

export async function findBankAccount(db: Database, userId: string) {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Opens the account, or returns undefined on any conflict. No conflict target: a concurrent
 * request that opened this user's account first (unique user_id) is a conflict too; the insert
 * then waits for it and does nothing, never 23505.
 */
export async function insertBankAccount(
  tx: Database,
  row: { userId: string; accountNumber: string; routingNumber: string },
) {
  return tx
    .insertInto('bank_accounts')
    .values({
      user_id: row.userId,
      account_number: row.accountNumber,
      routing_number: row.routingNumber,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}
