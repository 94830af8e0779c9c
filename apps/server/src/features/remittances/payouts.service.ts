import { addCents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { PayoutPartner } from '../../providers/payout/payout-partner';
import type { TransferRow } from '../activity/activity.service';
import { type Ledger, metadataOf } from '../ledger/ledger.service';
import { lockDuePayouts, markPaidOut } from './remittances.repository';

type Deps = { db: Database; ledger: Ledger; payouts: PayoutPartner };

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
  cause: 'cancelled' | 'failed' = 'failed',
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

/** The payout partner's side of a remittance: settles those whose payout is due. */
export function createPayoutSettlement({ db, ledger, payouts }: Deps) {
  return {
    /**
     * Settles remittances whose payout is due: delivered (a cash pickup gets its pickup code), or
     * failed and refunded in full (fee included) in the same transaction. Safe to run from several
     * processes at once, and against a cancel: both lock the remittance and act only while it is
     * still processing.
     */
    async settleDuePayouts(limit = 50): Promise<number> {
      if (!payouts.available) return 0;
      return db.transaction().execute(async (tx) => {
        const due = await lockDuePayouts(tx, ledger.clock(), limit);
        for (const transfer of due) {
          const meta = metadataOf(transfer, 'remittance');
          const outcome = payouts.outcome(meta.recipientPhone);
          if (outcome.status === 'delivered') {
            await ledger.setStatus(tx, transfer.id, 'delivered', null);
            await markPaidOut(tx, transfer.id, ledger.clock(), () => payouts.issuePickupCode());
            continue;
          }
          await ledger.setStatus(tx, transfer.id, 'failed', outcome.reason);
          await refundRemittance(
            ledger,
            tx,
            transfer,
            outcome.reason,
            'Amount and fee returned to your balance',
          );
        }
        return due.length;
      });
    },
  };
}

export type PayoutSettlement = ReturnType<typeof createPayoutSettlement>;
