import { addBusinessDays } from '@pago/shared/business-days';
import { cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import type { UnitPayment } from '../../providers/unit/unit-client';
import type { Banking } from '../banking/banking.service';
import { collectDebt as collectOwed, takeBackOrOwe } from '../ledger/debt-collection';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import { listDueHolds, lockFundingTransfer, updateFundingTransfer } from './funding.repository';

/** The partner statuses of an ACH payment that end it without the money. */
const FAILED = new Set(['Rejected', 'Returned', 'Canceled']);

type Row = NonNullable<Awaited<ReturnType<typeof lockFundingTransfer>>>;

type Deps = {
  db: Database;
  ledger: Ledger;
  banking: Pick<Banking, 'onAchStatus'>;
  notifications: Pick<Notifications, 'notify'>;
};

/**
 * What the partner's answers do to the wallet: a deposit settled (spendable, or partly held by
 * the funds-availability policy until its day) or returned (a debt for what was already spent),
 * a withdrawal settled or given back; and the release of holds that came due. Registers itself
 * for the partner's ACH statuses.
 */
export function createFundingSettlement({ db, ledger, banking, notifications }: Deps) {
  /** What the wallet owes is paid first from what just became available (ledger/debt-collection.ts). */
  const collectDebt = (tx: Database, userId: string) =>
    collectOwed(ledger, tx, userId, 'bank_deposit_return');

  /** A deposit's partner status: settled makes it spendable; a return takes it back. */
  async function applyDeposit(tx: Database, row: Row, payment: UnitPayment) {
    const amount = cents(Number(row.amount_cents));
    const onHold = cents(Number(row.on_hold_cents));
    if (payment.status === 'Settled' && row.status === 'pending') {
      // What the policy keeps on hold stays in `held` until its day (`releaseDueHolds`).
      await ledger.adjustWallet(tx, row.user_id, { held: -(amount - onHold) });
      await updateFundingTransfer(tx, row.transfer_id, {
        status: 'settled',
        available_at: onHold > 0 ? addBusinessDays(ledger.clock(), row.hold_business_days) : null,
      });
      await ledger.setStatus(tx, row.transfer_id, 'completed', 'Bank settled');
      await collectDebt(tx, row.user_id);
      return null;
    }
    if (!FAILED.has(payment.status) || row.status === 'returned') return null;
    // Held money is still in the wallet (all of it while pending, the hold's part once settled);
    // settled money available since may have been spent.
    if (row.status === 'pending') await ledger.adjustWallet(tx, row.user_id, { held: -amount });
    else if (onHold > 0) await ledger.adjustWallet(tx, row.user_id, { held: -onHold });
    const back = await takeBackOrOwe(ledger, tx, row.user_id, amount);
    const owed = back.owed;
    const reason = payment.reason ?? payment.status;
    const legs = [
      ...back.legs,
      { account: { role: 'funding_clearing' as const }, amountCents: amount },
    ];
    const reversal = await ledger.post(tx, {
      kind: 'bank_deposit_return',
      status: 'completed',
      userId: row.user_id,
      amountCents: amount,
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { returnOf: row.transfer_id, reason, owedCents: owed },
      legs,
    });
    await back.recordOwed();
    await updateFundingTransfer(tx, row.transfer_id, {
      status: 'returned',
      return_transfer_id: reversal.id,
      on_hold_cents: cents(0),
    });
    await ledger.setStatus(tx, row.transfer_id, 'failed', `Bank returned: ${reason}`);
    return { amount, owed: cents(owed) };
  }

  /** A withdrawal's partner status: settled completes it; a failure gives amount and fee back. */
  async function applyWithdrawal(tx: Database, row: Row, payment: UnitPayment, previous: string) {
    if (row.status !== 'pending') return;
    // Instant is done for the user once the partner sends it; it stays open until Settled, as
    // the bank may still return it.
    if (payment.status === 'Sent' && row.speed === 'instant') {
      await ledger.setStatus(tx, row.transfer_id, 'completed', 'Bank Sent');
      return;
    }
    if (payment.status === 'Settled') {
      await updateFundingTransfer(tx, row.transfer_id, { status: 'settled' });
      // Instant completed on Sent, unless Sent was never seen (settled before Pago heard of it).
      if (row.speed !== 'instant' || previous !== 'Sent')
        await ledger.setStatus(tx, row.transfer_id, 'completed', 'Bank Settled');
      return;
    }
    if (!FAILED.has(payment.status)) return;
    const amount = cents(Number(row.amount_cents));
    const fee = cents(Number(row.fee_cents));
    const reason = payment.reason ?? payment.status;
    const back = await ledger.post(tx, {
      kind: 'bank_withdrawal_return',
      status: 'completed',
      userId: row.user_id,
      amountCents: cents(amount + fee),
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { returnOf: row.transfer_id, reason },
      legs: [
        { account: { role: 'funding_clearing' }, amountCents: -amount },
        ...(fee > 0 ? [{ account: { role: 'fee_revenue' as const }, amountCents: -fee }] : []),
        { account: { userId: row.user_id }, amountCents: amount + fee },
      ],
    });
    await updateFundingTransfer(tx, row.transfer_id, {
      status: 'returned',
      return_transfer_id: back.id,
    });
    await ledger.setStatus(tx, row.transfer_id, 'failed', `Bank ${payment.status}: ${reason}`);
  }

  banking.onAchStatus(async (tx, transferId, payment, previous) => {
    const row = await lockFundingTransfer(tx, transferId);
    if (!row) return;
    if (row.direction === 'withdrawal') return applyWithdrawal(tx, row, payment, previous);
    const returned = await applyDeposit(tx, row, payment);
    // Told in the return's own transaction (in the app and by e-mail, after it commits). A deposit
    // the partner refused when asked was answered with the refusal: nothing more to tell.
    if (returned && payment.status !== 'Rejected') {
      await notifications.notify(tx, {
        userId: row.user_id,
        type: 'deposit_returned',
        data: {
          amountCents: returned.amount,
          owedCents: returned.owed,
          transferId: row.transfer_id,
        },
      });
    }
  });

  return {
    /**
     * Releases the holds due by the ledger's clock (the job queue runs it), each in its own short
     * transaction under its deposit's lock, so a return arriving meanwhile finds it either held or
     * released, never both. Whatever is owed is collected from what becomes available.
     */
    async releaseDueHolds(batch = 200): Promise<number> {
      let released = 0;
      for (;;) {
        const now = ledger.clock();
        const due = await listDueHolds(db, now, batch);
        for (const transferId of due) {
          const done = await db.transaction().execute(async (tx) => {
            const row = await lockFundingTransfer(tx, transferId);
            // Returned or released meanwhile: nothing left to release.
            if (row?.status !== 'settled' || !row.available_at || row.available_at > now) {
              return false;
            }
            const onHold = Number(row.on_hold_cents);
            if (onHold <= 0) return false;
            await ledger.adjustWallet(tx, row.user_id, { held: -onHold });
            await updateFundingTransfer(tx, transferId, {
              status: 'settled',
              on_hold_cents: cents(0),
            });
            await collectDebt(tx, row.user_id);
            return true;
          });
          if (done) released += 1;
        }
        if (due.length < batch) return released;
      }
    },
  };
}
