import type { Card, CardSecureToken, CardSecureVerification } from '@pago/shared/contracts/cards';
import type { UnitSecureDataSettings } from '../../config-vendors';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { type UnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import type { Accounts } from '../accounts/accounts.service';
import type { PartnerEvent } from '../banking/banking-partner';
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
   * Sandbox mode: a physical card is activated with Unit's sandbox activation; in live mode Unit
   * documents no activation call, so it is refused there (docs/unit-card-secure-data.md).
   */
  sandbox: boolean;
  /** Where the browser shows and collects card data (Unit's VGS vault); null: none configured. */
  secureData: UnitSecureDataSettings | null;
};

/** The numbers stay on screen this long. */
export const REVEAL_SECONDS = 60;
/** The customer token's life: long enough to load the secure frame and type a PIN. */
const SECURE_TOKEN_SECONDS = 300;
/** Wrong passwords or activation digits per card holder before a 15-minute wait. */
const SECRET_ATTEMPTS = 5;
const SECRET_WINDOW_SECONDS = 15 * 60;

/**
 * The Pago debit card's life at the banking partner: issue (virtual at once, physical shipped)
 * and report lost (closed and replaced), both in `card-issuance.service`; freeze, the secure
 * display's token, activation and daily limits here. Pago keeps the last four digits and expiry; the numbers
 * and PIN stay at the partner.
 */
export function createCards(deps: Deps) {
  const { db, ledger, accounts, rateLimits } = deps;

  const unit = deps.unit ? refusalsAsErrors(deps.unit) : null;
  function partner(): UnitClient {
    if (!unit) throw unavailableInLiveMode('cards');
    return unit;
  }
  function vault(): UnitSecureDataSettings {
    partner();
    if (!deps.secureData?.vaultId) throw unavailableInLiveMode('cardSecureData');
    return deps.secureData;
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
    /** The browser's secure frames for the numbers and the PIN can be given a token. */
    secureDataAvailable: deps.unit !== null && Boolean(deps.secureData?.vaultId),
    /** Activation in the app: Unit's sandbox activation only (live: the number on the card). */
    activationAvailable: deps.unit !== null && deps.sandbox,

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

    /**
     * The first step towards the browser's secure display (the numbers) or form (the PIN): the
     * password (and a current two-step code when they are on), then Unit's customer token
     * verification, which texts a code to the holder's phone. Unit gives the sensitive scopes
     * only to a token asked for with that verification and code (docs/unit-card-secure-data.md).
     */
    async secureVerification(
      userId: string,
      cardId: string,
      secrets: {
        password: string;
        purpose: 'show' | 'pin';
        locale?: 'es' | 'en' | undefined;
        twoStepCode?: string | undefined;
      },
      ip: string,
    ): Promise<CardSecureVerification> {
      const row = await ownCard(userId, cardId);
      // Unit shows and sets card data of active cards only.
      if (row.status !== 'active') throw notOpen(row);
      vault();
      // The account's one budget of wrong passwords, which sign-in shares (docs/security.md).
      if (!(await accounts.confirmPassword(userId, secrets.password, ip, { signedIn: true }))) {
        throw new AppError('invalid_credentials', 401, 'The password is not right.');
      }
      // With two-step codes on, a current code too (its own attempts limit and replay guard).
      await accounts.requireSecondStep(userId, secrets.twoStepCode);
      // Each text message costs and reaches a phone: a few per quarter hour.
      await secretAttempt(userId, 'secure-data-text');
      const { verificationToken } = await partner().createCustomerTokenVerification(
        await customerOf(userId),
        secrets.locale ?? 'es',
      );
      return { verificationToken, channel: 'sms' };
    },

    /**
     * A customer token for the browser's secure display (the numbers) or form (the PIN), with
     * the verification of the first step and the code the holder received. The numbers and the
     * PIN go between the partner's vault and the browser only; Pago never sees, stores or logs
     * them. Unit's refusal of the code (wrong, expired, spent) is the API's 422.
     */
    async secureToken(
      userId: string,
      cardId: string,
      body: { purpose: 'show' | 'pin'; verificationToken: string; verificationCode: string },
    ): Promise<CardSecureToken> {
      const row = await ownCard(userId, cardId);
      if (row.status !== 'active') throw notOpen(row);
      const settings = vault();
      const scope = body.purpose === 'show' ? 'cards-sensitive' : 'cards-sensitive-write';
      const customerId = await customerOf(userId);
      let token: { token: string; expiresIn: number };
      try {
        // The bare client: its refusal here is about the code, not the card.
        token = await (deps.unit as UnitClient).createCardSecureToken(
          customerId,
          row.partner_card_id,
          scope,
          SECURE_TOKEN_SECONDS,
          { verificationToken: body.verificationToken, verificationCode: body.verificationCode },
        );
      } catch (error) {
        if (error instanceof UnitRefusal) {
          throw new AppError(
            'card_verification_failed',
            422,
            'The code is not right or has expired. Ask for a new one.',
          );
        }
        throw error;
      }
      return {
        ...token,
        scope,
        partnerCardId: row.partner_card_id,
        vault: settings,
        expMonth: row.exp_month,
        expYear: row.exp_year,
        hideAt: new Date(Date.now() + REVEAL_SECONDS * 1000).toISOString(),
      };
    },

    /**
     * Unit's `card.activated` event: the holder activated a physical card outside Pago (live
     * mode: the toll-free number printed on it; sandbox: Unit's sandbox activation). Read back
     * from Unit; an inactive card Pago holds with that partner id becomes active.
     */
    async onPartnerEvent(event: PartnerEvent) {
      const cardId = event.relationships?.card?.data?.id;
      if (typeof cardId !== 'string' || !/^\d{1,18}$/.test(cardId) || !deps.unit) return null;
      const card = await deps.unit.getCard(cardId);
      if (UNIT_STATUS[card.status] !== 'active') return null;
      return async (tx: Database) => {
        await tx
          .updateTable('cards')
          .set({ status: 'active', updated_at: new Date() })
          .where('partner_card_id', '=', card.id)
          .where('status', '=', 'inactive')
          .execute();
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
      const client = partner();
      if (!deps.sandbox) throw unavailableInLiveMode('cardActivation');
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
