import { addBusinessDays } from '@pago/shared/business-days';
import type {
  DepositAvailability,
  FundingLimits,
  WithdrawalQuote,
  WithdrawalSpeed,
} from '@pago/shared/contracts/funding';
import type { LinkedBankAccount } from '@pago/shared/contracts/plaid';
import {
  BANK_FUNDING_LIMITS,
  DELIVERY_TIMES,
  FUNDS_AVAILABILITY,
  INSTANT_WITHDRAWAL_FEE,
} from '@pago/shared/fees';
import { type Cents, cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { UnitPayment } from '../../providers/unit/unit-client';
import type { Banking } from '../banking/banking.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { PlaidService } from '../plaid/plaid.service';
import {
  depositedInPeriods,
  findCounterparty,
  insertFundingTransfer,
  isEstablishedLink,
  listDueHolds,
  listHolds,
  lockFundingTransfer,
  lockUserFunding,
  saveCounterparty,
  updateFundingTransfer,
} from './funding.repository';

/** What a deposit or withdrawal needs before its first transaction: the bank and counterparty. */
export type Prepared = { account: LinkedBankAccount; counterpartyId: string };

type Deps = {
  db: Database;
  ledger: Ledger;
  banking: Banking;
  plaid: PlaidService;
  notifications: Pick<Notifications, 'notify'>;
};

/** The partner statuses of an ACH payment that end it without the money. */
const FAILED = new Set(['Rejected', 'Returned', 'Canceled']);

export function withdrawalQuote(amountCents: Cents, speed: WithdrawalSpeed): WithdrawalQuote {
  const feeCents = speed === 'instant' ? INSTANT_WITHDRAWAL_FEE : cents(0);
  return {
    amountCents,
    feeCents,
    totalCents: cents(amountCents + feeCents),
    speed,
    minDays: speed === 'instant' ? 0 : DELIVERY_TIMES.standardMinDays,
    maxDays: speed === 'instant' ? 0 : DELIVERY_TIMES.standardMaxDays,
  };
}

/**
 * Money between a linked bank (Plaid) and the wallet, by ACH at the banking partner (Unit) through
 * the user's own partner deposit account (and Pago's omnibus for money that never went through it).
 * Each request reserves in one transaction and the partner is called after it commits. A deposit is in the wallet at once but held (not
 * spendable) until the partner settles it, and then, by the funds-availability policy
 * (docs/funds-availability.md), part of it may stay held some banking days more; a return takes
 * it back, and what was already spent becomes a debt the wallet owes. A withdrawal leaves the
 * wallet (amount and fee) at once; a failed one comes back in full.
 */
export function createFunding({ db, ledger, banking, plaid, notifications }: Deps) {
  /**
   * The user's linked account (another user's is a 404) and its partner counterparty, made once
   * (the user's partner account opened first): partner calls, so no transaction is open.
   */
  async function bankOf(userId: string, plaidAccountId: string): Promise<Prepared> {
    banking.assertAvailable();
    const account = (await plaid.listAccounts(userId)).find((a) => a.id === plaidAccountId);
    if (!account) throw new AppError('not_found', 404, 'Bank account not found');
    if (account.status === 'login_required') {
      throw new AppError('bank_login_required', 409, 'Sign in to your bank again.');
    }
    const cached = await findCounterparty(db, userId, plaidAccountId);
    if (cached) return { account, counterpartyId: cached };
    const { processorToken } = await plaid.processorToken(userId, plaidAccountId);
    const counterpartyId = await banking.counterpartyFromPlaid(userId, {
      plaidAccountId,
      processorToken,
      name: account.name,
    });
    await saveCounterparty(db, { userId, plaidAccountId, counterpartyId });
    // A twin request's counterparty, if it was saved first: one per linked account.
    return {
      account,
      counterpartyId: (await findCounterparty(db, userId, plaidAccountId)) ?? counterpartyId,
    };
  }

  async function limits(executor: Database, userId: string): Promise<FundingLimits> {
    const used = await depositedInPeriods(executor, userId, ledger.clock());
    const window = (limitCents: Cents, usedCents: Cents) => ({
      limitCents,
      usedCents,
      remainingCents: cents(Math.max(0, limitCents - usedCents)),
    });
    return {
      perDepositCents: BANK_FUNDING_LIMITS.perDeposit,
      day: window(BANK_FUNDING_LIMITS.daily, used.day),
      month: window(BANK_FUNDING_LIMITS.monthly, used.month),
    };
  }

  /**
   * How much of a deposit from this link is spendable at settlement and how much stays on hold,
   * for how many banking days (FUNDS_AVAILABILITY): decided when the user asks, as shown to them.
   */
  async function availabilityPlan(
    executor: Database,
    userId: string,
    plaidAccountId: string,
    amountCents: Cents,
  ) {
    const established = await isEstablishedLink(
      executor,
      userId,
      plaidAccountId,
      ledger.clock(),
      FUNDS_AVAILABILITY.returnResetDays,
    );
    const rule = established ? FUNDS_AVAILABILITY.establishedLink : FUNDS_AVAILABILITY.newLink;
    const atSettlement = cents(Math.min(amountCents, rule.atSettlement));
    const onHold = cents(amountCents - atSettlement);
    return {
      newLink: !established,
      atSettlement,
      onHold,
      holdBusinessDays: onHold > 0 ? rule.holdBusinessDays : 0,
    };
  }

  const bankDetails = (account: LinkedBankAccount) => ({
    plaidAccountId: account.id,
    institution: account.institution,
    mask: account.mask ?? '',
  });

  /** Takes what the wallet can pay of its debt (available money only), as a deposit return. */
  async function collectDebt(tx: Database, userId: string) {
    const state = await ledger.walletState(tx, userId, true);
    const amount = Math.min(state.owed, state.balance - state.held);
    if (amount <= 0) return;
    await ledger.adjustWallet(tx, userId, { owed: -amount });
    await ledger.allowDebtCollection(tx, true);
    await ledger.post(tx, {
      kind: 'bank_deposit_return',
      status: 'completed',
      userId,
      amountCents: cents(amount),
      countsTowardLimits: false,
      metadata: { returnOf: '', reason: 'debt_collected', owedCents: state.owed - amount },
      legs: [
        { account: { userId }, amountCents: -amount },
        { account: { role: 'funding_receivable' }, amountCents: amount },
      ],
    });
    await ledger.allowDebtCollection(tx, false);
  }

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
    const state = await ledger.walletState(tx, row.user_id, true);
    const taken = Math.max(0, Math.min(amount, state.balance - state.held - state.owed));
    const owed = amount - taken;
    const reason = payment.reason ?? payment.status;
    const legs = [
      ...(taken > 0 ? [{ account: { userId: row.user_id }, amountCents: -taken }] : []),
      ...(owed > 0
        ? [{ account: { role: 'funding_receivable' as const }, amountCents: -owed }]
        : []),
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
    if (owed > 0) await ledger.adjustWallet(tx, row.user_id, { owed });
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

  type Row = NonNullable<Awaited<ReturnType<typeof lockFundingTransfer>>>;

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
    limits: (userId: string) => limits(db, userId),

    async wallet(userId: string) {
      // One snapshot: the holds are part of `held`, read as of the same moment.
      const { state, holds } = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (tx) => ({
          state: await ledger.walletState(tx, userId),
          holds: await listHolds(tx, userId),
        }));
      const onHold = holds.reduce((total, hold) => total + hold.amountCents, 0);
      return {
        balanceCents: cents(state.balance - state.owed),
        availableBalanceCents: cents(Math.max(0, state.balance - state.held - state.owed)),
        pendingCents: cents(Math.max(0, state.held - onHold)),
        owedCents: state.owed,
        holds: holds.map((hold) => ({
          amountCents: hold.amountCents,
          availableAt: hold.availableAt.toISOString(),
        })),
      };
    },

    /**
     * When a deposit of `amountCents` from this linked bank would be spendable, shown before the
     * user confirms it (another user's bank is a 404).
     */
    async depositAvailability(
      userId: string,
      plaidAccountId: string,
      amountCents: Cents,
    ): Promise<DepositAvailability> {
      const accounts = await plaid.listAccounts(userId);
      if (!accounts.some((a) => a.id === plaidAccountId)) {
        throw new AppError('not_found', 404, 'Bank account not found');
      }
      const plan = await availabilityPlan(db, userId, plaidAccountId, amountCents);
      const settlesBy = addBusinessDays(ledger.clock(), DELIVERY_TIMES.standardMaxDays);
      return {
        amountCents,
        newLink: plan.newLink,
        atSettlementCents: plan.atSettlement,
        onHoldCents: plan.onHold,
        holdBusinessDays: plan.holdBusinessDays,
        settlesBy: settlesBy.toISOString(),
        availableBy: addBusinessDays(settlesBy, plan.holdBusinessDays).toISOString(),
      };
    },

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

    /** Before a deposit's or withdrawal's first transaction (no transaction open). */
    async prepare(userId: string, plaidAccountId: string, direction: 'deposit' | 'withdrawal') {
      if (direction === 'withdrawal') banking.assertOmnibus();
      return bankOf(userId, plaidAccountId);
    },

    /**
     * Reserves a pull from a linked bank (ACH debit): in the wallet at once, held (not spendable)
     * until the partner settles it; the partner is asked after this transaction commits.
     */
    async reserveDeposit(
      tx: Database,
      userId: string,
      body: { plaidAccountId: string; amountCents: Cents },
      { account, counterpartyId }: Prepared,
      requestKey: string,
    ): Promise<string> {
      await lockUserFunding(tx, userId);
      const room = await limits(tx, userId);
      for (const [name, window] of [
        ['bank_funding_daily', room.day],
        ['bank_funding_monthly', room.month],
      ] as const) {
        if (body.amountCents > window.remainingCents) {
          throw new AppError(
            'limit_exceeded',
            422,
            `This is over your bank funding limit. You can still add ${(window.remainingCents / 100).toFixed(2)} USD.`,
            { limit: name, limitCents: window.limitCents, remainingCents: window.remainingCents },
          );
        }
      }
      const plan = await availabilityPlan(tx, userId, account.id, body.amountCents);
      const row = await ledger.post(tx, {
        kind: 'bank_deposit',
        status: 'processing',
        userId,
        amountCents: body.amountCents,
        countsTowardLimits: false,
        metadata: bankDetails(account),
        legs: [
          { account: { role: 'funding_clearing' }, amountCents: -body.amountCents },
          { account: { userId }, amountCents: body.amountCents },
        ],
      });
      await ledger.adjustWallet(tx, userId, { held: body.amountCents });
      await insertFundingTransfer(tx, {
        transferId: row.id,
        userId,
        plaidAccountId: account.id,
        direction: 'deposit',
        speed: null,
        amountCents: body.amountCents,
        feeCents: cents(0),
        hold: { cents: plan.onHold, businessDays: plan.holdBusinessDays },
      });
      return banking.reserveAch(tx, {
        userId,
        transferId: row.id,
        counterpartyId,
        amountCents: body.amountCents,
        direction: 'Debit',
        sameDay: false,
        requestKey,
      });
    },

    /**
     * Reserves money to a linked bank (ACH credit): amount and fee leave the wallet at once, and
     * what the user's partner account lacks is to come from the omnibus. Instant is Unit's Same
     * Day ACH. The partner is asked after this transaction commits.
     */
    async reserveWithdrawal(
      tx: Database,
      userId: string,
      body: { plaidAccountId: string; amountCents: Cents; speed: WithdrawalSpeed },
      { account, counterpartyId }: Prepared,
      requestKey: string,
    ): Promise<string> {
      await lockUserFunding(tx, userId);
      const quote = withdrawalQuote(body.amountCents, body.speed);
      const row = await ledger.post(tx, {
        kind: 'bank_withdrawal',
        status: 'processing',
        userId,
        amountCents: body.amountCents,
        feeCents: quote.feeCents,
        countsTowardLimits: false,
        metadata: { ...bankDetails(account), speed: body.speed },
        legs: [
          { account: { userId }, amountCents: -quote.totalCents },
          { account: { role: 'funding_clearing' }, amountCents: body.amountCents },
          ...(quote.feeCents > 0
            ? [{ account: { role: 'fee_revenue' as const }, amountCents: quote.feeCents }]
            : []),
        ],
      });
      await insertFundingTransfer(tx, {
        transferId: row.id,
        userId,
        plaidAccountId: account.id,
        direction: 'withdrawal',
        speed: body.speed,
        amountCents: body.amountCents,
        feeCents: quote.feeCents,
      });
      return banking.reserveAch(tx, {
        userId,
        transferId: row.id,
        counterpartyId,
        amountCents: body.amountCents,
        direction: 'Credit',
        sameDay: body.speed === 'instant',
        requestKey,
      });
    },
  };
}

export type Funding = ReturnType<typeof createFunding>;
