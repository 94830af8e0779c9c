import type { TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

export type TransferFilter = {
  type?: TransferKind | undefined;
  status?: TransferStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: { createdAt: Date; id: string } | undefined;
  limit: number;
};

/**
 * One card purchase is one row of activity, whatever its hold went through: the ledger keeps
 * every step (a transfer's amount never changes: docs/architecture.md, "Money"), activity shows
 * the purchase as the person lived it.
 * - A hold's release (`card_release`) is not a row: the hold it gave back is shown released.
 * - A debt Pago wrote off (`debt_write_off`) is not a row: no money of the person's moved; the
 *   wallet shows less owed.
 * - A hold that a clearing replaced (at another amount, a tip; or cleared after it expired) is
 *   not a row either: the charge is, with what was authorized and cleared in its details. The
 *   charge points at its hold (`related_transfer_id`, indexed by migration 0049).
 */
function oneRowPerCardPurchase(eb: ExpressionBuilder<DB, 'ledger_transfers'>) {
  return eb.and([
    eb('ledger_transfers.kind', 'not in', ['card_release', 'debt_write_off', 'sanctions_release']),
    eb.not(
      eb.and([
        eb('ledger_transfers.kind', 'in', ['card_purchase', 'card_atm_withdrawal']),
        eb('ledger_transfers.status', '=', 'failed'),
        eb.exists(
          eb
            .selectFrom('ledger_transfers as charge')
            .select(sql`1`.as('one'))
            .whereRef('charge.related_transfer_id', '=', 'ledger_transfers.id')
            .whereRef('charge.kind', '=', 'ledger_transfers.kind')
            // OFFSET 0 keeps it a per-row look-up of the index (only for a failed card hold):
            // without it the planner may hash the whole table's charges for every page.
            .offset(0),
        ),
      ]),
    ),
  ]);
}

/**
 * A payment held for a sanctions review (features/sanctions) is not the payee's to see until
 * compliance cleared it: it would tell a possibly listed person they are under review, and show
 * money they may never get. Held or refunded (blocked), it is hidden from the counterparty; the
 * owner always sees it. A per-row look-up of `sanctions_holds`' primary key.
 */
function notHeldFromPayee(eb: ExpressionBuilder<DB, 'ledger_transfers'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('sanctions_holds')
        .select(sql`1`.as('one'))
        .whereRef('sanctions_holds.transfer_id', '=', 'ledger_transfers.id')
        .where('sanctions_holds.status', '<>', 'released'),
    ),
  );
}

/** The user's own transfer, or one to them that is not held from them. */
function visibleTo(eb: ExpressionBuilder<DB, 'ledger_transfers'>, userId: string) {
  return eb.or([
    eb('ledger_transfers.user_id', '=', userId),
    eb.and([eb('ledger_transfers.counterparty_user_id', '=', userId), notHeldFromPayee(eb)]),
  ]);
}

/**
 * The user's transfers, as owner or as counterparty, newest first: a page costs what a page
 * costs. Each party's index `(user_id | counterparty_user_id, created_at desc, id desc)` is read
 * in order from the cursor on, at most `limit` rows each, and the two are merged; `user_id = $1
 * or counterparty_user_id = $1` would fetch the user's whole history and sort it for one page.
 * The keyset `(created_at, id) < cursor` is a row comparison, so the index scan starts there.
 */
export async function listTransfersOf(db: Database, userId: string, filter: TransferFilter) {
  const side = (party: 'user_id' | 'counterparty_user_id') => {
    let query = db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where(party, '=', userId)
      .where((eb) => oneRowPerCardPurchase(eb));
    // A transfer with the user on both sides (none today) is listed once, as its owner's.
    if (party === 'counterparty_user_id') {
      query = query.where('user_id', '<>', userId).where((eb) => notHeldFromPayee(eb));
    }
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
    .where((eb) => visibleTo(eb, userId))
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
    .where((eb) => visibleTo(eb, userId))
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
