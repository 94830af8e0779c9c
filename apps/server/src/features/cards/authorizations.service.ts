import type { AtmNetwork, CardDeclineReason } from '@pago/shared/contracts/cards';
import type { TransferMetadataByKind } from '@pago/shared/contracts/ledger';
import { ATM_FEES } from '@pago/shared/fees';
import { cents } from '@pago/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { CardAuthorizationsTable, CardsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { unavailableInLiveMode } from '../../lib/live-mode';
import { type UnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import { verifyUnitSignature } from '../../providers/unit/unit-webhooks';
import type { Banking, CardEvent } from '../banking/banking.service';
import type { Ledger, Leg } from '../ledger/ledger.service';
import type { Notifications } from '../notifications/notifications.service';
import {
  alreadyRecorded,
  cardMovementsOn,
  duePendingHolds,
  findAuthorization,
  inNetworkWithdrawalsThisMonth,
  lockCardByPartnerId,
  refundedCents,
  spentToday,
} from './authorizations.repository';

/**
 * How far a clearing may exceed its authorization, as the card networks allow for amounts not
 * known when the card is authorized:
 * - a tip: restaurants (5812), bars (5813), fast food (5814), taxis (4121) and beauty or barber
 *   shops (7230) may clear up to 20% above the authorization;
 * - fuel: a pump (5542) or service station (5541) authorizes before the fuel is pumped (often a
 *   $1 status check), so its clearing may reach $175.00 (Visa's and Mastercard's automated fuel
 *   dispenser ceiling in the US) when the authorization was smaller;
 * - everything else, and every ATM withdrawal: no more than the authorization.
 * A clearing beyond its ceiling is charged up to the ceiling only (see `clear`).
 */
const TIP_MERCHANT_TYPES = new Set([5812, 5813, 5814, 4121, 7230]);
const TIP_TOLERANCE_PERCENT = 20;
const FUEL_MERCHANT_TYPES = new Set([5541, 5542]);
const FUEL_CEILING_CENTS = 17_500;

function clearingCeiling(auth: Pick<Authorization, 'kind' | 'amount_cents' | 'merchant_type'>) {
  const authorized = Number(auth.amount_cents);
  if (auth.kind === 'atm' || auth.merchant_type === null) return authorized;
  if (TIP_MERCHANT_TYPES.has(auth.merchant_type)) {
    return authorized + Math.floor((authorized * TIP_TOLERANCE_PERCENT) / 100);
  }
  if (FUEL_MERCHANT_TYPES.has(auth.merchant_type)) return Math.max(authorized, FUEL_CEILING_CENTS);
  return authorized;
}

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
type Authorization = Selectable<CardAuthorizationsTable>;

const partnerId = z.string().regex(/^\d{1,18}$/);
const text = z.string().max(500).optional();

/**
 * Unit's authorization request document (openapi-unit-sdk, authorizationRequest.json): purchase
 * and ATM requests, with the card, account and customer they are for.
 */
export const authorizationRequestBody = z.object({
  data: z.object({
    type: z.enum(['purchaseAuthorizationRequest', 'atmAuthorizationRequest']),
    id: partnerId,
    attributes: z.object({
      amount: z.number().int().min(1).max(100_000_000),
      merchant: z
        .object({ name: text, type: z.number().int().optional(), category: text, location: text })
        .optional(),
      atmName: text,
      atmLocation: text,
      surcharge: z.number().int().min(0).max(100_000).optional(),
      internationalServiceFee: z.number().int().min(0).max(100_000).optional(),
    }),
    relationships: z.object({ card: z.object({ data: z.object({ id: partnerId }) }) }),
  }),
});
type AuthorizationRequest = z.infer<typeof authorizationRequestBody>['data'];

/** Pago's answer, Unit's approve / decline documents. */
export const authorizationAnswerSchema = z.object({
  data: z.union([
    z.object({
      type: z.literal('approveAuthorizationRequest'),
      attributes: z.object({ amount: z.number().int() }),
    }),
    z.object({
      type: z.literal('declineAuthorizationRequest'),
      attributes: z.object({ reason: z.string() }),
    }),
  ]),
});
type AuthorizationAnswer = z.infer<typeof authorizationAnswerSchema>;

/** Our decline reasons in Unit's words (DeclineAuthorizationRequest.reason). */
const UNIT_REASON: Record<Exclude<CardDeclineReason, 'invalid_card'>, string> = {
  card_frozen: 'RestrictedCard',
  card_closed: 'AccountClosed',
  card_inactive: 'TransactionNotPermittedToCardholder',
  insufficient_funds: 'InsufficientFunds',
  card_limit_exceeded: 'CardExceedsAmountLimit',
};
type Decline = keyof typeof UNIT_REASON;

const STATUS_DECLINE: Partial<Record<Card['status'], Decline>> = {
  frozen: 'card_frozen',
  lost: 'card_closed',
  stolen: 'card_closed',
  closed: 'card_closed',
  inactive: 'card_inactive',
};

/**
 * Which ATM network a withdrawal is on, read from Unit's ATM attributes: a foreign bank's
 * international service fee means abroad, an ATM owner's surcharge means outside the network.
 */
function atmNetworkOf(attributes: AuthorizationRequest['attributes']): AtmNetwork {
  if ((attributes.internationalServiceFee ?? 0) > 0) return 'international';
  if ((attributes.surcharge ?? 0) > 0) return 'out';
  return 'in';
}

function answerOf(row: Pick<Authorization, 'status' | 'decline_reason' | 'amount_cents'>) {
  const answer: AuthorizationAnswer =
    row.status === 'declined'
      ? {
          data: {
            type: 'declineAuthorizationRequest',
            attributes: { reason: UNIT_REASON[row.decline_reason as Decline] ?? 'DoNotHonor' },
          },
        }
      : {
          data: {
            type: 'approveAuthorizationRequest',
            attributes: { amount: Number(row.amount_cents) },
          },
        };
  return answer;
}

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

  async function decide(
    tx: Database,
    card: Card,
    request: AuthorizationRequest,
  ): Promise<{ decline: Decline } | { feeCents: number; network: AtmNetwork | null }> {
    const statusDecline = STATUS_DECLINE[card.status];
    if (statusDecline) return { decline: statusDecline };
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

  /** The hold: wallet → card_clearing (and the ATM fee → fee_revenue), processing. */
  async function postHold(
    tx: Database,
    card: Card,
    request: AuthorizationRequest,
    feeCents: number,
    network: AtmNetwork | null,
  ) {
    const amount = request.attributes.amount;
    const userId = card.user_id;
    const legs: Leg[] = [
      { account: { userId }, amountCents: -(amount + feeCents) },
      { account: { role: 'card_clearing' }, amountCents: amount },
    ];
    if (feeCents > 0) legs.push({ account: { role: 'fee_revenue' }, amountCents: feeCents });
    const common = { cardId: card.id, last4: card.last4, authorizationId: request.id };
    const base = {
      status: 'processing' as const,
      userId,
      amountCents: cents(amount),
      feeCents: cents(feeCents),
      // *Choice:* the card's own daily limits apply to card spending, not the P2P limits.
      countsTowardLimits: false,
      legs,
    };
    const attributes = request.attributes;
    return network
      ? ledger.post(tx, {
          ...base,
          kind: 'card_atm_withdrawal',
          metadata: {
            ...common,
            atmName: attributes.atmName ?? '',
            atmCity: attributes.atmLocation ?? '',
            network,
            authorizedCents: amount,
          },
        })
      : ledger.post(tx, {
          ...base,
          kind: 'card_purchase',
          metadata: {
            ...common,
            merchantName: attributes.merchant?.name ?? '',
            merchantCity: attributes.merchant?.location ?? '',
            ...(attributes.merchant?.category
              ? { merchantCategory: attributes.merchant.category }
              : {}),
            authorizedCents: amount,
          },
        });
  }

  /** Takes `amount` from the wallet for the card; what it cannot cover becomes a debt. */
  async function charge(
    tx: Database,
    auth: Authorization,
    amount: number,
    fee: number,
    metadata: Record<string, unknown>,
  ) {
    const userId = auth.user_id;
    const wallet = await ledger.walletState(tx, userId, true);
    const total = amount + fee;
    const covered = Math.max(0, Math.min(total, wallet.balance - wallet.held - wallet.owed));
    const owed = total - covered;
    const legs: Leg[] = [{ account: { role: 'card_clearing' }, amountCents: amount }];
    if (fee > 0) legs.push({ account: { role: 'fee_revenue' }, amountCents: fee });
    if (covered > 0) legs.push({ account: { userId }, amountCents: -covered });
    if (owed > 0) legs.push({ account: { role: 'funding_receivable' }, amountCents: -owed });
    const original = await originalTransfer(tx, auth);
    const transfer = await ledger.post(tx, {
      kind: auth.kind === 'atm' ? 'card_atm_withdrawal' : 'card_purchase',
      status: 'completed',
      userId,
      amountCents: cents(amount),
      feeCents: cents(fee),
      countsTowardLimits: false,
      relatedTransferId: auth.transfer_id,
      metadata: { ...original, ...metadata } as TransferMetadataByKind['card_purchase'],
      legs,
    } as Parameters<Ledger['post']>[1]);
    if (owed > 0) await ledger.adjustWallet(tx, userId, { owed });
    return transfer;
  }

  async function originalTransfer(tx: Database, auth: Authorization) {
    if (!auth.transfer_id) return {};
    const row = await tx
      .selectFrom('ledger_transfers')
      .select('metadata')
      .where('id', '=', auth.transfer_id)
      .executeTakeFirstOrThrow();
    const { partyNames: _names, ...metadata } = row.metadata as Record<string, unknown>;
    return metadata;
  }

  /** A hold given back to the wallet, whole or in part, with its fee: `card_release`. */
  async function postRelease(
    tx: Database,
    auth: Authorization,
    reason: TransferMetadataByKind['card_release']['reason'],
    amount: number,
    fee: number,
  ) {
    const card = await cardOf(tx, auth.card_id);
    const legs: Leg[] = [
      { account: { role: 'card_clearing' }, amountCents: -amount },
      { account: { userId: auth.user_id }, amountCents: amount + fee },
    ];
    if (fee > 0) legs.push({ account: { role: 'fee_revenue' }, amountCents: -fee });
    await ledger.post(tx, {
      kind: 'card_release',
      status: 'completed',
      userId: auth.user_id,
      amountCents: cents(amount + fee),
      countsTowardLimits: false,
      relatedTransferId: auth.transfer_id,
      metadata: {
        cardId: card.id,
        last4: card.last4,
        releaseOf: auth.transfer_id ?? '',
        authorizationId: auth.partner_authorization_id,
        reason,
      },
      legs,
    });
  }

  /** Gives back a hold (and its fee) and fails its transfer: reversed or expired. */
  async function release(tx: Database, auth: Authorization, reason: 'reversed' | 'expired') {
    if (auth.status !== 'pending' || !auth.transfer_id) return false;
    const amount = Number(auth.amount_cents);
    const fee = Number(auth.fee_cents);
    await postRelease(tx, auth, reason, amount, fee);
    await ledger.setStatus(tx, auth.transfer_id, 'failed', `Card authorization ${reason}`);
    await tx
      .updateTable('card_authorizations')
      .set({ status: reason, updated_at: now() })
      .where('id', '=', auth.id)
      .execute();
    return true;
  }

  const cardOf = (tx: Database, cardId: string) =>
    tx.selectFrom('cards').selectAll().where('id', '=', cardId).executeTakeFirstOrThrow();

  /**
   * Records a partner card transaction once, with what Pago applied of it (`amount`) and, when
   * that is less, what the partner's transaction carried; false when it was recorded before.
   */
  async function firstTime(
    tx: Database,
    message: {
      id: string;
      kind: 'clearing' | 'reversal' | 'refund';
      auth: Authorization;
      amount: number;
      partnerAmount?: number;
    },
  ) {
    const row = await tx
      .insertInto('card_network_messages')
      .values({
        partner_transaction_id: message.id,
        kind: message.kind,
        card_id: message.auth.card_id,
        authorization_id: message.auth.id,
        amount_cents: message.amount,
        partner_amount_cents:
          message.partnerAmount !== undefined && message.partnerAmount !== message.amount
            ? message.partnerAmount
            : null,
      })
      .onConflict((oc) => oc.column('partner_transaction_id').doNothing())
      .returning('partner_transaction_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** What Pago applies of a partner amount beyond its bound: the bound, and a warning for staff. */
  function bounded(auth: Authorization, what: string, amount: number, bound: number) {
    if (amount <= bound) return amount;
    log.warn(
      { authorizationId: auth.partner_authorization_id, what, partnerCents: amount, bound },
      'card event beyond its authorization: applied up to the bound (reconciliation shows the rest)',
    );
    return Math.max(0, bound);
  }

  /**
   * The network cleared an authorization, possibly of another amount (a tip, a smaller bill),
   * within the tolerance of its merchant (`clearingCeiling`); one clearing per authorization.
   */
  async function clear(tx: Database, auth: Authorization, transactionId: string, amount: number) {
    if (await alreadyRecorded(tx, transactionId)) return;
    if (auth.status === 'cleared') {
      // Unit's purchase transactions say nothing of split or multiple clearings: a second one on
      // a charged authorization is recorded, not charged; reconciliation shows it to staff.
      bounded(auth, 'second_clearing', amount, 0);
      await firstTime(tx, {
        id: transactionId,
        kind: 'clearing',
        auth,
        amount: 0,
        partnerAmount: amount,
      });
      return;
    }
    const partnerAmount = amount;
    amount = bounded(auth, 'clearing', amount, clearingCeiling(auth));
    await firstTime(tx, { id: transactionId, kind: 'clearing', auth, amount, partnerAmount });
    const authorized = Number(auth.amount_cents);
    const holding = auth.status === 'pending' && auth.transfer_id !== null;
    let transferId = auth.transfer_id;
    if (holding && auth.transfer_id && amount === authorized) {
      await ledger.setStatus(tx, auth.transfer_id, 'completed', null);
    } else {
      const fee = Number(auth.fee_cents);
      if (holding && auth.transfer_id) {
        // A transfer's amount never changes: the hold (and its fee) is given back and the cleared
        // amount is the completed transfer, so activity shows what was charged.
        await postRelease(tx, auth, 'cleared_at_other_amount', authorized, fee);
        await ledger.setStatus(tx, auth.transfer_id, 'failed', `Cleared at ${amount} cents`);
      }
      // Cleared after the hold was released (expired, reversed): the network's clearing stands.
      const charged = await charge(tx, auth, amount, holding ? fee : 0, {
        authorizedCents: authorized,
        clearedCents: amount,
      });
      transferId = charged.id;
    }
    await tx
      .updateTable('card_authorizations')
      .set({ status: 'cleared', cleared_cents: amount, transfer_id: transferId, updated_at: now() })
      .where('id', '=', auth.id)
      .execute();
  }

  /** A merchant's refund: never more, over all of an authorization's refunds, than was charged. */
  async function refund(tx: Database, auth: Authorization, transactionId: string, amount: number) {
    if (await alreadyRecorded(tx, transactionId)) return;
    const refundable = Number(auth.cleared_cents ?? 0) - (await refundedCents(tx, auth.id));
    const partnerAmount = amount;
    amount = bounded(auth, 'refund', amount, refundable);
    await firstTime(tx, { id: transactionId, kind: 'refund', auth, amount, partnerAmount });
    if (amount === 0) return;
    const card = await cardOf(tx, auth.card_id);
    const original = (await originalTransfer(tx, auth)) as {
      merchantName?: string;
      merchantCity?: string;
    };
    await ledger.post(tx, {
      kind: 'card_refund',
      status: 'completed',
      userId: auth.user_id,
      amountCents: cents(amount),
      countsTowardLimits: false,
      relatedTransferId: auth.transfer_id,
      metadata: {
        cardId: card.id,
        last4: card.last4,
        networkTransactionId: transactionId,
        merchantName: original.merchantName ?? '',
        merchantCity: original.merchantCity ?? '',
        ...(auth.transfer_id ? { refundOf: auth.transfer_id } : {}),
      },
      legs: [
        { account: { role: 'card_clearing' }, amountCents: -amount },
        { account: { userId: auth.user_id }, amountCents: amount },
      ],
    });
    await notifications.notify(tx, {
      userId: auth.user_id,
      type: 'card_refund',
      data: { amountCents: cents(amount), merchant: original.merchantName ?? '' },
    });
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
