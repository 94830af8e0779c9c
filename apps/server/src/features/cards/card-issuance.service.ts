import {
  CARD_DAILY_LIMITS,
  type Card,
  type CardType,
  type ShippingSpeed,
} from '@pago/shared/contracts/cards';
import { CARD_FEES } from '@pago/shared/fees';
import { cents, formatUsd } from '@pago/shared/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { UnitAddress, UnitCard, UnitClient } from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import { accountFrozen, isAccountFrozen, type Ledger } from '../ledger/ledger.service';
import {
  expiry,
  notOpen,
  OPEN,
  partnerKey,
  partnerType,
  toCardView,
  UNIT_STATUS,
} from './card-partner';
import {
  type CardRow,
  findOpenCardOfType,
  findPartnerAccount,
  insertCard,
  updateCard,
} from './cards.repository';

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

type Deps = {
  db: Database;
  ledger: Ledger;
  accounts: Accounts;
  /** The partner's client, or the 503 of live mode without one. */
  partner: () => UnitClient;
  /** The holder's own card, or 404. */
  ownCard: (userId: string, cardId: string) => Promise<CardRow>;
};

/**
 * A card's issue at the banking partner and its record at Pago, in the steps of a money POST
 * (`moneyPost`'s prepare → reserve → call): a new card (virtual at once, physical shipped) and a
 * lost card closed and replaced; the fee of a replacement or of expedited delivery is charged as
 * the card is recorded.
 */
export function createCardIssuance({ db, ledger, accounts, partner, ownCard }: Deps) {
  async function bankAccountOf(userId: string) {
    const account = await findPartnerAccount(db, userId);
    if (!account) {
      throw new AppError(
        'bank_account_required',
        409,
        'Your account numbers are not set up yet: the card is issued on them.',
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

  /** The partner's customer a card is issued to (the one of the holder's bank account). */
  async function customerOf(userId: string): Promise<string> {
    return (await bankAccountOf(userId)).unit_customer_id;
  }

  return {
    customerOf,

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
      // A frozen account orders no card (docs/ops-console.md).
      if (await isAccountFrozen(db, userId)) throw accountFrozen();
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
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export type CardIssuance = ReturnType<typeof createCardIssuance>;
