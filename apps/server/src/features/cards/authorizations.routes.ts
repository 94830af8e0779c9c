import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { errorResponses } from '../../lib/openapi';
import { readJsonAsText } from '../../lib/raw-body';
import { authorizationAnswerSchema } from './authorization-documents';
import type { CardAuthorizations } from './authorizations.service';

/** What the card network's authorization routes use, passed in by the wiring (app.ts). */
export type CardAuthorizationRouteDeps = { cardAuthorizations: CardAuthorizations };

/**
 * The banking partner's real-time card authorization (Unit's programmatic authorization): its
 * signature (`X-Unit-Signature`, HMAC of the exact bytes) is checked first, so the body is read
 * as a string; the answer is Unit's approve / decline document, within the network's 2 s budget.
 */
export async function cardAuthorizationRoutes(
  app: AppInstance,
  { cardAuthorizations }: CardAuthorizationRouteDeps,
): Promise<void> {
  readJsonAsText(app);
  app.post(
    '/api/unit/card-authorizations',
    {
      schema: {
        summary: 'Unit’s card authorization request, answered approve or decline by the ledger',
        tags: ['Webhooks'],
        headers: z.looseObject({ 'x-unit-signature': z.string().optional() }),
        response: { 200: authorizationAnswerSchema, ...errorResponses },
      },
    },
    async (request) =>
      cardAuthorizations.authorize(
        typeof request.body === 'string' ? request.body : '',
        request.headers['x-unit-signature'],
      ),
  );
}
