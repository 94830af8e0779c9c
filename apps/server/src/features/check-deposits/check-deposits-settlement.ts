import type { CheckDepositStatus } from '@pago/shared/contracts/check-deposits';
import { type Cents, cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { UnitClient } from '../../providers/unit/unit-client';
import { UnitRefusal } from '../../providers/unit/unit-transport';
import type { UnitCheckDeposit } from '../../providers/unit/unit-types';
import type { Banking } from '../banking/banking.service';
import { collectDebt as collectOwed, takeBackOrOwe } from '../ledger/debt-collection';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  type CheckDepositRow,
  lockCheckDepositByUnitId,
  sentToAccount,
  updateCheckDeposit,
} from './check-deposits.repository';

type Deps = {
  db: Database;
  ledger: Ledger;
  banking: Pick<Banking, 'onEvents' | 'onReconcileAccount'>;
  unit: UnitClient | null;
  notifications: Pick<Notifications, 'notify'>;
};

/**
 * The order of Unit's check deposit statuses: a status only ever moves forward, so an event that
 * arrives late (or twice) changes nothing.
 */
const RANK: Record<CheckDepositStatus, number> = {
  Creating: 0,
  AwaitingImages: 1,
  AwaitingFrontImage: 2,
  AwaitingBackImage: 2,
  AwaitingCustomerConfirmation: 3,
  PendingReview: 4,
  Pending: 5,
  Clearing: 6,
  Sent: 7,
  Rejected: 8,
  Canceled: 8,
  Returned: 9,
};
/** The partner has the deposit and reviews or clears it: in the wallet, held. */
const IN_REVIEW = new Set(['PendingReview', 'Pending', 'Clearing', 'Sent']);

/**
 * What the partner's statuses of a check deposit do to the wallet: held while it is reviewed and
 * cleared, available when sent, taken back when rejected or returned (what was spent becomes a
 * debt, as a returned bank deposit's in funding-settlement.ts), and the user told each time.
 * Registers itself for the partner's `checkDeposit.` events and for reconciliation.
 */
export function createCheckDepositSettlement({ db, ledger, banking, unit, notifications }: Deps) {
  /** What the wallet owes is paid first from what just became available (ledger/debt-collection.ts). */
  const collectDebt = (tx: Database, userId: string) =>
    collectOwed(ledger, tx, userId, 'check_deposit_return');

  /**
   * Takes a deposit's money back out of the wallet (rejected while held, or returned): what is
   * available is taken, the rest is owed (a debt collected from the next money that comes in).
   */
  async function takeBack(tx: Database, row: CheckDepositRow, reason: string) {
    const amount = cents(Number(row.amount_cents));
    if (row.funds === 'held') await ledger.adjustWallet(tx, row.user_id, { held: -amount });
    const back = await takeBackOrOwe(ledger, tx, row.user_id, amount);
    const owed = back.owed;
    const reversal = await ledger.post(tx, {
      kind: 'check_deposit_return',
      status: 'completed',
      userId: row.user_id,
      amountCents: amount,
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { returnOf: row.transfer_id ?? '', reason, owedCents: owed },
      legs: [
        ...back.legs,
        { account: { role: 'check_deposit_clearing' as const }, amountCents: amount },
      ],
    });
    await back.recordOwed();
    if (row.transfer_id) {
      await ledger.setStatus(tx, row.transfer_id, 'failed', `Check ${reason}`);
    }
    return { returnTransferId: reversal.id, owed: cents(owed) };
  }

  /**
   * Brings a deposit (locked) to the partner's status, forward only, with what it does to the
   * wallet and the user's notification; each effect happens once, as `funds` records it.
   */
  async function applyStatus(
    tx: Database,
    row: CheckDepositRow,
    deposit: UnitCheckDeposit,
  ): Promise<CheckDepositRow> {
    const status = deposit.status as CheckDepositStatus;
    if (!(status in RANK) || RANK[status] <= RANK[row.status as CheckDepositStatus]) return row;
    const amount = cents(Number(row.amount_cents));
    const set: Parameters<typeof updateCheckDeposit>[2] = { status, reason: deposit.reason };
    if (RANK[status] >= RANK.AwaitingCustomerConfirmation) {
      set.front_uploaded = true;
      set.back_uploaded = true;
    }
    let funds = row.funds;
    let transferId = row.transfer_id;
    const notify = (
      type:
        | 'check_deposit_received'
        | 'check_deposit_available'
        | 'check_deposit_rejected'
        | 'check_deposit_returned',
      extra: { owedCents?: Cents } = {},
    ) =>
      notifications.notify(tx, {
        userId: row.user_id,
        type,
        data: {
          amountCents: amount,
          ...(transferId ? { transferId } : {}),
          ...(deposit.reason ? { declineReason: deposit.reason } : {}),
          ...extra,
        },
      });
    if (IN_REVIEW.has(status) && funds === 'none') {
      // In the wallet, held (pending) until the partner sends it.
      const posted = await ledger.post(tx, {
        kind: 'check_deposit',
        status: 'processing',
        userId: row.user_id,
        amountCents: amount,
        countsTowardLimits: false,
        metadata: { checkDepositId: row.id, description: row.description },
        legs: [
          { account: { role: 'check_deposit_clearing' }, amountCents: -amount },
          { account: { userId: row.user_id }, amountCents: amount },
        ],
      });
      await ledger.adjustWallet(tx, row.user_id, { held: amount });
      transferId = posted.id;
      set.transfer_id = posted.id;
      funds = 'held';
      if (status !== 'Sent') await notify('check_deposit_received');
    }
    if (status === 'Sent' && funds === 'held') {
      await ledger.adjustWallet(tx, row.user_id, { held: -amount });
      if (transferId) await ledger.setStatus(tx, transferId, 'completed', 'Check sent');
      funds = 'available';
      await collectDebt(tx, row.user_id);
      await notify('check_deposit_available');
    }
    if (status === 'Rejected' || status === 'Canceled') {
      if (funds === 'held') {
        const back = await takeBack(
          tx,
          { ...row, funds, transfer_id: transferId },
          deposit.reason ?? status,
        );
        set.return_transfer_id = back.returnTransferId;
        set.owed_cents = back.owed;
      }
      funds = 'failed';
      if (status === 'Rejected') await notify('check_deposit_rejected');
    }
    if (status === 'Returned') {
      let owed = cents(0);
      if (funds === 'held' || funds === 'available') {
        const back = await takeBack(
          tx,
          { ...row, funds, transfer_id: transferId },
          deposit.reason ?? status,
        );
        set.return_transfer_id = back.returnTransferId;
        set.owed_cents = back.owed;
        owed = back.owed;
      }
      funds = 'returned';
      await notify('check_deposit_returned', { owedCents: owed });
    }
    set.funds = funds;
    return updateCheckDeposit(tx, row.id, set);
  }

  // The partner's check deposit events: the deposit is read back (its status, not the event's),
  // then applied in the webhook's transaction, which records the event once.
  banking.onEvents('checkDeposit.', async (event) => {
    const id = event.relationships?.checkDeposit?.data?.id;
    if (typeof id !== 'string' || !/^\d{1,18}$/.test(id) || !unit) return async () => {};
    let deposit: UnitCheckDeposit;
    try {
      deposit = await unit.getCheckDeposit(id);
    } catch (error) {
      // Not a deposit the partner knows: nothing to apply. Anything else: the partner retries.
      if (error instanceof UnitRefusal && error.status === 404) return async () => {};
      throw error;
    }
    return async (tx) => {
      const row = await lockCheckDepositByUnitId(tx, deposit.id);
      if (row) await applyStatus(tx, row, deposit);
    };
  });
  // Checks the partner credited and kept are in the partner account's balance.
  // Checks the partner sent to an account count in its expected balance.
  banking.onReconcileAccount('check-deposits', async ({ partnerAccountId }) => ({
    movement: await sentToAccount(db, partnerAccountId),
    differences: [],
  }));

  return { applyStatus };
}
