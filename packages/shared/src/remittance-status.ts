/**
 * A cash-pickup remittance the partner made available is "ready for pickup" until the recipient
 * collects it; the ledger calls both "delivered". Every screen, e-mail and file that names a
 * remittance's status asks this first, so cash waiting at an agent is never shown as delivered.
 */
export type CashPickupState = 'ready_for_pickup' | 'picked_up';

export function cashPickupState(transfer: {
  kind: string;
  status: string;
  details?: Record<string, unknown> | undefined;
}): CashPickupState | null {
  if (transfer.kind !== 'remittance' || transfer.status !== 'delivered') return null;
  if (transfer.details?.payoutMethod !== 'cash_pickup') return null;
  return transfer.details.pickedUp === true ? 'picked_up' : 'ready_for_pickup';
}
