import { cents } from '@pago/shared/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { TransferRow } from '../activity/activity.service';
import { type Ledger, metadataOf } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { PartnerPayouts } from '../remittances/partner-payouts';

/**
 * The money side of a sanctions hold (features/sanctions): a held movement recorded, released
 * when compliance clears it (the remittance due to the partner, the P2P payment to the payee) or
 * refunded in full when it blocks it.
 */
/** What bill pay does with a held bill payment (billpay-payments.ts registers it). */
export type BillPaymentHolds = {
  /** Cleared: the payment is sent to the partner (reserved now, sent by bill pay's jobs). */
  release: (tx: Database, transferId: string) => Promise<void>;
  /** Blocked: the payment refunded in full, not sent. */
  refund: (tx: Database, transferId: string) => Promise<void>;
};

export function createHolds({
  ledger,
  partner,
  notifications,
}: {
  ledger: Ledger;
  partner: Pick<PartnerPayouts, 'decideHeld'>;
  notifications: Pick<Notifications, 'notify'>;
}) {
  let billPayments: BillPaymentHolds | null = null;
  /** Bill pay registers what a decision does to its held payments. */
  function onBillPayment(handlers: BillPaymentHolds) {
    billPayments = handlers;
  }
  const bills = () => {
    if (!billPayments) throw new Error('Bill pay has not registered its sanctions holds');
    return billPayments;
  };

  async function recordHold(
    tx: Database,
    transferId: string,
    movement: 'remittance' | 'p2p' | 'bill_payment',
    userId: string,
    hitIds: string[],
  ) {
    await tx
      .insertInto('sanctions_holds')
      .values({
        transfer_id: transferId,
        movement,
        user_id: userId,
        hit_ids: hitIds,
        created_at: ledger.clock(),
      })
      .execute();
  }

  async function setUnderReview(tx: Database, transferId: string, underReview: boolean) {
    await sql`
      update ledger_transfers set metadata = case when ${underReview}::boolean
        then metadata || '{"underReview": true}'::jsonb else metadata - 'underReview' end
      where id = ${transferId}`.execute(tx);
  }

  async function lockTransfer(tx: Database, id: string) {
    return (await tx
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()) as TransferRow | undefined;
  }

  /** A held movement goes ahead: the remittance is due to the partner, the P2P lands. */
  async function release(tx: Database, hold: { transfer_id: string; movement: string }) {
    const transfer = await lockTransfer(tx, hold.transfer_id);
    if (!transfer) return;
    if (hold.movement === 'remittance') {
      await partner.decideHeld(tx, transfer.id, 'release');
    } else if (hold.movement === 'bill_payment') {
      await bills().release(tx, transfer.id);
    } else if (hold.movement === 'p2p' && transfer.status === 'processing') {
      const payee = transfer.counterparty_user_id as string;
      await ledger.post(tx, {
        kind: 'sanctions_release',
        status: 'completed',
        userId: payee,
        amountCents: transfer.amount_cents,
        countsTowardLimits: false,
        relatedTransferId: transfer.id,
        metadata: { releaseOf: transfer.id, outcome: 'cleared' },
        legs: [
          { account: { role: 'sanctions_hold' }, amountCents: -transfer.amount_cents },
          { account: { userId: payee }, amountCents: transfer.amount_cents },
        ],
      });
      await ledger.setStatus(tx, transfer.id, 'completed', null);
      // The payee's news, as the ledger's trigger tells it of a payment that is not held.
      if (transfer.kind === 'request_payment') {
        const meta = metadataOf(transfer, 'request_payment');
        await notifications.notify(tx, {
          userId: payee,
          type: 'request_paid',
          actorId: transfer.user_id,
          data: {
            amountCents: transfer.amount_cents,
            transferId: transfer.id,
            requestId: meta.requestId,
            note: meta.note,
          },
        });
      } else {
        const meta = metadataOf(transfer, 'p2p');
        await notifications.notify(tx, {
          userId: payee,
          type: 'money_received',
          actorId: transfer.user_id,
          data: {
            amountCents: transfer.amount_cents,
            transferId: transfer.id,
            ...(meta.note ? { note: meta.note } : {}),
          },
        });
      }
    }
    await setUnderReview(tx, transfer.id, false);
  }

  /** A held movement refunded in full to its sender (a remittance's fee included). */
  async function refund(tx: Database, hold: { transfer_id: string; movement: string }) {
    const transfer = await lockTransfer(tx, hold.transfer_id);
    if (!transfer) return;
    const why = 'Not sent after a compliance review: amount and fee returned to your balance';
    if (hold.movement === 'remittance') {
      await partner.decideHeld(tx, transfer.id, 'refund');
    } else if (hold.movement === 'bill_payment') {
      await bills().refund(tx, transfer.id);
    } else if (hold.movement === 'p2p' && transfer.status === 'processing') {
      await ledger.post(tx, {
        kind: 'sanctions_release',
        status: 'completed',
        userId: transfer.user_id,
        amountCents: cents(transfer.amount_cents + transfer.fee_cents),
        countsTowardLimits: false,
        relatedTransferId: transfer.id,
        metadata: { releaseOf: transfer.id, outcome: 'blocked' },
        legs: [
          {
            account: { role: 'sanctions_hold' },
            amountCents: -(transfer.amount_cents + transfer.fee_cents),
          },
          {
            account: { userId: transfer.user_id },
            amountCents: transfer.amount_cents + transfer.fee_cents,
          },
        ],
      });
      await ledger.setStatus(tx, transfer.id, 'refunded', why);
      if (transfer.kind === 'request_payment') {
        // The request is no longer paid: cancelled (by Pago, after the review), the payment
        // refunded to the payer. Not "declined": the payer did not decline it.
        const meta = metadataOf(transfer, 'request_payment');
        await tx
          .updateTable('money_requests')
          .set({ status: 'cancelled', updated_at: ledger.clock() })
          .where('id', '=', meta.requestId)
          .where('status', '=', 'paid')
          .execute();
      }
    }
    await setUnderReview(tx, transfer.id, false);
  }

  return { recordHold, setUnderReview, lockTransfer, release, refund, onBillPayment };
}
