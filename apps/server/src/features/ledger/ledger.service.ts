import type { TransferKind, TransferStatus } from '@pago/shared/contracts/money';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, formatUsd } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  addStatusHistory,
  ensureUserAccount,
  findSystemAccount,
  insertEntries,
  insertTransfer,
  lockAccounts,
  setBalance,
  setTransferStatus,
  usedLimits,
  userBalance,
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
  const systemAccounts = new Map<string, number>();

  async function accountId(db: Database, ref: AccountRef): Promise<number> {
    if ('userId' in ref) return ensureUserAccount(db, ref.userId);
    const cached = systemAccounts.get(ref.role);
    if (cached) return cached;
    const id = await findSystemAccount(db, ref.role);
    systemAccounts.set(ref.role, id);
    return id;
  }

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
      const ids = await Promise.all(transfer.legs.map((leg) => accountId(tx, leg.account)));
      const locked = new Map((await lockAccounts(tx, ids)).map((row) => [row.id, row]));

      const newBalances = new Map<number, number>();
      transfer.legs.forEach((leg, i) => {
        const id = ids[i] as number;
        const before = newBalances.get(id) ?? locked.get(id)?.balance_cents ?? 0;
        newBalances.set(id, before + leg.amountCents);
      });
      for (const [id, balance] of newBalances) {
        const account = locked.get(id);
        if (account?.user_id && balance < 0) {
          const available = account.balance_cents;
          throw new AppError(
            'insufficient_funds',
            422,
            `Insufficient funds. Your balance is ${usd(available)}.`,
            {
              balanceCents: available,
            },
          );
        }
      }
      if (transfer.countsTowardLimits)
        await checkLimits(tx, transfer.userId, transfer.amountCents, now);

      const row = await insertTransfer(tx, {
        kind: transfer.kind,
        status: transfer.status,
        userId: transfer.userId,
        counterpartyUserId: transfer.counterpartyUserId ?? null,
        amountCents: transfer.amountCents,
        feeCents: transfer.feeCents ?? 0,
        countsTowardLimits: transfer.countsTowardLimits,
        relatedTransferId: transfer.relatedTransferId ?? null,
        metadata: transfer.metadata ?? {},
        now,
      });
      const running = new Map<number, number>();
      const entries = transfer.legs.map((leg, i) => {
        const id = ids[i] as number;
        const after = (running.get(id) ?? locked.get(id)?.balance_cents ?? 0) + leg.amountCents;
        running.set(id, after);
        return {
          transferId: row.id,
          accountId: id,
          amountCents: leg.amountCents,
          balanceAfterCents: after,
        };
      });
      await insertEntries(tx, entries);
      for (const [id, balance] of newBalances) await setBalance(tx, id, balance);
      await addStatusHistory(tx, row.id, transfer.status, transfer.note ?? null, now);
      return row;
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
