import type { Database } from '../../db/database';
import type { Banking } from '../banking/banking.service';
import {
  findCounterparty,
  lockBillPaymentByTransfer,
  lockUserFunding,
  updateBillPayment,
} from './billpay.repository';
import type { createBillPaySettlement } from './billpay-settlement';

/** Why a held payment came back: compliance blocked its payee or its payer. */
const BLOCKED_REASON = 'Not sent after a compliance review: amount returned to your balance';

/**
 * Bill payments a sanctions review held (docs/sanctions.md): reserved in the ledger, not yet at
 * the partner. The sanctions feature calls these in its decision's transaction.
 */
export function createHeldBillPayments({
  banking,
  settlement,
}: {
  banking: Banking;
  settlement: ReturnType<typeof createBillPaySettlement>;
}) {
  /**
   * Compliance cleared a held payment (in its decision's transaction): the partner's reservation
   * made now — the ACH mirror row (the banking retry job sends it once its lease passes) or the
   * check's cover (the unsent-checks job sends it) — exactly as a payment not held.
   */
  async function release(tx: Database, transferId: string) {
    const row = await lockBillPaymentByTransfer(tx, transferId);
    if (row?.status !== 'processing' || row.unit_check_payment_id) return;
    await lockUserFunding(tx, row.user_id);
    const amount = Number(row.amount_cents);
    if (row.method === 'check') {
      await banking.reserveCover(tx, { userId: row.user_id, transferId, amountCents: amount });
      // Due to the check job now.
      await updateBillPayment(tx, row.id, { reason: null });
      return;
    }
    const counterpartyId = await findCounterparty(tx, row.user_id, row.biller_id);
    if (!counterpartyId) throw new Error(`No counterparty for bill payment ${row.id}`);
    await banking.reserveAch(tx, {
      userId: row.user_id,
      transferId,
      counterpartyId,
      amountCents: amount,
      direction: 'Credit',
      sameDay: false,
      requestKey: `sanctions-release-${transferId}`,
    });
  }

  /** Compliance blocked a held payment: the amount back to the wallet, the payment failed. */
  async function refund(tx: Database, transferId: string) {
    const row = await lockBillPaymentByTransfer(tx, transferId);
    if (row?.status !== 'processing' || row.unit_check_payment_id) return;
    await settlement.giveBack(tx, row, BLOCKED_REASON);
  }

  return { release, refund };
}
