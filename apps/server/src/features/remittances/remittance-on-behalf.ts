import type { RemittanceOrigin } from '@pago/shared/contracts/ledger';
import type { Quote, Transfer } from '@pago/shared/contracts/transfers';
import type { CorridorCountry } from '@pago/shared/fees';
import { type Cents, centsToDecimalString } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Activity, TransferRow } from '../activity/activity.service';
import type { Transfers } from '../transfers/transfers.service';
import type { PartnerPayouts } from './partner-payouts';
import type { RecipientRow, Recipients } from './recipients.service';

/** A saved recipient whose phone became a Pago user's is paid in the app, not abroad. */
export function recipientIsPagoUser() {
  return new AppError(
    'quote_recipient_mismatch',
    409,
    'This recipient’s phone is a Pago user’s now: send to them in the app instead.',
  );
}

type Deps = {
  recipients: Recipients;
  partner: Pick<PartnerPayouts, 'assertSenderReady'>;
  transfers: Pick<Transfers, 'quote'>;
  activity: Pick<Activity, 'view'>;
  /** remittances.service's reserve: the quote taken, the money moved, the payout written. */
  reserve: (
    tx: Database,
    userId: string,
    row: RecipientRow,
    send: { amountUsd: number; speed?: 'standard' | 'express'; quoteId: string },
    requestKey: string | null,
    submitAfter: (now: Date) => Date,
    origin?: RemittanceOrigin,
  ) => Promise<TransferRow>;
};

/**
 * Sending home without the sender at the keyboard (issue 29: schedules, rate orders, payday rules,
 * Pídeme requests, colectas): a fresh quote, then the send inside the caller's transaction.
 */
export function createOnBehalf({ recipients, partner, transfers, activity, reserve }: Deps) {
  /**
   * A fresh quote for a send Pago makes on the sender's behalf (a schedule, a rate order, a
   * payday rule, a Pídeme request, a colecta) to their saved recipient: the partner's price now,
   * bound to the recipient. Taken outside any transaction (it calls the partner).
   */
  async function quoteFor(
    userId: string,
    recipientId: string,
    amountCents: Cents,
    speed: 'standard' | 'express',
  ): Promise<Quote> {
    recipients.requirePartner();
    const row = await recipients.rowOf(userId, recipientId);
    const quote = await transfers.quote(
      userId,
      {
        recipientCountry: row.country as CorridorCountry,
        amountUsd: Number(centsToDecimalString(amountCents)),
        speed,
        recipientId,
      },
      null,
    );
    // A saved recipient's phone that became a Pago user's is paid in the app, not abroad.
    if (quote.transferKind !== 'remittance') throw recipientIsPagoUser();
    return quote;
  }

  /**
   * Sends home on a quote from `quoteFor`, in the caller's transaction `tx` (so a schedule's run,
   * a hold's release and the send commit together or not at all): the limits, funds and
   * sanctions screening of any send; the `remittance-payouts` job hands it to the partner right
   * after commit. `origin` is kept in the transfer's metadata.
   */
  async function sendQuoted(
    tx: Database,
    userId: string,
    send: {
      recipientId: string;
      quoteId: string;
      amountCents: Cents;
      speed: 'standard' | 'express';
      origin: RemittanceOrigin;
    },
  ): Promise<Transfer> {
    recipients.requirePartner();
    const row = await recipients.rowOf(userId, send.recipientId);
    await partner.assertSenderReady(
      userId,
      row.country as CorridorCountry,
      recipients.payable(row).payout.payerId,
    );
    const transfer = await reserve(
      tx,
      userId,
      row,
      {
        amountUsd: Number(centsToDecimalString(send.amountCents)),
        speed: send.speed,
        quoteId: send.quoteId,
      },
      null,
      (now) => now,
      send.origin,
    );
    return (await activity.view([transfer], userId, tx))[0] as Transfer;
  }

  return { quoteFor, sendQuoted };
}

/** Sending home on a user's behalf, as the features that do it (schedules, rates, payday…) take it. */
export type SendOnBehalf = ReturnType<typeof createOnBehalf>;
