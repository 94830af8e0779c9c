import {
  personaCreateInquiryBody,
  personaInquiryIdSchema,
  plaidCompleteBody,
  plaidCreateBody,
} from '@pago/shared/contracts/identity';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { currentUser, requireUser } from '../accounts/require-user';

const inquiryParams = z.strictObject({ inquiryId: personaInquiryIdSchema });

/** Starting a verification costs a vendor call: at most this many starts an hour per user. */
const STARTS_PER_HOUR = 20;

export async function identityRoutes(app: AppInstance): Promise<void> {
  const { identity, accounts, rateLimits } = app.services;
  const signedIn = { preHandler: requireUser(accounts) };

  async function limitStarts(userId: string) {
    const key = `identity-start:${userId}`;
    await rateLimits.take(
      { key, limit: STARTS_PER_HOUR, windowSeconds: 3600 },
      'Too many verification attempts. Please try again later.',
    );
  }

  app.get('/api/identity/settings', signedIn, async (request) =>
    identity.settings(currentUser(request).userId),
  );
  app.get('/api/identity/status', signedIn, async (request) =>
    identity.status(currentUser(request).userId),
  );

  app.post('/api/plaid/identity-verification/create', signedIn, async (request) => {
    const { userId } = currentUser(request);
    const body = plaidCreateBody.parse(request.body ?? {});
    await limitStarts(userId);
    return identity.plaidCreate(userId, body.language);
  });
  app.post('/api/plaid/identity-verification/complete', signedIn, async (request) => {
    const body = plaidCompleteBody.parse(request.body);
    return identity.plaidComplete(currentUser(request).userId, body.identity_verification_id);
  });
  app.get('/api/plaid/identity-verification/status', signedIn, async (request) =>
    identity.plaidStatus(currentUser(request).userId),
  );

  app.post('/api/persona/create-inquiry', signedIn, async (request) => {
    const { userId } = currentUser(request);
    const body = personaCreateInquiryBody.parse(request.body);
    await limitStarts(userId);
    return identity.personaCreate(userId, body);
  });
  app.get('/api/persona/status/:inquiryId', signedIn, async (request) =>
    identity.personaStatus(
      currentUser(request).userId,
      inquiryParams.parse(request.params).inquiryId,
    ),
  );
}

/**
 * The vendors' webhooks. Their signatures cover the exact bytes sent, so these routes read the
 * body as a string and parse it only after the signature holds.
 */
export async function identityWebhookRoutes(app: AppInstance): Promise<void> {
  const { identity } = app.services;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const rawBody = (body: unknown) => (typeof body === 'string' ? body : '');

  app.post('/api/webhooks/plaid', async (request) => {
    const header = request.headers['plaid-verification'];
    await identity.plaidWebhook(
      rawBody(request.body),
      typeof header === 'string' ? header : undefined,
    );
    return { received: true };
  });
  app.post('/api/webhooks/persona', async (request) => {
    const header = request.headers['persona-signature'];
    await identity.personaWebhook(
      rawBody(request.body),
      typeof header === 'string' ? header : undefined,
    );
    return { received: true };
  });
}
