import type { TransferKind, TransferStatus } from '@pago/shared/contracts/money';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, formatUsd } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  ensureUserAccounts,
  lockAccountsFor,
  setTransferStatus,
  usedLimits,
  userBalance,
  writeTransfer,
} from './ledger.repository';

/** Accounts that belong to Pago rather than to a person; they may go below zero. */
export type SystemRole =
  | 'fee_revenue'
  | 'funding_clearing'
  | 'bill_pay_clearing'
  | `payout_clearing:${string}`;

export type AccountRef = { userId: string } | { role: SystemRole };
/** One side of a transfer: a signed amount on one account. A transfer's legs sum to zero. */
export type Leg = { account: AccountRef; amountCents: number };

export type PostTransfer = {
  kind: TransferKind;
  status: TransferStatus;
  /** The person the transfer belongs to (who sent, paid or deposited). */
  userId: string;
  counterpartyUserId?: string | null;
  amountCents: number;
  feeCents?: number;
  /** Outgoing money of `userId` that the limits of spec §9 apply to. */
  countsTowardLimits: boolean;
  relatedTransferId?: string | null;
  metadata?: Record<string, unknown>;
  legs: Leg[];
  note?: string | null;
};

const usd = (cents: number) => formatUsd(cents as Cents, 'en');

/**
 * The only code that writes balances. A transfer locks its accounts in id order, checks funds
 * and limits, and writes the transfer, its entries and the new balances in the caller's
 * transaction — all or nothing.
 */
export function createLedger({ clock = () => new Date() }: { clock?: () => Date } = {}) {
  async function checkLimits(db: Database, userId: string, amountCents: number, now: Date) {
    const { perTransaction, daily, monthly } = TRANSFER_LIMITS;
    if (amountCents > perTransaction) {
      throw new AppError(
        'limit_exceeded',
        422,
        `The most you can send in one transfer is ${usd(perTransaction)}.`,
        {
          limit: 'per_transaction',
          limitCents: perTransaction,
          remainingCents: perTransaction,
        },
      );
    }
    const used = await usedLimits(db, userId, now);
    if (used.day + amountCents > daily) {
      const remainingCents = Math.max(0, daily - used.day);
      throw new AppError(
        'limit_exceeded',
        422,
        `This is over your daily limit of ${usd(daily)}. You can still send ${usd(remainingCents)} today.`,
        { limit: 'daily', limitCents: daily, remainingCents },
      );
    }
    if (used.month + amountCents > monthly) {
      const remainingCents = Math.max(0, monthly - used.month);
      throw new AppError(
        'limit_exceeded',
        422,
        `This is over your monthly limit of ${usd(monthly)}. You can still send ${usd(remainingCents)} this month.`,
        { limit: 'monthly', limitCents: monthly, remainingCents },
      );
    }
  }

  return {
    clock,

    /** Must run inside a transaction (`db.transaction().execute(tx => ledger.post(tx, …))`). */
    async post(tx: Database, transfer: PostTransfer) {
      const sum = transfer.legs.reduce((total, leg) => total + leg.amountCents, 0);
      if (
        sum !== 0 ||
        transfer.legs.some((leg) => !Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0)
      ) {
        throw new Error(`Unbalanced transfer legs: ${JSON.stringify(transfer.legs)}`);
      }
      const now = clock();
      const userIds = [
        ...new Set(transfer.legs.flatMap((l) => ('userId' in l.account ? [l.account.userId] : []))),
      ];
      const roles = [
        ...new Set(transfer.legs.flatMap((l) => ('role' in l.account ? [l.account.role] : []))),
      ];
      await ensureUserAccounts(tx, userIds);
      const locked = await lockAccountsFor(tx, userIds, roles);
      const idOf = (ref: AccountRef) => {
        const account = locked.find((a) =>
          'userId' in ref ? a.user_id === ref.userId : a.system_role === ref.role,
        );
        if (!account) throw new Error(`No ledger account for ${JSON.stringify(ref)}`);
        return account;
      };

      const running = new Map<number, number>();
      const entries = transfer.legs.map((leg) => {
        const account = idOf(leg.account);
        const after = (running.get(account.id) ?? account.balance_cents) + leg.amountCents;
        running.set(account.id, after);
        return { accountId: account.id, amountCents: leg.amountCents, balanceAfterCents: after };
      });
      for (const account of locked) {
        const balance = running.get(account.id);
        if (account.user_id && balance !== undefined && balance < 0) {
          throw new AppError(
            'insufficient_funds',
            422,
            `Insufficient funds. Your balance is ${usd(account.balance_cents)}.`,
            { balanceCents: account.balance_cents },
          );
        }
      }
      if (transfer.countsTowardLimits) {
        await checkLimits(tx, transfer.userId, transfer.amountCents, now);
      }
      return writeTransfer(tx, {
        kind: transfer.kind,
        status: transfer.status,
        userId: transfer.userId,
        counterpartyUserId: transfer.counterpartyUserId ?? null,
        amountCents: transfer.amountCents,
        feeCents: transfer.feeCents ?? 0,
        countsTowardLimits: transfer.countsTowardLimits,
        relatedTransferId: transfer.relatedTransferId ?? null,
        metadata: transfer.metadata ?? {},
        note: transfer.note ?? null,
        now,
        entries,
        balances: [...running].map(([accountId, balanceCents]) => ({ accountId, balanceCents })),
      });
    },

    async setStatus(tx: Database, transferId: string, status: TransferStatus, note: string | null) {
      await setTransferStatus(tx, transferId, status, note, clock());
    },

    balance: (db: Database, userId: string) => userBalance(db, userId),

    async limits(db: Database, userId: string) {
      const used = await usedLimits(db, userId, clock());
      const { perTransaction, daily, monthly } = TRANSFER_LIMITS;
      return {
        perTransactionCents: perTransaction,
        day: {
          limitCents: daily,
          usedCents: used.day,
          remainingCents: Math.max(0, daily - used.day),
        },
        month: {
          limitCents: monthly,
          usedCents: used.month,
          remainingCents: Math.max(0, monthly - used.month),
        },
      };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
