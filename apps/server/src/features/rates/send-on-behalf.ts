import type { Remittances } from '../remittances/remittances.service';
import type { SendOnBehalf } from './rate-orders';

/** The remittances feature's send on behalf of a user (`quoteFor`, `sendQuoted`), as rate orders call it. */
export function sendOnBehalfOf(
  remittances: Pick<Remittances, 'quoteFor' | 'sendQuoted'>,
): SendOnBehalf {
  return {
    async quoteFor(userId, recipientId, amountCents, speed) {
      const quote = await remittances.quoteFor(userId, recipientId, amountCents, speed);
      return { quoteId: quote.quoteId, fxRate: quote.fxRate };
    },
    sendQuoted: (tx, userId, send) => remittances.sendQuoted(tx, userId, send),
  };
}
