import type { Transfer } from '@pago/shared/contracts/transfers';

/** Where a remittance is tracked (the transfers feature's page). */
export function trackingPath(transferId: string): string {
  return `/transfers/${encodeURIComponent(transferId)}`;
}

/**
 * "Send again": the send-home flow prefilled with a remittance's saved recipient and amount, or
 * null when the transfer was not sent to a saved recipient.
 */
export function sendAgainPath(
  transfer: Pick<Transfer, 'kind' | 'direction' | 'amountCents' | 'details'>,
): string | null {
  const recipientId = transfer.details.recipientId;
  if (transfer.kind !== 'remittance' || transfer.direction !== 'out') return null;
  if (typeof recipientId !== 'string') return null;
  const params = new URLSearchParams({
    recipient: recipientId,
    amount: (transfer.amountCents / 100).toFixed(2),
  });
  return `/send-home?${params}`;
}
