import type { Database } from '../../db/database';
import type { Ledger } from '../ledger/ledger.service';
import type { RefundCause } from './payouts.service';
import { lockPayout, type PayoutRow, updatePayout } from './remittances.repository';

/**
 * A payout held for a sanctions review (features/sanctions; `compliance_hold`, migration 0051),
 * decided, in `tx`: cleared, it is due to the partner now (the payout job submits it); blocked,
 * amount and fee go back to the sender. False: nothing to do (no such payout, or already
 * refunded, e.g. cancelled by the sender meanwhile).
 */
export async function decideHeldPayout(
  {
    ledger,
    refundOnce,
  }: {
    ledger: Ledger;
    refundOnce: (
      tx: Database,
      payout: PayoutRow,
      reason: string,
      cause: RefundCause,
    ) => Promise<boolean>;
  },
  tx: Database,
  transferId: string,
  decision: 'release' | 'refund',
): Promise<boolean> {
  const payout = await lockPayout(tx, transferId);
  if (!payout || payout.refunded_at) return false;
  if (decision === 'release') {
    await updatePayout(tx, transferId, { compliance_hold: false, submit_after: ledger.clock() });
    return true;
  }
  return refundOnce(
    tx,
    payout,
    'Not sent after a compliance review: amount and fee returned to your balance',
    'failed',
  );
}
