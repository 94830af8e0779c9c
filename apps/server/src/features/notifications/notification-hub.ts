import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { type Database, dedicatedClient } from '../../db/database';

/**
 * The channel the `notifications_announce` trigger notifies at commit (payload `user:id`), and
 * `announce` after a commit (empty payload: read what is new).
 */
const CHANNEL = 'pago_notifications';

/**
 * How far back a read of new rows looks, by the rows' `created_at` (their transaction's time). A
 * row committed later than this after its transaction began is not announced live; the list,
 * and the next stream, still have it.
 */
const SCAN_WINDOW_MS = 60_000;

/** Options for tests: how often the hub reads new rows when no announcement came (its backstop). */
type HubOptions = { scanEveryMs?: number };
const SCAN_EVERY_MS = 1_000;

export type HubSubscriber = {
  /** A notification of this user was committed (by any process). */
  notify(notificationId: string): void;
  /** The hub lost its connection or is closing: the stream ends; the client reconnects. */
  end(): void;
};

/**
 * This process's one LISTEN connection, shared by every open stream: a notification written by
 * any process (or a trigger in the database) reaches the streams held here. Connected when the
 * first stream opens; when it breaks, every stream ends (its client reconnects and catches up
 * from the list) and the next stream connects again.
 *
 * Two ways a row arrives: a `user:id` payload (rows a service writes, announced in their own
 * transaction), or a read of the streams' users' rows not yet sent, made when an empty
 * announcement comes (`announce`, after a money commit: the ledger's rows notify no one in their
 * transaction, see db/functions/notifications_announce.sql) and every `scanEveryMs` while
 * streams are open, so a lost or merged announcement delays a row, never loses it. Each row is
 * sent once, whichever way it came first.
 */
export function createNotificationHub(
  db: Database,
  log: FastifyBaseLogger,
  { scanEveryMs = SCAN_EVERY_MS }: HubOptions = {},
) {
  const byUser = new Map<string, Set<HubSubscriber>>();
  let connection: Promise<pg.Client> | null = null;
  /** Rows sent (or there before their user's stream opened), with when: forgotten after the window. */
  const sent = new Map<string, number>();
  let scanning: Promise<void> | null = null;
  let scanAgain = false;
  let scanTimer: NodeJS.Timeout | null = null;
  let announcing: Promise<void> | null = null;
  let announceAgain = false;

  function endAll() {
    const all = [...byUser.values()].flatMap((set) => [...set]);
    byUser.clear();
    stopScanning();
    for (const subscriber of all) subscriber.end();
  }

  function deliver(userId: string, id: string) {
    const subscribers = byUser.get(userId);
    if (!subscribers || sent.has(id)) return;
    sent.set(id, Date.now());
    for (const subscriber of subscribers) subscriber.notify(id);
  }

  /** The streams' users' rows of the window, newest transaction last. */
  function recentRows(userIds: string[]) {
    return sql<{ id: string; user_id: string }>`
      select id, user_id from notifications
      where user_id = any(${userIds}::uuid[])
        and created_at > now() - make_interval(secs => ${SCAN_WINDOW_MS / 1000})
      order by created_at, id`.execute(db);
  }

  /** Sends every row of the streams' users not sent yet; one read at a time, repeated if asked. */
  function scan(): Promise<void> {
    if (scanning) {
      scanAgain = true;
      return scanning;
    }
    scanning = (async () => {
      do {
        scanAgain = false;
        const forgetBefore = Date.now() - 2 * SCAN_WINDOW_MS;
        for (const [id, at] of sent) if (at < forgetBefore) sent.delete(id);
        const userIds = [...byUser.keys()];
        if (userIds.length === 0) break;
        const { rows } = await recentRows(userIds);
        for (const row of rows) deliver(row.user_id, row.id);
      } while (scanAgain);
    })()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'notification hub could not read new rows'),
      )
      .finally(() => {
        scanning = null;
      });
    return scanning;
  }

  /** Counts starts, so a read still under way when scanning stopped does not start it again. */
  let scanChain = 0;

  function startScanning() {
    if (scanTimer) return;
    const chain = ++scanChain;
    const tick = () => {
      scanTimer = setTimeout(() => {
        void scan().finally(() => {
          if (scanTimer && chain === scanChain) tick();
        });
      }, scanEveryMs);
      scanTimer.unref();
    };
    tick();
  }

  function stopScanning() {
    if (scanTimer) clearTimeout(scanTimer);
    scanTimer = null;
    scanChain += 1;
  }

  function connect(): Promise<pg.Client> {
    const client = dedicatedClient(db);
    const lost = () => {
      if (connection === pending) connection = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      endAll();
    };
    client.on('error', (error) => {
      log.warn({ err: error }, 'notification listener lost its connection');
      lost();
    });
    client.on('end', lost);
    client.on('notification', (message) => {
      const [userId, id] = (message.payload ?? '').split(':');
      if (userId && id) deliver(userId, id);
      else void scan();
    });
    const pending = client
      .connect()
      .then(() => client.query(`listen ${CHANNEL}`))
      .then(() => client);
    pending.catch(() => {
      if (connection === pending) connection = null;
      client.end().catch(() => {});
    });
    return pending;
  }

  return {
    /** Adds a stream of `userId`; resolves once this process listens. Returns its removal. */
    async subscribe(userId: string, subscriber: HubSubscriber): Promise<() => void> {
      connection ??= connect();
      await connection;
      // What is already there is in the stream's first count, not news.
      if (!byUser.has(userId)) {
        const { rows } = await recentRows([userId]);
        for (const row of rows) if (!sent.has(row.id)) sent.set(row.id, Date.now());
      }
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(subscriber);
      startScanning();
      return () => {
        const current = byUser.get(userId);
        if (!current?.delete(subscriber)) return;
        if (current.size === 0) byUser.delete(userId);
        if (byUser.size === 0) stopScanning();
      };
    },

    /**
     * Tells every process's hub, after a commit that wrote notification rows through the ledger,
     * to read its streams' new rows: one empty NOTIFY, outside any money transaction. Calls made
     * while one is under way are merged into one more.
     */
    announce(): void {
      if (announcing) {
        announceAgain = true;
        return;
      }
      announcing = (async () => {
        do {
          announceAgain = false;
          await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
        } while (announceAgain);
      })()
        .catch((error: unknown) => log.warn({ err: error }, 'notifications could not be announced'))
        .finally(() => {
          announcing = null;
        });
    },

    /** Resolves once the announcements asked for so far were made (tests). */
    async announced(): Promise<void> {
      while (announcing) await announcing;
    },

    /** Open streams in this process (tests: none left once their clients are gone). */
    subscribers(): number {
      let count = 0;
      for (const set of byUser.values()) count += set.size;
      return count;
    },

    /** Ends every stream and the LISTEN connection (the app is closing). */
    async close(): Promise<void> {
      const current = connection;
      connection = null;
      endAll();
      await scanning;
      await announcing;
      if (current) {
        const client = await current.catch(() => null);
        if (client) {
          client.removeAllListeners('end');
          await client.end().catch(() => {});
        }
      }
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;
