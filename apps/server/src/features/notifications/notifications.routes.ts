import {
  listNotificationsQuery,
  NOTIFICATION_EVENT,
  notificationListSchema,
  notificationSettingsSchema,
  streamQuery,
  streamTicketSchema,
  unreadCountSchema,
} from '@pago/shared/contracts/notifications';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { AppError } from '../../lib/app-error';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { Notifications } from './notifications.service';

const tags = ['Notifications'];
const noBody = z.strictObject({}).nullish();
const idParams = z.strictObject({ id: z.string().max(64) });

/**
 * A stream lives at most this long, then ends; the client reconnects with its token, so a
 * revoked or expired session stops receiving within this time.
 */
const STREAM_MAX_MS = 5 * 60 * 1000;

/** What the notifications' routes use, passed in by the wiring (app.ts). */
export type NotificationsRouteDeps = { notifications: Notifications; accounts: Accounts };

export async function notificationsRoutes(
  app: AppInstance,
  { notifications, accounts }: NotificationsRouteDeps,
): Promise<void> {
  const signedIn = requireUser(accounts);
  const auth = { preValidation: signedIn };

  app.get(
    '/api/notifications',
    {
      ...auth,
      schema: {
        summary: "The signed-in user's notifications, newest first, with how many are unread",
        tags,
        security: bearerAuth,
        querystring: listNotificationsQuery,
        response: { 200: notificationListSchema, ...errorResponses },
      },
    },
    async (request) => notifications.list(currentUser(request).userId, request.query),
  );

  app.post(
    '/api/notifications/read-all',
    {
      ...auth,
      schema: {
        summary: 'Mark every notification read',
        tags,
        security: bearerAuth,
        body: noBody,
        response: { 200: unreadCountSchema, ...errorResponses },
      },
    },
    async (request) => notifications.markAllRead(currentUser(request).userId),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      ...auth,
      schema: {
        summary: 'Mark one notification read',
        tags,
        security: bearerAuth,
        params: idParams,
        body: noBody,
        response: { 200: unreadCountSchema, ...errorResponses },
      },
    },
    async (request) => notifications.markRead(currentUser(request).userId, request.params.id),
  );

  app.get(
    '/api/notifications/settings',
    {
      ...auth,
      schema: {
        summary: 'Which notifications are also e-mailed',
        tags,
        security: bearerAuth,
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => notifications.getSettings(currentUser(request).userId),
  );

  app.put(
    '/api/notifications/settings',
    {
      ...auth,
      schema: {
        summary:
          'Turn e-mail on or off per notification type (password and phone changes are always e-mailed)',
        tags,
        security: bearerAuth,
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => notifications.saveSettings(currentUser(request).userId, request.body),
  );

  app.post(
    '/api/notifications/stream-ticket',
    {
      ...auth,
      schema: {
        summary:
          'A single-use ticket that opens the live stream (for EventSource, which sends no header)',
        tags,
        security: bearerAuth,
        body: noBody,
        response: { 200: streamTicketSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, token } = currentUser(request);
      return notifications.issueStreamTicket(userId, token);
    },
  );

  app.get(
    '/api/notifications/stream',
    {
      // A ticket (browsers' EventSource) or the Bearer token (any other client).
      preValidation: async (request) => {
        const ticket = (request.query as { ticket?: unknown }).ticket;
        if (typeof ticket !== 'string') return signedIn(request);
        request.auth = {
          userId: await notifications.useStreamTicket(ticket),
          token: '',
          verified: false,
        };
      },
      // A HEAD would open a stream too; only GET streams.
      exposeHeadRoute: false,
      schema: {
        summary: 'New notifications as they happen (Server-Sent Events)',
        description:
          'Send `Accept: text/event-stream` and either `?ticket=` from POST /api/notifications/stream-ticket (browsers: EventSource) or the Bearer token. ' +
          'Events: `ready` (data: `{ unreadCount }`) first, then `notification` (data: `{ notification, unreadCount }`) per new one; ' +
          'comment lines keep the connection open. The stream ends after five minutes or when the server stops: reconnect.',
        tags,
        security: bearerAuth,
        querystring: streamQuery,
        headers: z.looseObject({ accept: z.string().optional() }),
        response: {
          200: z.string().describe('text/event-stream'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new AppError(
          'bad_request',
          400,
          'This is a Server-Sent Events stream: ask for it with Accept: text/event-stream.',
        );
      }
      await openStream(
        notifications,
        currentUser(request).userId,
        request,
        reply,
        app.deps.config.notificationStreamHeartbeatMs,
      );
    },
  );

  app.addHook('preClose', async () => notifications.hub.close());
}

/** Holds the response open and writes the user's new notifications to it as SSE events. */
async function openStream(
  notifications: Notifications,
  userId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs: number,
) {
  const raw = reply.raw;
  let open = true;
  let unsubscribe = () => {};
  const timers: NodeJS.Timeout[] = [];
  const end = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    raw.end();
  };
  const write = (event: string, id: string | null, data: unknown) => {
    if (!open) return;
    raw.write(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  };
  // Events are written in the order they came, each after its read of the database.
  let queue = Promise.resolve();
  const send = (id: string) => {
    queue = queue
      .then(async () => {
        if (!open) return;
        const [notification, unreadCount] = await Promise.all([
          notifications.getOne(userId, id),
          notifications.unreadCount(userId),
        ]);
        if (notification) write(NOTIFICATION_EVENT, id, { notification, unreadCount });
      })
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'notification stream could not read a notification');
        end();
      });
  };

  // Subscribed before the first count, so nothing committed in between is missed.
  unsubscribe = await notifications.hub.subscribe(userId, { notify: send, end });
  const unreadCount = await notifications.unreadCount(userId).catch((error: unknown) => {
    unsubscribe();
    throw error;
  });
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies (nginx) would otherwise hold events back in their buffer.
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  write('ready', null, { unreadCount });
  raw.on('close', end);
  raw.on('error', end);
  const heartbeat = () => {
    if (!open) return;
    raw.write(': ping\n\n');
    timers[0] = setTimeout(heartbeat, heartbeatMs);
  };
  timers[0] = setTimeout(heartbeat, heartbeatMs);
  timers[1] = setTimeout(end, STREAM_MAX_MS);
}
