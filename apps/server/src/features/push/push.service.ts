import { createHash } from 'node:crypto';
import type { NotificationType } from '@pago/shared/contracts/notifications';
import type { PushSubscriptionBody, PushSubscriptionInfo } from '@pago/shared/contracts/push';
import { userTimeZone } from '@pago/shared/time-zones';
import type { FastifyBaseLogger } from 'fastify';
import type { PushSettings } from '../../config-push';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deviceName } from '../notifications/device-name';
import {
  type DuePush,
  deleteEndedSessionSubscriptions,
  deleteSessionSubscriptions,
  deleteSubscription,
  deleteSubscriptionById,
  finishPush,
  liveSubscriptions,
  lockDuePushes,
  markPushed,
  retryPushLater,
  trimSubscriptions,
  upsertSubscription,
} from './push.repository';
import { pushEndpointAllowed } from './push-endpoints';
import { pushPayload } from './push-text';

type Deps = {
  db: Database;
  log: FastifyBaseLogger;
  settings: PushSettings;
  /** Sandbox mode: the origins of this server (PUBLIC_URL, its own address) whose fake push service may be subscribed. */
  sandboxOrigins: (() => string[]) | null;
  /** When a push is no longer worth sending (its TTL at the push service too). */
  ttlSeconds?: number;
};

/** Subscriptions one account keeps: its devices; older ones go first. */
const MAX_SUBSCRIPTIONS = 20;
/** Tries of a push no device took (each device's push service down), a minute apart and more. */
const MAX_ATTEMPTS = 5;
const REQUEST_TIMEOUT_MS = 10_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

type Outcome = 'delivered' | 'gone' | 'failed';

/**
 * Web Push (docs/push.md): devices subscribe in a session and are forgotten at its sign-out;
 * every notification of a subscribed user goes into the push outbox with its row, and
 * `deliver` (the `notification-pushes` job) pushes it once to each live device whose owner has
 * that type's push on, encrypted for the device (RFC 8291) and signed with VAPID (RFC 8292) by
 * web-push.
 */
export function createPush({ db, log, settings, sandboxOrigins, ttlSeconds = 24 * 60 * 60 }: Deps) {
  const vapid = settings.vapid;
  const unavailable = () =>
    new AppError('push_unavailable', 503, settings.vapid ? 'Push is available.' : settings.refused);

  const allowed = (endpoint: string) => {
    const origins = sandboxOrigins?.() ?? [];
    return (
      pushEndpointAllowed(endpoint, null) ||
      origins.some((origin) => pushEndpointAllowed(endpoint, origin))
    );
  };

  /** One device's push: what its push service answered, as the outbox needs it. */
  async function send(
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: string,
  ): Promise<Outcome> {
    if (!vapid || !allowed(subscription.endpoint)) return 'gone';
    // Loaded at the first push, not at every start.
    const { default: webpush } = await import('web-push');
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.body?.cancel();
      // RFC 8030 §7.3: 404 and 410, the subscription is gone; anything else but 201 is a failure.
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.ok) return 'delivered';
      log.warn({ status: response.status }, 'push service refused a push');
      return 'failed';
    } catch (error) {
      log.warn({ err: error }, 'push service unreachable');
      return 'failed';
    }
  }

  /** One due notification: pushed to its user's live devices, then out of the outbox (or retried). */
  async function pushOne(tx: Database, row: DuePush): Promise<void> {
    const off = (row.push_off ?? []).includes(row.type);
    if (off || row.stale || !vapid) {
      await finishPush(tx, row.notification_id);
      return;
    }
    await deleteEndedSessionSubscriptions(tx, row.user_id);
    const devices = await liveSubscriptions(tx, row.user_id);
    const payload = JSON.stringify(
      pushPayload(row.language, {
        id: row.notification_id,
        type: row.type as NotificationType,
        data: row.data,
        createdAt: row.created_at,
        timeZone: userTimeZone(row.time_zone, row.zip_code),
        actorName: row.actor_name,
      }),
    );
    const outcomes = await Promise.all(devices.map((device) => send(device, payload)));
    for (const [i, outcome] of outcomes.entries()) {
      const device = devices[i];
      if (!device) continue;
      if (outcome === 'gone') await deleteSubscriptionById(tx, device.id);
      if (outcome === 'delivered') await markPushed(tx, device.id);
    }
    // A device that failed while others took it is not asked again (their pushes would repeat).
    const retry = outcomes.length > 0 && outcomes.every((outcome) => outcome === 'failed');
    if (retry && row.attempts + 1 < MAX_ATTEMPTS) {
      await retryPushLater(tx, row.notification_id, 60 * 2 ** row.attempts);
    } else {
      await finishPush(tx, row.notification_id);
    }
  }

  return {
    /** The VAPID public key browsers subscribe with; 503 when push is not configured (live). */
    publicKey(): { publicKey: string } {
      if (!vapid) throw unavailable();
      return { publicKey: vapid.publicKey };
    },

    async subscribe(
      auth: { userId: string; token: string },
      body: PushSubscriptionBody,
      userAgent: string | undefined,
    ): Promise<PushSubscriptionInfo> {
      if (!vapid) throw unavailable();
      if (!allowed(body.endpoint)) {
        throw new AppError(
          'push_endpoint_refused',
          400,
          'This push service is not one Pago pushes to.',
        );
      }
      const row = await upsertSubscription(db, {
        userId: auth.userId,
        sessionHash: sha256(auth.token),
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh.replace(/=+$/, ''),
        auth: body.keys.auth.replace(/=+$/, ''),
        device: body.device ?? deviceName(userAgent) ?? 'Browser',
      });
      if (!row) throw new AppError('unauthorized', 401, 'Not authenticated');
      await trimSubscriptions(db, auth.userId, MAX_SUBSCRIPTIONS);
      return { id: row.id, device: row.device, createdAt: row.created_at.toISOString() };
    },

    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      if (!(await deleteSubscription(db, userId, endpoint))) {
        throw new AppError('not_found', 404, 'No such push subscription.');
      }
    },

    /** Sign-out: this session's devices are no longer pushed to. */
    async forgetSession(token: string): Promise<void> {
      await deleteSessionSubscriptions(db, sha256(token));
    },

    /**
     * Pushes due notifications, each once: the outbox rows stay locked while their pushes go,
     * so two processes never push the same one. Round after round of `batch` while rounds come
     * back full, for up to `budgetMs`. Returns how many were handled.
     */
    async deliver(batch = 20, budgetMs = 5_000): Promise<number> {
      const until = performance.now() + budgetMs;
      let handled = 0;
      for (;;) {
        const count = await db.transaction().execute(async (tx) => {
          const due = await lockDuePushes(tx, batch, ttlSeconds);
          for (const row of due) await pushOne(tx, row);
          return due.length;
        });
        handled += count;
        if (count < batch || performance.now() > until) return handled;
      }
    },
  };
}

export type Push = ReturnType<typeof createPush>;
