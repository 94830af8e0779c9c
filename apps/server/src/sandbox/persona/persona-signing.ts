import { createHmac } from 'node:crypto';

/**
 * The Persona fake signs its webhooks with its own code, written from Persona's documentation
 * (`Persona-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`), not with our
 * verifier's helpers: a bug on one side cannot then pass unseen on both.
 */
export function personaSignatureHeader(secret: string, body: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}
