import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { UnitCheckPayment, UnitClient, UnitPayment } from '../../providers/unit/unit-client';
import type { Banking } from '../banking/banking.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  type BillPaymentRow,
  lockBillPaymentByCheck,
  lockBillPaymentByTransfer,
  updateBillPayment,
} from './billpay.repository';

/** The partner statuses that end a bill payment without the biller keeping the money. */
const ACH_FAILED = new Set(['Rejected', 'Returned', 'Canceled']);
const CHECK_FAILED = new Set(['Canceled', 'Rejected', 'ReturnedToSender', 'Returned']);

type Deps = {
  ledger: Ledger;
  banking: Pick<Banking, 'onAchStatus' | 'onEvents'>;
  unit: UnitClient | null;
  notifications: Pick<Notifications, 'notify'>;
};

/**
 * What the partner's answers do to a bill payment: the biller has it (completed: an ACH credit
 * Settled, a check Processed — the payee deposited it), or it came back (an ACH credit Rejected,
 * Returned or Canceled; a check Canceled, Rejected, ReturnedToSender or Returned): the money goes
 * back to the wallet as a `bill_payment_return` and the payment is failed. Registers itself for
 * the partner's ACH statuses (its own transfers only) and its `checkPayment.` events.
 */
export function createBillPaySettlement({ ledger, banking, unit, notifications }: Deps) {
  const notify = (tx: Database, row: BillPaymentRow, type: 'bill_paid' | 'bill_returned') =>
    notifications.notify(tx, {
      userId: row.user_id,
      type,
      data: {
        amountCents: cents(Number(row.amount_cents ?? 0)),
        biller: row.biller_name,
        payDate: row.pay_date,
        ...(row.transfer_id ? { transferId: row.transfer_id } : {}),
      },
    });

  /** Completed: the biller has the money. */
  async function complete(tx: Database, row: BillPaymentRow) {
    if (row.status !== 'processing' || !row.transfer_id) return;
    await updateBillPayment(tx, row.id, { status: 'completed' });
    await ledger.setStatus(tx, row.transfer_id, 'completed', 'Biller paid');
    await notify(tx, row, 'bill_paid');
  }

  /**
   * The money back to the wallet, once: a return transfer from bill-pay clearing. A payment still
   * processing is failed; one completed before (a check returned after it was deposited) keeps
   * its status and shows the return beside it.
   */
  async function giveBack(tx: Database, row: BillPaymentRow, reason: string) {
    if (row.return_transfer_id || !row.transfer_id || row.status === 'failed') return;
    const amount = cents(Number(row.amount_cents));
    const back = await ledger.post(tx, {
      kind: 'bill_payment_return',
      status: 'completed',
      userId: row.user_id,
      amountCents: amount,
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { returnOf: row.transfer_id, reason },
      legs: [
        { account: { role: 'bill_pay_clearing' }, amountCents: -amount },
        { account: { userId: row.user_id }, amountCents: amount },
      ],
    });
    const wasProcessing = row.status === 'processing';
    await updateBillPayment(tx, row.id, {
      status: wasProcessing ? 'failed' : row.status,
      return_transfer_id: back.id,
      reason,
    });
    if (wasProcessing) await ledger.setStatus(tx, row.transfer_id, 'failed', `Bill ${reason}`);
    await notify(tx, row, 'bill_returned');
  }

  /** A check's partner status, as its answer or its webhook read it back. */
  async function applyCheck(tx: Database, row: BillPaymentRow, check: UnitCheckPayment) {
    await updateBillPayment(tx, row.id, {
      unit_check_payment_id: check.id,
      partner_status: check.status,
    });
    if (check.status === 'Processed') return complete(tx, row);
    if (CHECK_FAILED.has(check.status)) {
      return giveBack(tx, row, check.rejectReason ?? check.returnReason ?? check.status);
    }
  }

  banking.onAchStatus(async (tx, transferId, payment: UnitPayment) => {
    const row = await lockBillPaymentByTransfer(tx, transferId);
    if (!row) return;
    await updateBillPayment(tx, row.id, { partner_status: payment.status });
    if (payment.status === 'Settled') return complete(tx, row);
    if (ACH_FAILED.has(payment.status)) return giveBack(tx, row, payment.reason ?? payment.status);
  });

  banking.onEvents('checkPayment.', async (event) => {
    const checkId = event.relationships?.checkPayment?.data?.id;
    if (!unit || typeof checkId !== 'string' || !/^\d{1,18}$/.test(checkId)) return null;
    // Read back: an event out of order never moves a payment to a status it is no longer in.
    const check = await unit.getCheckPayment(checkId);
    return async (tx: Database) => {
      const row = await lockBillPaymentByCheck(tx, check.id);
      // A check Pago did not make, or whose answer is not recorded yet: its status is read
      // with the answer, and later events read it again.
      if (row) await applyCheck(tx, row, check);
    };
  });

  return { applyCheck, giveBack };
}
