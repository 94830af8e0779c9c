import type { TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type TransferFilter = {
  type?: TransferKind | undefined;
  status?: TransferStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
};

/**
 * The user's transfers, as owner or as counterparty, newest first: a page costs what a page
 * costs. Each party's index `(user_id | counterparty_user_id, created_at desc, id desc)` is read
 * in order from the cursor on, at most `limit` rows each, and the two are merged; `user_id = $1
 * or counterparty_user_id = $1` would fetch the user's whole history and sort it for one page.
 * The keyset `(created_at, id) < cursor` is a row comparison, so the index scan starts there.
 */
export async function listTransfersOf(db: Database, userId: string, filter: TransferFilter) {
  const side = (party: 'user_id' | 'counterparty_user_id') => {
    let query = db.selectFrom('ledger_transfers').selectAll().where(party, '=', userId);
    // A transfer with the user on both sides (none today) is listed once, as its owner's.
    if (party === 'counterparty_user_id') query = query.where('user_id', '<>', userId);
    if (filter.type) query = query.where('kind', '=', filter.type);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.before) {
      const { createdAt, id } = filter.before;
      query = query.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  };
  return db
    .selectFrom(
      db
        .selectFrom(side('user_id').as('owner'))
        .selectAll()
        .unionAll(db.selectFrom(side('counterparty_user_id').as('counterparty')).selectAll())
        .as('t'),
    )
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .execute();
}

export async function findTransferOf(db: Database, userId: string, id: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]))
    .executeTakeFirst();
}

/**
 * The viewer's transfers whose id hashes (SHA-256 of its text) to `prefix`: what a short receipt
 * reference is made of. One look-up of the index of migration 0032, whose expression this is
 * (word for word: the planner matches the index by its expression).
 */
export async function findTransfersOfByHashPrefix(db: Database, userId: string, prefix: Buffer) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where(sql<Buffer>`substring(sha256(id::text::bytea) from 1 for 6)`, '=', prefix)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]))
    .execute();
}

export async function statusHistory(db: Database, transferId: string) {
  return db
    .selectFrom('transfer_status_history')
    .select(['status', 'note', 'at'])
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
}
