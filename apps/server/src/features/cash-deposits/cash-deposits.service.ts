import {
  type Atm,
  CASH_DEPOSIT_FEE_RULE,
  CASH_DEPOSIT_LIMITS,
  type CashBarcode,
  type CashDeposit,
  type CashDepositList,
  type CashStore,
  cashDepositFee,
} from '@pago/shared/contracts/cash-deposits';
import { cents } from '@pago/shared/money';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { EASTERN_TIME_ZONE } from '../../lib/eastern-time';
import { unavailableInLiveMode } from '../../lib/live-mode';
import {
  type UnitClient,
  UnitRefusal,
  type UnitTransaction,
} from '../../providers/unit/unit-client';
import type { Banking } from '../banking/banking.service';
import type { PartnerEvent } from '../banking/banking-partner';
import { collectDebt } from '../ledger/debt-collection';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  findByPartnerTransaction,
  findCashDeposit,
  findLiveBarcode,
  insertCashDeposit,
  listCashDeposits,
  lockUsersCash,
  monthTotal,
  ownerOfPartnerAccount,
  paidInOn,
  partnerAccountOf,
  saveBarcode,
} from './cash-deposits.repository';

type Deps = {
  db: Database;
  ledger: Ledger;
  banking: Pick<Banking, 'createAccount' | 'onEvents' | 'onReconcileAccount'>;
  /** null: live mode without Unit settings, so cash deposits are refused. */
  unit: UnitClient | null;
  notifications: Pick<Notifications, 'notify'>;
  log: Pick<Logger, 'warn'>;
};

/** A barcode is handed out again only while it has this long left to be scanned. */
const BARCODE_MARGIN_MS = 10 * 60_000;
const partnerId = /^\d{1,18}$/;

/** The US Eastern month (YYYY-MM) of an instant: the month the free cash is counted in. */
export function easternMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: EASTERN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

type Row = NonNullable<Awaited<ReturnType<typeof findCashDeposit>>>;
const toView = (row: Row): CashDeposit => ({
  id: row.id,
  transferId: row.transfer_id,
  amountCents: cents(Number(row.amount_cents)),
  feeCents: cents(Number(row.fee_cents)),
  storeName: row.store_name,
  createdAt: row.created_at.toISOString(),
});

/**
 * Cash paid in at stores with the user's barcode (the banking partner's retail network), and the
 * in-network ATMs near a ZIP code. The partner reports each cash deposit as a transaction of the
 * user's account (`transaction.created` of a cashDepositTransaction); it is read back from the
 * partner and credited once, spendable at once, with the month's fee rule applied.
 */
export function createCashDeposits({ db, ledger, banking, unit, notifications, log }: Deps) {
  const partner = (): UnitClient => {
    if (!unit) throw unavailableInLiveMode('cashDeposits');
    return unit;
  };

  /** Credits one cash deposit the partner confirmed, in the webhook's transaction (once). */
  async function credit(tx: Database, t: UnitTransaction): Promise<void> {
    const account = await ownerOfPartnerAccount(tx, t.accountId);
    // Not a Pago user's account (the omnibus, or not mirrored): nothing to credit.
    if (!account) return;
    const userId = account.user_id;
    await lockUsersCash(tx, userId);
    if (await findByPartnerTransaction(tx, t.id)) return;
    const month = easternMonth(ledger.clock());
    const before = await monthTotal(tx, userId, month);
    const amount = t.amount;
    const fee = cashDepositFee(before, amount);
    const storeName = t.summary.slice(0, 100) || 'Store';
    const transfer = await ledger.post(tx, {
      kind: 'cash_deposit',
      status: 'completed',
      userId,
      amountCents: cents(amount),
      feeCents: cents(fee),
      countsTowardLimits: false,
      metadata: { cashDepositId: t.id, storeName },
      legs: [
        { account: { role: 'cash_deposit_clearing' }, amountCents: -amount },
        { account: { userId }, amountCents: amount - fee },
        ...(fee > 0 ? [{ account: { role: 'fee_revenue' as const }, amountCents: fee }] : []),
      ],
    });
    // What the wallet owes is paid first from the cash (ledger/debt-collection.ts).
    await collectDebt(ledger, tx, userId, 'bank_deposit_return');
    await insertCashDeposit(tx, {
      userId,
      unitTransactionId: t.id,
      unitAccountId: t.accountId,
      transferId: transfer.id,
      amountCents: amount,
      feeCents: fee,
      storeName,
      month,
    });
    await notifications.notify(tx, {
      userId,
      type: 'cash_deposit_received',
      data: {
        amountCents: cents(amount),
        feeCents: cents(fee),
        merchant: storeName,
        transferId: transfer.id,
      },
    });
  }

  /**
   * The partner's `transaction.created` of a cash deposit: the transaction is read back from the
   * partner (its type, amount, direction and account, never as the event says), then credited.
   */
  async function readEvent(event: PartnerEvent) {
    if (!unit) return null;
    const transactionId = event.relationships?.transaction?.data?.id;
    const accountId = event.relationships?.account?.data?.id;
    if (
      typeof transactionId !== 'string' ||
      typeof accountId !== 'string' ||
      !partnerId.test(transactionId) ||
      !partnerId.test(accountId)
    ) {
      return null;
    }
    let t: UnitTransaction;
    try {
      t = await unit.getTransaction(accountId, transactionId);
    } catch (error) {
      if (error instanceof UnitRefusal) return null;
      throw error;
    }
    if (
      t.type !== 'cashDepositTransaction' ||
      t.direction !== 'Credit' ||
      t.accountId !== accountId ||
      !Number.isSafeInteger(t.amount) ||
      t.amount <= 0
    ) {
      log.warn({ eventId: event.id, transactionId }, 'cash deposit event not applied');
      return null;
    }
    return (tx: Database) => credit(tx, t);
  }

  banking.onEvents('transaction.created:cashDepositTransaction', readEvent);
  // Cash paid in at stores counts in the partner account's expected balance.
  banking.onReconcileAccount('cash-deposits', async ({ partnerAccountId }) => ({
    movement: await paidInOn(db, partnerAccountId),
    differences: [],
  }));

  const rules = {
    freePerMonthCents: CASH_DEPOSIT_FEE_RULE.freePerMonthCents,
    feeCents: CASH_DEPOSIT_FEE_RULE.feeCents,
    perDepositCents: CASH_DEPOSIT_LIMITS.perDeposit,
    perDayCents: CASH_DEPOSIT_LIMITS.perDay,
    perMonthCents: CASH_DEPOSIT_LIMITS.perMonth,
  };

  return {
    /** Refuses (503 in live mode) when no partner is configured. */
    assertAvailable(): void {
      partner();
    },

    /** Stores near a ZIP code that take a barcode cash deposit, nearest first. */
    async stores(postalCode: string): Promise<CashStore[]> {
      const found = await partner().listStoreLocations(postalCode, { limit: 20, offset: 0 });
      return found.map((s) => ({
        storeId: s.storeId,
        name: s.retailerName,
        phone: s.phone,
        street: s.street,
        city: s.city,
        state: s.state,
        postalCode: s.postalCode,
        distanceMiles: s.distance,
      }));
    },

    /** In-network (surcharge-free) ATMs near a ZIP code, nearest first. */
    async atms(postalCode: string): Promise<Atm[]> {
      const found = await partner().listAtmLocations(postalCode);
      return found
        .filter((a) => a.surchargeFree)
        .map((a) => ({
          network: a.network,
          name: a.locationName,
          street: a.street,
          city: a.city,
          state: a.state,
          postalCode: a.postalCode,
          distanceMiles: a.distance,
          acceptsDeposits: a.acceptDeposits,
        }));
    },

    /**
     * The user's barcode for a store: the one they have while it can still be scanned, else a
     * fresh one from the partner (their account there is opened on first use).
     */
    async barcode(userId: string, storeId: string): Promise<CashBarcode> {
      const client = partner();
      const live = await findLiveBarcode(
        db,
        userId,
        storeId,
        new Date(Date.now() + BARCODE_MARGIN_MS),
      );
      if (live) {
        return {
          barcodeNumber: live.barcode_number,
          expiresAt: live.expires_at.toISOString(),
          storeId,
        };
      }
      await banking.createAccount(userId);
      const account = await partnerAccountOf(db, userId);
      if (!account) throw new AppError('bank_account_required', 404, 'Banking Account Required');
      const generated = await client
        .generateCashDepositBarcode({
          accountId: account.unit_account_id,
          customerId: account.unit_customer_id,
          storeId,
        })
        .catch((error: unknown) => {
          if (error instanceof UnitRefusal && error.status < 500) {
            throw new AppError('not_found', 404, 'This store does not take cash deposits.');
          }
          throw error;
        });
      const row = await saveBarcode(db, {
        userId,
        storeId,
        barcodeNumber: generated.barcodeNumber,
        expiresAt: new Date(generated.expiration),
      });
      return {
        barcodeNumber: row.barcode_number,
        expiresAt: row.expires_at.toISOString(),
        storeId,
      };
    },

    /** The user's cash deposits, newest first, with this month's standing and the rules. */
    async list(userId: string, page: { limit: number; offset: number }): Promise<CashDepositList> {
      partner();
      const [{ rows, total }, deposited] = await Promise.all([
        listCashDeposits(db, userId, page),
        monthTotal(db, userId, easternMonth(ledger.clock())),
      ]);
      return {
        items: rows.map(toView),
        total,
        month: {
          depositedCents: cents(deposited),
          freeLeftCents: cents(Math.max(0, CASH_DEPOSIT_FEE_RULE.freePerMonthCents - deposited)),
        },
        rules,
      };
    },

    /** One of the user's cash deposits; another user's is 404, as a missing one. */
    async get(userId: string, id: string): Promise<CashDeposit> {
      partner();
      const row = await findCashDeposit(db, userId, id);
      if (!row) throw new AppError('not_found', 404, 'Cash deposit not found');
      return toView(row);
    },
  };
}

export type CashDeposits = ReturnType<typeof createCashDeposits>;
