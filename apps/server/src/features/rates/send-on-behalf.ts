import type { SendOnBehalf } from './rate-orders';

/**
 * The remittances feature's send on behalf of a user (`quoteFor`, `sendQuoted`), as rate orders
 * call it; null while the remittances service does not offer it.
 */
export function sendOnBehalfOf(remittances: unknown): SendOnBehalf | null {
  const r = remittances as Partial<Record<'quoteFor' | 'sendQuoted', unknown>>;
  if (typeof r.quoteFor !== 'function' || typeof r.sendQuoted !== 'function') return null;
  // Until "remittances: send on behalf" lands on main, the shapes are the announced ones.
  return remittances as SendOnBehalf;
}
