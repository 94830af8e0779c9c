import { usdToCents } from '@pago/shared/contracts/amounts';
import type { RemittanceOrigin } from '@pago/shared/contracts/ledger';
import type { SendHomeBody } from '@pago/shared/contracts/remittances';
import type { SendTo, Transfer } from '@pago/shared/contracts/transfers';
import { type CorridorCountry, getCorridor } from '@pago/shared/fees';
import { CANCEL_MINUTES } from '@pago/shared/remittance-rights';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../providers/email/mailer';
import type { ThunesClient } from '../../providers/thunes/thunes-client';
import type { Accounts } from '../accounts/accounts.service';
import type { Activity } from '../activity/activity.service';
import type { PhasedWork } from '../idempotency/idempotency.service';
import { settleReserved } from '../idempotency/idempotency.service';
import type { Ledger } from '../ledger/ledger.service';
import type { RecipientNoticeService } from '../recipient-notice/recipient-notice.service';
import type { Sanctions } from '../sanctions/sanctions.service';
import type { AbroadPricing } from '../transfers/quotes.service';
import type { Transfers } from '../transfers/transfers.service';
import type { PartnerPayouts, Submission } from './partner-payouts';
import type { Payers } from './payers.service';
import { createReceiptMailer } from './receipt-mailer';
import type { RecipientRow, Recipients } from './recipients.service';
import { detailsRequired, priceForRecipient } from './remittance-abroad';
import { createCancel, transferNotFound } from './remittance-cancel';
import type { RemittanceCases } from './remittance-cases.service';
import { createOnBehalf, recipientIsPagoUser } from './remittance-on-behalf';
import { availableBy, type RemittancePricing } from './remittance-pricing';
import { createTracking } from './remittance-tracking';
import {
  findRecipientByPhone,
  insertPayout,
  lockRemittanceOf,
  touchRecipient,
} from './remittances.repository';

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  activity: Activity;
  transfers: Transfers;
  payers: Payers;
  pricing: RemittancePricing;
  recipients: Recipients;
  partner: PartnerPayouts;
  thunes: ThunesClient | null;
  cases: RemittanceCases;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The recipient's link and SMS, for the tracking page (features/recipient-notice). */
  recipientNotice?: Pick<RecipientNoticeService, 'senderView'>;
  /** Sanctions screening (features/sanctions): a possible match holds the payout for review. */
  sanctions: Pick<Sanctions, 'remittanceHits' | 'recordHold'>;
};

/** While the request that sent it is talking to the partner, the job leaves a payout alone. */
const REQUEST_LEASE_MS = 2 * 60_000;

/**
 * Sending home: a send to a saved recipient on a quote the partner priced, its tracking and its
 * cancel, and the spec's send to a phone abroad. The money moves through the ledger (sender →
 * the corridor's payout clearing) and the partner is called with no transaction open
 * (partner-payouts.ts).
 */
export function createRemittances({
  db,
  ledger,
  accounts,
  activity,
  transfers,
  payers,
  pricing,
  recipients,
  partner,
  thunes,
  cases,
  mailer,
  log,
  recipientNotice,
  sanctions,
}: Deps) {
  const tracking = createTracking({ db, activity, cases, recipientNotice });
  const receipts = createReceiptMailer({
    db,
    ledger,
    accounts,
    mailer,
    log,
    track: tracking.track,
  });

  /** The sender's language, for the receipt (the rule: the language the sender used). */
  async function languageOf(userId: string): Promise<'es' | 'en'> {
    return (await accounts.getAccountSettings(userId)).language === 'en' ? 'en' : 'es';
  }

  /**
   * Reserves a send, in `tx`: the quote taken (made for this recipient and payer), the amount and
   * fee moved from the wallet to the corridor's payout clearing, and the payout written with what
   * the partner will be asked and what was disclosed. Due for submission at `submitAfter`.
   */
  async function reserve(
    tx: Database,
    userId: string,
    row: RecipientRow,
    send: { amountUsd: number; speed?: 'standard' | 'express' | undefined; quoteId: string },
    requestKey: string | null,
    submitAfter: (now: Date) => Date,
    origin?: RemittanceOrigin,
  ) {
    const recipient = recipients.payable(row);
    const country = getCorridor(row.country as CorridorCountry).country;
    const body: SendTo = {
      recipientName: row.phone,
      recipientCountry: country,
      amountUsd: send.amountUsd,
      quoteId: send.quoteId,
      ...(send.speed ? { speed: send.speed } : {}),
    };
    const q = await transfers.takeQuote(tx, userId, send.quoteId, body, 'remittance');
    if (
      !q.partner_quotation_id ||
      !q.partner_source_amount ||
      !q.disclosure ||
      q.payer_id !== recipient.payout.payerId ||
      (q.recipient_id !== null && q.recipient_id !== row.id)
    ) {
      throw new AppError(
        'quote_recipient_mismatch',
        409,
        'This quote was made for another recipient or way of paying them. Get a new quote.',
      );
    }
    const amountCents = usdToCents(send.amountUsd);
    const { now, speed } = q;
    // The sender and the recipient screened at each send: a possible match holds the payout.
    const hits = await sanctions.remittanceHits(tx, userId, {
      id: row.id,
      name: `${recipient.firstName} ${recipient.lastName}`,
      country,
    });
    const held = hits.length > 0;
    const transfer = await ledger.post(tx, {
      kind: 'remittance',
      status: 'processing',
      userId,
      amountCents,
      feeCents: q.fee_cents,
      countsTowardLimits: true,
      metadata: {
        recipientPhone: row.phone,
        recipientCountry: country,
        recipientId: row.id,
        recipientName: `${recipient.firstName} ${recipient.lastName}`,
        payoutMethod: recipient.payout.method,
        payerName: recipient.payerName,
        speed,
        quoteId: q.id,
        payoutCurrency: q.payout_currency,
        payoutAmount: q.payout_amount,
        fxRate: q.fx_rate,
        marketRate: q.market_rate,
        spreadBps: q.spread_bps,
        ...(held ? { underReview: true } : {}),
        ...(origin ? { origin } : {}),
      },
      legs: [
        { account: { userId }, amountCents: -(amountCents + q.fee_cents) },
        { account: { role: `payout_clearing:${country}` }, amountCents },
        ...(q.fee_cents > 0
          ? [{ account: { role: 'fee_revenue' as const }, amountCents: q.fee_cents }]
          : []),
      ],
    });
    // The availability date is promised from the moment the sender pays.
    const disclosure = {
      ...q.disclosure,
      availableBy: availableBy(country, speed, q.delivery_minutes ?? 0, now).toISOString(),
    };
    await insertPayout(tx, {
      transferId: transfer.id,
      userId,
      recipientId: row.id,
      recipient,
      quote: {
        partnerQuotationId: q.partner_quotation_id,
        partnerSourceAmount: q.partner_source_amount,
        disclosure,
      },
      expectedBy: new Date(disclosure.availableBy),
      cancelBy: new Date(now.getTime() + CANCEL_MINUTES * 60_000),
      language: await languageOf(userId),
      requestKey,
      // Held for review: never handed to the partner until compliance clears it.
      submitAfter: held ? null : submitAfter(now),
      complianceHold: held,
    });
    if (held) await sanctions.recordHold(tx, transfer.id, 'remittance', userId, hits);
    await touchRecipient(tx, row.id, now);
    return transfer;
  }

  async function transferView(userId: string, transferId: string, executor: Database) {
    const row = await lockRemittanceOf(executor, userId, transferId);
    if (!row) throw transferNotFound();
    return (await activity.view([row], userId, executor))[0] as Transfer;
  }

  /** A submission's outcome applied, as the send's answer: refused is a 422 (money returned). */
  async function settleSend(tx: Database, userId: string, transferId: string, outcome: Submission) {
    await partner.settleSubmission(tx, transferId, outcome);
    if (outcome.kind === 'refused') {
      throw new AppError(
        'payout_refused',
        422,
        'Our payout partner could not pay this recipient with these details, so nothing was sent: the amount and fee are back in your balance. Check the recipient’s details.',
        { transferId, partnerCode: outcome.code },
      );
    }
    const view = await transferView(userId, transferId, tx);
    // Held for a sanctions review: accepted, not sent yet (the activity says "under review").
    return { statusCode: view.details.underReview === true ? 202 : 201, body: view };
  }

  const abroad: AbroadPricing = {
    get available() {
      return pricing.available;
    },

    async recipientPhone(userId, recipientId) {
      return (await recipients.rowOf(userId, recipientId)).phone;
    },

    price: (userId, input) => priceForRecipient({ db, payers, pricing, recipients }, userId, input),

    async send(tx, userId, body) {
      recipients.requirePartner();
      const row = await findRecipientByPhone(db, userId, body.recipientName, body.recipientCountry);
      if (!row) throw detailsRequired();
      await partner.assertSenderReady(
        userId,
        row.country as CorridorCountry,
        recipients.payable(row).payout.payerId,
      );
      if (!body.quoteId) {
        throw new AppError(
          'quote_required',
          400,
          'Get a quote first: the fee and the rate are shown before you send.',
        );
      }
      // Answered at once; the job hands it to the partner right after this commits.
      const transfer = await reserve(
        tx,
        userId,
        row,
        { amountUsd: body.amountUsd, speed: body.speed, quoteId: body.quoteId },
        null,
        (now) => now,
      );
      return (await activity.view([transfer], userId, tx))[0] as Transfer;
    },
  };

  return {
    abroad,

    ...createOnBehalf({ recipients, partner, transfers, activity, reserve }),

    /** A send to a saved recipient (`POST /api/remittances`): reserve → partner → settle. */
    sendPhases(
      userId: string,
      body: SendHomeBody,
      key: string,
    ): PhasedWork<RecipientRow, string, Submission> {
      return {
        prepare: async () => {
          recipients.requirePartner();
          const row = await recipients.rowOf(userId, body.recipientId);
          const payable = recipients.payable(row);
          await partner.assertSenderReady(
            userId,
            row.country as CorridorCountry,
            payable.payout.payerId,
          );
          // A phone that became a Pago user's is paid in the app, not through the partner.
          const to = await transfers.destination(userId, row.phone, row.country, db);
          if (to.kind === 'p2p') throw recipientIsPagoUser();
          return row;
        },
        reserve: async (tx, row) => {
          const transfer = await reserve(
            tx,
            userId,
            row,
            body,
            key,
            (now) => new Date(now.getTime() + REQUEST_LEASE_MS),
          );
          return transfer.id;
        },
        call: (transferId) => partner.submit(transferId),
        settle: (tx, transferId, outcome) => settleSend(tx, userId, transferId, outcome),
      };
    },

    /**
     * The recovery job: payouts the request did not finish (or the spec's send left to it) are
     * handed to the partner; a request's answer is stored under its key once settled.
     */
    async sweepPayouts(): Promise<number> {
      return partner.sweep(async (row, outcome) => {
        if (!row.request_key) {
          await db
            .transaction()
            .execute((tx) => partner.settleSubmission(tx, row.transfer_id, outcome));
          return;
        }
        await settleReserved(
          db,
          { userId: row.user_id, key: row.request_key },
          (tx) => settleSend(tx, row.user_id, row.transfer_id, outcome),
          { settleIfStored: true },
        );
      });
    },

    /**
     * Cancels a remittance the partner has not paid out (`POST /api/remittances/:id/cancel`):
     * amount and every fee back. Not yet confirmed at the partner: at once, and the job never
     * confirms it. Confirmed: the partner is asked, with no transaction open, and its answer
     * applied.
     */
    cancelPhases: createCancel({ ledger, activity, partner, thunes }),

    track: tracking.track,

    /** The job: each confirmed remittance's receipt, e-mailed once (receipt-mailer.ts). */
    sendReceipts: receipts.send,
  };
}

export type Remittances = ReturnType<typeof createRemittances>;
