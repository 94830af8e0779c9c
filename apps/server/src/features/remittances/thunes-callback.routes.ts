import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';
import { ThunesError } from '../../providers/thunes/thunes-client';
import type { PartnerPayouts } from './partner-payouts';

/** What the payout partner's callback route uses, passed in by the wiring (app.ts). */
export type ThunesCallbackRouteDeps = {
  partner: PartnerPayouts;
  /** The API key and secret Thunes authenticates its callbacks with; null: no partner. */
  credentials: { apiKey: string; apiSecret: string } | null;
};

/** Only what finding the transaction needs: the rest of the body is not believed. */
const callbackBody = z.looseObject({
  id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]),
  external_id: z.string().max(64).optional(),
});

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Thunes' status callbacks (docs/thunes.md, Callback): HTTP Basic with Pago's own API key and
 * secret. A callback is a hint, never the news: the transaction is fetched from Thunes by its id
 * and what Thunes answers is applied, once. A forged body (right credentials, made-up status)
 * changes nothing the partner does not confirm; a replay finds the status already applied.
 */
export async function thunesCallbackRoutes(
  app: AppInstance,
  { partner, credentials }: ThunesCallbackRouteDeps,
): Promise<void> {
  const expected = credentials
    ? `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.apiSecret}`).toString('base64')}`
    : null;
  app.post(
    '/api/thunes/callback',
    {
      schema: {
        summary: 'Thunes’ transaction status callback (Basic auth with Pago’s API credentials)',
        tags: ['Webhooks'],
        headers: z.looseObject({ authorization: z.string().max(1000).optional() }),
        body: callbackBody,
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      if (!expected) throw new AppError('not_found', 404, 'Not found');
      if (!sameText(request.headers.authorization ?? '', expected)) {
        throw new AppError('unauthorized', 401, 'Not authenticated');
      }
      try {
        await partner.refresh(String(request.body.id));
      } catch (error) {
        // Unknown to Thunes: nothing to apply. Thunes unreachable: it retries the callback.
        if (error instanceof ThunesError && error.kind === 'refused')
          return { received: true as const };
        if (error instanceof ThunesError) {
          throw new AppError(
            'payout_partner_unavailable',
            503,
            'The payout partner cannot be reached now.',
          );
        }
        throw error;
      }
      return { received: true as const };
    },
  );
}
