import type { NotificationData, NotificationType } from '@pago/shared/contracts/notifications';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type NewNotification = {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  data?: NotificationData;
};

export async function insertNotification(tx: Database, row: NewNotification): Promise<void> {
  await tx
    .insertInto('notifications')
    .values({
      user_id: row.userId,
      type: row.type,
      actor_id: row.actorId ?? null,
      data: JSON.stringify(row.data ?? {}),
    })
    .execute();
}

function selectNotifications(db: Database) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .select(['n.id', 'n.type', 'n.data', 'n.created_at', 'n.read_at', 'actor.name as actor_name']);
}
export type NotificationRow = Awaited<
  ReturnType<ReturnType<typeof selectNotifications>['executeTakeFirstOrThrow']>
>;

/** A page of the user's notifications, newest first, after the one whose id is `after`. */
export async function listNotifications(
  db: Database,
  userId: string,
  { after, limit }: { after: string | undefined; limit: number },
): Promise<NotificationRow[]> {
  let query = selectNotifications(db).where('n.user_id', '=', userId);
  if (after) {
    query = query.where(
      sql<boolean>`(n.created_at, n.id) < (select created_at, id from notifications
        where id = ${after} and user_id = ${userId})`,
    );
  }
  return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
}

export async function findNotification(
  db: Database,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  return selectNotifications(db)
    .where('n.user_id', '=', userId)
    .where('n.id', '=', id)
    .executeTakeFirst();
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Marks one read (once: its first reading time stays); false when the user has no such row. */
export async function markRead(db: Database, userId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(db: Database, userId: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function findEmailOff(db: Database, userId: string): Promise<string[]> {
  const row = await db
    .selectFrom('notification_settings')
    .select('email_off')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.email_off ?? [];
}

/** The types the user does not want pushed (docs/push.md). */
export async function findPushOff(db: Database, userId: string): Promise<string[]> {
  const row = await db
    .selectFrom('notification_settings')
    .select('push_off')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.push_off ?? [];
}

export async function savePushOff(db: Database, userId: string, off: string[]): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, email_off: [], push_off: off })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ push_off: off }))
    .execute();
}

export async function saveEmailOff(db: Database, userId: string, off: string[]): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, email_off: off })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_off: off }))
    .execute();
}

/**
 * Adds one type to the user's e-mails turned off, in one statement (twin requests add it once);
 * false when there is no such user.
 */
export async function turnEmailOff(db: Database, userId: string, type: string): Promise<boolean> {
  const result = await sql`
    insert into notification_settings (user_id, email_off)
    select id, array[${type}]::text[] from users where id = ${userId}
    on conflict (user_id) do update set email_off =
      case when ${type} = any(notification_settings.email_off) then notification_settings.email_off
           else notification_settings.email_off || array[${type}]::text[] end`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** The user's language, or undefined when there is no such user. */
export async function findUserLanguage(db: Database, userId: string) {
  const row = await db
    .selectFrom('users')
    .select('language')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.language;
}

/**
 * Notifications whose e-mail is still to go, oldest first, locked (skipping those another
 * process holds), with what the e-mail needs of their user.
 */
export async function lockPendingEmails(tx: Database, limit: number) {
  return tx
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('users as actor', 'actor.id', 'n.actor_id')
    .leftJoin('notification_settings as s', 's.user_id', 'n.user_id')
    .select([
      'n.id',
      'n.user_id',
      'n.type',
      'n.data',
      'n.created_at',
      'u.email',
      'u.name',
      'u.language',
      'u.time_zone',
      'u.zip_code',
      'actor.name as actor_name',
      's.email_off',
    ])
    .where('n.email_status', '=', 'pending')
    .orderBy('n.created_at')
    .limit(limit)
    .forUpdate('n')
    .skipLocked()
    .execute();
}

/** A round's e-mails of one outcome, marked by one statement. */
export async function setEmailStatus(
  tx: Database,
  ids: string[],
  status: 'sent' | 'skipped',
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable('notifications')
    .set({ email_status: status })
    .where('id', 'in', ids)
    .execute();
}

/** Stores a stream ticket (hashed), clearing the expired ones. */
export async function insertStreamTicket(
  db: Database,
  row: { ticketHash: Buffer; userId: string; sessionHash: Buffer; expiresAt: Date },
): Promise<void> {
  await db.deleteFrom('notification_stream_tickets').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('notification_stream_tickets')
    .values({
      ticket_hash: row.ticketHash,
      user_id: row.userId,
      session_hash: row.sessionHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Uses up a live ticket: the user it was made for, if their session is still live (renewing its
 * idle timer, as any signed-in call does); undefined otherwise.
 */
export async function consumeStreamTicket(
  db: Database,
  ticketHash: Buffer,
  idleMinutes: number,
): Promise<string | undefined> {
  const ticket = await db
    .deleteFrom('notification_stream_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'session_hash'])
    .executeTakeFirst();
  if (!ticket) return undefined;
  const { rows } = await sql<{
    user_id: string;
  }>`select user_id from session_touch(${ticket.session_hash}, ${idleMinutes})`.execute(db);
  return rows[0]?.user_id === ticket.user_id ? ticket.user_id : undefined;
}
