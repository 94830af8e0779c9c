import { createHash, randomBytes } from 'node:crypto';
import {
  isAlwaysEmailed,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationList,
  type NotificationSettings,
  type NotificationType,
  OPTIONAL_EMAIL_TYPES,
} from '@pago/shared/contracts/notifications';
import { userTimeZone } from '@pago/shared/time-zones';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, isDatabaseUnavailable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { Mailer } from '../../providers/email/mailer';
import { notificationEmail } from '../../providers/email/notification-templates';
import { createNotificationHub } from './notification-hub';
import {
  consumeStreamTicket,
  countUnread,
  findEmailOff,
  findNotification,
  findPushOff,
  findUserLanguage,
  insertNotification,
  insertStreamTicket,
  listNotifications,
  lockPendingEmails,
  markAllRead,
  markRead,
  type NewNotification,
  type NotificationRow,
  saveEmailOff,
  savePushOff,
  setEmailStatus,
  turnEmailOff,
} from './notifications.repository';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

type Deps = {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  sessionIdleMinutes: number;
  /** Signs the unsubscribe links of notification e-mails (APP_SECRET). */
  appSecret: string;
  /** Where the unsubscribe links point (PUBLIC_URL). */
  publicUrl: string;
};

/** How long a stream ticket can be used: enough to open the stream right after asking. */
const TICKET_SECONDS = 60;
const sha256 = (value: string) => createHash('sha256').update(value).digest();

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    actorName: row.actor_name,
    data: row.data,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('not_found', 404, 'No such notification.');

/**
 * Notifications: written in the transaction of their event (a service calls `notify` with its
 * transaction; money events come from a trigger on the ledger), read and marked read by their
 * owner, announced live to the streams of any process, and e-mailed by a background job.
 */
export function createNotifications({
  db,
  mailer,
  log,
  sessionIdleMinutes,
  appSecret,
  publicUrl,
}: Deps) {
  const hub = createNotificationHub(db, log);

  /** The one-click unsubscribe address of one kind of e-mail of one user (RFC 8058). */
  const unsubscribeUrl = (userId: string, type: NotificationType) =>
    `${publicUrl}/unsubscribe?token=${unsubscribeToken(appSecret, { userId, type })}`;

  /** What an unsubscribe token turns off, in its user's language; null for a forged one. */
  async function unsubscribeTarget(token: string) {
    const target = readUnsubscribeToken(appSecret, token);
    if (!target) return null;
    const language = await findUserLanguage(db, target.userId);
    return language ? { ...target, language } : null;
  }

  async function getSettings(userId: string): Promise<NotificationSettings> {
    const [off, pushOff] = await Promise.all([findEmailOff(db, userId), findPushOff(db, userId)]);
    return {
      email: Object.fromEntries(
        OPTIONAL_EMAIL_TYPES.map((type) => [type, !off.includes(type)]),
      ) as NotificationSettings['email'],
      push: Object.fromEntries(
        NOTIFICATION_TYPES.map((type) => [type, !pushOff.includes(type)]),
      ) as NonNullable<NotificationSettings['push']>,
    };
  }

  async function getOne(userId: string, id: string): Promise<Notification | null> {
    const row = await findNotification(db, userId, id);
    return row ? toNotification(row) : null;
  }

  return {
    hub,

    /** Records a notification in `tx`: it exists (and is announced, e-mailed) only if tx commits. */
    async notify(tx: Database, notification: NewNotification): Promise<void> {
      await insertNotification(tx, notification);
    },

    async list(userId: string, query: { cursor?: string | undefined; limit: number }) {
      if (query.cursor !== undefined && !isUuid(query.cursor)) {
        throw new AppError('bad_request', 400, 'The cursor is not valid.');
      }
      const [rows, unreadCount] = await Promise.all([
        listNotifications(db, userId, { after: query.cursor, limit: query.limit + 1 }),
        countUnread(db, userId),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toNotification),
        nextCursor: rows.length > query.limit && last ? last.id : null,
        unreadCount,
      } satisfies NotificationList;
    },

    /** A single-use ticket that opens the stream for this session (EventSource sends no header). */
    async issueStreamTicket(userId: string, sessionToken: string) {
      const ticket = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + TICKET_SECONDS * 1000);
      await insertStreamTicket(db, {
        ticketHash: sha256(ticket),
        userId,
        sessionHash: sha256(sessionToken),
        expiresAt,
      });
      return { ticket, expiresAt: expiresAt.toISOString() };
    },

    /** The user a stream ticket opens the stream for; 401 when it is unknown, used or expired. */
    async useStreamTicket(ticket: string): Promise<string> {
      const userId = await consumeStreamTicket(db, sha256(ticket), sessionIdleMinutes);
      if (!userId) {
        throw new AppError(
          'unauthorized',
          401,
          'This stream ticket is not valid. Ask for a new one.',
        );
      }
      return userId;
    },

    getOne,
    unreadCount: (userId: string) => countUnread(db, userId),

    async markRead(userId: string, id: string): Promise<{ unreadCount: number }> {
      if (!isUuid(id) || !(await markRead(db, userId, id))) throw notFound();
      return { unreadCount: await countUnread(db, userId) };
    },

    async markAllRead(userId: string): Promise<{ unreadCount: number }> {
      await markAllRead(db, userId);
      return { unreadCount: await countUnread(db, userId) };
    },

    getSettings,

    unsubscribeTarget,

    /**
     * The one-click unsubscribe: turns off the e-mails of the token's kind for its user (the same
     * setting as under Notifications); a token that is not ours changes nothing (404).
     */
    async unsubscribe(token: string) {
      const target = await unsubscribeTarget(token);
      if (!target || !(await turnEmailOff(db, target.userId, target.type))) {
        throw new AppError('not_found', 404, 'This unsubscribe link is not valid.');
      }
      return target;
    },

    async saveSettings(userId: string, settings: NotificationSettings) {
      const off = OPTIONAL_EMAIL_TYPES.filter(
        (type) => !settings.email[type as keyof NotificationSettings['email']],
      );
      await saveEmailOff(db, userId, off);
      const { push } = settings;
      if (push)
        await savePushOff(
          db,
          userId,
          NOTIFICATION_TYPES.filter((type) => !push[type]),
        );
      return getSettings(userId);
    },

    /**
     * Sends the e-mails of committed notifications, oldest first, each once: the rows stay locked
     * while their e-mails go, so two processes never send the same one. A type turned off is
     * skipped; a failed send stays pending for the next run (the others still go). Goes on round
     * after round of `batch` (each its own transaction) while rounds come back full and all sent,
     * for up to `budgetMs`, so the outbox keeps up with more than a round a tick. Returns how
     * many were handled.
     */
    async deliverEmails(batch = 50, budgetMs = 5_000): Promise<number> {
      const until = performance.now() + budgetMs;
      let handled = 0;
      for (;;) {
        const round = await deliverRound(batch);
        handled += round.handled;
        if (round.handled < batch || round.failed > 0 || performance.now() > until) return handled;
      }
    },
  };

  /** One round of `deliverEmails`: up to `limit` pending e-mails in one transaction. */
  function deliverRound(limit: number): Promise<{ handled: number; failed: number }> {
    return db.transaction().execute(async (tx) => {
      const due = await lockPendingEmails(tx, limit);
      let failed = 0;
      // Marked at the round's end, two statements for the round (its rows stay locked until then,
      // and the round is one transaction either way).
      const skipped: string[] = [];
      const sent: string[] = [];
      for (const row of due) {
        const off = !isAlwaysEmailed(row.type) && (row.email_off ?? []).includes(row.type);
        if (off) {
          skipped.push(row.id);
          continue;
        }
        try {
          // Security notices always go, so they offer no way out.
          const stop = isAlwaysEmailed(row.type)
            ? undefined
            : unsubscribeUrl(row.user_id, row.type);
          await mailer.send({
            to: row.email,
            ...(stop ? { unsubscribeUrl: stop } : {}),
            ...notificationEmail(row.language, {
              unsubscribeUrl: stop,
              type: row.type,
              data: row.data,
              createdAt: row.created_at,
              timeZone: userTimeZone(row.time_zone, row.zip_code),
              name: row.name,
              actorName: row.actor_name,
            }),
          });
        } catch (error) {
          failed++;
          // The database gone mid-send (a failover; the sandbox mailer writes to it) is retried
          // on the next run like any failure, but is not a fault of the e-mail: a warning.
          if (isDatabaseUnavailable(error)) {
            log.warn({ err: error, notificationId: row.id }, 'notification e-mail not sent yet');
          } else {
            log.error({ err: error, notificationId: row.id }, 'notification e-mail not sent');
          }
          continue;
        }
        sent.push(row.id);
      }
      await setEmailStatus(tx, skipped, 'skipped');
      await setEmailStatus(tx, sent, 'sent');
      return { handled: due.length, failed };
    });
  }
}

export type Notifications = ReturnType<typeof createNotifications>;
