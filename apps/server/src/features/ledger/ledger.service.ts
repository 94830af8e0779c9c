import type {
  PartyNamesSnapshot,
  TransferMetadata,
  TransferMetadataByKind,
  TransferMetadataOf,
} from '@pago/shared/contracts/ledger';
import type { TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import type { Limits } from '@pago/shared/contracts/wallet';
import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, cents, formatUsd } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  adjustWallet,
  allowDebtCollection,
  postTransfer,
  setTransferStatus,
  usedLimits,
  walletState,
} from './ledger.repository';

/** Accounts that belong to Pago rather than to a person; they may go below zero. */
export type SystemRole =
  | 'fee_revenue'
  | 'funding_clearing'
  /** Returned bank deposits users had spent and now owe (migration 0015). */
  | 'funding_receivable'
  | 'bill_pay_clearing'
  /** Card spending until the partner settles it with the network, a card's on its shard
   *  (migrations 0022, 0065; features/cards/card-clearing.ts). */
  | `card_clearing:${number}`
  /** Money arriving at users' partner accounts: received ACH, checks, cash (migration 0038). */
  | 'received_ach_clearing'
  | 'check_deposit_clearing'
  | 'cash_deposit_clearing'
  /** Card funding until the acquirer pays Pago out (migration 0038). */
  | 'card_funding_clearing'
  /** Provisional credit Pago gives while a card dispute is decided (migration 0038). */
  | 'card_dispute_clearing'
  /** Debts Pago wrote off as its loss (migration 0054). */
  | 'debt_write_offs'
  /** Where staff refunds come from (migration 0055; docs/ops-console.md). */
  | 'ops_refunds'
  | `payout_clearing:${string}`
  /** P2P payments held for a sanctions review until compliance decides (migration 0051). */
  | 'sanctions_hold'
  /** Money reserved by rate orders until they send or are cancelled (migration 0059). */
  | 'rate_order_holds'
  /** Colecta contributions held until sent or given back (migration 0062). */
  | 'colecta_holding';

export type AccountRef = { userId: string } | { role: SystemRole };
/** One side of a transfer: a signed amount on one account. A transfer's legs sum to zero. */
export type Leg = { account: AccountRef; amountCents: number };

/** A transfer of kind K; its metadata is the shape that kind keeps (`TransferMetadataByKind`). */
export type PostTransferOf<K extends TransferKind> = {
  kind: K;
  status: TransferStatus;
  /** The person the transfer belongs to (who sent, paid or deposited). */
  userId: string;
  counterpartyUserId?: string | null;
  amountCents: Cents;
  feeCents?: Cents;
  /** Outgoing money of `userId` that the limits of spec §9 apply to. */
  countsTowardLimits: boolean;
  relatedTransferId?: string | null;
  metadata: TransferMetadataByKind[K];
  legs: Leg[];
  note?: string | null;
};

export type PostTransfer = { [K in TransferKind]: PostTransferOf<K> }[TransferKind];

/**
 * The metadata of a stored transfer, checked to be of `kind`. The table keeps kind and metadata
 * in two columns, so their link is checked here rather than assumed by a cast at each reader.
 */
export function metadataOf<K extends TransferKind>(
  row: { id: string; kind: TransferKind; metadata: TransferMetadata },
  kind: K,
): TransferMetadataOf<K> {
  if (row.kind !== kind) {
    throw new Error(`Transfer ${row.id} is a ${row.kind}, not a ${kind}`);
  }
  return row.metadata as TransferMetadataOf<K>;
}

/** The two legs of money moving from one person's wallet to another's. */
export function walletToWallet(fromUserId: string, toUserId: string, amountCents: number): Leg[] {
  return [
    { account: { userId: fromUserId }, amountCents: -amountCents },
    { account: { userId: toUserId }, amountCents },
  ];
}

const usd = (amount: Cents) => formatUsd(amount, 'en');

/**
 * The only code that writes balances. A transfer locks its accounts in id order, checks funds
 * and limits, and writes the transfer, its entries and the new balances in the caller's
 * transaction — all or nothing.
 */
/** The names of people as money moves between them (the accounts feature's `parties`). */
export type PartyNames = (
  userIds: string[],
  executor: Database,
) => Promise<Map<string, { name: string }>>;

export function createLedger({
  clock = () => new Date(),
  partyNames,
}: {
  clock?: () => Date;
  partyNames: PartyNames;
}) {
  async function limits(db: Database, userId: string): Promise<Limits> {
    const used = await usedLimits(db, userId, clock());
    const { perTransaction, daily, monthly } = TRANSFER_LIMITS;
    return {
      perTransactionCents: perTransaction,
      day: {
        limitCents: daily,
        usedCents: used.day,
        remainingCents: cents(Math.max(0, daily - used.day)),
      },
      month: {
        limitCents: monthly,
        usedCents: used.month,
        remainingCents: cents(Math.max(0, monthly - used.month)),
      },
    };
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
      let metadata: TransferMetadata = { ...transfer.metadata };
      if (transfer.counterpartyUserId) {
        // Receipts show the names as they were when the money moved: a later rename must not
        // rewrite them. Read in the transfer's transaction, next to the money.
        const names = await partyNames([transfer.userId, transfer.counterpartyUserId], tx);
        const snapshot: PartyNamesSnapshot = {
          owner: names.get(transfer.userId)?.name ?? '',
          counterparty: names.get(transfer.counterpartyUserId)?.name ?? '',
        };
        metadata = { ...transfer.metadata, partyNames: snapshot };
      }
      try {
        return await postTransfer(tx, {
          kind: transfer.kind,
          status: transfer.status,
          userId: transfer.userId,
          counterpartyUserId: transfer.counterpartyUserId ?? null,
          amountCents: transfer.amountCents,
          feeCents: transfer.feeCents ?? 0,
          countsTowardLimits: transfer.countsTowardLimits,
          relatedTransferId: transfer.relatedTransferId ?? null,
          metadata,
          note: transfer.note ?? null,
          now,
          legs: transfer.legs.map((leg) =>
            'userId' in leg.account
              ? { user_id: leg.account.userId, amount: leg.amountCents }
              : { role: leg.account.role, amount: leg.amountCents },
          ),
          limits: TRANSFER_LIMITS,
        });
      } catch (error) {
        throw ledgerError(error);
      }
    },

    async setStatus(tx: Database, transferId: string, status: TransferStatus, note: string | null) {
      await setTransferStatus(tx, transferId, status, note, clock());
    },

    balance: async (db: Database, userId: string) => (await walletState(db, userId)).balance,

    /** The wallet's balance, held and owed cents (bank funding), locked when `lock`. */
    walletState,

    /** Adds (or with a negative delta, takes) held or owed cents on the user's wallet. */
    adjustWallet,

    /** Lets `ledger_post` take money a debt is owed against (the guard trigger), in `tx`. */
    allowDebtCollection,

    limits,

    /**
     * Refuses, before any money moves (at quote time), an amount over the room the sender has
     * left, in the ledger's own `limit_exceeded` shape. The ledger checks again when it posts.
     */
    async assertRoom(db: Database, userId: string, amountCents: Cents) {
      const room = await limits(db, userId);
      if (amountCents > room.perTransactionCents) throw limitRefusal('per_transaction', 0);
      if (amountCents > room.day.remainingCents) throw limitRefusal('daily', room.day.usedCents);
      if (amountCents > room.month.remainingCents) {
        throw limitRefusal('monthly', room.month.usedCents);
      }
    },
  };
}

/** The ledger function's refusals (SQLSTATE P2001, P2002) as the API's errors. */
function refusal(error: unknown): AppError | null {
  const e = error as { code?: string; detail?: string };
  if (e.code !== 'P2001' && e.code !== 'P2002') return null;
  const detail = JSON.parse(e.detail ?? '{}') as {
    balanceCents?: number;
    onHoldCents?: number;
    availableAt?: string;
    limit?: string;
    used?: number;
  };
  if (e.code === 'P2001' && detail.onHoldCents) {
    // The guard of migration 0031: the money is there, a bank deposit's hold keeps it.
    const balanceCents = cents(Number(detail.balanceCents ?? 0));
    const onHoldCents = cents(Number(detail.onHoldCents));
    const availableAt = new Date(detail.availableAt ?? 0).toISOString();
    return new AppError(
      'funds_on_hold',
      422,
      `${usd(onHoldCents)} from your bank is on hold until ${availableAt}. You can use ${usd(balanceCents)} now.`,
      { balanceCents, onHoldCents, availableAt },
    );
  }
  if (e.code === 'P2001') {
    const balanceCents = cents(Number(detail.balanceCents ?? 0));
    return new AppError(
      'insufficient_funds',
      422,
      `Insufficient funds. Your balance is ${usd(balanceCents)}.`,
      {
        balanceCents,
      },
    );
  }
  return limitRefusal(detail.limit ?? 'daily', Number(detail.used ?? 0));
}

/**
 * What `ledger_post` raised, as the caller should throw it: a refusal (P2001, P2002) as the API's
 * error, broken legs (P2003) as a `LedgerInvariantError`, anything else as it was.
 */
export function ledgerError(error: unknown): unknown {
  // P2010: the frozen-account guard of migration 0055 (docs/ops-console.md, "Freeze").
  if ((error as { code?: string }).code === 'P2010') return accountFrozen();
  return refusal(error) ?? brokenLegs(error) ?? error;
}

/**
 * `ledger_post` refused the legs themselves (SQLSTATE P2003: not summing to zero, naming no
 * account, or mixing currencies). Only a bug in our code can send such legs, so this is not an
 * AppError: the error handler logs it whole and answers 500 `internal_error`.
 */
export class LedgerInvariantError extends Error {
  constructor(
    message: string,
    readonly detail: unknown,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'LedgerInvariantError';
  }
}

function brokenLegs(error: unknown): LedgerInvariantError | null {
  const e = error as { code?: string; detail?: string; message?: string };
  if (e.code !== 'P2003') return null;
  let detail: unknown = e.detail;
  try {
    detail = JSON.parse(e.detail ?? 'null');
  } catch {
    // Keep the raw text: the log must show it whatever its shape.
  }
  return new LedgerInvariantError(`ledger_post refused the legs: ${e.message}`, detail, {
    cause: error,
  });
}

/** A limit refusal: which limit, and how much room is left (spec §9). */
function limitRefusal(limit: string, used: number): AppError {
  const { perTransaction, daily, monthly } = TRANSFER_LIMITS;
  if (limit === 'per_transaction') {
    return new AppError(
      'limit_exceeded',
      422,
      `The most you can send in one transfer is ${usd(perTransaction)}.`,
      { limit: 'per_transaction', limitCents: perTransaction, remainingCents: perTransaction },
    );
  }
  const isDaily = limit === 'daily';
  const limitCents = isDaily ? daily : monthly;
  const remainingCents = cents(Math.max(0, limitCents - used));
  return new AppError(
    'limit_exceeded',
    422,
    isDaily
      ? `This is over your daily limit of ${usd(daily)}. You can still send ${usd(remainingCents)} today.`
      : `This is over your monthly limit of ${usd(monthly)}. You can still send ${usd(remainingCents)} this month.`,
    { limit: isDaily ? 'daily' : 'monthly', limitCents, remainingCents },
  );
}

export type Ledger = ReturnType<typeof createLedger>;

/** A frozen account moves no money out (staff froze it; docs/ops-console.md). */
export function accountFrozen(): AppError {
  return new AppError(
    'account_frozen',
    423,
    'Your account is under review. Money cannot leave it for now; money sent to you still arrives.',
  );
}

/**
 * Whether staff froze the user's account (migration 0055). The ledger's trigger refuses money out
 * anyway; callers that decide before posting (a card authorization, a card order) ask here.
 */
export async function isAccountFrozen(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('frozen_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.frozen_at != null;
}
