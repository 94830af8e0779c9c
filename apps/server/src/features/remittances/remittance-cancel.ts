import type { Transfer } from '@pago/shared/contracts/transfers';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { ThunesClient, ThunesTransaction } from '../../providers/thunes/thunes-client';
import { ThunesError } from '../../providers/thunes/thunes-client';
import type { Activity } from '../activity/activity.service';
import type { PhasedWork } from '../idempotency/idempotency.service';
import type { Ledger } from '../ledger/ledger.service';
import type { PartnerPayouts } from './partner-payouts';
import { cancellable } from './remittance-tracking';
import { lockPayout, lockRemittanceOf, updatePayout } from './remittances.repository';

export const transferNotFound = () => new AppError('not_found', 404, 'Transfer not found');
const notCancellable = (status: string) =>
  new AppError(
    'transfer_not_cancellable',
    409,
    'This transfer can no longer be cancelled: it was already paid out or refunded.',
    { status },
  );

/** A sender's cancel of a remittance (remittances.service.ts, `cancelPhases`). */
export function createCancel({
  ledger,
  activity,
  partner,
  thunes,
}: {
  ledger: Ledger;
  activity: Activity;
  partner: PartnerPayouts;
  thunes: ThunesClient | null;
}) {
  async function transferView(userId: string, transferId: string, executor: Database) {
    const row = await lockRemittanceOf(executor, userId, transferId);
    if (!row) throw transferNotFound();
    return (await activity.view([row], userId, executor))[0] as Transfer;
  }

  return function cancelPhases(
    userId: string,
    id: string,
  ): PhasedWork<
    null,
    { transferId: string; partnerId: string | null },
    ThunesTransaction | AppError | null
  > {
    return {
      prepare: async () => null,
      reserve: async (tx) => {
        const transfer = isUuid(id) ? await lockRemittanceOf(tx, userId, id) : undefined;
        if (!transfer) throw transferNotFound();
        const payout = await lockPayout(tx, transfer.id);
        const view = (await activity.view([transfer], userId, tx))[0] as Transfer;
        if (!cancellable(view, payout)) throw notCancellable(transfer.status);
        if (!payout?.confirming_at || !payout.partner_transaction_id) {
          if (!payout) throw notCancellable(transfer.status);
          // Not confirmed at the partner: refunded now; a submission in flight finds it
          // refunded under the lock and never confirms (partner-payouts.ts, submit).
          await partner.refundOnce(tx, payout, 'Cancelled by the sender', 'cancelled');
          return { transferId: transfer.id, partnerId: null };
        }
        return { transferId: transfer.id, partnerId: payout.partner_transaction_id };
      },
      call: async ({ partnerId }) => {
        if (!partnerId || !thunes) return null;
        try {
          return await thunes.cancelTransaction(partnerId);
        } catch (error) {
          if (error instanceof ThunesError && error.kind === 'refused') {
            return notCancellable('paid_out');
          }
          return new AppError(
            'payout_partner_unavailable',
            503,
            'Our payout partner cannot be reached right now. Try again in a few minutes.',
          );
        }
      },
      settle: async (tx, { transferId }, outcome) => {
        if (outcome instanceof AppError) throw outcome;
        if (outcome) {
          const payout = await lockPayout(tx, transferId);
          if (payout) {
            await updatePayout(tx, transferId, {
              cancelled_at: payout.cancelled_at ?? ledger.clock(),
            });
            await partner.apply(
              tx,
              { ...payout, cancelled_at: payout.cancelled_at ?? ledger.clock() },
              outcome,
            );
          }
        }
        return { statusCode: 200, body: await transferView(userId, transferId, tx) };
      },
    };
  };
}
