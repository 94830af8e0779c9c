import { addCents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { TransferRow } from '../activity/activity.service';
import { type Ledger, metadataOf } from '../ledger/ledger.service';
import { markPayoutRefunded } from './remittances.repository';

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
  cause: RefundCause = 'failed',
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

export type RefundCause = 'cancelled' | 'failed' | 'reversed' | 'error_resolution';

/**
 * Amount and fee back to a remittance's sender once, in `tx` with the remittance locked by the
 * caller: marked failed first (unless the sender cancelled it), refunded, and its payout marked
 * refunded so the payout job neither submits it nor refunds it again. False when it was refunded
 * already.
 */
export async function refundRemittanceOnce(
  ledger: Ledger,
  tx: Database,
  transfer: TransferRow,
  refund: { reason: string; note: string; cause: RefundCause },
): Promise<boolean> {
  if (transfer.status === 'refunded') return false;
  if (transfer.status === 'processing' && refund.cause !== 'cancelled') {
    await ledger.setStatus(tx, transfer.id, 'failed', refund.reason);
  }
  await refundRemittance(ledger, tx, transfer, refund.reason, refund.note, refund.cause);
  await markPayoutRefunded(tx, transfer.id, ledger.clock(), refund.cause === 'cancelled');
  return true;
}
