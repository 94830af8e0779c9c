import { addBusinessDays, inSameDayWindow } from '@pago/shared/business-days';
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
  SAME_DAY_HOURS,
} from '@pago/shared/fees';
import { type Cents, cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Banking } from '../banking/banking.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import type { PlaidService } from '../plaid/plaid.service';
import {
  depositedInPeriods,
  findCounterparty,
  insertFundingTransfer,
  isEstablishedLink,
  lockUserFunding,
  saveCounterparty,
  walletWithHolds,
} from './funding.repository';
import { createFundingSettlement } from './funding-settlement';

/** What a deposit or withdrawal needs before its first transaction: the bank and counterparty. */
export type Prepared = { account: LinkedBankAccount; counterpartyId: string };

type Deps = {
  db: Database;
  ledger: Ledger;
  banking: Banking;
  plaid: PlaidService;
  notifications: Pick<Notifications, 'notify'>;
};

/**
 * A withdrawal's fee and when it arrives: instant is the same banking day inside the same-day
 * window (`SAME_DAY_HOURS`, on /fees), else the next banking day; standard 1–3 banking days.
 */
export function withdrawalQuote(
  amountCents: Cents,
  speed: WithdrawalSpeed,
  now: Date = new Date(),
): WithdrawalQuote {
  const feeCents = speed === 'instant' ? INSTANT_WITHDRAWAL_FEE : cents(0);
  const instantDays = inSameDayWindow(now, SAME_DAY_HOURS) ? 0 : 1;
  return {
    amountCents,
    feeCents,
    totalCents: cents(amountCents + feeCents),
    speed,
    minDays: speed === 'instant' ? instantDays : DELIVERY_TIMES.standardMinDays,
    maxDays: speed === 'instant' ? instantDays : DELIVERY_TIMES.standardMaxDays,
  };
}

/**
 * Money between a linked bank (Plaid) and the wallet, by ACH at the banking partner (Unit) through
 * the user's own partner deposit account (and Pago's omnibus for money that never went through it).
 * Each request reserves in one transaction and the partner is called after it commits. A deposit is in the wallet at once but held (not
 * spendable) until the partner settles it, and then, by the funds-availability policy
 * (docs/funds-availability.md), part of it may stay held some banking days more; a return takes
 * it back, and what was already spent becomes a debt the wallet owes. A withdrawal leaves the
 * wallet (amount and fee) at once; a failed one comes back in full. What the partner's answers
 * do to the wallet is funding-settlement.ts.
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

  const settlement = createFundingSettlement({ db, ledger, banking, notifications });

  return {
    limits: (userId: string) => limits(db, userId),

    /** A withdrawal's fee and arrival as of now (the ledger's clock: tests can set the hour). */
    withdrawalQuote: (amountCents: Cents, speed: WithdrawalSpeed) =>
      withdrawalQuote(amountCents, speed, ledger.clock()),

    async wallet(userId: string) {
      // One statement, so one snapshot: the holds are part of `held`.
      const { state, holds } = await walletWithHolds(db, userId);
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

    /** Releases the holds that came due (funding-settlement.ts). */
    releaseDueHolds: settlement.releaseDueHolds,

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
      const quote = withdrawalQuote(body.amountCents, body.speed, ledger.clock());
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
