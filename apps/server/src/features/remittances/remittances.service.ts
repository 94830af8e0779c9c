import { usdToCents } from '@pago/shared/contracts/amounts';
import type {
  RemittanceTracking,
  SendHomeBody,
  TrackingStep,
} from '@pago/shared/contracts/remittances';
import type { SendTo, Transfer } from '@pago/shared/contracts/transfers';
import { type CorridorCountry, getCorridor } from '@pago/shared/fees';
import { CANCEL_MINUTES, ERROR_REPORT_DAYS } from '@pago/shared/remittance-rights';
import { expectedDeliveryBy } from '@pago/shared/remittances';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { ThunesClient, ThunesTransaction } from '../../providers/thunes/thunes-client';
import { ThunesError } from '../../providers/thunes/thunes-client';
import type { Accounts } from '../accounts/accounts.service';
import type { Activity } from '../activity/activity.service';
import type { PhasedWork } from '../idempotency/idempotency.service';
import { settleReserved } from '../idempotency/idempotency.service';
import type { Ledger } from '../ledger/ledger.service';
import type { AbroadPricing } from '../transfers/quotes.service';
import type { Transfers } from '../transfers/transfers.service';
import type { PartnerPayouts, Submission } from './partner-payouts';
import type { Payers } from './payers.service';
import { payoutViewOf, type RecipientRow, type Recipients } from './recipients.service';
import { availableBy, type RemittancePricing } from './remittance-pricing';
import {
  findPayout,
  findRecipientByPhone,
  insertPayout,
  lockPayout,
  lockRemittanceOf,
  type PayoutRow,
  touchRecipient,
  updatePayout,
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
};

/** While the request that sent it is talking to the partner, the job leaves a payout alone. */
const REQUEST_LEASE_MS = 2 * 60_000;
/** Partner statuses after which the partner can still cancel (docs/thunes.md). */
const PARTNER_CANCELLABLE = new Set(['10000', '20000', '20110', '20150', '60000']);

const transferNotFound = () => new AppError('not_found', 404, 'Transfer not found');
const notCancellable = (status: string) =>
  new AppError(
    'transfer_not_cancellable',
    409,
    'This transfer can no longer be cancelled: it was already paid out or refunded.',
    { status },
  );

/** The tracking step a partner status is, for a payout of `method` (null: no step of its own). */
function stepOf(status: string, cash: boolean): TrackingStep | null {
  if (status === '20110') return 'under_review';
  if (status === '20150') return 'available_for_pickup';
  switch (status.slice(0, 1)) {
    case '3':
    case '9':
      return 'failed';
    case '4':
      return 'cancelled';
    case '5':
      return 'submitted';
    case '6':
      return 'available_for_pickup';
    case '7':
      return cash ? 'picked_up' : 'deposited';
    case '8':
      return 'reversed';
    default:
      return null;
  }
}

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
}: Deps) {
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
      submitAfter: submitAfter(now),
    });
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
    return { statusCode: 201, body: await transferView(userId, transferId, tx) };
  }

  const abroad: AbroadPricing = {
    get available() {
      return pricing.available;
    },

    async recipientPhone(userId, recipientId) {
      return (await recipients.rowOf(userId, recipientId)).phone;
    },

    async price(userId, input) {
      let row: RecipientRow | undefined;
      if (input.recipientId) row = await recipients.rowOf(userId, input.recipientId);
      else if (input.recipientPhone) {
        row = await findRecipientByPhone(db, userId, input.recipientPhone, input.country);
        if (!row) throw detailsRequired();
      }
      if (row && row.country !== input.country) {
        throw new AppError(
          'recipient_country_mismatch',
          422,
          'This recipient is in another country. Check the country.',
          { recipientCountry: row.country },
        );
      }
      const payer = row
        ? await payers.find(input.country, recipients.payable(row).payout.payerId)
        : await estimatePayer(input.country, input.speed);
      if (!payer) {
        throw new AppError(
          'payer_unavailable',
          422,
          'This recipient’s payer is not paying out right now. Choose another way to pay them.',
        );
      }
      if (input.speed === 'express' && !payer.express) {
        throw new AppError(
          'express_unavailable',
          422,
          'Express delivery is not offered for this way of paying the recipient. Send standard, or pay them to a mobile wallet or cash pickup.',
          { recipientCountry: input.country },
        );
      }
      const price = await pricing.price({
        payer,
        amountCents: input.amountCents,
        speed: input.speed,
        now: input.now,
      });
      return {
        recipientId: row?.id ?? null,
        recipientPhone: row?.phone ?? input.recipientPhone ?? null,
        payer: { id: payer.id, name: payer.name },
        price,
      };
    },

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

  /** An estimate's payer: express on the first express payer, standard on a bank first. */
  async function estimatePayer(country: CorridorCountry, speed: 'standard' | 'express') {
    const all = await payers.list(country);
    if (speed === 'express') return all.find((p) => p.express);
    return all.find((p) => p.method === 'bank_deposit') ?? all[0];
  }

  function detailsRequired() {
    return new AppError(
      'recipient_details_required',
      422,
      'To send money abroad, save the recipient first: their name and how they get paid.',
    );
  }

  /** The steps so far, from the ledger's status history and the partner's statuses. */
  function timeline(
    transfer: Transfer & { statusHistory: { status: string; at: string }[] },
    payout: PayoutRow | undefined,
  ) {
    const cash = payout?.payout_method === 'cash_pickup';
    const steps: { step: TrackingStep; at: string }[] = [
      { step: 'created', at: transfer.createdAt },
    ];
    if (payout?.partner_history && payout.partner_history.length > 0) {
      if (payout.sent_to_partner_at) {
        steps.push({ step: 'sent_to_partner', at: payout.sent_to_partner_at.toISOString() });
      }
      for (const entry of payout.partner_history) {
        const step = stepOf(entry.status, cash);
        if (step && steps.at(-1)?.step !== step) steps.push({ step, at: entry.at });
      }
    } else if (payout?.cancelled_at) {
      steps.push({ step: 'cancelled', at: payout.cancelled_at.toISOString() });
    } else {
      // A payout from before the partner: the stand-in's steps, from the ledger's history.
      steps.push({ step: 'sent_to_partner', at: transfer.createdAt });
      for (const entry of transfer.statusHistory) {
        if (entry.status === 'delivered') {
          steps.push({ step: cash ? 'available_for_pickup' : 'deposited', at: entry.at });
        } else if (entry.status === 'failed') {
          steps.push({ step: 'failed', at: entry.at });
        }
      }
    }
    const refunded = transfer.statusHistory.find((e) => e.status === 'refunded');
    if (refunded) steps.push({ step: 'refunded', at: refunded.at });
    return steps;
  }

  /** Whether the partner can still stop it (nothing paid out, nothing refunded). */
  function cancellable(transfer: Transfer, payout: PayoutRow | undefined) {
    if (transfer.status === 'refunded' || transfer.status === 'failed') return false;
    if (!payout) return transfer.status === 'processing';
    if (payout.refunded_at || payout.settled_at) return false;
    return payout.partner_status === null || PARTNER_CANCELLABLE.has(payout.partner_status);
  }

  return {
    abroad,

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
          if (to.kind === 'p2p') {
            throw new AppError(
              'quote_recipient_mismatch',
              409,
              'This recipient’s phone is a Pago user’s now: send to them in the app instead.',
            );
          }
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
    cancelPhases(
      userId: string,
      id: string,
    ): PhasedWork<
      null,
      { transferId: string; partnerId: string | null },
      ThunesTransaction | AppError | null
    > {
      return {
        prepare: async () => null,
        reserve: async (tx) => {
          const transfer = isUuid(id) ? await lockRemittanceOf(tx, userId, id) : undefined;
          if (!transfer) throw transferNotFound();
          const payout = await lockPayout(tx, transfer.id);
          const view = (await activity.view([transfer], userId, tx))[0] as Transfer;
          if (!cancellable(view, payout)) throw notCancellable(transfer.status);
          if (!payout?.confirming_at || !payout.partner_transaction_id) {
            if (!payout) throw notCancellable(transfer.status);
            // Not confirmed at the partner: refunded now; a submission in flight finds it
            // refunded under the lock and never confirms (partner-payouts.ts, submit).
            await partner.refundOnce(tx, payout, 'Cancelled by the sender', 'cancelled');
            return { transferId: transfer.id, partnerId: null };
          }
          return { transferId: transfer.id, partnerId: payout.partner_transaction_id };
        },
        call: async ({ partnerId }) => {
          if (!partnerId || !thunes) return null;
          try {
            return await thunes.cancelTransaction(partnerId);
          } catch (error) {
            if (error instanceof ThunesError && error.kind === 'refused') {
              return notCancellable('paid_out');
            }
            return new AppError(
              'payout_partner_unavailable',
              503,
              'Our payout partner cannot be reached right now. Try again in a few minutes.',
            );
          }
        },
        settle: async (tx, { transferId }, outcome) => {
          if (outcome instanceof AppError) throw outcome;
          if (outcome) {
            const payout = await lockPayout(tx, transferId);
            if (payout) {
              await updatePayout(tx, transferId, {
                cancelled_at: payout.cancelled_at ?? ledger.clock(),
              });
              await partner.apply(
                tx,
                { ...payout, cancelled_at: payout.cancelled_at ?? ledger.clock() },
                outcome,
              );
            }
          }
          return { statusCode: 200, body: await transferView(userId, transferId, tx) };
        },
      };
    },

    /** A remittance as its tracking page shows it (owner only). */
    async track(userId: string, id: string): Promise<RemittanceTracking> {
      const transfer = await activity.receipt(userId, id);
      if (transfer.kind !== 'remittance' || transfer.direction !== 'out') throw transferNotFound();
      const payout = await findPayout(db, transfer.id);
      const details = transfer.details as {
        recipientCountry?: string;
        speed?: 'standard' | 'express';
      };
      const country = (payout?.country ?? details.recipientCountry ?? 'MX') as CorridorCountry;
      const created = new Date(transfer.createdAt);
      const expectedBy =
        payout?.expected_by ?? expectedDeliveryBy(country, details.speed ?? 'standard', created);
      const reportBy = new Date(expectedBy.getTime() + ERROR_REPORT_DAYS * 86_400_000);
      return {
        transfer,
        recipient: payout
          ? {
              fullName: payout.full_name,
              country: payout.country,
              phone: payout.phone,
              payout: payoutViewOf(
                payout.payout_method,
                payout.payer_id ? (payout.payout_details as never) : null,
                payout.payer_name,
              ),
            }
          : null,
        timeline: timeline(transfer, payout),
        expectedBy: expectedBy.toISOString(),
        pickupCode: payout?.pickup_code ?? null,
        cancellable: cancellable(transfer, payout),
        cancelBy: (
          payout?.cancel_by ?? new Date(created.getTime() + CANCEL_MINUTES * 60_000)
        ).toISOString(),
        disclosure: payout?.disclosure ?? null,
        reportBy: reportBy.toISOString(),
        canReport: transfer.status !== 'refunded' && ledger.clock() <= reportBy,
        cases: [],
      };
    },
  };
}

export type Remittances = ReturnType<typeof createRemittances>;
