import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';
import type { Notifications } from './notifications.service';
import {
  invalidUnsubscribeLinkPage,
  unsubscribedPage,
  unsubscribeQuestionPage,
} from './unsubscribe-page';

const tags = ['Notifications'];
const htmlPage = z.string().describe('An HTML page in the user’s language');
const tokenQuery = z.strictObject({ token: z.string().min(1).max(200) });
/** RFC 8058's one-click body, and nothing else. */
const oneClickBody = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') });

/** The fields of a small multipart/form-data body (the other form RFC 8058 allows). */
function multipartFields(body: string, contentType: string): Record<string, string> | null {
  const boundary = /boundary="?([^";]{1,70})"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const name = /content-disposition:\s*form-data;\s*name="([^"]{1,100})"/i.exec(head)?.[1];
    if (!name || name in fields) return null;
    fields[name] = rest.join('\r\n\r\n').replace(/\r\n$/, '');
  }
  return fields;
}

/** What the unsubscribe page's routes use, passed in by the wiring (app.ts). */
export type UnsubscribeRouteDeps = { notifications: Notifications };

/**
 * The unsubscribe link of notification e-mails (`List-Unsubscribe`, RFC 2369/8058): a GET shows
 * the question and a button, a POST of `List-Unsubscribe=One-Click` — from the mailbox provider's
 * unsubscribe button or from that page — turns that kind of e-mail off for the token's user. No
 * session: the signed token is the authority, and it can do nothing else.
 */
export async function unsubscribeRoutes(
  app: AppInstance,
  { notifications }: UnsubscribeRouteDeps,
): Promise<void> {
  // Form bodies, only on these routes and only small ones.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 4096 },
    (request, body, done) => {
      const fields = multipartFields(body as string, String(request.headers['content-type']));
      if (fields) done(null, fields);
      else done(new AppError('bad_request', 400, 'The form is not valid.'), undefined);
    },
  );

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/unsubscribe',
    {
      schema: {
        summary: 'The page of an e-mail’s unsubscribe link: asks before turning anything off',
        tags,
        querystring: tokenQuery,
        response: { 200: htmlPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const target = await notifications.unsubscribeTarget(token);
      if (!target) {
        // A person following the link in a browser reads a page; any other client the API error.
        if (/\btext\/html\b/.test(request.headers.accept ?? '')) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(invalidUnsubscribeLinkPage());
        }
        throw new AppError('not_found', 404, 'This unsubscribe link is not valid.');
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(unsubscribeQuestionPage(target.language, target.type, token));
    },
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        summary: 'One-click unsubscribe (RFC 8058): turns that kind of e-mail off',
        tags,
        querystring: tokenQuery,
        body: oneClickBody,
        response: { 200: htmlPage, ...errorResponses },
      },
    },
    async (request, reply) => {
      const target = await notifications.unsubscribe(request.query.token);
      return reply
        .type('text/html; charset=utf-8')
        .send(unsubscribedPage(target.language, target.type));
    },
  );
}
