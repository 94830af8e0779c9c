import { authResponseSchema } from '@pago/shared/contracts/accounts';
import {
  authMethodSchema,
  externalCallbackBody,
  externalCallbackResponseSchema,
  externalCompleteBody,
  externalLinkBody,
  externalStartQuery,
} from '@pago/shared/contracts/external-signin';
import { twoStepChallengeSchema } from '@pago/shared/contracts/security';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import { currentUser, requireUser } from './require-user';

const tags = ['Accounts'];

/** External sign-in (OpenID Connect, issue 16): start, callback, first sign-in, link. */
export async function externalSigninRoutes(app: AppInstance): Promise<void> {
  const { externalSignin, accounts } = app.services;

  app.get(
    '/api/auth/external/start',
    {
      schema: {
        summary:
          'Start a sign-in with the external provider: redirects (302) to its authorize URL, or gives it as JSON to a client that accepts only JSON',
        tags,
        querystring: externalStartQuery,
        response: {
          200: z.object({ authorizationUrl: z.string() }),
          302: z.null().describe('Redirect to the provider’s authorize URL'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const url = await externalSignin.start(request.query.lang ?? 'es', request.ip);
      if (request.headers.accept === 'application/json') return { authorizationUrl: url };
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/api/auth/external/callback',
    {
      schema: {
        summary:
          'Exchange the code from /callback: signed in, details required (first sign-in) or link required',
        tags,
        body: externalCallbackBody,
        response: { 200: externalCallbackResponseSchema, ...errorResponses },
      },
    },
    async (request) => externalSignin.callback(request.body, request.headers['user-agent'] ?? null),
  );

  app.post(
    '/api/auth/external/complete',
    {
      schema: {
        summary: 'First external sign-in: create the account with the fields the provider lacks',
        tags,
        body: externalCompleteBody,
        response: { 201: authResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await externalSignin.complete(request.body)),
  );

  app.post(
    '/api/auth/external/link',
    {
      schema: {
        summary:
          'Link the provider to the existing account of its e-mail, with that account’s password',
        tags,
        body: externalLinkBody,
        response: { 200: authResponseSchema.or(twoStepChallengeSchema), ...errorResponses },
      },
    },
    async (request) =>
      externalSignin.link(request.body, request.ip, request.headers['user-agent'] ?? null),
  );

  app.get(
    '/api/auth/method',
    {
      preValidation: requireUser(accounts),
      schema: {
        summary:
          'How this session signed in: the external provider (and its e-mail) or traditional',
        tags,
        security: bearerAuth,
        response: { 200: authMethodSchema, ...errorResponses },
      },
    },
    async (request) => externalSignin.method(currentUser(request).token),
  );
}
