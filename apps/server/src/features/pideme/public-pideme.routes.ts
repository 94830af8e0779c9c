import {
  createPidemeRequestBody,
  PIDEME_PHOTO_MAX_BYTES,
  publicPidemeParams,
  publicPidemeRequestParams,
  publicPidemeRequestSchema,
  publicPidemeSchema,
} from '@pago/shared/contracts/pideme';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { Pideme } from './pideme.service';

/** Reads of relatives' pages per client address and minute (a guess is 404 and counts too). */
export const PIDEME_PAGE_PER_MINUTE = 30;
/** Requests (and photos) per link and hour, and per client address and hour. */
export const PIDEME_ASKS_PER_LINK_HOUR = 10;
export const PIDEME_ASKS_PER_IP_HOUR = 20;

const tags = ['Pídeme'];
const TOO_MANY = 'Too many requests. Please try again later.';

/** What a JPEG, PNG or WebP file starts with (its magic bytes). */
const IMAGE_MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) =>
    b.length > 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  'image/webp': (b) =>
    b.length > 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The photo, checked: JPEG, PNG or WebP by type and by content, at most the limit. */
export function photoOf(contentType: string | undefined, body: unknown) {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const matches = IMAGE_MAGIC[type];
  if (!matches || !Buffer.isBuffer(body)) {
    throw new AppError(
      'invalid_image',
      400,
      'Send the photo as image/jpeg, image/png or image/webp.',
    );
  }
  if (body.length > PIDEME_PHOTO_MAX_BYTES) {
    throw new AppError(
      'image_too_large',
      400,
      `The photo is over ${PIDEME_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
      { maxBytes: PIDEME_PHOTO_MAX_BYTES },
    );
  }
  if (!matches(body)) {
    throw new AppError('invalid_image', 400, 'The body is not a JPEG, PNG or WebP image.');
  }
  return { contentType: type, bytes: body };
}

export type PublicPidemeRouteDeps = { pideme: Pideme; rateLimits: RateLimits };

/** The relative's side, with no account: their page, a request, the photo of the bill. */
export async function publicPidemeRoutes(
  app: AppInstance,
  { pideme, rateLimits }: PublicPidemeRouteDeps,
): Promise<void> {
  // Within this plugin only: an image body is read as its bytes (a little over the limit, so a
  // photo just over it is our 400, not the server's 413); any other type is kept as nothing.
  const bodyLimit = PIDEME_PHOTO_MAX_BYTES + 1024 * 1024;
  app.addContentTypeParser(
    ['image/jpeg', 'image/png', 'image/webp'],
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, _body, done) =>
    done(null, null),
  );

  const privatePage = (reply: FastifyReply) => {
    // Nobody else's page: no shared caches, and the token never leaves in a Referer.
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  };
  /** A request or a photo: counted per address and per link (by the token's hash). */
  const takeAsk = async (request: FastifyRequest, token: string) => {
    await rateLimits.take(
      { key: `pideme-ask:ip:${request.ip}`, limit: PIDEME_ASKS_PER_IP_HOUR, windowSeconds: 3600 },
      TOO_MANY,
    );
    const link = await pideme.linkKey(token);
    await rateLimits.take(
      { key: `pideme-ask:link:${link}`, limit: PIDEME_ASKS_PER_LINK_HOUR, windowSeconds: 3600 },
      TOO_MANY,
    );
  };

  app.get(
    '/api/public/pideme/:token',
    {
      schema: {
        summary: 'A Pídeme page as the relative sees it, by its token (no sign-in; else 404)',
        description:
          'No sign-in: the token in the link is the key. The sender’s first name, the ' +
          'relative’s first name and currency, and the requests made with this link (paid ones ' +
          'with the tracking page). Unknown, revoked or expired: 404, nothing more. ' +
          'Rate-limited per address.',
        tags,
        params: publicPidemeParams,
        response: { 200: publicPidemeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await rateLimits.take(
        {
          key: `pideme-page:ip:${request.ip}`,
          limit: PIDEME_PAGE_PER_MINUTE,
          windowSeconds: 60,
        },
        TOO_MANY,
      );
      privatePage(reply);
      return pideme.publicView(request.params.token);
    },
  );
  app.post(
    '/api/public/pideme/:token/requests',
    {
      schema: {
        summary: 'Ask the link’s sender for money, in the relative’s currency (no sign-in)',
        description:
          'An amount in the currency of the recipient the link is for, and what it is for. The ' +
          'sender is notified. Rate-limited per link and per address; at most 5 waiting at once.',
        tags,
        params: publicPidemeParams,
        body: createPidemeRequestBody,
        response: { 201: publicPidemeRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await takeAsk(request, request.params.token);
      privatePage(reply);
      const created = await pideme.ask(request.params.token, request.body);
      return reply.code(201).send(created);
    },
  );
  app.put(
    '/api/public/pideme/:token/requests/:requestId/photo',
    {
      bodyLimit,
      schema: {
        summary: 'The photo of the bill, for a request just made (no sign-in)',
        description:
          'The photo’s bytes as the body: image/jpeg, image/png or image/webp, up to 5 MB, ' +
          'checked by its first bytes. One per request, while it waits. Only the sender sees it.',
        tags,
        params: publicPidemeRequestParams,
        response: { 200: publicPidemeRequestSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await takeAsk(request, request.params.token);
      const photo = photoOf(request.headers['content-type'], request.body);
      privatePage(reply);
      return pideme.addPhoto(request.params.token, request.params.requestId, photo);
    },
  );
}
