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

/** The user's transfers, as owner or as counterparty, newest first. */
export async function listTransfersOf(db: Database, userId: string, filter: TransferFilter) {
  let query = db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]));
  if (filter.type) query = query.where('kind', '=', filter.type);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<', filter.to);
  if (filter.before) {
    const { createdAt, id } = filter.before;
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
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
 * reference is made of. A scan of the viewer's own transfers, by the indexes on either party.
 */
export async function findTransfersOfByHashPrefix(db: Database, userId: string, prefix: Buffer) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('counterparty_user_id', '=', userId)]))
    .where(
      sql<Buffer>`substring(sha256(convert_to(id::text, 'UTF8')) from 1 for ${prefix.length})`,
      '=',
      prefix,
    )
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
