import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { PidemeLinksTable, PidemeRequestsTable } from '../../db/schema';

export type LinkRow = Selectable<PidemeLinksTable> & {
  recipient_first_name: string;
  country: string;
};
export type RequestRow = Selectable<PidemeRequestsTable> & {
  recipient_first_name: string;
  has_photo: boolean;
};

function links(db: Database) {
  return db
    .selectFrom('pideme_links as l')
    .innerJoin('remittance_recipients as r', 'r.id', 'l.recipient_id')
    .selectAll('l')
    .select(['r.first_name as recipient_first_name', 'r.country']);
}

function requests(db: Database) {
  return db
    .selectFrom('pideme_requests as q')
    .innerJoin('remittance_recipients as r', 'r.id', 'q.recipient_id')
    .selectAll('q')
    .select([
      'r.first_name as recipient_first_name',
      sql<boolean>`exists (select 1 from pideme_request_photos p where p.request_id = q.id)`.as(
        'has_photo',
      ),
    ]);
}

/**
 * The pair's new link, with any earlier one revoked first (one link of a pair is not revoked:
 * the partial unique index), in `tx`.
 */
export async function replaceLink(
  tx: Database,
  row: { id: string; userId: string; recipientId: string; tokenHash: Buffer; idleDays: number },
) {
  await tx
    .updateTable('pideme_links')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', row.userId)
    .where('recipient_id', '=', row.recipientId)
    .where('revoked_at', 'is', null)
    .execute();
  await tx
    .insertInto('pideme_links')
    .values({
      id: row.id,
      user_id: row.userId,
      recipient_id: row.recipientId,
      token_hash: row.tokenHash,
      expires_at: sql<Date>`now() + make_interval(days => ${row.idleDays})`,
    })
    .execute();
}

export async function linkOf(db: Database, userId: string, id: string) {
  return links(db).where('l.user_id', '=', userId).where('l.id', '=', id).executeTakeFirst();
}

/** The links that work now: not revoked, not expired. */
export async function activeLinks(db: Database, userId: string, recipientId?: string) {
  let query = links(db)
    .where('l.user_id', '=', userId)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`);
  if (recipientId) query = query.where('l.recipient_id', '=', recipientId);
  return query.orderBy('l.created_at', 'desc').execute();
}

export async function revokeLink(db: Database, userId: string, id: string) {
  await db
    .updateTable('pideme_links')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A link by its token's hash, if it works now (not revoked, not expired). */
export async function workingLinkOfHash(db: Database, hash: Buffer) {
  return links(db)
    .where('l.token_hash', '=', hash)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** The link locked for a new request, if it still works. */
export async function lockWorkingLink(tx: Database, id: string) {
  return tx
    .selectFrom('pideme_links')
    .select(['id', 'user_id', 'recipient_id'])
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();
}

/** A request: the link used now, and its expiry moved on. */
export async function touchLink(tx: Database, id: string, idleDays: number) {
  await tx
    .updateTable('pideme_links')
    .set({
      last_used_at: sql<Date>`now()`,
      expires_at: sql<Date>`now() + make_interval(days => ${idleDays})`,
    })
    .where('id', '=', id)
    .execute();
}

export async function pendingCount(tx: Database, linkId: string) {
  const row = await tx
    .selectFrom('pideme_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('link_id', '=', linkId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertRequest(
  tx: Database,
  row: {
    linkId: string;
    userId: string;
    recipientId: string;
    amount: string;
    currency: string;
    reason: string;
  },
) {
  const { id } = await tx
    .insertInto('pideme_requests')
    .values({
      link_id: row.linkId,
      user_id: row.userId,
      recipient_id: row.recipientId,
      amount: row.amount,
      currency: row.currency,
      reason: row.reason,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function requestOf(db: Database, userId: string, id: string) {
  return requests(db).where('q.user_id', '=', userId).where('q.id', '=', id).executeTakeFirst();
}

export async function requestsOf(db: Database, userId: string, limit: number) {
  return requests(db)
    .where('q.user_id', '=', userId)
    .orderBy('q.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function requestsOfLink(db: Database, linkId: string, limit: number) {
  return requests(db)
    .where('q.link_id', '=', linkId)
    .orderBy('q.created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A waiting request of the user, locked: its answer (pay, decline) is given once. */
export async function lockPendingRequest(tx: Database, userId: string, id: string) {
  return tx
    .selectFrom('pideme_requests')
    .select(['id', 'recipient_id', 'status'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideRequest(
  tx: Database,
  id: string,
  decision: { status: 'paid'; transferId: string } | { status: 'declined' },
) {
  await tx
    .updateTable('pideme_requests')
    .set({
      status: decision.status,
      transfer_id: decision.status === 'paid' ? decision.transferId : null,
      decided_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** The photo of a request of the link, stored once. */
export async function insertPhoto(
  db: Database,
  row: { requestId: string; contentType: string; bytes: Buffer },
) {
  const inserted = await db
    .insertInto('pideme_request_photos')
    .values({ request_id: row.requestId, content_type: row.contentType, bytes: row.bytes })
    .onConflict((oc) => oc.doNothing())
    .returning('request_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function requestOfLink(db: Database, linkId: string, id: string) {
  return db
    .selectFrom('pideme_requests')
    .select(['id', 'status'])
    .where('link_id', '=', linkId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function photoOf(db: Database, userId: string, requestId: string) {
  return db
    .selectFrom('pideme_request_photos as p')
    .innerJoin('pideme_requests as q', 'q.id', 'p.request_id')
    .select(['p.content_type', 'p.bytes'])
    .where('q.user_id', '=', userId)
    .where('p.request_id', '=', requestId)
    .executeTakeFirst();
}

/** The sender's name, for the relative's page (first name only) and the notification. */
export async function senderNames(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['legal_name', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** How long a bill's photo is kept once its request was answered (or left unanswered). */
export const PHOTO_KEEP_DAYS = 90;
/** How long an expired or revoked link that was never used is kept. */
export const UNUSED_LINK_KEEP_DAYS = 30;

/**
 * Retention: the photos of requests answered (or still unanswered) more than PHOTO_KEEP_DAYS ago,
 * and links expired or revoked more than UNUSED_LINK_KEEP_DAYS ago that no request ever used (a
 * used link stays: its requests are the sender's history). Answers how many of each went.
 */
export async function purgeOld(db: Database): Promise<{ photos: number; links: number }> {
  const photos = await sql<{ request_id: string }>`
    delete from pideme_request_photos p using pideme_requests r
    where r.id = p.request_id
      and coalesce(r.decided_at, r.created_at)
        < now() - make_interval(days => ${PHOTO_KEEP_DAYS})
    returning p.request_id`.execute(db);
  const links = await sql<{ id: string }>`
    delete from pideme_links l
    where least(l.expires_at, coalesce(l.revoked_at, l.expires_at))
        < now() - make_interval(days => ${UNUSED_LINK_KEEP_DAYS})
      and not exists (select 1 from pideme_requests r where r.link_id = l.id)
    returning l.id`.execute(db);
  return { photos: photos.rows.length, links: links.rows.length };
}
