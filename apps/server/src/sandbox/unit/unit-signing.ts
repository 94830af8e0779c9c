import { createHmac } from 'node:crypto';

/**
 * The Unit fake signs its webhooks with its own code, from Unit's documentation: `X-Unit-Signature`
 * is the base64 HMAC-SHA1 of the body with the webhook's secret (not our verifier's helper).
 */
export function unitSignatureHeader(secret: string, body: string): Record<string, string> {
  return { 'x-unit-signature': createHmac('sha1', secret).update(body).digest('base64') };
}
