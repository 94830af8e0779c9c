import { cents } from '@pago/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { CardAuthorizationsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { type UnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import { verifyUnitSignature } from '../../providers/unit/unit-webhooks';
import type { Banking, CardEvent } from '../banking/banking.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import { createAuthorizationBatcher } from './authorization-batcher';
import {
  type AuthorizationAnswer,
  answerOf,
  atmNetworkOf,
  authorizationRequestBody,
  partnerId,
  STATUS_DECLINE,
} from './authorization-documents';
import {
  type AuthorizeCall,
  cardMovementsOn,
  duePendingHolds,
  findAuthorization,
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

type Authorization = Selectable<CardAuthorizationsTable>;

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
 * its budget with one statement (db/functions/card_authorize.sql: the card row locked, the
 * decision, one `ledger_post` of the hold). Clearing, reversal and refund come later as the partner's signed card events, each
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
  const batcher = createAuthorizationBatcher(db);
  const { release, clear, refund, firstTime, cardOf } = createCardSettlement({
    ledger,
    notifications,
    log,
  });

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
     * statement (`card_authorize`, or with those that arrived together `card_authorize_batch`;
     * docs/cards-performance.md). The same request again answers the same decision and posts
     * nothing more.
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
      const atm = request.type === 'atmAuthorizationRequest';
      const attributes = request.attributes;
      const network = atm ? atmNetworkOf(attributes) : null;
      const authorizedCents = attributes.amount;
      const call: AuthorizeCall = {
        partnerAuthorizationId: request.id,
        partnerCardId: request.relationships.card.data.id,
        kind: atm ? 'atm' : 'purchase',
        amountCents: attributes.amount,
        merchantType: atm ? null : (attributes.merchant?.type ?? null),
        merchantName: (atm ? attributes.atmName : attributes.merchant?.name) ?? '',
        network,
        // The hold's transfer metadata (TransferMetadataByKind); the function adds the card.
        metadata: atm
          ? {
              authorizationId: request.id,
              atmName: attributes.atmName ?? '',
              atmCity: attributes.atmLocation ?? '',
              network,
              authorizedCents,
            }
          : {
              authorizationId: request.id,
              merchantName: attributes.merchant?.name ?? '',
              merchantCity: attributes.merchant?.location ?? '',
              ...(attributes.merchant?.category
                ? { merchantCategory: attributes.merchant.category }
                : {}),
              authorizedCents,
            },
        statusDeclines: STATUS_DECLINE,
        now: now(),
      };
      const row = await batcher.authorize(call);
      if (!row) {
        return {
          data: { type: 'declineAuthorizationRequest', attributes: { reason: 'DoNotHonor' } },
        } satisfies AuthorizationAnswer;
      }
      // The holder's notification was written by the database (card_authorizations_notify);
      // the streams of every process learn of it after the commit, as for a send.
      notifications.hub.announce();
      return answerOf({
        status: row.status as Authorization['status'],
        decline_reason: row.decline_reason,
        amount_cents: cents(Number(row.amount_cents)),
      });
    },

    readEvent,

    /** How many statements carried how many authorizations so far (the batching at work). */
    batching: batcher.counts,

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
