import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Unit signs each webhook delivery: `X-Unit-Signature` is the base64 HMAC-SHA1 of the request
 * body with the webhook's secret. Compared in constant time over the exact bytes received.
 */
export function verifyUnitSignature(
  signature: string | undefined,
  rawBody: string,
  secret: string,
): boolean {
  if (!signature || signature.length > 200) return false;
  const expected = createHmac('sha1', secret).update(rawBody, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
