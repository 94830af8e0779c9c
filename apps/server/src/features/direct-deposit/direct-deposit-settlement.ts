import { type Cents, cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { UnitReceivedPayment } from '../../providers/unit/unit-client';
import { collectDebt as collectOwed, takeBackOrOwe } from '../ledger/debt-collection';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  type DirectDepositRow,
  findUserOfPartnerAccount,
  insertDirectDeposit,
  lockDirectDeposit,
  lockReceivedPaymentId,
  markTransferAdvanced,
  updateDirectDeposit,
} from './direct-deposit.repository';

/** Told, inside the transaction that made it so, that a deposit became available (features/payday). */
export type DepositAvailableHandler = (tx: Database, row: DirectDepositRow) => Promise<void>;

type Deps = {
  ledger: Ledger;
  notifications: Pick<Notifications, 'notify'>;
  onAvailable?: DepositAvailableHandler;
};

/**
 * What the partner's received payments do to the wallet, each applied from the partner's own
 * answer (read back, never the event's word), so a repeated or late event changes nothing:
 * - first seen: an `ach_received` transfer from `received_ach_clearing`, in the wallet but held;
 * - Advanced (early pay) or Completed: the hold released (available), what the wallet owes
 *   collected from it; Completed also completes the transfer;
 * - Returned: the money taken back as a returned bank deposit is (funding-settlement.ts): the
 *   hold if it was still held, else what is available, and the rest owed (`funding_receivable`).
 * A row's status only moves forward: pending → advanced → completed, or → returned.
 */
export function createDirectDepositSettlement({ ledger, notifications, onAvailable }: Deps) {
  /** What the wallet owes is paid first from what just became available (ledger/debt-collection.ts). */
  const collectDebt = (tx: Database, userId: string) =>
    collectOwed(ledger, tx, userId, 'ach_received_return');

  const notify = (
    tx: Database,
    row: DirectDepositRow,
    type: 'direct_deposit_pending' | 'direct_deposit_available' | 'direct_deposit_returned',
    owed?: Cents,
  ) =>
    notifications.notify(tx, {
      userId: row.user_id,
      type,
      data: {
        amountCents: cents(Number(row.amount_cents)),
        transferId: row.transfer_id,
        payer: row.company_name,
        ...(owed !== undefined ? { owedCents: owed } : {}),
      },
    });

  /** The first time Pago sees a credit to a user's account: in the wallet, held. */
  async function record(tx: Database, payment: UnitReceivedPayment) {
    if (payment.direction !== 'Credit' || payment.amount <= 0) return null;
    // Returned before Pago heard of it: no money stayed (an advance was repaid at the partner).
    if (payment.status === 'Returned') return null;
    const userId = await findUserOfPartnerAccount(tx, payment.accountId);
    if (!userId) return null;
    const amount = cents(payment.amount);
    const transfer = await ledger.post(tx, {
      kind: 'ach_received',
      status: 'processing',
      userId,
      amountCents: amount,
      countsTowardLimits: false,
      metadata: {
        receivedPaymentId: payment.id,
        companyName: payment.companyName,
        description: payment.description,
        secCode: payment.secCode,
      },
      legs: [
        { account: { role: 'received_ach_clearing' }, amountCents: -amount },
        { account: { userId }, amountCents: amount },
      ],
    });
    await ledger.adjustWallet(tx, userId, { held: amount });
    const row = await insertDirectDeposit(tx, {
      receivedPaymentId: payment.id,
      userId,
      transferId: transfer.id,
      amountCents: amount,
      companyName: payment.companyName,
      description: payment.description,
      advanceable: payment.isAdvanceable,
      completionDate: payment.completionDate,
    });
    if (payment.status !== 'Advanced' && payment.status !== 'Completed') {
      await notify(tx, row, 'direct_deposit_pending');
    }
    return row;
  }

  /** Pending → available (the hold released), telling the user once. */
  async function makeAvailable(tx: Database, row: DirectDepositRow, advanced: boolean) {
    await ledger.adjustWallet(tx, row.user_id, { held: -Number(row.amount_cents) });
    if (advanced) await markTransferAdvanced(tx, row.transfer_id);
    await collectDebt(tx, row.user_id);
    await notify(tx, row, 'direct_deposit_available');
    await onAvailable?.(tx, row);
  }

  async function returned(tx: Database, row: DirectDepositRow, reason: string) {
    const amount = cents(Number(row.amount_cents));
    // Held money is still in the wallet; money available since may have been spent.
    if (row.status === 'pending') await ledger.adjustWallet(tx, row.user_id, { held: -amount });
    const back = await takeBackOrOwe(ledger, tx, row.user_id, amount);
    const owed = back.owed;
    const reversal = await ledger.post(tx, {
      kind: 'ach_received_return',
      status: 'completed',
      userId: row.user_id,
      amountCents: amount,
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { returnOf: row.transfer_id, reason, owedCents: owed },
      legs: [
        ...back.legs,
        { account: { role: 'received_ach_clearing' as const }, amountCents: amount },
      ],
    });
    await back.recordOwed();
    await ledger.setStatus(tx, row.transfer_id, 'failed', `Returned: ${reason}`);
    await updateDirectDeposit(tx, row.unit_received_payment_id, {
      status: 'returned',
      return_reason: reason,
      return_transfer_id: reversal.id,
      owed_cents: owed,
    });
    await notify(tx, row, 'direct_deposit_returned', owed);
  }

  /**
   * Brings Pago's record of one received payment to the partner's status (in `tx`): made on
   * first sight, then only forward. Payments not to a Pago user's account, and debits, are left.
   */
  async function applyPayment(tx: Database, payment: UnitReceivedPayment): Promise<void> {
    await lockReceivedPaymentId(tx, payment.id);
    const row = (await lockDirectDeposit(tx, payment.id)) ?? (await record(tx, payment));
    if (!row || row.status === 'completed' || row.status === 'returned') return;
    const id = row.unit_received_payment_id;
    switch (payment.status) {
      case 'Advanced':
        if (row.status !== 'pending') return;
        await makeAvailable(tx, row, true);
        await updateDirectDeposit(tx, id, { status: 'advanced' });
        return;
      case 'Completed':
        if (row.status === 'pending') await makeAvailable(tx, row, payment.wasAdvanced);
        await ledger.setStatus(tx, row.transfer_id, 'completed', 'Received ACH completed');
        await updateDirectDeposit(tx, id, { status: 'completed' });
        return;
      case 'Returned':
        await returned(tx, row, payment.returnReason ?? 'Returned');
        return;
      case 'MarkedForReturn':
      case 'PendingReview':
        // Not to be advanced while the partner looks at it.
        if (row.advanceable) await updateDirectDeposit(tx, id, { advanceable: false });
        return;
      default:
        if (row.advanceable !== payment.isAdvanceable) {
          await updateDirectDeposit(tx, id, { advanceable: payment.isAdvanceable });
        }
    }
  }

  return { applyPayment };
}
