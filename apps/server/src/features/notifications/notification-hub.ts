import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { type Database, dedicatedClient } from '../../db/database';

/** The channel the `notifications_announce` trigger (migration 0020) notifies, at commit. */
const CHANNEL = 'pago_notifications';

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
 */
export function createNotificationHub(db: Database, log: FastifyBaseLogger) {
  const byUser = new Map<string, Set<HubSubscriber>>();
  let connection: Promise<pg.Client> | null = null;

  function endAll() {
    const all = [...byUser.values()].flatMap((set) => [...set]);
    byUser.clear();
    for (const subscriber of all) subscriber.end();
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
      if (!userId || !id) return;
      for (const subscriber of byUser.get(userId) ?? []) subscriber.notify(id);
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
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(subscriber);
      return () => {
        const current = byUser.get(userId);
        if (!current?.delete(subscriber)) return;
        if (current.size === 0) byUser.delete(userId);
      };
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
