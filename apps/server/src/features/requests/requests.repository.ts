import type { Database } from '../../db/database';

export async function insertRequest(
  db: Database,
  row: { requesterId: string; payerId: string; amountCents: number; note: string; at: Date },
) {
  return db
    .insertInto('money_requests')
    .values({
      requester_id: row.requesterId,
      payer_id: row.payerId,
      amount_cents: row.amountCents,
      note: row.note,
      created_at: row.at,
      updated_at: row.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listRequests(
  db: Database,
  userId: string,
  side: 'incoming' | 'outgoing',
  limit: number,
) {
  return db
    .selectFrom('money_requests')
    .selectAll()
    .where(side === 'incoming' ? 'payer_id' : 'requester_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A request the user is a party of, locked for a change of status. */
export async function lockRequestOf(db: Database, userId: string, id: string) {
  return db
    .selectFrom('money_requests')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('payer_id', '=', userId), eb('requester_id', '=', userId)]))
    .forUpdate()
    .executeTakeFirst();
}

export async function setRequestStatus(
  db: Database,
  id: string,
  status: string,
  at: Date,
  transferId: string | null = null,
) {
  return db
    .updateTable('money_requests')
    .set({ status, updated_at: at, ...(transferId ? { transfer_id: transferId } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
