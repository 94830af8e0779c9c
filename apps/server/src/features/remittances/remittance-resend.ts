import type { PayoutDetails } from '@pago/shared/contracts/remittances';
import { cents } from '@pago/shared/money';
import { CANCEL_MINUTES } from '@pago/shared/remittance-rights';
import type { Database } from '../../db/database';
import {
  THUNES_ERRORS,
  type ThunesClient,
  ThunesError,
} from '../../providers/thunes/thunes-client';
import type { TransferRow } from '../activity/activity.service';
import { receiptReference } from '../activity/receipt-reference';
import { type Ledger, metadataOf } from '../ledger/ledger.service';
import { insertPayout, type PayoutRow } from './remittances.repository';

/** The partner's quotation a free resend is created from: exactly what was disclosed. */
export type ResendQuote = { id: string; sourceAmount: string };

/**
 * The partner's quotation for sending a remittance's disclosed payout again (DESTINATION_AMOUNT:
 * the recipient gets what the sender was promised; Pago bears any change of rate). Null when the
 * payout has no payer or disclosure (sent before the partner) or the partner refuses it.
 */
export async function quoteResend(
  thunes: Pick<ThunesClient, 'createQuotation' | 'getQuotationByExternalId'>,
  caseId: string,
  payout: PayoutRow,
): Promise<ResendQuote | null> {
  if (!payout.payer_id || !payout.disclosure) return null;
  const externalId = `resend-${caseId}`;
  try {
    const quotation = await thunes.createQuotation({
      externalId,
      payerId: payout.payer_id,
      destinationAmount: payout.disclosure.totalToRecipient,
      destinationCurrency: payout.disclosure.payoutCurrency,
    });
    return { id: quotation.id, sourceAmount: quotation.source.amount };
  } catch (error) {
    // Asked before by an investigation that did not finish: the same quotation.
    if (error instanceof ThunesError && error.code === THUNES_ERRORS.externalIdUsed) {
      const quotation = await thunes.getQuotationByExternalId(externalId);
      return { id: quotation.id, sourceAmount: quotation.source.amount };
    }
    if (error instanceof ThunesError && error.kind === 'refused') return null;
    throw error;
  }
}

/**
 * Sends a remittance again at no cost to its sender, in `tx` (after its amount and fee were given
 * back): the amount leaves the wallet again, with no fee and outside the limits, to the same
 * recipient by the same payer, as a new remittance the payout job hands to the partner at once.
 * Null when the wallet cannot cover it (then the refund stands as the remedy).
 */
export async function resendRemittance(
  tx: Database,
  ledger: Ledger,
  input: { transfer: TransferRow; payout: PayoutRow; quote: ResendQuote },
): Promise<{ transferId: string; reference: string } | null> {
  const { transfer, payout, quote } = input;
  const disclosure = payout.disclosure;
  if (!disclosure || !payout.payer_id || !payout.payer_name) return null;
  const wallet = await ledger.walletState(tx, transfer.user_id, true);
  if (wallet.balance - wallet.held - wallet.owed < transfer.amount_cents) return null;
  const meta = metadataOf(transfer, 'remittance');
  const now = ledger.clock();
  const resent = await ledger.post(tx, {
    kind: 'remittance',
    status: 'processing',
    userId: transfer.user_id,
    amountCents: transfer.amount_cents,
    feeCents: cents(0),
    countsTowardLimits: false,
    relatedTransferId: transfer.id,
    metadata: { ...meta, resendOf: transfer.id },
    legs: [
      { account: { userId: transfer.user_id }, amountCents: -transfer.amount_cents },
      {
        account: { role: `payout_clearing:${meta.recipientCountry}` },
        amountCents: transfer.amount_cents,
      },
    ],
  });
  // As long after now as the first was promised after its payment.
  const delay = payout.expected_by.getTime() - transfer.created_at.getTime();
  const availableBy = new Date(now.getTime() + Math.max(delay, 0));
  await insertPayout(tx, {
    transferId: resent.id,
    userId: transfer.user_id,
    recipientId: payout.recipient_id,
    recipient: {
      firstName: payout.first_name ?? payout.full_name,
      lastName: payout.last_name ?? '',
      country: payout.country,
      phone: payout.phone,
      payout: payout.payout_details as PayoutDetails,
      payerName: payout.payer_name,
    },
    quote: {
      partnerQuotationId: quote.id,
      partnerSourceAmount: quote.sourceAmount,
      disclosure: {
        ...disclosure,
        transferFeeCents: cents(0),
        totalCents: transfer.amount_cents,
        availableBy: availableBy.toISOString(),
      },
    },
    expectedBy: availableBy,
    cancelBy: new Date(now.getTime() + CANCEL_MINUTES * 60_000),
    language: payout.language ?? 'es',
    requestKey: null,
    submitAfter: now,
  });
  return { transferId: resent.id, reference: receiptReference(resent.id) };
}

/** The fee of a remittance back to its sender (made available late), in `tx`; its refund's id. */
export async function refundFee(
  tx: Database,
  ledger: Ledger,
  transfer: TransferRow,
  finding: string,
) {
  if (transfer.fee_cents <= 0) return null;
  const meta = metadataOf(transfer, 'remittance');
  const refund = await ledger.post(tx, {
    kind: 'remittance_refund',
    status: 'completed',
    userId: transfer.user_id,
    amountCents: transfer.fee_cents,
    countsTowardLimits: false,
    relatedTransferId: transfer.id,
    metadata: {
      refundOf: transfer.id,
      reason: `Error resolution: ${finding}; the fee returned`,
      recipientPhone: meta.recipientPhone,
      cause: 'error_resolution',
    },
    legs: [
      { account: { role: 'fee_revenue' }, amountCents: -transfer.fee_cents },
      { account: { userId: transfer.user_id }, amountCents: transfer.fee_cents },
    ],
  });
  return refund.id;
}
