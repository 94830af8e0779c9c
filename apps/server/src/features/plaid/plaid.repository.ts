import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { PlaidAccountsTable, PlaidItemsTable } from '../../db/schema';

export type PlaidItemRow = Selectable<PlaidItemsTable>;
export type PlaidAccountRow = Selectable<PlaidAccountsTable> & {
  institution_name: string;
  institution_id: string | null;
  status: PlaidItemRow['status'];
};

export type NewPlaidAccount = Pick<
  PlaidAccountRow,
  'account_id' | 'name' | 'official_name' | 'mask' | 'type' | 'subtype'
>;

function accountsWithItem(db: Database) {
  return db
    .selectFrom('plaid_accounts as a')
    .innerJoin('plaid_items as i', 'i.id', 'a.item_id')
    .selectAll('a')
    .select(['i.institution_name', 'i.institution_id', 'i.status']);
}

/** The user's linked accounts, oldest link first. */
export async function listAccounts(db: Database, userId: string): Promise<PlaidAccountRow[]> {
  return accountsWithItem(db)
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at')
    .orderBy('a.name')
    .execute();
}

export async function accountsOfItem(db: Database, itemId: string): Promise<PlaidAccountRow[]> {
  return accountsWithItem(db).where('a.item_id', '=', itemId).orderBy('a.name').execute();
}

/** One of the user's accounts; another user's is not found. */
export async function getAccount(db: Database, userId: string, accountId: string) {
  return accountsWithItem(db)
    .where('a.user_id', '=', userId)
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

export async function getItem(db: Database, userId: string, itemId: string) {
  return db
    .selectFrom('plaid_items')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export async function getItemByPlaidId(db: Database, plaidItemId: string) {
  return db
    .selectFrom('plaid_items')
    .selectAll()
    .where('item_id', '=', plaidItemId)
    .executeTakeFirst();
}

/**
 * Stores a linked item and its accounts in one transaction. Linking the same Plaid item again
 * (a user who goes through Link twice for one login) replaces its token and refreshes its accounts.
 */
export async function saveItem(
  db: Database,
  item: {
    user_id: string;
    item_id: string;
    access_token_encrypted: string;
    institution_id: string | null;
    institution_name: string;
  },
  accounts: NewPlaidAccount[],
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('plaid_items')
      .values(item)
      .onConflict((conflict) =>
        conflict.column('item_id').doUpdateSet({
          access_token_encrypted: item.access_token_encrypted,
          institution_name: item.institution_name,
          status: 'good',
          error_code: null,
          updated_at: new Date(),
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await upsertAccounts(trx, { id, user_id: item.user_id }, accounts);
    return id;
  });
}

export async function upsertAccounts(
  db: Database,
  item: { id: string; user_id: string },
  accounts: NewPlaidAccount[],
): Promise<void> {
  if (accounts.length === 0) return;
  await db
    .insertInto('plaid_accounts')
    .values(accounts.map((account) => ({ ...account, item_id: item.id, user_id: item.user_id })))
    .onConflict((conflict) =>
      conflict.columns(['item_id', 'account_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        official_name: eb.ref('excluded.official_name'),
        mask: eb.ref('excluded.mask'),
        type: eb.ref('excluded.type'),
        subtype: eb.ref('excluded.subtype'),
      })),
    )
    .execute();
}

export async function setItemStatus(
  db: Database,
  id: string,
  status: PlaidItemRow['status'],
  errorCode: string | null,
): Promise<void> {
  await db
    .updateTable('plaid_items')
    .set({ status, error_code: errorCode, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteItem(db: Database, id: string): Promise<void> {
  await db.deleteFrom('plaid_items').where('id', '=', id).execute();
}

/**
 * Records a webhook delivery and applies its item status in one transaction; false (nothing
 * changed) when this delivery was applied before.
 */
export async function applyItemStatus(
  db: Database,
  delivery: string,
  plaidItemId: string,
  change: { status: PlaidItemRow['status']; error_code: string | null } | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('webhook_events')
      .values({ provider: 'plaid-item', event_id: delivery })
      .onConflict((conflict) => conflict.doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!fresh) return false;
    if (change) {
      await trx
        .updateTable('plaid_items')
        .set({ ...change, updated_at: new Date() })
        .where('item_id', '=', plaidItemId)
        .execute();
    }
    return true;
  });
}
