import { createHash } from 'node:crypto';
import {
  CARD_DAILY_LIMITS,
  type Card,
  type CardStatus,
  type CardType,
  type ShippingSpeed,
} from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { cents, formatUsd } from '@pago/shared/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import {
  type UnitAddress,
  type UnitCard,
  type UnitClient,
  UnitRefusal,
} from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import type { Ledger } from '../ledger/ledger.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import {
  type CardRow,
  findCard,
  findOpenCardOfType,
  findPartnerAccount,
  insertCard,
  listCards,
  updateCard,
} from './cards.repository';

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  rateLimits: RateLimits;
  /** Unit's client; null in live mode without Unit's settings (cards refused). */
  unit: UnitClient | null;
  /**
   * Sandbox mode: the server reads a card's numbers from the fake's secure-data endpoints and sets
   * its PIN there. In live mode Unit shows them in the browser only, which Pago has not built:
   * those three actions are refused there, never faked.
   */
  sandbox: boolean;
};

/** The numbers stay on screen this long (issue 15). */
export const REVEAL_SECONDS = 60;
/** Wrong passwords or activation digits per card holder before a 15-minute wait. */
const SECRET_ATTEMPTS = 5;
const SECRET_WINDOW_SECONDS = 15 * 60;

const UNIT_STATUS: Record<string, CardStatus> = {
  Active: 'active',
  Inactive: 'inactive',
  Frozen: 'frozen',
  Lost: 'lost',
  Stolen: 'stolen',
  ClosedByCustomer: 'closed',
  SuspectedFraud: 'closed',
};
const OPEN: ReadonlySet<CardStatus> = new Set(['inactive', 'active', 'frozen']);

/** Unit's card type of a Pago card. */
const partnerType = (type: CardType) =>
  type === 'physical' ? ('individualDebitCard' as const) : ('individualVirtualDebitCard' as const);

/** Unit's idempotency key for one Pago request, at most 255 characters. */
const partnerKey = (scope: string, ...parts: string[]) =>
  `pago-${scope}-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 40)}`;

function expiry(card: UnitCard): { expMonth: number; expYear: number } {
  const [year, month] = card.expirationDate.split('-').map(Number);
  return { expMonth: month ?? 1, expYear: year ?? 2000 };
}

export function toCardView(row: CardRow): Card {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    limits: {
      dailyPurchaseCents: row.daily_purchase_limit_cents,
      dailyWithdrawalCents: row.daily_withdrawal_limit_cents,
    },
    shipping:
      row.shipping_speed && row.shipping_address
        ? { speed: row.shipping_speed, address: row.shipping_address }
        : null,
    replacesCardId: row.replaces_card_id,
    createdAt: row.created_at.toISOString(),
  };
}

const notFound = () => new AppError('card_not_found', 404, 'Card not found');
const notOpen = (row: CardRow) =>
  new AppError('card_not_active', 409, `This card is ${row.status}.`, { status: row.status });

/** A card issued at the partner, before Pago records it and charges its fee (`reserve`). */
export type IssuedAtPartner = {
  userId: string;
  card: UnitCard;
  type: CardType;
  shipping: { speed: ShippingSpeed; address: string } | null;
  limits: { dailyPurchaseCents: number; dailyWithdrawalCents: number };
  replacesCardId: string | null;
  feeCents: number;
  fee: 'replacement' | 'expedited_delivery' | null;
};
/** What `reserve` did: the card recorded (and its fee charged), or the refusal to answer. */
export type Recorded = { row: CardRow; feeCents: number } | { refused: unknown; card: UnitCard };
/** A card reported lost (closed) and the record of its replacement. */
export type Reported = { closed: CardRow; recorded: Recorded };

/**
 * The Pago debit card's life at the banking partner: issue (virtual at once, physical shipped),
 * freeze, reveal, report lost (closed and replaced), activate, PIN and daily limits. Pago keeps
 * the last four digits and expiry; the numbers and PIN stay at the partner.
 */
export function createCards(deps: Deps) {
  const { db, ledger, accounts, rateLimits } = deps;

  const unit = deps.unit ? refusalsAsErrors(deps.unit) : null;
  function partner(): UnitClient {
    if (!unit) throw unavailableInLiveMode('cards');
    return unit;
  }
  function secureData(): UnitClient {
    const unit = partner();
    if (!deps.sandbox) throw unavailableInLiveMode('cardSecureData');
    return unit;
  }
  async function ownCard(userId: string, cardId: string): Promise<CardRow> {
    const row = await findCard(db, userId, cardId);
    if (!row) throw notFound();
    return row;
  }
  async function bankAccountOf(userId: string) {
    const account = await findPartnerAccount(db, userId);
    if (!account) {
      throw new AppError(
        'bank_account_required',
        409,
        'Open your Pago bank account first: the card is issued on it.',
      );
    }
    return account;
  }
  /** The profile's home address in Unit's shape, and in one line for the card's record. */
  async function shippingAddress(userId: string): Promise<{ unit: UnitAddress; line: string }> {
    const person = await accounts.bankApplicant(db, userId);
    const address = person?.address;
    if (!address) {
      throw new AppError(
        'address_required',
        422,
        'Add your home address (street, city, state and ZIP code) first: the card ships there.',
        { field: 'homeAddress' },
      );
    }
    const street = [address.street, address.street2].filter(Boolean).join(', ');
    return {
      unit: { ...address, street2: address.street2 ?? undefined, country: 'US' },
      line: `${street}, ${address.city}, ${address.state} ${address.postalCode}`,
    };
  }
  /** Refuses a fee the wallet cannot pay before anything is asked of the partner. */
  async function assertCanPay(userId: string, feeCents: number) {
    if (feeCents === 0) return;
    const wallet = await ledger.walletState(db, userId);
    const spendable = wallet.balance - wallet.held - wallet.owed;
    if (spendable < feeCents) {
      const balanceCents = cents(Math.max(0, spendable));
      throw new AppError(
        'insufficient_funds',
        422,
        `Insufficient funds. Your balance is ${formatUsd(balanceCents, 'en')}.`,
        { balanceCents },
      );
    }
  }
  async function secretAttempt(userId: string, what: string) {
    await rateLimits.take(
      {
        key: `card-${what}:user:${userId}`,
        limit: SECRET_ATTEMPTS,
        windowSeconds: SECRET_WINDOW_SECONDS,
      },
      'Too many attempts. Try again in 15 minutes.',
    );
  }
  async function applyStatus(row: CardRow, action: 'freeze' | 'unfreeze') {
    const card = await partner().cardAction(row.partner_card_id, action);
    return updateCard(db, row.id, { status: UNIT_STATUS[card.status] ?? row.status });
  }

  return {
    available: deps.unit !== null,

    async list(userId: string): Promise<Card[]> {
      return (await listCards(db, userId)).map(toCardView);
    },

    /**
     * Issues a card at the partner (no transaction open; a retry with the same Idempotency-Key
     * is the same card there). Checks first what Pago can check: the bank account, one open card
     * per type, the shipping address and the expedited fee.
     */
    async issueAtPartner(
      userId: string,
      body: { type: CardType; shipping?: ShippingSpeed | undefined },
      key: string,
    ): Promise<IssuedAtPartner> {
      const client = partner();
      const account = await bankAccountOf(userId);
      if (await findOpenCardOfType(db, userId, body.type)) {
        throw new AppError(
          'card_already_exists',
          409,
          `You already have a ${body.type} card. Report it lost to replace it.`,
        );
      }
      const physical = body.type === 'physical';
      const speed = physical ? (body.shipping ?? 'standard') : null;
      const address = physical ? await shippingAddress(userId) : null;
      const feeCents = speed === 'expedited' ? CARD_FEES.expeditedDelivery : 0;
      await assertCanPay(userId, feeCents);
      const limits = {
        dailyPurchaseCents: CARD_DAILY_LIMITS.purchaseCents,
        dailyWithdrawalCents: CARD_DAILY_LIMITS.withdrawalCents,
      };
      const card = await client.createCard({
        type: partnerType(body.type),
        accountId: account.unit_account_id,
        idempotencyKey: partnerKey('card', userId, key),
        limits: {
          dailyPurchase: limits.dailyPurchaseCents,
          dailyWithdrawal: limits.dailyWithdrawalCents,
        },
        ...(address ? { shippingAddress: address.unit } : {}),
        tags: { pagoUserId: userId },
      });
      return {
        userId,
        card,
        type: body.type,
        shipping: speed && address ? { speed, address: address.line } : null,
        limits,
        replacesCardId: null,
        feeCents,
        fee: feeCents > 0 ? 'expedited_delivery' : null,
      };
    },

    /**
     * Records the partner's card and charges its fee in `tx`, as one. A fee the wallet can no
     * longer pay (spent meanwhile) is answered as the refusal, and the card is closed at the
     * partner (`closeUnpaid`): no card without its fee, no fee without its card.
     */
    async record(tx: Database, issued: IssuedAtPartner): Promise<Recorded> {
      const { card } = issued;
      // A savepoint: a refusal undoes only this, and the caller stores it as the answer.
      await sql`savepoint card_record`.execute(tx);
      try {
        const { card: row, inserted } = await insertCard(tx, {
          userId: issued.userId,
          partnerCardId: card.id,
          partnerAccountId: card.accountId,
          type: issued.type,
          status: UNIT_STATUS[card.status] ?? 'inactive',
          last4: card.last4,
          ...expiry(card),
          ...issued.limits,
          shipping: issued.shipping,
          replacesCardId: issued.replacesCardId,
        });
        if (inserted && issued.fee && issued.feeCents > 0) {
          await ledger.post(tx, {
            kind: 'card_fee',
            status: 'completed',
            userId: issued.userId,
            amountCents: cents(issued.feeCents),
            countsTowardLimits: false,
            metadata: { cardId: row.id, last4: row.last4, fee: issued.fee },
            legs: [
              { account: { userId: issued.userId }, amountCents: -issued.feeCents },
              { account: { role: 'fee_revenue' }, amountCents: issued.feeCents },
            ],
          });
        }
        return { row, feeCents: issued.feeCents };
      } catch (error) {
        await sql`rollback to savepoint card_record`.execute(tx);
        if (isUniqueViolation(error)) {
          return {
            refused: new AppError(
              'card_already_exists',
              409,
              `You already have a ${issued.type} card. Report it lost to replace it.`,
            ),
            card,
          };
        }
        if (error instanceof AppError) return { refused: error, card };
        throw error;
      }
    },

    /** Closes at the partner a card Pago refused to record (its fee could not be paid). */
    async closeUnpaid(recorded: Recorded): Promise<Recorded> {
      if ('refused' in recorded) {
        await partner()
          .cardAction(recorded.card.id, 'close')
          .catch(() => undefined);
      }
      return recorded;
    },

    answer(recorded: Recorded): Card {
      if ('refused' in recorded) throw recorded.refused;
      return toCardView(recorded.row);
    },

    /** Report-lost's answer: the closed card, its replacement and the fee charged. */
    lostAnswer(closed: CardRow, recorded: Recorded) {
      if ('refused' in recorded) throw recorded.refused;
      return {
        closed: toCardView(closed),
        replacement: toCardView(recorded.row),
        feeCents: cents(recorded.feeCents),
      };
    },

    /**
     * Reports a card lost or stolen: closed at the partner and in Pago at once, whatever else
     * happens; then its replacement is issued at the partner if the wallet can pay the fee. If
     * it cannot, the card stays closed and the answer is `insufficient_funds` (a new report is
     * refused: the card is closed; a new card can be ordered).
     */
    async reportLostAtPartner(
      userId: string,
      cardId: string,
      body: { reason: 'lost' | 'stolen'; shipping: ShippingSpeed },
    ): Promise<{ closed: CardRow; issued: IssuedAtPartner }> {
      const client = partner();
      const row = await ownCard(userId, cardId);
      if (!OPEN.has(row.status)) throw notOpen(row);
      const reported = await client.cardAction(
        row.partner_card_id,
        body.reason === 'stolen' ? 'report-stolen' : 'report-lost',
      );
      const closed = await updateCard(db, row.id, {
        status: UNIT_STATUS[reported.status] ?? body.reason,
      });
      const physical = row.type === 'physical';
      const speed = physical ? body.shipping : null;
      const address = physical ? await shippingAddress(userId) : null;
      const feeCents =
        CARD_FEES.replacement + (speed === 'expedited' ? CARD_FEES.expeditedDelivery : 0);
      await assertCanPay(userId, feeCents);
      const card = await client.createCard({
        type: partnerType(row.type),
        accountId: row.partner_account_id,
        // One replacement per reported card, whatever the request's key.
        idempotencyKey: partnerKey('card-replacement', row.id),
        limits: {
          dailyPurchase: row.daily_purchase_limit_cents,
          dailyWithdrawal: row.daily_withdrawal_limit_cents,
        },
        ...(address ? { shippingAddress: address.unit } : {}),
        tags: { pagoUserId: userId, replaces: row.partner_card_id },
      });
      return {
        closed,
        issued: {
          userId,
          card,
          type: row.type,
          shipping: speed && address ? { speed, address: address.line } : null,
          limits: {
            dailyPurchaseCents: row.daily_purchase_limit_cents,
            dailyWithdrawalCents: row.daily_withdrawal_limit_cents,
          },
          replacesCardId: row.id,
          feeCents,
          fee: 'replacement',
        },
      };
    },

    async freeze(userId: string, cardId: string): Promise<Card> {
      const row = await ownCard(userId, cardId);
      if (row.status === 'frozen') return toCardView(row);
      if (row.status !== 'active') throw notOpen(row);
      return toCardView(await applyStatus(row, 'freeze'));
    },

    async unfreeze(userId: string, cardId: string): Promise<Card> {
      const row = await ownCard(userId, cardId);
      if (row.status === 'active') return toCardView(row);
      if (row.status !== 'frozen') throw notOpen(row);
      return toCardView(await applyStatus(row, 'unfreeze'));
    },

    /** The numbers, after the password; never stored or logged by Pago. */
    async reveal(
      userId: string,
      cardId: string,
      secrets: { password: string; twoStepCode?: string | undefined },
      ip: string,
    ) {
      const row = await ownCard(userId, cardId);
      if (!OPEN.has(row.status)) throw notOpen(row);
      const client = secureData();
      // The account's one budget of wrong passwords, which sign-in shares (issue 22).
      if (!(await accounts.confirmPassword(userId, secrets.password, ip, { signedIn: true }))) {
        throw new AppError('invalid_credentials', 401, 'The password is not right.');
      }
      // With two-step codes on, a current code too (its own attempts limit and replay guard).
      await accounts.requireSecondStep(userId, secrets.twoStepCode);
      const numbers = await client.revealCard(row.partner_card_id, await customerOf(userId));
      return {
        ...numbers,
        expMonth: row.exp_month,
        expYear: row.exp_year,
        hideAt: new Date(Date.now() + REVEAL_SECONDS * 1000).toISOString(),
      };
    },

    /** A physical card, once its holder types the last four digits and expiry printed on it. */
    async activate(
      userId: string,
      cardId: string,
      body: { last4: string; expMonth: number; expYear: number },
    ): Promise<Card> {
      const row = await ownCard(userId, cardId);
      if (row.status === 'active') return toCardView(row);
      if (row.type !== 'physical' || row.status !== 'inactive') throw notOpen(row);
      const client = secureData();
      await secretAttempt(userId, 'activation');
      if (
        body.last4 !== row.last4 ||
        body.expMonth !== row.exp_month ||
        body.expYear !== row.exp_year
      ) {
        throw new AppError(
          'card_activation_failed',
          422,
          'The last four digits or the expiry date do not match this card.',
        );
      }
      const card = await client.activateCardInSandbox(row.partner_card_id);
      return toCardView(
        await updateCard(db, row.id, { status: UNIT_STATUS[card.status] ?? 'active' }),
      );
    },

    async setPin(userId: string, cardId: string, pin: string): Promise<void> {
      const row = await ownCard(userId, cardId);
      if (!OPEN.has(row.status)) throw notOpen(row);
      const client = secureData();
      await client.setCardPin(row.partner_card_id, await customerOf(userId), pin);
    },

    async setLimits(
      userId: string,
      cardId: string,
      body: { dailyPurchaseCents?: number | undefined; dailyWithdrawalCents?: number | undefined },
    ): Promise<Card> {
      const row = await ownCard(userId, cardId);
      if (!OPEN.has(row.status)) throw notOpen(row);
      const limits = {
        dailyPurchase: body.dailyPurchaseCents ?? row.daily_purchase_limit_cents,
        dailyWithdrawal: body.dailyWithdrawalCents ?? row.daily_withdrawal_limit_cents,
      };
      await partner().updateCardLimits(row.partner_card_id, partnerType(row.type), limits);
      return toCardView(
        await updateCard(db, row.id, {
          dailyPurchaseCents: limits.dailyPurchase,
          dailyWithdrawalCents: limits.dailyWithdrawal,
        }),
      );
    },
  };

  async function customerOf(userId: string): Promise<string> {
    return (await bankAccountOf(userId)).unit_customer_id;
  }
}

/**
 * The client with Unit's refusals (a 4xx: the card cannot do that now) as the API's 409; its
 * absence stays 503 `banking_partner_unavailable`.
 */
function refusalsAsErrors(unit: UnitClient): UnitClient {
  return new Proxy(unit, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          if (error instanceof UnitRefusal) {
            throw new AppError('card_not_active', 409, `The bank refused: ${error.title}`, {
              partnerStatus: error.status,
            });
          }
          throw error;
        }
      };
    },
  });
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export type Cards = ReturnType<typeof createCards>;
