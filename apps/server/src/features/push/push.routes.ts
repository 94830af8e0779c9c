import {
  deletePushSubscriptionBody,
  pushSubscriptionBody,
  pushSubscriptionSchema,
  vapidKeySchema,
} from '@pago/shared/contracts/push';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { Push } from './push.service';

const tags = ['Push'];

/** What the push routes use, passed in by the wiring (app-routes.ts). */
export type PushRouteDeps = { push: Push; accounts: Accounts };

export async function pushRoutes(app: AppInstance, { push, accounts }: PushRouteDeps) {
  const preValidation = requireUser(accounts);

  app.get(
    '/api/push/vapid-key',
    {
      preValidation,
      schema: {
        summary:
          'The VAPID public key (base64url) to pass to PushManager.subscribe() as applicationServerKey; 503 push_unavailable when the server has no VAPID keys (live mode without VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT)',
        tags,
        security: bearerAuth,
        response: { 200: vapidKeySchema, ...errorResponses },
      },
    },
    async () => push.publicKey(),
  );

  app.post(
    '/api/push/subscriptions',
    {
      preValidation,
      schema: {
        summary:
          "Subscribe this browser to the signed-in user's notifications (PushSubscription.toJSON() and an optional device label); kept until this session signs out, the browser unsubscribes or its push service says it is gone. Only the browsers' own push services are accepted",
        tags,
        security: bearerAuth,
        body: pushSubscriptionBody,
        response: { 200: pushSubscriptionSchema, ...errorResponses },
      },
    },
    async (request) =>
      push.subscribe(currentUser(request), request.body, request.headers['user-agent']),
  );

  app.delete(
    '/api/push/subscriptions',
    {
      preValidation,
      schema: {
        summary: "Stop pushing to this browser (by its endpoint); another user's endpoint is 404",
        tags,
        security: bearerAuth,
        body: deletePushSubscriptionBody,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await push.unsubscribe(currentUser(request).userId, request.body.endpoint);
      return { success: true as const };
    },
  );
}
