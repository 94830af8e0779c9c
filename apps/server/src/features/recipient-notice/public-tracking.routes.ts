import {
  publicTransferParams,
  publicTransferSchema,
} from '@pago/shared/contracts/recipient-tracking';
import type { AppInstance } from '../../app-instance';
import { errorResponses } from '../../lib/openapi';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { RecipientNoticeService } from './recipient-notice.service';

/** Reads of recipients' pages per client address and minute (a guess is 404 and counts too). */
export const PUBLIC_TRACKING_PER_MINUTE = 30;

export type PublicTrackingRouteDeps = {
  recipientNotice: RecipientNoticeService;
  rateLimits: RateLimits;
};

/** The remittance recipient's page, by the token of the link they received. No sign-in. */
export async function publicTrackingRoutes(
  app: AppInstance,
  { recipientNotice, rateLimits }: PublicTrackingRouteDeps,
): Promise<void> {
  app.get(
    '/api/public/transfers/:token',
    {
      schema: {
        summary:
          'A remittance as its recipient sees it, by the tracking link’s token (no sign-in; unknown token: 404)',
        description:
          'No sign-in: the token in the recipient’s SMS is the key. The status steps, the amount ' +
          'in the recipient’s currency, the payer network and where the pickup code was sent; ' +
          'never the code, the sender’s last name or any balance. Rate-limited per address.',
        tags: ['Remittances'],
        params: publicTransferParams,
        response: { 200: publicTransferSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rateLimits.take(
        {
          key: `public-transfer:ip:${request.ip}`,
          limit: PUBLIC_TRACKING_PER_MINUTE,
          windowSeconds: 60,
        },
        'Too many requests. Please try again in a minute.',
      );
      // A page that changes as the money moves, and is nobody else's: no shared caches.
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return recipientNotice.publicView(request.params.token);
    },
  );
}
