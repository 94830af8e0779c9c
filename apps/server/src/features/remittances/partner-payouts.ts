import type { CorridorCountry } from '@pago/shared/fees';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  THUNES_ERRORS,
  type ThunesClient,
  ThunesError,
  type ThunesTransaction,
} from '../../providers/thunes/thunes-client';
import type { Accounts } from '../accounts/accounts.service';
import type { TransferRow } from '../activity/activity.service';
import type { Ledger } from '../ledger/ledger.service';
import { partiesOf, senderFields } from './partner-parties';
import type { Payers } from './payers.service';
import { decideHeldPayout } from './payout-holds';
import { type RefundCause, refundRemittanceOnce } from './payouts.service';
import {
  appendPartnerStatus,
  findPayout,
  lockPayout,
  lockPayoutsToCheck,
  lockPayoutsToSubmit,
  lockRemittance,
  markPickedUp,
  type PayoutRow,
  updatePayout,
} from './remittances.repository';

/** A payout the partner could not be reached about is tried again after this long. */
const RETRY_SECONDS = 10;
/** While one worker talks to the partner about a payout, the others leave it for this long. */
const LEASE_SECONDS = 60;
/** Open payouts are asked about at least this often, in case a callback was lost. */
const CHECK_EVERY_SECONDS = 60;
/** What the partner is told the money is for (each payer lists what it accepts). */
const PURPOSE = 'FAMILY_SUPPORT';

/** What handing a payout to the partner came to. */
export type Submission =
  | { kind: 'confirmed'; transaction: ThunesTransaction }
  /** The partner refused it: nothing was paid, the money goes back. */
  | { kind: 'refused'; code: string; message: string }
  /** The partner could not be reached or answered out of its description: try again later. */
  | { kind: 'unavailable' }
  /** The sender cancelled before it was confirmed: the partner's transaction was not confirmed. */
  | { kind: 'cancelled' }
  /** Nothing to do (already submitted, refunded, or from before the partner). */
  | { kind: 'skipped' };

/** The partner's class of a five-digit status (its first digit). */
const classOf = (status: string) => status.slice(0, 1);
/** Classes after which nothing is paid out: rejected, cancelled, declined. */
const NOT_PAID = new Set(['3', '4', '9']);

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  thunes: ThunesClient | null;
  payers: Payers;
  /** Where the partner POSTs status changes (this server's /api/thunes/callback). */
  callbackUrl: () => string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** Tells the recipient (the SMS outbox, features/recipient-notice), in the status's transaction. */
  recipientNotice?: {
    record(tx: Database, payout: PayoutRow, kind: 'sent' | 'ready'): Promise<void>;
  };
};

/**
 * The partner's side of a remittance, after the ledger moved the sender's money into the
 * corridor's payout clearing: the transaction is created from the quotation the sender was shown
 * and confirmed, with no database transaction open while the partner is called; each status the
 * partner reports (by callback, by the request's own answer, or asked by the job) is applied once:
 * delivered when the money is available, refunded (amount and fee) when the partner did not pay or
 * took a payout back.
 */
export function createPartnerPayouts({
  db,
  ledger,
  accounts,
  thunes,
  payers,
  callbackUrl,
  log,
  recipientNotice,
}: Deps) {
  const senderOf = (userId: string, fields: string[]) => senderFields(accounts, db, userId, fields);

  /** The partner's transaction for this payout: created now, or the one created before. */
  async function createOrFind(client: ThunesClient, payout: PayoutRow) {
    const payer = await payers.find(payout.country as CorridorCountry, payout.payer_id ?? '');
    if (!payer) {
      throw new ThunesError('refused', 0, '1003002', 'the payer is no longer offered');
    }
    const { creditParty, beneficiary } = partiesOf(
      payout,
      payer.creditPartyFields,
      payer.beneficiaryFields,
    );
    try {
      return await client.createTransaction(payout.partner_quotation_id ?? '', {
        externalId: payout.transfer_id,
        creditPartyIdentifier: creditParty,
        sender: await senderOf(payout.user_id, payer.senderFields),
        beneficiary,
        purposeOfRemittance: payer.purposes.includes(PURPOSE)
          ? PURPOSE
          : (payer.purposes[0] ?? PURPOSE),
        callbackUrl: callbackUrl(),
      });
    } catch (error) {
      // Created before (by a request that died, or another worker): find it by our id.
      if (error instanceof ThunesError && error.code === THUNES_ERRORS.externalIdUsed) {
        return client.getTransactionByExternalId(payout.transfer_id);
      }
      throw error;
    }
  }

  /**
   * Hands a payout to the partner: creates its transaction (idempotent by our transfer id), then,
   * unless the sender cancelled meanwhile, marks it confirming and confirms it. No database
   * transaction is open during either call.
   */
  async function submit(transferId: string): Promise<Submission> {
    const client = thunes;
    if (!client) return { kind: 'unavailable' };
    const payout = await findPayout(db, transferId);
    if (!payout || payout.refunded_at || !payout.partner_quotation_id) return { kind: 'skipped' };
    // Held for a sanctions review: the partner hears of it only once compliance clears it.
    if (payout.compliance_hold) return { kind: 'skipped' };
    try {
      let transaction = await createOrFind(client, payout);
      // Confirming moves money at the partner: only for a payout the sender has not cancelled.
      const go = await db.transaction().execute(async (tx) => {
        const locked = await lockPayout(tx, transferId);
        if (!locked || locked.cancelled_at || locked.refunded_at) return false;
        await updatePayout(tx, transferId, {
          partner_transaction_id: transaction.id,
          confirming_at: locked.confirming_at ?? ledger.clock(),
        });
        return true;
      });
      if (!go) {
        if (classOf(transaction.status) === '1') {
          await client.cancelTransaction(transaction.id).catch(() => undefined);
        }
        return { kind: 'cancelled' };
      }
      if (classOf(transaction.status) === '1') {
        try {
          transaction = await client.confirmTransaction(transaction.id);
        } catch (error) {
          if (!(error instanceof ThunesError) || error.kind !== 'refused') throw error;
          // Already confirmed (a twin worker), or no longer confirmable: what is it now?
          const now = await client.getTransaction(transaction.id);
          if (classOf(now.status) === '1') {
            return { kind: 'refused', code: error.code, message: error.message };
          }
          transaction = now;
        }
      }
      return { kind: 'confirmed', transaction };
    } catch (error) {
      if (error instanceof ThunesError && error.kind === 'refused') {
        return { kind: 'refused', code: error.code, message: error.message };
      }
      log.warn(
        { err: error, transferId },
        'payout partner unreachable; the payout will be retried',
      );
      return { kind: 'unavailable' };
    }
  }

  /** Amount and fee back to the sender, once, with the payout marked refunded. */
  async function refundOnce(
    tx: Database,
    payout: PayoutRow,
    reason: string,
    cause: RefundCause,
  ): Promise<boolean> {
    if (payout.refunded_at) return false;
    const transfer = await lockRemittance(tx, payout.transfer_id);
    if (!transfer) return false;
    return refundRemittanceOnce(ledger, tx, transfer as TransferRow, {
      reason,
      note:
        cause === 'cancelled'
          ? 'Cancelled: amount and fee returned to your balance'
          : 'Amount and fee returned to your balance',
      cause,
    });
  }

  /**
   * Applies what the partner says of a payout's transaction, in `tx` with the payout locked. A
   * status seen before changes nothing; one for another transaction is ignored. Returns whether
   * anything changed.
   */
  async function apply(tx: Database, payout: PayoutRow, t: ThunesTransaction): Promise<boolean> {
    if (t.external_id !== payout.transfer_id) return false;
    if (payout.partner_transaction_id && payout.partner_transaction_id !== t.id) {
      log.warn({ transferId: payout.transfer_id, partnerId: t.id }, 'partner transaction mismatch');
      return false;
    }
    const now = ledger.clock();
    await updatePayout(tx, payout.transfer_id, {
      partner_transaction_id: t.id,
      checked_at: now,
      submit_after: null,
    });
    if (payout.partner_status === t.status) return false;
    await updatePayout(tx, payout.transfer_id, {
      partner_status: t.status,
      partner_status_message: t.status_message,
      ...(payout.sent_to_partner_at ? {} : { sent_to_partner_at: now }),
    });
    await appendPartnerStatus(tx, payout.transfer_id, {
      status: t.status,
      message: t.status_message,
      at: now.toISOString(),
    });
    const statusClass = classOf(t.status);
    const transfer = await lockRemittance(tx, payout.transfer_id);
    if (!transfer) return true;
    // The partner has it (and did not refuse it at once): the recipient is told it is on its way.
    if (!payout.sent_to_partner_at && !NOT_PAID.has(statusClass) && statusClass !== '8') {
      await recipientNotice?.record(tx, payout, 'sent');
    }
    if (statusClass === '6' || (statusClass === '2' && t.status === '20150')) {
      // Cash ready to pick up: the recipient shows the payer's code.
      const pickupCode = t.payer_transaction_code ?? payout.pickup_code;
      await updatePayout(tx, payout.transfer_id, {
        available_at: payout.available_at ?? now,
        pickup_code: pickupCode,
        paid_out_at: payout.paid_out_at ?? now,
      });
      if (transfer.status === 'processing')
        await ledger.setStatus(tx, transfer.id, 'delivered', null);
      // The recipient gets the code by SMS, once.
      if (payout.payout_method === 'cash_pickup' && pickupCode) {
        await recipientNotice?.record(tx, { ...payout, pickup_code: pickupCode }, 'ready');
      }
    } else if (statusClass === '7') {
      await updatePayout(tx, payout.transfer_id, {
        available_at: payout.available_at ?? now,
        paid_out_at: payout.paid_out_at ?? now,
        settled_at: now,
        pickup_code: payout.pickup_code ?? t.payer_transaction_code ?? null,
      });
      if (transfer.status === 'processing')
        await ledger.setStatus(tx, transfer.id, 'delivered', null);
      // Cash collected: no longer "ready for pickup" in the activity.
      if (payout.payout_method === 'cash_pickup') await markPickedUp(tx, transfer.id);
    } else if (NOT_PAID.has(statusClass)) {
      const cancelled = statusClass === '4';
      await refundOnce(
        tx,
        payout,
        cancelled ? 'Cancelled by the sender' : `Not paid out: ${t.status_message}`,
        cancelled ? 'cancelled' : 'failed',
      );
    } else if (statusClass === '8') {
      await updatePayout(tx, payout.transfer_id, { reversed_at: now });
      await refundOnce(
        tx,
        payout,
        `The payer reversed the payout: ${t.status_message}`,
        'reversed',
      );
    }
    return true;
  }

  /** Applies a submission's outcome to its payout, in `tx`. */
  async function settleSubmission(tx: Database, transferId: string, outcome: Submission) {
    const payout = await lockPayout(tx, transferId);
    if (!payout) return;
    if (outcome.kind === 'confirmed') {
      await apply(tx, payout, outcome.transaction);
    } else if (outcome.kind === 'refused') {
      await updatePayout(tx, transferId, { submit_after: null });
      await refundOnce(
        tx,
        payout,
        `The payout partner refused it (${outcome.code || 'no code'}): ${outcome.message}`,
        'failed',
      );
    } else if (outcome.kind === 'cancelled') {
      await updatePayout(tx, transferId, { submit_after: null });
    } else if (outcome.kind === 'unavailable') {
      await updatePayout(tx, transferId, {
        submit_after: new Date(ledger.clock().getTime() + RETRY_SECONDS * 1000),
      });
    }
  }

  return {
    available: thunes !== null,
    /**
     * Refuses, before any money moves, a send the partner would refuse for want of the sender's
     * details: a payer that needs the home address, from a sender with none in the profile.
     */
    async assertSenderReady(userId: string, country: CorridorCountry, payerId: string) {
      const payer = await payers.find(country, payerId);
      if (!payer) return;
      const sender = await senderOf(userId, payer.senderFields);
      const missing = payer.senderFields.filter((field) => !sender[field]);
      if (missing.length === 0) return;
      if (missing.some((field) => ['address', 'city', 'postal_code'].includes(field))) {
        throw new AppError(
          'address_required',
          422,
          'Add your home address to your profile to send money abroad this way.',
          { fields: missing },
        );
      }
      throw new AppError(
        'identity_not_verified',
        403,
        'Verify your identity (name and date of birth) to send money abroad.',
        { fields: missing },
      );
    },
    submit,
    settleSubmission,
    apply,
    refundOnce,

    /** A payout held for a sanctions review, decided (payout-holds.ts). */
    decideHeld: (tx: Database, transferId: string, decision: 'release' | 'refund') =>
      decideHeldPayout({ ledger, refundOnce }, tx, transferId, decision),

    /** Asks the partner about one transaction and applies what it says (callbacks re-fetch here). */
    async refresh(partnerTransactionId: string): Promise<boolean> {
      const client = thunes;
      if (!client) return false;
      const t = await client.getTransaction(partnerTransactionId);
      return db.transaction().execute(async (tx) => {
        const payout = await lockPayout(tx, t.external_id);
        if (!payout) return false;
        return apply(tx, payout, t);
      });
    },

    /**
     * The job: payouts due to be handed to the partner (a request that died, a partner that was
     * unreachable, a send answered before submission), each submitted and its outcome given to
     * `settle`; then open payouts not heard of lately, asked about and applied.
     */
    async sweep(
      settle: (row: PayoutRow, outcome: Submission) => Promise<void>,
      limit = 20,
    ): Promise<number> {
      if (!thunes) return 0;
      const client = thunes;
      const due = await db.transaction().execute(async (tx) => {
        const rows = await lockPayoutsToSubmit(tx, ledger.clock(), limit);
        for (const row of rows) {
          await updatePayout(tx, row.transfer_id, {
            submit_after: new Date(ledger.clock().getTime() + LEASE_SECONDS * 1000),
          });
        }
        return rows;
      });
      for (const row of due) {
        await settle(row, await submit(row.transfer_id));
      }
      const stale = new Date(ledger.clock().getTime() - CHECK_EVERY_SECONDS * 1000);
      const open = await db.transaction().execute(async (tx) => {
        const rows = await lockPayoutsToCheck(tx, stale, limit);
        for (const row of rows)
          await updatePayout(tx, row.transfer_id, { checked_at: ledger.clock() });
        return rows;
      });
      for (const row of open) {
        try {
          const t = await client.getTransaction(row.partner_transaction_id ?? '');
          await db.transaction().execute(async (tx) => {
            const payout = await lockPayout(tx, row.transfer_id);
            if (payout) await apply(tx, payout, t);
          });
        } catch (error) {
          log.warn({ err: error, transferId: row.transfer_id }, 'payout status check failed');
        }
      }
      return due.length + open.length;
    },
  };
}

export type PartnerPayouts = ReturnType<typeof createPartnerPayouts>;
