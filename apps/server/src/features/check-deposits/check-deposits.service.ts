import { addBusinessDays } from '@pago/shared/business-days';
import {
  CHECK_AVAILABILITY_BUSINESS_DAYS,
  CHECK_DEPOSIT_LIMITS,
  type CheckDeposit,
  type CheckDepositLimits,
  type CheckDepositStatus,
} from '@pago/shared/contracts/check-deposits';
import { type Cents, cents } from '@pago/shared/money';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { UnitClient } from '../../providers/unit/unit-client';
import { UnitRefusal } from '../../providers/unit/unit-transport';
import type { UnitCheckDeposit } from '../../providers/unit/unit-types';
import type { Banking } from '../banking/banking.service';
import { accountOf, partnerKey } from '../banking/banking-partner';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  type CheckDepositRow,
  confirmedInPeriods,
  findCheckDeposit,
  insertCheckDeposit,
  listCheckDeposits,
  lockCheckDeposit,
  lockUserCheckDeposits,
  updateCheckDeposit,
} from './check-deposits.repository';
import { createCheckDepositSettlement } from './check-deposits-settlement';

type Deps = {
  db: Database;
  ledger: Ledger;
  banking: Pick<Banking, 'onEvents' | 'onReconcileAccount'>;
  /** null: live mode without Unit, so check deposits are refused. */
  unit: UnitClient | null;
  notifications: Pick<Notifications, 'notify'>;
};

/** What a partner call came to: the deposit, Unit's refusal (4xx), or no answer. */
export type DepositOutcome =
  | { deposit: UnitCheckDeposit }
  | { refused: string; status: number }
  | { unavailable: true };

const AWAITING_IMAGES = new Set(['AwaitingImages', 'AwaitingFrontImage', 'AwaitingBackImage']);

export type { CheckDepositRow };

export const toView = (row: CheckDepositRow): CheckDeposit => ({
  id: row.id,
  amountCents: cents(Number(row.amount_cents)),
  description: row.description,
  status: row.status as CheckDepositStatus,
  funds: row.funds,
  reason: row.reason,
  frontUploaded: row.front_uploaded,
  backUploaded: row.back_uploaded,
  availableBy: row.available_by?.toISOString() ?? null,
  owedCents: cents(Number(row.owed_cents)),
  transferId: row.transfer_id,
  createdAt: row.created_at.toISOString(),
  confirmedAt: row.confirmed_at?.toISOString() ?? null,
});

/** Asks the partner, classifying its answer (no transaction is open). */
async function ask(call: () => Promise<UnitCheckDeposit>): Promise<DepositOutcome> {
  try {
    return { deposit: await call() };
  } catch (error) {
    if (error instanceof UnitRefusal && error.status >= 400 && error.status < 500) {
      return { refused: error.title, status: error.status };
    }
    return { unavailable: true };
  }
}

/**
 * Mobile check deposits through the banking partner (Unit): the user's deposit is created at the
 * partner into their own partner account, both sides of the check are uploaded, and confirmed
 * within the limits; then the partner's statuses (read back on each webhook) move the money: in
 * the wallet and held while the partner reviews and clears it, available when it sends it,
 * gone again when rejected, taken back when returned (what was already spent becomes a debt,
 * as a returned bank deposit's, funding-settlement.ts). docs/check-deposits.md.
 */
export function createCheckDeposits({ db, ledger, banking, unit, notifications }: Deps) {
  const { applyStatus } = createCheckDepositSettlement({
    db,
    ledger,
    banking,
    unit,
    notifications,
  });
  const partner = () => {
    if (!unit) throw unavailableInLiveMode('checkDeposits');
    return unit;
  };

  async function limits(
    executor: Database,
    userId: string,
    except: string | null = null,
  ): Promise<CheckDepositLimits> {
    const now = ledger.clock();
    const used = await confirmedInPeriods(executor, userId, now, except);
    const window = (limitCents: Cents, usedCents: Cents) => ({
      limitCents,
      usedCents,
      remainingCents: cents(Math.max(0, limitCents - usedCents)),
    });
    return {
      perCheckCents: CHECK_DEPOSIT_LIMITS.perCheck,
      day: window(CHECK_DEPOSIT_LIMITS.daily, used.day),
      month: window(CHECK_DEPOSIT_LIMITS.monthly, used.month),
      availableBy: addBusinessDays(now, CHECK_AVAILABILITY_BUSINESS_DAYS).toISOString(),
      availabilityBusinessDays: CHECK_AVAILABILITY_BUSINESS_DAYS,
    };
  }

  /** Refuses a deposit over what is left today or this month (under the user's lock). */
  async function assertRoom(
    tx: Database,
    userId: string,
    amountCents: number,
    except: string | null,
  ) {
    await lockUserCheckDeposits(tx, userId);
    const room = await limits(tx, userId, except);
    for (const [name, window] of [
      ['check_deposit_daily', room.day],
      ['check_deposit_monthly', room.month],
    ] as const) {
      if (amountCents > window.remainingCents) {
        throw new AppError(
          'limit_exceeded',
          422,
          `This is over your check deposit limit. You can still deposit ${(window.remainingCents / 100).toFixed(2)} USD.`,
          { limit: name, limitCents: window.limitCents, remainingCents: window.remainingCents },
        );
      }
    }
  }

  async function owned(userId: string, id: string): Promise<CheckDepositRow> {
    const row = await findCheckDeposit(db, userId, id);
    if (!row) throw new AppError('not_found', 404, 'Check deposit not found');
    return row;
  }

  return {
    limits: (userId: string) => {
      partner();
      return limits(db, userId);
    },

    async get(userId: string, id: string): Promise<CheckDeposit> {
      return toView(await owned(userId, id));
    },

    async list(userId: string, page: { limit: number; offset: number }) {
      const rows = await listCheckDeposits(db, userId, page);
      return { items: rows.slice(0, page.limit).map(toView), hasMore: rows.length > page.limit };
    },

    /** Before the creation's transaction: the partner and the user's partner account. */
    async prepareCreate(userId: string) {
      partner();
      return (await accountOf(db, userId)).unit_account_id;
    },

    /** The deposit's row, within the limits (nothing is at the partner yet). */
    async reserveCreate(
      tx: Database,
      userId: string,
      unitAccountId: string,
      body: { amountCents: Cents; description?: string | undefined },
    ): Promise<CheckDepositRow> {
      await assertRoom(tx, userId, body.amountCents, null);
      return insertCheckDeposit(tx, {
        userId,
        unitAccountId,
        amountCents: body.amountCents,
        description: body.description ?? 'Mobile check deposit',
      });
    },

    /** Creates it at the partner under a key made from the request's (no transaction open). */
    callCreate(row: CheckDepositRow, requestKey: string): Promise<DepositOutcome> {
      return ask(() =>
        partner().createCheckDeposit({
          accountId: row.unit_account_id,
          amount: Number(row.amount_cents),
          description: row.description,
          idempotencyKey: partnerKey('check-deposit', row.user_id, requestKey),
          tags: { pagoCheckDepositId: row.id },
        }),
      );
    },

    async settleCreate(tx: Database, row: CheckDepositRow, outcome: DepositOutcome) {
      if ('deposit' in outcome) {
        const locked = (await lockCheckDeposit(tx, row.id)) ?? row;
        const withId = await updateCheckDeposit(tx, row.id, {
          unit_deposit_id: outcome.deposit.id,
          status: 'AwaitingImages',
        });
        return toView(await applyStatus(tx, { ...locked, ...withId }, outcome.deposit));
      }
      await updateCheckDeposit(tx, row.id, {
        status: 'Canceled',
        funds: 'failed',
        reason: 'refused' in outcome ? outcome.refused : 'partner_unavailable',
      });
      if ('refused' in outcome) {
        throw new AppError(
          'check_deposit_refused',
          422,
          `The bank refused the check: ${outcome.refused}`,
        );
      }
      throw new AppError(
        'service_unavailable',
        503,
        'The bank did not answer. Nothing was deposited: try again.',
      );
    },

    /** One side's image, forwarded to the partner (no transaction open while it is sent). */
    async upload(userId: string, id: string, side: 'front' | 'back', image: Buffer) {
      const row = await owned(userId, id);
      if (!row.unit_deposit_id || !AWAITING_IMAGES.has(row.status)) {
        throw new AppError(
          'check_deposit_not_awaiting_images',
          409,
          'This check deposit does not take images any more.',
        );
      }
      const outcome = await ask(() =>
        partner().uploadCheckDepositImage(row.unit_deposit_id as string, side, image),
      );
      if ('unavailable' in outcome) {
        throw new AppError('service_unavailable', 503, 'The bank did not answer: try again.');
      }
      if ('refused' in outcome) {
        throw outcome.status === 413
          ? new AppError('image_too_large', 413, 'The image is too large.')
          : new AppError(
              'check_deposit_refused',
              422,
              `The bank refused the image: ${outcome.refused}`,
            );
      }
      const { deposit } = outcome;
      return db.transaction().execute(async (tx) => {
        const locked = (await lockCheckDeposit(tx, row.id)) as CheckDepositRow;
        const marked = await updateCheckDeposit(
          tx,
          row.id,
          side === 'front' ? { front_uploaded: true } : { back_uploaded: true },
        );
        return toView(await applyStatus(tx, { ...locked, ...marked }, deposit));
      });
    },

    /** Before the confirmation's transaction: the user's deposit, ready to confirm. */
    async prepareConfirm(userId: string, id: string) {
      const client = partner();
      let row = await owned(userId, id);
      // An image answer lost on the way (the partner has both, the mirror does not know it yet):
      // the partner's status is read back first.
      if (row.unit_deposit_id && AWAITING_IMAGES.has(row.status)) {
        const outcome = await ask(() => client.getCheckDeposit(row.unit_deposit_id as string));
        if ('deposit' in outcome) {
          const { deposit } = outcome;
          row = await db.transaction().execute(async (tx) => {
            const locked = (await lockCheckDeposit(tx, id)) as CheckDepositRow;
            return applyStatus(tx, locked, deposit);
          });
        }
      }
      if (row.status !== 'AwaitingCustomerConfirmation') {
        throw new AppError(
          'check_deposit_not_ready',
          409,
          row.front_uploaded && row.back_uploaded
            ? 'This check deposit is already confirmed.'
            : 'Both sides of the check are needed first.',
        );
      }
      return row;
    },

    /** Within the limits again (others may have been confirmed since), marked as confirmed. */
    async reserveConfirm(tx: Database, userId: string, row: CheckDepositRow) {
      await assertRoom(tx, userId, Number(row.amount_cents), row.id);
      const locked = await lockCheckDeposit(tx, row.id);
      if (locked?.status !== 'AwaitingCustomerConfirmation') {
        throw new AppError(
          'check_deposit_not_ready',
          409,
          'This check deposit is already confirmed.',
        );
      }
      const now = ledger.clock();
      return updateCheckDeposit(tx, row.id, {
        confirmed_at: now,
        available_by: addBusinessDays(now, CHECK_AVAILABILITY_BUSINESS_DAYS),
      });
    },

    callConfirm(row: CheckDepositRow): Promise<DepositOutcome> {
      return ask(() => partner().confirmCheckDeposit(row.unit_deposit_id as string));
    },

    /**
     * The partner's answer: reviewed (in the wallet, held) or rejected. Without an answer the
     * deposit stays confirmed, and its webhooks bring its status when the partner has it.
     */
    async settleConfirm(tx: Database, row: CheckDepositRow, outcome: DepositOutcome) {
      const locked = (await lockCheckDeposit(tx, row.id)) as CheckDepositRow;
      if ('deposit' in outcome) return toView(await applyStatus(tx, locked, outcome.deposit));
      if ('refused' in outcome) {
        await updateCheckDeposit(tx, row.id, { confirmed_at: null, available_by: null });
        throw new AppError(
          'check_deposit_refused',
          422,
          `The bank refused the check: ${outcome.refused}`,
        );
      }
      return toView(locked);
    },
  };
}

export type CheckDeposits = ReturnType<typeof createCheckDeposits>;
