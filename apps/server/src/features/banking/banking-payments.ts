import type { bankPaymentBody } from '@pago/shared/contracts/banking';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  type UnitClient,
  type UnitPayment,
  UnitRefusal,
  UnitUnavailableError,
} from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import { settleReserved } from '../idempotency/idempotency.service';
import { type Ledger, type Leg, walletToWallet } from '../ledger/ledger.service';
import type { Transfers } from '../transfers/transfers.service';
import {
  findBankAccount,
  findCover,
  findLedgerTransfer,
  findUnitPayment,
  insertUnitPayment,
  lockPaymentsToRetry,
  lockUnitPayment,
  updateUnitPayment,
} from './banking.repository';
import type { BankingOmnibus } from './banking-omnibus';
import {
  accountOf,
  type BankingHandlers,
  FINAL,
  type MirroredPayment,
  type PartnerOutcome,
  partnerKey,
  RETRY_LEASE_SECONDS,
} from './banking-partner';
import { FAILED } from './banking-reconciliation';

/** A payment whose partner call failed is tried again after this long (then doubling, to 10 min). */
const RETRY_SECONDS = 5;

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  transfers: Transfers;
  partner: () => UnitClient;
  /** Whether a partner is configured: without one the retry job has nothing to do. */
  available: boolean;
  omnibus: Pick<BankingOmnibus, 'reserveCover' | 'makeCover'>;
  handlers: BankingHandlers;
};

/**
 * Partner payments: book payments between Pago users and ACH payments, each reserved next to its
 * ledger transfer, asked of the partner with no transaction open, settled once, and retried with
 * the same partner key when the partner could not be reached.
 */
export function createBankingPayments({
  db,
  ledger,
  accounts,
  transfers,
  partner,
  available,
  omnibus,
  handlers,
}: Deps) {
  const { reserveCover, makeCover } = omnibus;

  /** Brings a mirrored payment to the partner's status: completed, or reversed when it failed. */
  async function applyStatus(tx: Database, row: MirroredPayment, payment: UnitPayment) {
    const achHandler = handlers.ach;
    if (row.payment_type === 'achPayment' && achHandler) {
      // An ACH debit may come back Returned even after Settled: the funding feature decides.
      if (row.status === payment.status) return;
      await updateUnitPayment(tx, row.transfer_id, {
        status: payment.status,
        reason: payment.reason,
      });
      await achHandler(tx, row.transfer_id, payment, row.status);
      return;
    }
    if (FINAL.has(row.status) && row.unit_payment_id === payment.id) return;
    await updateUnitPayment(tx, row.transfer_id, {
      ...(payment.id ? { unit_payment_id: payment.id } : {}),
      status: payment.status,
      reason: payment.reason,
      next_attempt_at: null,
      last_error: null,
    });
    const done = payment.status === 'Sent' || payment.status === 'Settled';
    // The receiver's amount was held from the reservation until the partner answered for good.
    if ((done || FAILED.has(payment.status)) && row.receiver_held && row.counterparty_user_id) {
      await ledger.adjustWallet(tx, row.counterparty_user_id, { held: -Number(row.amount_cents) });
      await updateUnitPayment(tx, row.transfer_id, { receiver_held: false });
    }
    if (done) {
      await ledger.setStatus(tx, row.transfer_id, 'completed', null);
    } else if (FAILED.has(payment.status) && !row.reversal_transfer_id) {
      await reverse(tx, row, payment);
    }
  }

  /**
   * Gives the money of a payment the partner rejected or returned back to its sender, as a
   * transfer of its own; the original is marked failed (its limits room comes back).
   */
  async function reverse(tx: Database, row: MirroredPayment, payment: UnitPayment) {
    const amount = cents(Number(row.amount_cents));
    const from: Leg['account'] = row.counterparty_user_id
      ? { userId: row.counterparty_user_id }
      : { role: 'funding_clearing' };
    const reason = payment.reason ?? payment.status;
    // Owned by whoever the money leaves (the receiver of the original), so activity shows it as
    // out for them and in for the original sender, as for any transfer between two people.
    const reversal = await ledger.post(tx, {
      kind: 'bank_transfer_reversal',
      status: 'completed',
      userId: row.counterparty_user_id ?? row.user_id,
      counterpartyUserId: row.counterparty_user_id ? row.user_id : null,
      amountCents: amount,
      countsTowardLimits: false,
      relatedTransferId: row.transfer_id,
      metadata: { reversalOf: row.transfer_id, reason },
      legs: [
        { account: from, amountCents: -amount },
        { account: { userId: row.user_id }, amountCents: amount },
      ],
    });
    await updateUnitPayment(tx, row.transfer_id, { reversal_transfer_id: reversal.id });
    await ledger.setStatus(tx, row.transfer_id, 'failed', `Bank ${payment.status}: ${reason}`);
  }
  /**
   * The omnibus's cover reserved for a payment out of the user's partner account (`reserveCover`),
   * made before the payment itself (its key makes a second call the same payment): null when
   * there is none or it was made, else the refusal that is the payment's outcome.
   */
  async function coverFirst(
    transferId: string,
    from: Awaited<ReturnType<typeof accountOf>>,
  ): Promise<PartnerOutcome | null> {
    const cover = await findCover(db, transferId);
    if (cover?.status === 'Reserved') return makeCover(cover, from);
    if (cover && cover.status !== 'Sent') return { refused: cover.status };
    return null;
  }

  /**
   * Asks the partner for a reserved payment, with no transaction open: the omnibus's cover
   * first if the withdrawal has one, then the ACH or book payment, each with its own key (so a
   * retry never pays twice). Answers what happened; only a bug throws.
   */
  async function callPartner(transferId: string): Promise<PartnerOutcome> {
    const client = partner();
    const row = await findUnitPayment(db, transferId);
    if (!row) throw new Error(`No mirrored payment for transfer ${transferId}`);
    try {
      const from = await accountOf(db, row.user_id);
      if (row.payment_type === 'bookPayment') {
        const to = await accountOf(db, row.counterparty_user_id ?? '');
        return {
          payment: await client.createBookPayment({
            accountId: from.unit_account_id,
            counterpartyAccountId: to.unit_account_id,
            amount: Number(row.amount_cents),
            description: row.description ?? 'Pago',
            idempotencyKey: row.idempotency_key,
            transferId,
          }),
        };
      }
      if (row.direction === 'Credit') {
        const refused = await coverFirst(transferId, from);
        if (refused) return refused;
      }
      return {
        payment: await client.createAchPayment({
          accountId: from.unit_account_id,
          counterpartyId: row.counterparty_id ?? '',
          amount: Number(row.amount_cents),
          direction: row.direction === 'Debit' ? 'Debit' : 'Credit',
          description: 'Pago',
          idempotencyKey: row.idempotency_key,
          sameDay: row.same_day,
        }),
      };
    } catch (error) {
      if (error instanceof UnitRefusal) return { refused: error.title };
      if (error instanceof UnitUnavailableError) return { unavailable: true };
      throw error;
    }
  }

  /**
   * Applies a partner call's outcome to its reserved payment, once (the row is locked; a payment
   * already answered — by a webhook, the request or another worker — is left as it is): the
   * partner's status (a refusal releases the reservation: the ledger gives the money back), or,
   * unreachable, the next attempt with backoff. Answers the refusal's reason, if refused.
   */
  async function settlePayment(
    tx: Database,
    transferId: string,
    outcome: PartnerOutcome,
  ): Promise<string | null> {
    const row = await lockUnitPayment(tx, transferId);
    if (!row) return null;
    if (row.unit_payment_id || row.reversal_transfer_id || row.status === 'Rejected') {
      return row.status === 'Rejected' ? (row.reason ?? 'Rejected') : null;
    }
    if ('unavailable' in outcome) {
      const attempts = row.attempts + 1;
      await updateUnitPayment(tx, transferId, {
        attempts,
        last_error: 'partner unavailable',
        next_attempt_at: new Date(
          Date.now() + Math.min(RETRY_SECONDS * 2 ** (attempts - 1), 600) * 1000,
        ),
      });
      return null;
    }
    const payment: UnitPayment =
      'payment' in outcome
        ? outcome.payment
        : {
            id: '',
            type: row.payment_type,
            status: 'Rejected',
            reason: outcome.refused,
            amount: Number(row.amount_cents),
            direction: row.direction ?? 'Credit',
            accountId: '',
            createdAt: '',
          };
    await updateUnitPayment(tx, transferId, {
      ...(payment.id ? { unit_payment_id: payment.id } : {}),
      next_attempt_at: null,
      last_error: null,
    });
    await applyStatus(tx, { ...row, unit_payment_id: payment.id || null }, payment);
    return FAILED.has(payment.status) ? (payment.reason ?? payment.status) : null;
  }

  /** The answer of a reserved money POST once settled: the transfer, or the partner's refusal. */
  async function settleAnswer(
    tx: Database,
    transferId: string,
    userId: string,
    outcome: PartnerOutcome,
  ) {
    const refused = await settlePayment(tx, transferId, outcome);
    if (refused) {
      throw new AppError('bank_payment_rejected', 422, 'The bank rejected this transfer.', {
        reason: refused,
      });
    }
    const row = await findLedgerTransfer(tx, transferId);
    return { statusCode: 201, body: (await transfers.view([row], userId, tx))[0] as Transfer };
  }
  return {
    applyStatus,
    coverFirst,

    /**
     * Reserves an ACH payment between the user's partner account and a counterparty, in the
     * caller's first transaction next to its ledger transfer: the mirror row (`unit_payments`,
     * with what the call needs and a lease after which the retry job makes the call if the
     * request died) and, for a Credit, the omnibus's cover. Credit sends money to the bank
     * (`sameDay`: Unit's Same Day ACH); Debit pulls it in. `callPartner` and `settleAnswer` follow.
     */
    async reserveAch(
      tx: Database,
      input: {
        userId: string;
        transferId: string;
        counterpartyId: string;
        amountCents: number;
        direction: 'Credit' | 'Debit';
        sameDay: boolean;
        requestKey: string;
      },
    ): Promise<string> {
      partner();
      if (input.direction === 'Credit') await reserveCover(tx, input);
      await insertUnitPayment(tx, {
        transferId: input.transferId,
        userId: input.userId,
        counterpartyUserId: null,
        paymentType: 'achPayment',
        amountCents: input.amountCents,
        idempotencyKey: partnerKey('ach', input.userId, input.requestKey),
        direction: input.direction,
        counterpartyId: input.counterpartyId,
        sameDay: input.sameDay,
        requestKey: input.requestKey,
        leaseUntil: new Date(Date.now() + RETRY_LEASE_SECONDS * 1000),
      });
      return input.transferId;
    },

    callPartner,

    /** Settles a reserved money POST (its second transaction): the transfer, or a 422 refusal. */
    settleAnswer,
    /**
     * Reserves a book payment to another Pago user (the first transaction): the ledger transfer
     * (funds, limits; processing) with the receiver's amount held — not spendable until the
     * partner sent it, so a refusal can always give it back — and its mirror row. Then
     * `callPartner` and `settleAnswer`: Sent completes it; a refusal reverses it (422); an
     * unreachable partner leaves it processing for the retry job, with the same partner key.
     */
    async reserveBookPayment(
      tx: Database,
      userId: string,
      body: z.output<typeof bankPaymentBody>,
      requestKey: string,
    ): Promise<string> {
      partner();
      await accountOf(tx, userId);
      const receiver = body.receiver.includes('@')
        ? await accounts.findRecipient({ email: body.receiver }, tx)
        : await accounts.findRecipient({ phone: body.receiver.replace(/[\s()-]/g, '') }, tx);
      if (!receiver)
        throw new AppError('recipient_not_found', 404, 'No Pago user has that phone or e-mail.');
      if (receiver.userId === userId)
        throw new AppError('self_transfer', 422, 'You cannot send money to yourself.');
      const to = await findBankAccount(tx, receiver.userId);
      if (!to) {
        throw new AppError(
          'recipient_bank_account_required',
          422,
          'That person cannot receive a transfer this way yet.',
        );
      }
      const row = await ledger.post(tx, {
        kind: 'bank_transfer',
        status: 'processing',
        userId,
        counterpartyUserId: receiver.userId,
        amountCents: body.amount,
        countsTowardLimits: true,
        metadata: { description: body.description, receiver: body.receiver },
        legs: walletToWallet(userId, receiver.userId, body.amount),
      });
      await ledger.adjustWallet(tx, receiver.userId, { held: body.amount });
      await insertUnitPayment(tx, {
        transferId: row.id,
        userId,
        counterpartyUserId: receiver.userId,
        paymentType: 'bookPayment',
        amountCents: body.amount,
        idempotencyKey: partnerKey('book', userId, requestKey),
        requestKey,
        receiverHeld: true,
        description: body.description,
        leaseUntil: new Date(Date.now() + RETRY_LEASE_SECONDS * 1000),
      });
      return row.id;
    },
    /**
     * The retry job: reserved payments whose partner call failed, or whose request died between
     * its steps (their lease ran out), are asked for again with their keys. The due rows are
     * claimed for a lease in a short transaction; each call is made with no transaction open,
     * and its outcome settled in one of its own, which also stores the request's answer under
     * its Idempotency-Key if the request could not.
     */
    async retryPendingPayments(): Promise<number> {
      if (!available) return 0;
      const due = await db.transaction().execute(async (tx) => {
        const rows = await lockPaymentsToRetry(tx, new Date());
        for (const row of rows) {
          await updateUnitPayment(tx, row.transfer_id, {
            next_attempt_at: new Date(Date.now() + RETRY_LEASE_SECONDS * 1000),
          });
        }
        return rows;
      });
      for (const row of due) {
        const outcome = await callPartner(row.transfer_id);
        if (row.request_key) {
          await settleReserved(
            db,
            { userId: row.user_id, key: row.request_key },
            (tx) => settleAnswer(tx, row.transfer_id, row.user_id, outcome),
            { settleIfStored: true },
          );
        } else {
          await db.transaction().execute((tx) => settlePayment(tx, row.transfer_id, outcome));
        }
      }
      return due.length;
    },
  };
}
