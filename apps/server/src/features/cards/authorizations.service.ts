import type { AtmNetwork } from '@pago/shared/contracts/cards';
import { ATM_FEES } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { CardsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { type UnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import { verifyUnitSignature } from '../../providers/unit/unit-webhooks';
import type { Banking, CardEvent } from '../banking/banking.service';
import { isAccountFrozen, type Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  type AuthorizationAnswer,
  type AuthorizationRequest,
  answerOf,
  atmNetworkOf,
  authorizationRequestBody,
  type Decline,
  partnerId,
  STATUS_DECLINE,
} from './authorization-documents';
import {
  cardMovementsOn,
  duePendingHolds,
  findAuthorization,
  inNetworkWithdrawalsThisMonth,
  lockCardByPartnerId,
  spentToday,
} from './authorizations.repository';
import { createCardSettlement } from './card-settlement.service';

/** Unit's transaction types that clear (Debit) or refund (Credit) a card authorization. */
const CARD_TRANSACTIONS = new Set(['purchaseTransaction', 'atmTransaction']);

/** Due holds the expiry job takes at a time; it takes batches until none is left. */
const EXPIRY_BATCH = 100;
/**
 * A run of the expiry job takes no new batch after this long (well within the queue's 15-minute
 * expiry of a run); what is left is the next run's, a minute later.
 */
const EXPIRY_RUN_MS = 5 * 60_000;

type Card = Selectable<CardsTable>;

type Deps = {
  db: Database;
  ledger: Ledger;
  banking: Banking;
  /** The partner, to read its card events back; null in live mode without one (none applied). */
  unit: UnitClient | null;
  notifications: Notifications;
  webhookSecret: string;
  /** How long a hold lives before the expiry job releases it. */
  holdExpiryMs: number;
  log: FastifyBaseLogger;
};

/**
 * Card authorizations (what the holder spends with the card), decided in real time by the ledger: the partner asks, Pago answers within
 * its budget with one transaction (the card row locked, the decision, one `ledger_post` of the
 * hold). Clearing, reversal and refund come later as the partner's signed card events, each
 * applied once; the expiry job releases holds the network never cleared.
 */
export function createCardAuthorizations({
  db,
  ledger,
  banking,
  unit,
  notifications,
  webhookSecret,
  holdExpiryMs,
  log,
}: Deps) {
  const now = () => ledger.clock();
  const { postHold, release, clear, refund, firstTime, cardOf } = createCardSettlement({
    ledger,
    notifications,
    log,
  });

  async function decide(
    tx: Database,
    card: Card,
    request: AuthorizationRequest,
  ): Promise<{ decline: Decline } | { feeCents: number; network: AtmNetwork | null }> {
    const statusDecline = STATUS_DECLINE[card.status];
    if (statusDecline) return { decline: statusDecline };
    // Staff froze the account (docs/ops-console.md): declined as a frozen card, nothing held.
    if (await isAccountFrozen(tx, card.user_id)) return { decline: 'card_frozen' };
    // The wallet is locked before anything of the user's is counted: the card's lock orders one
    // card's requests, the wallet's orders the user's cards (the month's free ATM withdrawals).
    const wallet = await ledger.walletState(tx, card.user_id, true);
    const atm = request.type === 'atmAuthorizationRequest';
    const amount = request.attributes.amount;
    const limit = Number(atm ? card.daily_withdrawal_limit_cents : card.daily_purchase_limit_cents);
    if ((await spentToday(tx, card.id, atm ? 'atm' : 'purchase', now())) + amount > limit) {
      return { decline: 'card_limit_exceeded' };
    }
    const network = atm ? atmNetworkOf(request.attributes) : null;
    let feeCents = 0;
    if (network === 'out') feeCents = ATM_FEES.outOfNetwork;
    if (network === 'international') feeCents = ATM_FEES.international;
    if (network === 'in') {
      const used = await inNetworkWithdrawalsThisMonth(tx, card.user_id, now());
      if (used >= ATM_FEES.inNetworkFreePerMonth) feeCents = ATM_FEES.inNetworkAfterFree;
    }
    if (amount + feeCents > wallet.balance - wallet.held - wallet.owed) {
      return { decline: 'insufficient_funds' };
    }
    return { feeCents, network };
  }

  /** What a partner refusal means here: it does not have the object (a 4xx), so nothing is. */
  async function fromPartner<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof UnitRefusal) return null;
      throw error;
    }
  }

  const ignored = (event: CardEvent, reason: string) => {
    log.warn({ eventId: event.id, type: event.type, reason }, 'card event not applied');
    return null;
  };

  /**
   * A card event from the partner's webhook, read back from the partner before anything is
   * applied (as payments are): a reversal only when the partner has the authorization Canceled,
   * a clearing or refund only as the partner's transaction says (its amount, its direction, its
   * authorization and account), never as the event says. What it answers runs in the webhook's
   * transaction, bounded by the authorization (`clear`, `refund`).
   */
  async function readEvent(event: CardEvent) {
    if (!unit) return ignored(event, 'no_partner');
    const valid = (id: unknown): id is string =>
      typeof id === 'string' && partnerId.safeParse(id).success;
    const named = event.relationships?.authorization?.data?.id;
    const locked = async (tx: Database, authorizationId: string) => {
      const auth = await findAuthorization(tx, authorizationId, true);
      // Not an authorization Pago decided (or a declined one): nothing to apply.
      return auth && auth.status !== 'declined' ? auth : null;
    };
    if (event.type === 'authorization.canceled') {
      if (!valid(named)) return null;
      const atPartner = await fromPartner(() => unit.getAuthorization(named));
      if (atPartner?.status !== 'Canceled') return ignored(event, 'not_canceled_at_partner');
      return async (tx: Database) => {
        const auth = await locked(tx, named);
        if (!auth) return;
        const first = await firstTime(tx, {
          id: `cancel:${named}`,
          kind: 'reversal',
          auth,
          amount: 0,
        });
        if (first) await release(tx, auth, 'reversed');
      };
    }
    const { id: transactionId, type } = event.relationships?.transaction?.data ?? {};
    const accountId = event.relationships?.account?.data?.id;
    // Every transaction of an account has this event: others than card ones are not the cards'.
    if (typeof type === 'string' && !CARD_TRANSACTIONS.has(type)) return null;
    if (!valid(transactionId) || !valid(accountId) || (named !== undefined && !valid(named))) {
      return null;
    }
    const transaction = await fromPartner(() => unit.getTransaction(accountId, transactionId));
    if (!transaction || !CARD_TRANSACTIONS.has(transaction.type)) {
      return named === undefined ? null : ignored(event, 'no_card_transaction_at_partner');
    }
    // The partner's transaction names its authorization; an event that names another is not it.
    const authorizationId = transaction.authorizationId;
    if (
      !valid(authorizationId) ||
      (named !== undefined && named !== authorizationId) ||
      transaction.accountId !== accountId ||
      !Number.isSafeInteger(transaction.amount) ||
      transaction.amount <= 0
    ) {
      return ignored(event, 'not_the_partner_transaction');
    }
    return async (tx: Database) => {
      const auth = await locked(tx, authorizationId);
      if (!auth) return;
      const card = await cardOf(tx, auth.card_id);
      if (card.partner_account_id !== transaction.accountId) return;
      if (transaction.direction === 'Credit')
        await refund(tx, auth, transaction.id, transaction.amount);
      else await clear(tx, auth, transaction.id, transaction.amount);
    };
  }

  banking.onCardEvents(readEvent, (accountId) => cardMovementsOn(db, accountId));

  return {
    /**
     * Unit's authorization request: the signature first (401), then the decision in one
     * transaction. The same request again answers the same decision and posts nothing more.
     */
    async authorize(rawBody: string, signature: string | undefined): Promise<AuthorizationAnswer> {
      // Live mode without the partner's settings: no secret to check against, so no card at all.
      if (!webhookSecret) throw unavailableInLiveMode('bankAccount');
      if (!verifyUnitSignature(signature, rawBody, webhookSecret)) {
        throw new AppError('invalid_signature', 401, 'Invalid authorization request signature');
      }
      let parsed: z.infer<typeof authorizationRequestBody>;
      try {
        const result = authorizationRequestBody.safeParse(JSON.parse(rawBody));
        if (!result.success) throw result.error;
        parsed = result.data;
      } catch {
        throw new AppError('bad_request', 400, 'Not an authorization request document');
      }
      const request = parsed.data;
      const known = await findAuthorization(db, request.id);
      if (known) return answerOf(known);
      return db.transaction().execute(async (tx) => {
        const card = await lockCardByPartnerId(tx, request.relationships.card.data.id);
        if (!card) {
          return {
            data: { type: 'declineAuthorizationRequest', attributes: { reason: 'DoNotHonor' } },
          } satisfies AuthorizationAnswer;
        }
        // A retry that raced the first one waited on the card's lock: answer what it decided.
        const raced = await findAuthorization(tx, request.id);
        if (raced) return answerOf(raced);
        const decision = await decide(tx, card, request);
        const atm = request.type === 'atmAuthorizationRequest';
        const amount = request.attributes.amount;
        const merchant = atm
          ? (request.attributes.atmName ?? '')
          : (request.attributes.merchant?.name ?? '');
        const record = (values: {
          status: 'declined' | 'pending';
          decline_reason?: string;
          fee_cents?: number;
          atm_network: AtmNetwork | null;
          transfer_id?: string;
        }) =>
          tx
            .insertInto('card_authorizations')
            .values({
              partner_authorization_id: request.id,
              created_at: now(),
              card_id: card.id,
              user_id: card.user_id,
              kind: atm ? 'atm' : 'purchase',
              amount_cents: amount,
              merchant_type: atm ? null : (request.attributes.merchant?.type ?? null),
              ...values,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        if ('decline' in decision) {
          const row = await record({
            status: 'declined',
            decline_reason: decision.decline,
            atm_network: atm ? atmNetworkOf(request.attributes) : null,
          });
          await notifications.notify(tx, {
            userId: card.user_id,
            type: 'card_declined',
            data: { amountCents: cents(amount), merchant, declineReason: decision.decline },
          });
          return answerOf(row);
        }
        const transfer = await postHold(tx, card, request, decision.feeCents, decision.network);
        const row = await record({
          status: 'pending',
          fee_cents: decision.feeCents,
          atm_network: decision.network,
          transfer_id: transfer.id,
        });
        await notifications.notify(tx, {
          userId: card.user_id,
          type: atm ? 'card_atm_withdrawal' : 'card_purchase',
          data: {
            amountCents: cents(amount),
            merchant,
            transferId: transfer.id,
            ...(decision.feeCents > 0 ? { feeCents: cents(decision.feeCents) } : {}),
          },
        });
        return answerOf(row);
      });
    },

    readEvent,

    /**
     * The expiry job: holds not cleared within their time are released (money and fee back).
     * It takes due holds a batch at a time, each released in a short transaction of its own,
     * until none is due (or the run's time is up: the next run, a minute later, goes on), so a
     * backlog of any size is released in one run rather than a batch a minute.
     */
    async expireHolds(): Promise<number> {
      const before = new Date(now().getTime() - holdExpiryMs);
      const stopAt = Date.now() + EXPIRY_RUN_MS;
      let expired = 0;
      for (;;) {
        const due = await duePendingHolds(db, before, EXPIRY_BATCH);
        let released = 0;
        for (const { partner_authorization_id } of due) {
          const done = await db.transaction().execute(async (tx) => {
            const auth = await findAuthorization(tx, partner_authorization_id, true);
            return auth ? release(tx, auth, 'expired') : false;
          });
          if (done) released += 1;
        }
        expired += released;
        // A short batch was the last; one that released nothing would only be taken again.
        if (due.length < EXPIRY_BATCH || released === 0 || Date.now() >= stopAt) break;
      }
      if (expired > 0) log.info({ expired }, 'card holds expired');
      return expired;
    },
  };
}

export type CardAuthorizations = ReturnType<typeof createCardAuthorizations>;
