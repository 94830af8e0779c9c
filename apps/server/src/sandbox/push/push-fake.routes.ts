import { createPublicKey, verify } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { errorBody } from '../../lib/app-error';

/** RFC 8030 §7.2: a push service may refuse bigger messages (413); 4,096 bytes is the common floor. */
const MAX_BODY = 4096;
/** RFC 8292 §2: a JWT's exp is at most 24 hours ahead. */
const MAX_EXP_SECONDS = 24 * 60 * 60;

const tokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/) });
const listQuery = z.strictObject({
  token: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

type Vapid = { key: string; subject: string };

/**
 * The sandbox push service (sandbox mode only; no internet reaches FCM, Mozilla's or Apple's):
 * the receiving side of RFC 8030 at `/sandbox/push/send/<token>`, for subscriptions whose
 * endpoint is there. It checks what a real push service checks of Pago's request: VAPID
 * (RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, the ES256 signature by that key, `aud`
 * this origin, `exp` within 24 hours, `sub` a mailto: or https: contact), `TTL`, and an
 * `aes128gcm` body (RFC 8291) of at most 4,096 bytes; it stores the message, still encrypted,
 * and answers 201 with its Location. `/sandbox/push/messages` lists them; a token marked gone
 * (`POST /sandbox/push/gone/<token>`, a browser that unsubscribed) answers 410 from then on.
 */
export async function pushFakeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  app.addContentTypeParser(
    ['application/octet-stream', '*'],
    { parseAs: 'buffer', bodyLimit: MAX_BODY * 2 },
    (_request, body, done) => done(null, body),
  );

  app.post('/sandbox/push/send/:token', async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    if (!params.success) return problem(reply, 404, 'No such subscription.');
    const { token } = params.data;
    const vapid = checkVapid(request);
    if (typeof vapid === 'string') return problem(reply, 401, vapid);
    const ttl = Number(request.headers.ttl);
    if (!/^\d+$/.test(String(request.headers.ttl ?? '')) || !Number.isSafeInteger(ttl)) {
      return problem(reply, 400, 'A TTL header is required (RFC 8030 §5.2).');
    }
    if (String(request.headers['content-encoding'] ?? '').toLowerCase() !== 'aes128gcm') {
      return problem(reply, 415, 'The body must be Content-Encoding: aes128gcm (RFC 8291).');
    }
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length < 21 + 65 + 17) {
      return problem(reply, 400, 'The body is not an aes128gcm message.');
    }
    if (body.length > MAX_BODY) return problem(reply, 413, 'The message is too large.');
    const gone = await db
      .selectFrom('sandbox_push_gone')
      .select('token')
      .where('token', '=', token)
      .executeTakeFirst();
    if (gone) return problem(reply, 410, 'This subscription is gone.');
    const urgency = request.headers.urgency;
    const topic = request.headers.topic;
    const row = await db
      .insertInto('sandbox_push_messages')
      .values({
        token,
        ttl,
        urgency: typeof urgency === 'string' ? urgency.slice(0, 20) : null,
        topic: typeof topic === 'string' ? topic.slice(0, 32) : null,
        vapid_key: vapid.key,
        vapid_subject: vapid.subject,
        body,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.code(201).header('location', `/sandbox/push/messages/${row.id}`).send();
  });

  app.post('/sandbox/push/gone/:token', async (request, reply) => {
    const params = tokenParams.safeParse(request.params);
    if (!params.success) return problem(reply, 404, 'No such subscription.');
    await db
      .insertInto('sandbox_push_gone')
      .values({ token: params.data.token })
      .onConflict((oc) => oc.column('token').doNothing())
      .execute();
    return { gone: params.data.token };
  });

  app.get('/sandbox/push/messages', async (request) => {
    const { token, limit } = listQuery.parse(request.query);
    let query = db
      .selectFrom('sandbox_push_messages')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit);
    if (token) query = query.where('token', '=', token);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      token: row.token,
      ttl: row.ttl,
      urgency: row.urgency,
      topic: row.topic,
      vapidKey: row.vapid_key,
      vapidSubject: row.vapid_subject,
      /** The aes128gcm body as received, base64url: only the subscription's keys decrypt it. */
      body: row.body.toString('base64url'),
      receivedAt: row.received_at.toISOString(),
    }));
  });
}

const CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  404: 'not_found',
  410: 'not_found',
  413: 'bad_request',
  415: 'bad_request',
} as const;

/** An answer in Pago's error shape (a real push service answers its own way; RFC 8030 fixes only the status). */
function problem(reply: FastifyReply, status: keyof typeof CODES, message: string) {
  return reply.code(status).send(errorBody(CODES[status], message));
}

/** The VAPID authorization of a push request (RFC 8292 §3), or why it is refused. */
function checkVapid(request: FastifyRequest): Vapid | string {
  const header = String(request.headers.authorization ?? '');
  const match = /^vapid\s+(.+)$/i.exec(header);
  if (!match?.[1]) return 'Authorization must be the vapid scheme (RFC 8292 §3).';
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const [name = '', ...value] = part.trim().split('=');
      return [name.toLowerCase(), value.join('=')];
    }),
  );
  const jwt = params.t ?? '';
  const key = params.k ?? '';
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  let header_: { typ?: string; alg?: string };
  let payload: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  } catch {
    return 'The VAPID token is not a JWT.';
  }
  if (header_.alg !== 'ES256') return 'The VAPID token must be signed with ES256.';
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k must be an uncompressed P-256 key.';
  let valid = false;
  try {
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    valid = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    valid = false;
  }
  if (!valid) return 'The VAPID signature does not verify with k.';
  const origin = `${request.protocol}://${request.headers.host ?? ''}`;
  if (payload.aud !== origin) return `The VAPID audience must be ${origin}.`;
  const now = Math.floor(Date.now() / 1000);
  if (
    typeof payload.exp !== 'number' ||
    payload.exp <= now ||
    payload.exp > now + MAX_EXP_SECONDS
  ) {
    return 'The VAPID token has expired or lasts more than 24 hours.';
  }
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) {
    return 'The VAPID subject must be a mailto: or https: URL.';
  }
  return { key, subject: payload.sub };
}
