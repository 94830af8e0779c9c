import type { Cents } from '@pago/shared/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export async function insertRequest(
  db: Database,
  row: { requesterId: string; payerId: string; amountCents: Cents; note: string; at: Date },
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

/** A page of the user's requests, newest first, strictly before the cursor when given. */
export async function listRequests(
  db: Database,
  userId: string,
  side: 'incoming' | 'outgoing',
  page: { before?: { createdAt: Date; id: string } | undefined; limit: number },
) {
  let query = db
    .selectFrom('money_requests')
    .selectAll()
    .where(side === 'incoming' ? 'payer_id' : 'requester_id', '=', userId);
  if (page.before) {
    const { createdAt, id } = page.before;
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/**
 * Takes the requester → payer pair's lock until the transaction ends, then counts the pair's
 * pending requests and those made since `since`: concurrent requests are counted one by one.
 */
export async function lockAndCountPair(
  db: Database,
  requesterId: string,
  payerId: string,
  since: Date,
) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`money-request:${requesterId}:${payerId}`}, 0))`.execute(
    db,
  );
  const row = await db
    .selectFrom('money_requests')
    .select([
      sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'),
      sql<number>`count(*) filter (where created_at > ${since})::int`.as('recent'),
      sql<Date | null>`min(created_at) filter (where created_at > ${since})`.as('oldestRecent'),
    ])
    .where('requester_id', '=', requesterId)
    .where('payer_id', '=', payerId)
    .executeTakeFirstOrThrow();
  return row;
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

/** A request the user is a party of (asked for it or asked to pay it); nothing for anyone else. */
export async function getRequestOf(db: Database, userId: string, id: string) {
  return db
    .selectFrom('money_requests')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('payer_id', '=', userId), eb('requester_id', '=', userId)]))
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

/** Of these payments, the ones held for a sanctions review (their request is shown under review). */
export async function heldPaymentIds(db: Database, transferIds: string[]): Promise<Set<string>> {
  if (transferIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('id', 'in', transferIds)
    .where(sql<boolean>`metadata ? 'underReview'`)
    .execute();
  return new Set(rows.map((row) => row.id));
}
