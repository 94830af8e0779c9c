import { createHash } from 'node:crypto';
import type { BankAccount } from '@pago/shared/contracts/banking';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { type UnitClient, type UnitPayment, UnitRefusal } from '../../providers/unit/unit-client';
import {
  type Difference,
  findBankAccount,
  type lockUnitPaymentByUnitId,
} from './banking.repository';

// What the banking modules share: the partner client, the user's partner account, the partner
// idempotency keys, and the handlers other features register for the partner's events.

/** Partner statuses after which nothing changes. */
export const FINAL = new Set(['Settled', 'Rejected', 'Returned', 'Canceled']);
/** A due payment is claimed for this long while its partner call is made (then due again). */
export const RETRY_LEASE_SECONDS = 60;

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findBankAccount>>>;
export type MirroredPayment = NonNullable<Awaited<ReturnType<typeof lockUnitPaymentByUnitId>>>;
/** What a partner call came to: its payment, a refusal (4xx, or a refused cover), or no answer. */
export type PartnerOutcome = { payment: UnitPayment } | { refused: string } | { unavailable: true };

/** The partner's card events, as its webhook delivers them (Unit's event documents). */
export type CardEvent = {
  id: string;
  type: string;
  attributes?: { amount?: unknown; direction?: unknown };
  relationships?: {
    authorization?: { data?: { id?: unknown } };
    account?: { data?: { id?: unknown } };
    transaction?: { data?: { type?: unknown; id?: unknown } };
  };
};
/**
 * Reads a card event's objects back from the partner (no transaction open) and answers how to
 * apply what the partner confirmed, in the webhook's transaction; null when it confirmed nothing.
 */
export type CardEventHandler = (
  event: CardEvent,
) => Promise<((tx: Database) => Promise<void>) | null>;
/**
 * What an ACH payment's new partner status means for Pago's money: the funding feature's (it
 * registers itself with `onAchStatus`), run in the webhook's transaction.
 */
export type AchStatusHandler = (
  tx: Database,
  transferId: string,
  payment: UnitPayment,
  /** The mirror's status before this one (a status may be skipped: its webhook came too early). */
  previous: string,
) => Promise<void>;

/** The handlers other features register (one each per app); null until they do. */
/**
 * A feature's handler for one family of the partner's events (`receivedPayment.`,
 * `checkDeposit.`, …), registered with `onEvents`: it reads the resource back from the partner
 * outside any transaction and answers what to apply in the webhook's transaction (which records
 * the event once), or null to leave the event unrecorded (the partner will send it again).
 */
export type PartnerEvent = {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { type?: unknown; id?: unknown } | null } | undefined>;
};
export type PartnerEventHandler = (
  event: PartnerEvent,
) => Promise<((tx: Database) => Promise<void>) | null>;

export type BankingHandlers = {
  ach: AchStatusHandler | null;
  card: CardEventHandler | null;
  cardMovementsOn: ((partnerAccountId: string) => Promise<number>) | null;
  /** By event type prefix, e.g. `receivedPayment.` (`onEvents`). */
  events: Map<string, PartnerEventHandler>;
  /** A feature's part of each account's reconciliation, by its name (`onReconcileAccount`). */
  accountChecks: Map<string, AccountCheck>;
};

/**
 * A feature's part of reconciling one user's partner account (e.g. received payments): how much
 * of the partner's balance its applied movements explain, and what it found that differs.
 */
export type AccountCheck = (account: {
  userId: string;
  partnerAccountId: string;
}) => Promise<{ movement: number; differences: Difference[] }>;

/** The partner client, refused (503 in live mode) when none is configured. */
export function partnerOf(unit: UnitClient | null): () => UnitClient {
  return () => {
    if (!unit) throw unavailableInLiveMode('bankAccount');
    return unit;
  };
}

/** The user's account at the partner, or 404 when they have none. */
export async function accountOf(executor: Database, userId: string): Promise<AccountRow> {
  const row = await findBankAccount(executor, userId);
  if (!row) throw new AppError('bank_account_required', 404, 'Banking Account Required');
  return row;
}

const masked = (number: string) => `••••${number.slice(-4)}`;
export const toView = (row: AccountRow): BankAccount => ({
  id: row.id,
  accountNumber: masked(row.account_number),
  routingNumber: row.routing_number,
  createdAt: row.created_at.toISOString(),
});

/** How long a request waits for a twin holding the same partner idempotency key. */
const PARTNER_TWIN_WAIT_MS = 15_000;

/**
 * A partner call that creates an object under an idempotency key: a twin request making the same
 * object at the same moment gets Unit's 409 ("in use") and asks again shortly, for the object,
 * for as long as the twin may reasonably take (a busy partner answers slower; a fixed number of
 * tries gave up on a loaded machine).
 */
export async function onceAtPartner<T>(create: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + PARTNER_TWIN_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof UnitRefusal && error.status === 409) || Date.now() >= giveUpAt) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * attempt, 500)));
    }
  }
}

/** Unit's idempotency key for one Pago request (a user's Idempotency-Key), at most 255 chars. */
export const partnerKey = (scope: string, ...parts: string[]) =>
  `pago-${scope}-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40)}`;
