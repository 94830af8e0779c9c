import { createHmac } from 'node:crypto';

/**
 * The Stripe-Signature header as Stripe documents it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>" keyed by the endpoint's signing secret>`, made afresh for each delivery attempt.
 */
export function stripeSignatureHeader(
  secret: string,
  body: string,
  at: Date = new Date(),
): { 'stripe-signature': string } {
  const timestamp = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'stripe-signature': `t=${timestamp},v1=${v1}` };
}
