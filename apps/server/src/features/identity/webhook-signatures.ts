import {
  createHash,
  createHmac,
  createPublicKey,
  type JsonWebKey,
  timingSafeEqual,
  verify,
} from 'node:crypto';

/** How old a signed webhook may be: both vendors document five minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Persona's signature: HMAC-SHA256 of `${t}.${body}` with the webhook secret, hex. */
export function personaSignature(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * Checks a `Persona-Signature: t=<unix seconds>,v1=<hex>` header (several v1 values while a
 * secret is rotated, separated by spaces) against the raw body, as Persona documents.
 */
export function verifyPersonaSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  now: Date,
): boolean {
  if (!header) return false;
  const parts = header.split(/[\s,]+/).map((part) => part.split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = personaSignature(secret, timestamp, rawBody);
  return signatures.some((signature) => safeEqual(signature, expected));
}

export type PlaidWebhookKey = JsonWebKey & { kid?: string; expired_at?: number | null };

function base64UrlJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Checks Plaid's `Plaid-Verification` header as Plaid documents: a JWT signed ES256 with the key
 * `kid` (fetched from /webhook_verification_key/get), issued at most five minutes ago, whose
 * request_body_sha256 claim is the SHA-256 of the raw body.
 */
export async function verifyPlaidWebhook(
  jwt: string | undefined,
  rawBody: string,
  keyFor: (kid: string) => Promise<PlaidWebhookKey | null>,
  now: Date,
): Promise<boolean> {
  const segments = jwt?.split('.');
  if (segments?.length !== 3) return false;
  const [headerPart, payloadPart, signaturePart] = segments as [string, string, string];
  const header = base64UrlJson(headerPart);
  if (header?.alg !== 'ES256' || typeof header.kid !== 'string') return false;
  const key = await keyFor(header.kid);
  if (!key || (key.expired_at != null && key.expired_at * 1000 < now.getTime())) return false;
  let signed: boolean;
  try {
    const publicKey = createPublicKey({
      key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y },
      format: 'jwk',
    });
    signed = verify(
      'sha256',
      Buffer.from(`${headerPart}.${payloadPart}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signaturePart, 'base64url'),
    );
  } catch {
    return false;
  }
  if (!signed) return false;
  const claims = base64UrlJson(payloadPart);
  const issuedAt = claims?.iat;
  if (typeof issuedAt !== 'number') return false;
  if (Math.abs(now.getTime() / 1000 - issuedAt) > WEBHOOK_TOLERANCE_SECONDS) return false;
  return (
    typeof claims?.request_body_sha256 === 'string' &&
    safeEqual(claims.request_body_sha256, sha256Hex(rawBody))
  );
}

/**
 * Plaid asks for its webhook keys to be cached. An unknown kid is remembered briefly, and key
 * fetches are limited in total, whatever the kid: forged tokens with ever new kids cannot make
 * us call Plaid for every request. The limit is per process (each server has its own).
 */
const KEY_CACHE_MS = 24 * 3600_000;
const UNKNOWN_KEY_CACHE_MS = 60_000;
export const KEY_FETCH_INTERVAL_MS = 5_000;

export function createKeyCache<K>(fetchKey: (kid: string) => Promise<K | null>, clock: () => Date) {
  const cache = new Map<string, { key: K | null; until: number }>();
  const inFlight = new Map<string, Promise<K | null>>();
  let lastFetchAt = Number.NEGATIVE_INFINITY;

  async function fetchAndCache(kid: string, now: number): Promise<K | null> {
    const key = await fetchKey(kid);
    if (cache.size > 1000) cache.clear();
    cache.set(kid, { key, until: now + (key ? KEY_CACHE_MS : UNKNOWN_KEY_CACHE_MS) });
    return key;
  }

  return {
    get: async (kid: string): Promise<K | null> => {
      const now = clock().getTime();
      const cached = cache.get(kid);
      if (cached && cached.until > now) return cached.key;
      const pending = inFlight.get(kid);
      if (pending) return pending;
      // Over the global budget: treated as unknown for now, and not remembered, so Plaid's
      // retry of a genuine webhook with a new key is checked once the budget allows.
      if (now - lastFetchAt < KEY_FETCH_INTERVAL_MS) return null;
      lastFetchAt = now;
      const fetching = fetchAndCache(kid, now).finally(() => inFlight.delete(kid));
      inFlight.set(kid, fetching);
      return fetching;
    },
  };
}
