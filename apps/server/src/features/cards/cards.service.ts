import type { Card } from '@pago/shared/contracts/cards';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import type { UnitClient } from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import type { Ledger } from '../ledger/ledger.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { createCardIssuance } from './card-issuance.service';
import {
  notFound,
  notOpen,
  OPEN,
  partnerType,
  refusalsAsErrors,
  toCardView,
  UNIT_STATUS,
} from './card-partner';
import { type CardRow, findCard, listCards, updateCard } from './cards.repository';

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

/** The numbers stay on screen this long. */
export const REVEAL_SECONDS = 60;
/** Wrong passwords or activation digits per card holder before a 15-minute wait. */
const SECRET_ATTEMPTS = 5;
const SECRET_WINDOW_SECONDS = 15 * 60;

/**
 * The Pago debit card's life at the banking partner: issue (virtual at once, physical shipped)
 * and report lost (closed and replaced), both in `card-issuance.service`; freeze, reveal,
 * activate, PIN and daily limits here. Pago keeps the last four digits and expiry; the numbers
 * and PIN stay at the partner.
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
  const issuance = createCardIssuance({ db, ledger, accounts, partner, ownCard });
  const { customerOf } = issuance;
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

    issueAtPartner: issuance.issueAtPartner,
    record: issuance.record,
    closeUnpaid: issuance.closeUnpaid,
    answer: issuance.answer,
    lostAnswer: issuance.lostAnswer,
    reportLostAtPartner: issuance.reportLostAtPartner,

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
      // The account's one budget of wrong passwords, which sign-in shares (docs/security.md).
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
}

export type Cards = ReturnType<typeof createCards>;
