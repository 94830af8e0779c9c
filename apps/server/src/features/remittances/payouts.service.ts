import { addCents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { TransferRow } from '../activity/activity.service';
import { type Ledger, metadataOf } from '../ledger/ledger.service';

/**
 * Gives a remittance's amount and fee back to its sender, in `tx` (the remittance locked by the
 * caller, still processing): one ledger call, then the remittance is refunded.
 */
export async function refundRemittance(
  ledger: Ledger,
  tx: Database,
  transfer: TransferRow,
  reason: string,
  note: string,
  cause: 'cancelled' | 'failed' | 'reversed' | 'error_resolution' = 'failed',
) {
  const meta = metadataOf(transfer, 'remittance');
  await ledger.post(tx, {
    kind: 'remittance_refund',
    status: 'completed',
    userId: transfer.user_id,
    amountCents: addCents(transfer.amount_cents, transfer.fee_cents),
    countsTowardLimits: false,
    relatedTransferId: transfer.id,
    metadata: { refundOf: transfer.id, reason, recipientPhone: meta.recipientPhone, cause },
    legs: [
      {
        account: { role: `payout_clearing:${meta.recipientCountry}` },
        amountCents: -transfer.amount_cents,
      },
      ...(transfer.fee_cents > 0
        ? [{ account: { role: 'fee_revenue' as const }, amountCents: -transfer.fee_cents }]
        : []),
      {
        account: { userId: transfer.user_id },
        amountCents: transfer.amount_cents + transfer.fee_cents,
      },
    ],
  });
  await ledger.setStatus(tx, transfer.id, 'refunded', note);
}
