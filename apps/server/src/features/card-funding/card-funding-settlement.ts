import { cents } from '@pago/shared/money';
import type Stripe from 'stripe';
import type { Database } from '../../db/database';
import { collectDebt, takeBackOrOwe } from '../ledger/debt-collection';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import { type CardFundingRow, owedByReversal, updateCardFunding } from './card-funding.repository';

/** What Pago knows of a PaymentIntent: from a confirmation, a re-read or a webhook event. */
export type IntentView = Pick<Stripe.PaymentIntent, 'id' | 'status'> & {
  last_payment_error?: Pick<Stripe.PaymentIntent.LastPaymentError, 'code' | 'decline_code'> | null;
};

/**
 * What Stripe's answers do to a card top-up and the wallet, each applied once under the top-up's
 * row lock and only forward (pending → requires_action → succeeded or failed; succeeded →
 * disputed → dispute_won or dispute_lost), so the request, its 3-D Secure return and Stripe's
 * webhook may each bring the same news in any order.
 */
export function createCardFundingSettlement({
  ledger,
  notifications,
}: {
  ledger: Ledger;
  notifications: Pick<Notifications, 'notify'>;
}) {
  const open = (row: CardFundingRow) =>
    row.status === 'pending' || row.status === 'requires_action';

  /** The card was charged amount + fee: the wallet gets the amount at once, Pago the fee. */
  async function credit(tx: Database, row: CardFundingRow, paymentIntentId: string) {
    const amount = cents(Number(row.amount_cents));
    const fee = cents(Number(row.fee_cents));
    const transfer = await ledger.post(tx, {
      kind: 'card_funding',
      status: 'completed',
      userId: row.user_id,
      amountCents: amount,
      feeCents: fee,
      countsTowardLimits: false,
      metadata: { paymentIntentId, brand: row.brand, funding: row.funding, last4: row.last4 },
      legs: [
        { account: { role: 'card_funding_clearing' }, amountCents: -(amount + fee) },
        { account: { userId: row.user_id }, amountCents: amount },
        ...(fee > 0 ? [{ account: { role: 'fee_revenue' as const }, amountCents: fee }] : []),
      ],
    });
    // What the wallet owes is paid first from the top-up (ledger/debt-collection.ts).
    await collectDebt(ledger, tx, row.user_id, 'card_funding_reversal');
    await updateCardFunding(
      tx,
      row.id,
      {
        status: 'succeeded',
        payment_intent_id: paymentIntentId,
        transfer_id: transfer.id,
        authentication_url: null,
      },
      ledger.clock(),
    );
  }

  return {
    /**
     * A PaymentIntent's state applied to its open top-up: succeeded credits the wallet;
     * requires_action waits for 3-D Secure; a decline or failed authentication (back to
     * requires_payment_method) or a cancel ends it with nothing moved. Anything else waits.
     */
    async applyIntent(
      tx: Database,
      row: CardFundingRow,
      intent: IntentView,
      authenticationUrl: string | null = null,
    ): Promise<void> {
      if (!open(row)) return;
      if (intent.status === 'succeeded') return credit(tx, row, intent.id);
      if (intent.status === 'requires_action') {
        if (row.status === 'requires_action' && row.payment_intent_id === intent.id) return;
        await updateCardFunding(
          tx,
          row.id,
          {
            status: 'requires_action',
            payment_intent_id: intent.id,
            authentication_url: authenticationUrl,
          },
          ledger.clock(),
        );
        return;
      }
      const error = intent.last_payment_error;
      if (intent.status === 'canceled' || (intent.status === 'requires_payment_method' && error)) {
        await updateCardFunding(
          tx,
          row.id,
          {
            status: row.status === 'requires_action' ? 'failed' : 'declined',
            payment_intent_id: intent.id,
            decline_code: error?.decline_code ?? error?.code ?? intent.status,
            authentication_url: null,
          },
          ledger.clock(),
        );
        return;
      }
      if (!row.payment_intent_id) {
        await updateCardFunding(tx, row.id, { payment_intent_id: intent.id }, ledger.clock());
      }
    },

    /** A top-up Stripe refused outright (a decline answered to the confirmation): nothing moved. */
    async decline(
      tx: Database,
      row: CardFundingRow,
      paymentIntentId: string | null,
      code: string,
    ): Promise<void> {
      if (!open(row)) return;
      await updateCardFunding(
        tx,
        row.id,
        {
          status: row.status === 'requires_action' ? 'failed' : 'declined',
          decline_code: code,
          authentication_url: null,
          ...(paymentIntentId ? { payment_intent_id: paymentIntentId } : {}),
        },
        ledger.clock(),
      );
    },

    /**
     * A chargeback opened: Stripe took the charge (amount and fee) back from Pago, so the wallet
     * gives back the amount (the fee went back to the card with the charge); what the wallet no
     * longer has is owed (`owed_cents`, against `funding_receivable`), as a returned bank deposit.
     */
    async disputeOpened(
      tx: Database,
      row: CardFundingRow,
      disputeId: string,
      reason: string,
    ): Promise<{ owedCents: number } | null> {
      if (row.status !== 'succeeded' || !row.transfer_id) return null;
      const amount = cents(Number(row.amount_cents));
      const fee = cents(Number(row.fee_cents));
      const back = await takeBackOrOwe(ledger, tx, row.user_id, amount);
      const owed = back.owed;
      const reversal = await ledger.post(tx, {
        kind: 'card_funding_reversal',
        status: 'completed',
        userId: row.user_id,
        amountCents: amount,
        countsTowardLimits: false,
        relatedTransferId: row.transfer_id,
        metadata: { reversalOf: row.transfer_id, reason: `dispute_${reason}`, owedCents: owed },
        legs: [
          ...back.legs,
          ...(fee > 0 ? [{ account: { role: 'fee_revenue' as const }, amountCents: -fee }] : []),
          { account: { role: 'card_funding_clearing' }, amountCents: amount + fee },
        ],
      });
      await back.recordOwed();
      await updateCardFunding(
        tx,
        row.id,
        { status: 'disputed', dispute_id: disputeId, reversal_transfer_id: reversal.id },
        ledger.clock(),
      );
      // Told in the reversal's own transaction (in the app, and by e-mail after it commits), as
      // a returned check is.
      await notifications.notify(tx, {
        userId: row.user_id,
        type: 'card_funding_reversed',
        data: { amountCents: amount, owedCents: cents(owed), transferId: row.transfer_id },
      });
      return { owedCents: owed };
    },

    /**
     * A chargeback decided. Won: Stripe pays the charge back to Pago, so the top-up is given back
     * as a new `card_funding` (it `reinstates` the reversal), paying first what the reversal left
     * owed and still is, the rest to the wallet; the fee is Pago's again. Lost: stays reversed.
     */
    async disputeClosed(tx: Database, row: CardFundingRow, won: boolean): Promise<void> {
      if (row.status !== 'disputed' || !row.reversal_transfer_id) return;
      if (!won) {
        await updateCardFunding(tx, row.id, { status: 'dispute_lost' }, ledger.clock());
        return;
      }
      const amount = cents(Number(row.amount_cents));
      const fee = cents(Number(row.fee_cents));
      const state = await ledger.walletState(tx, row.user_id, true);
      const repaid = Math.min(await owedByReversal(tx, row.reversal_transfer_id), state.owed);
      const toWallet = amount - repaid;
      const back = await ledger.post(tx, {
        kind: 'card_funding',
        status: 'completed',
        userId: row.user_id,
        amountCents: amount,
        countsTowardLimits: false,
        relatedTransferId: row.reversal_transfer_id,
        metadata: {
          paymentIntentId: row.payment_intent_id ?? '',
          brand: row.brand,
          funding: row.funding,
          last4: row.last4,
          reinstates: row.reversal_transfer_id,
        },
        legs: [
          { account: { role: 'card_funding_clearing' }, amountCents: -(amount + fee) },
          ...(toWallet > 0 ? [{ account: { userId: row.user_id }, amountCents: toWallet }] : []),
          ...(repaid > 0
            ? [{ account: { role: 'funding_receivable' as const }, amountCents: repaid }]
            : []),
          ...(fee > 0 ? [{ account: { role: 'fee_revenue' as const }, amountCents: fee }] : []),
        ],
      });
      if (repaid > 0) await ledger.adjustWallet(tx, row.user_id, { owed: -repaid });
      // Any other debt is paid next from what reached the wallet.
      await collectDebt(ledger, tx, row.user_id, 'card_funding_reversal');
      await updateCardFunding(
        tx,
        row.id,
        { status: 'dispute_won', reinstatement_transfer_id: back.id },
        ledger.clock(),
      );
    },
  };
}

export type CardFundingSettlement = ReturnType<typeof createCardFundingSettlement>;
