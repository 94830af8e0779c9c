import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type NewSubscription = {
  userId: string;
  /** SHA-256 of the session token the browser subscribed with. */
  sessionHash: Buffer;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
};

/**
 * Stores this browser's subscription for the user and session that made it; the same endpoint
 * (one browser) subscribed again, by anyone, is replaced: a browser pushes to its last owner
 * only. Undefined when the session is not the user's (ended meanwhile).
 */
export async function upsertSubscription(db: Database, row: NewSubscription) {
  return db
    .insertInto('push_subscriptions')
    .columns(['user_id', 'session_id', 'endpoint', 'p256dh', 'auth', 'device'])
    .expression((eb) =>
      eb
        .selectFrom('sessions')
        .select([
          eb.val(row.userId).as('user_id'),
          'sessions.id',
          eb.val(row.endpoint).as('endpoint'),
          eb.val(row.p256dh).as('p256dh'),
          eb.val(row.auth).as('auth'),
          eb.val(row.device).as('device'),
        ])
        .where('sessions.token_hash', '=', row.sessionHash)
        .where('sessions.user_id', '=', row.userId)
        .where('sessions.revoked_at', 'is', null),
    )
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        session_id: eb.ref('excluded.session_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        device: eb.ref('excluded.device'),
        created_at: sql<Date>`now()`,
        last_pushed_at: null,
      })),
    )
    .returning(['id', 'device', 'created_at'])
    .executeTakeFirst();
}

/** Keeps the user's newest `keep` subscriptions (a bound on what one account can register). */
export async function trimSubscriptions(db: Database, userId: string, keep: number) {
  await sql`
    delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId}
      order by created_at desc, id desc limit ${keep})`.execute(db);
}

/** Removes the user's subscription of this endpoint; false when the user has none such. */
export async function deleteSubscription(db: Database, userId: string, endpoint: string) {
  const row = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the subscriptions made in the session of this token (its sign-out). */
export async function deleteSessionSubscriptions(db: Database, sessionHash: Buffer) {
  await db
    .deleteFrom('push_subscriptions')
    .where('session_id', 'in', (eb) =>
      eb.selectFrom('sessions').select('id').where('token_hash', '=', sessionHash),
    )
    .execute();
}

/**
 * Notifications due to be pushed, oldest first, locked (skipping those another process holds),
 * with what the push needs of them and their user.
 */
export async function lockDuePushes(tx: Database, limit: number, ttlSeconds: number) {
  return tx
    .selectFrom('push_outbox as o')
    .innerJoin('notifications as n', 'n.id', 'o.notification_id')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .leftJoin('notification_settings as s', 's.user_id', 'n.user_id')
    .select([
      'o.notification_id',
      'o.attempts',
      'n.user_id',
      'n.type',
      'n.data',
      'n.created_at',
      'u.name',
      'u.language',
      'u.time_zone',
      'u.zip_code',
      'actor.name as actor_name',
      's.push_off',
      // Older than a push lives at the push service: not worth sending any more.
      sql<boolean>`o.created_at < now() - make_interval(secs => ${ttlSeconds})`.as('stale'),
    ])
    .where('o.next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('o.next_attempt_at')
    .limit(limit)
    .forUpdate('o')
    .skipLocked()
    .execute();
}
export type DuePush = Awaited<ReturnType<typeof lockDuePushes>>[number];

/** The user's subscriptions whose session was not ended (an idle-expired one still counts). */
export async function liveSubscriptions(db: Database, userId: string) {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.id', 'p.session_id')
    .select(['p.id', 'p.endpoint', 'p.p256dh', 'p.auth'])
    .where('p.user_id', '=', userId)
    .where('s.revoked_at', 'is', null)
    .execute();
}

/** Subscriptions of ended sessions (signed out elsewhere, password changed): no longer pushed. */
export async function deleteEndedSessionSubscriptions(db: Database, userId: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('session_id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is not', null),
    )
    .execute();
}

export async function deleteSubscriptionById(db: Database, id: string) {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function markPushed(db: Database, id: string) {
  await db
    .updateTable('push_subscriptions')
    .set({ last_pushed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function finishPush(db: Database, notificationId: string) {
  await db.deleteFrom('push_outbox').where('notification_id', '=', notificationId).execute();
}

export async function retryPushLater(db: Database, notificationId: string, delaySeconds: number) {
  await db
    .updateTable('push_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
    }))
    .where('notification_id', '=', notificationId)
    .execute();
}
