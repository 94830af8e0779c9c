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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { AppError } from '../../lib/app-error';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from './accounts.service';
import { type ExternalSignin, SIGNIN_BROWSER_SECONDS } from './external-signin.service';
import { currentUser, requireUser } from './require-user';

const tags = ['Accounts'];

/**
 * The cookie that binds a started sign-in to its browser (login CSRF): a random value whose hash
 * the state row keeps. httpOnly, SameSite=Lax (the web's /callback posts from the same site),
 * only sent to these routes, Secure behind TLS; as long as a state is good.
 */
export const SIGNIN_COOKIE = 'pago_external_signin';
const COOKIE_PATH = '/api/auth/external';

function signinCookie(value: string, maxAgeSeconds: number, secure: boolean) {
  return [
    `${SIGNIN_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** This browser's sign-in cookie, if it sent one. */
function browserOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SIGNIN_COOKIE) return value.join('=');
  }
  return undefined;
}

/** What external sign-in's routes use, passed in by the wiring (app.ts). */
export type ExternalSigninRouteDeps = { externalSignin: ExternalSignin; accounts: Accounts };

/** External sign-in (OpenID Connect): start, callback, first sign-in, link. */
export async function externalSigninRoutes(
  app: AppInstance,
  { externalSignin, accounts }: ExternalSigninRouteDeps,
): Promise<void> {
  const { https } = app.deps.config;
  const forget = (reply: FastifyReply) => reply.header('set-cookie', signinCookie('', 0, https));

  app.get(
    '/api/auth/external/start',
    {
      schema: {
        summary:
          'Start a sign-in with the external provider: redirects (302) to its authorize URL, or gives it as JSON to a client that accepts only JSON; sets the httpOnly cookie that binds the sign-in to this browser',
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
      const { url, browser } = await externalSignin.start(
        request.query.lang ?? 'es',
        request.ip,
        browserOf(request),
      );
      reply.header('set-cookie', signinCookie(browser, SIGNIN_BROWSER_SECONDS, https));
      if (request.headers.accept === 'application/json') return { authorizationUrl: url };
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/api/auth/external/callback',
    {
      schema: {
        summary:
          'Exchange the code from /callback, in the browser that started the sign-in (its cookie): signed in, details required (first sign-in) or link required',
        tags,
        body: externalCallbackBody,
        response: { 200: externalCallbackResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        const answer = await externalSignin.callback(
          request.body,
          browserOf(request),
          request.headers['user-agent'] ?? null,
          request.ip,
        );
        forget(reply);
        return answer;
      } catch (error) {
        // Another browser's refused callback leaves this browser's own sign-in alone.
        if (!(error instanceof AppError && error.code === 'external_signin_other_browser')) {
          forget(reply);
        }
        throw error;
      }
    },
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
    async (request, reply) =>
      reply.code(201).send(
        await externalSignin.complete(request.body, {
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
        }),
      ),
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
