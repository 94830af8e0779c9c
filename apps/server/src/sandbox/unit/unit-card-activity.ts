import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SandboxUnitAuthorizationsTable } from '../../db/schema';
import { enqueueWebhook } from '../webhooks/outbox';
import { book, lockAccounts, nextId, setHold } from './unit-fake.repository';
import { unitSignatureHeader } from './unit-signing';

/**
 * The Unit fake's card activity, as Unit documents programmatic authorization
 * (openapi-unit-sdk, schemas/authorization/authorizationRequest.json): for each card
 * authorization Unit POSTs a `purchaseAuthorizationRequest` / `atmAuthorizationRequest` document
 * to the client's endpoint, signed like its webhooks, and takes the `approveAuthorizationRequest`
 * / `declineAuthorizationRequest` answer; no answer in time is a decline. An approved one holds
 * the amount on the account until the network clears it (a `purchaseTransaction` /
 * `atmTransaction`), reverses it (`authorization.canceled`) or refunds it (a Credit purchase
 * transaction); each of those reaches the client as a signed webhook through the sandbox outbox.
 */

export type FakeAuthorization = Selectable<SandboxUnitAuthorizationsTable>;

export type CardActivitySettings = {
  /** Where the client's authorization endpoint is (this server in sandbox mode). */
  baseUrl: () => string;
  path: string;
  webhookSecret: string;
  /** Unit waits this long for the answer; then it declines. */
  timeoutMs: number;
};

export type AuthorizationInput = {
  cardId: string;
  amount: number;
  merchant: { name: string; type: number; category: string; location: string };
  /** ATM withdrawals: Unit's ATM attributes; the surcharge and fee are the ATM owner's. */
  atm?: { surcharge: number; internationalServiceFee: number; network: string };
};

/** Unit's decline reasons (DeclineAuthorizationRequest). */
export const UNIT_DECLINE_REASONS = [
  'AccountClosed',
  'CardExceedsAmountLimit',
  'DoNotHonor',
  'InsufficientFunds',
  'InvalidMerchant',
  'ReferToCardIssuer',
  'RestrictedCard',
  'TransactionNotPermittedToCardholder',
] as const;

/** A stored merchant as Unit's Merchant type shows it (types.json: its MCC `type` a number). */
export function unitMerchant(stored: unknown) {
  const merchant = (stored ?? {}) as {
    name?: string;
    type?: string | number;
    category?: string;
    location?: string;
  };
  return {
    name: merchant.name ?? '',
    type: Number(merchant.type ?? 0),
    category: merchant.category ?? '',
    ...(merchant.location ? { location: merchant.location } : {}),
  };
}

/**
 * An authorization as Unit's Authorization document shows it (openapi-unit-sdk,
 * schemas/authorization/authorization.json): the card's last four digits, the merchant with its
 * numeric type, and Unit's status words (a cleared one is `Completed`).
 */
export function authorizationResource(row: FakeAuthorization, cardLast4Digits: string) {
  return {
    type: 'authorization',
    id: row.id,
    attributes: {
      createdAt: row.created_at.toISOString(),
      amount: Number(row.amount),
      cardLast4Digits,
      status: row.status === 'Cleared' ? 'Completed' : row.status,
      ...(row.decline_reason ? { declineReason: row.decline_reason } : {}),
      merchant: unitMerchant(row.merchant),
      recurring: false,
      ...(row.cleared_amount === null ? {} : { clearedAmount: Number(row.cleared_amount) }),
    },
    relationships: {
      account: { data: { type: 'depositAccount', id: row.account_id } },
      customer: { data: { type: 'customer', id: row.customer_id } },
      card: { data: { type: 'card', id: row.card_id } },
    },
  };
}

/** Asks the client to approve or decline; a timeout, an error or an unknown answer declines. */
async function askClient(
  settings: CardActivitySettings,
  request: unknown,
): Promise<{ approved: true } | { approved: false; reason: string }> {
  const body = JSON.stringify({ data: request });
  try {
    const response = await fetch(`${settings.baseUrl()}${settings.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/vnd.api+json',
        ...unitSignatureHeader(settings.webhookSecret, body),
      },
      body,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { approved: false, reason: 'DoNotHonor' };
    }
    const answer = (await response.json()) as {
      data?: { type?: unknown; attributes?: { reason?: unknown } };
    };
    if (answer.data?.type === 'approveAuthorizationRequest') return { approved: true };
    const reason = answer.data?.attributes?.reason;
    return {
      approved: false,
      reason:
        typeof reason === 'string' && (UNIT_DECLINE_REASONS as readonly string[]).includes(reason)
          ? reason
          : 'DoNotHonor',
    };
  } catch {
    return { approved: false, reason: 'DoNotHonor' };
  }
}

async function cardEvent(
  tx: Database,
  type: string,
  row: FakeAuthorization,
  extra: { attributes?: Record<string, unknown>; transaction?: { type: string; id: string } } = {},
) {
  await enqueueWebhook(tx, 'unit', '/api/unit/webhook', {
    data: [
      {
        id: await nextId(tx),
        type,
        attributes: { createdAt: new Date().toISOString(), ...extra.attributes },
        relationships: {
          authorization: { data: { type: 'authorization', id: row.id } },
          account: { data: { type: 'depositAccount', id: row.account_id } },
          customer: { data: { type: 'customer', id: row.customer_id } },
          card: { data: { type: 'card', id: row.card_id } },
          ...(extra.transaction ? { transaction: { data: extra.transaction } } : {}),
        },
      },
    ],
  });
}

export function createCardActivity(db: Database, settings: CardActivitySettings) {
  /**
   * An authorization request for the card: the client decides (no transaction is open during the
   * call), then the authorization is recorded with its hold, or as declined. Null: no such card.
   */
  async function authorize(input: AuthorizationInput): Promise<FakeAuthorization | null> {
    const card = await db
      .selectFrom('sandbox_unit_cards')
      .select(['id', 'account_id', 'customer_id'])
      .where('id', '=', input.cardId)
      .executeTakeFirst();
    if (!card) return null;
    const authorizationId = await nextId(db);
    const relationships = {
      customer: { data: { type: 'customer', id: card.customer_id } },
      account: { data: { type: 'depositAccount', id: card.account_id } },
      card: { data: { type: 'card', id: card.id } },
    };
    const attributes = {
      createdAt: new Date().toISOString(),
      amount: input.amount,
      status: 'Pending',
      partialApprovalAllowed: false,
    };
    const request = input.atm
      ? {
          type: 'atmAuthorizationRequest',
          id: authorizationId,
          attributes: {
            ...attributes,
            direction: 'Debit',
            atmName: input.merchant.name,
            atmLocation: input.merchant.location,
            surcharge: input.atm.surcharge,
            internationalServiceFee: input.atm.internationalServiceFee,
          },
          relationships,
        }
      : {
          type: 'purchaseAuthorizationRequest',
          id: authorizationId,
          attributes: {
            ...attributes,
            merchant: {
              name: input.merchant.name,
              type: input.merchant.type,
              category: input.merchant.category,
              location: input.merchant.location,
            },
            recurring: false,
          },
          relationships,
        };
    const decision = await askClient(settings, request);
    return db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('sandbox_unit_authorizations')
        .values({
          id: authorizationId,
          card_id: card.id,
          account_id: card.account_id,
          customer_id: card.customer_id,
          kind: input.atm ? 'atm' : 'purchase',
          amount: input.amount,
          status: decision.approved ? 'Authorized' : 'Declined',
          decline_reason: decision.approved ? null : decision.reason,
          merchant: JSON.stringify(input.merchant),
          atm_network: input.atm?.network ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (decision.approved) {
        const account = (await lockAccounts(tx, [card.account_id])).get(card.account_id);
        if (account) await setHold(tx, account, input.amount);
      }
      await cardEvent(
        tx,
        decision.approved ? 'authorization.created' : 'authorization.declined',
        row,
        {
          attributes: { amount: input.amount },
        },
      );
      return row;
    });
  }

  async function lockAuthorization(tx: Database, authorizationId: string) {
    return tx
      .selectFrom('sandbox_unit_authorizations')
      .selectAll()
      .where('id', '=', authorizationId)
      .forUpdate()
      .executeTakeFirst();
  }

  return {
    authorize,

    find: (authorizationId: string) =>
      db
        .selectFrom('sandbox_unit_authorizations')
        .selectAll()
        .where('id', '=', authorizationId)
        .executeTakeFirst(),

    /**
     * The network clears an authorization (possibly of another amount, e.g. a tip): the hold goes,
     * the account is debited by a purchase / ATM transaction, and `transaction.created` is sent.
     * Clearing a cleared one again changes nothing. Null with a reason when it cannot be cleared.
     */
    async clear(
      tx: Database,
      authorizationId: string,
      amount: number,
    ): Promise<{ row: FakeAuthorization; transactionId: string | null } | { refused: string }> {
      const row = await lockAuthorization(tx, authorizationId);
      if (!row) return { refused: 'not_found' };
      if (row.status === 'Cleared') return { row, transactionId: null };
      if (row.status !== 'Authorized')
        return { refused: `authorization_${row.status.toLowerCase()}` };
      const account = (await lockAccounts(tx, [row.account_id])).get(row.account_id);
      if (!account) return { refused: 'not_found' };
      const type = row.kind === 'atm' ? 'atmTransaction' : 'purchaseTransaction';
      await setHold(tx, account, -Number(row.amount));
      const transactionId = await book(tx, account, {
        type,
        paymentId: null,
        authorizationId: row.id,
        amount: -amount,
        summary: `${row.merchant.name ?? ''} ${row.merchant.location ?? ''}`.trim().slice(0, 200),
      });
      const cleared = await tx
        .updateTable('sandbox_unit_authorizations')
        .set({ status: 'Cleared', cleared_amount: amount, updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await cardEvent(tx, 'transaction.created', cleared, {
        attributes: { amount, direction: 'Debit' },
        transaction: { type, id: transactionId },
      });
      return { row: cleared, transactionId };
    },

    /** The network reverses an authorization: the hold goes and `authorization.canceled` is sent. */
    async reverse(
      tx: Database,
      authorizationId: string,
    ): Promise<{ row: FakeAuthorization } | { refused: string }> {
      const row = await lockAuthorization(tx, authorizationId);
      if (!row) return { refused: 'not_found' };
      if (row.status === 'Canceled') return { row };
      if (row.status !== 'Authorized')
        return { refused: `authorization_${row.status.toLowerCase()}` };
      const account = (await lockAccounts(tx, [row.account_id])).get(row.account_id);
      if (account) await setHold(tx, account, -Number(row.amount));
      const canceled = await tx
        .updateTable('sandbox_unit_authorizations')
        .set({ status: 'Canceled', updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await cardEvent(tx, 'authorization.canceled', canceled, {
        attributes: { amount: Number(row.amount), recurring: false },
      });
      return { row: canceled };
    },

    /** A merchant refunds (part of) a cleared purchase: a Credit purchase transaction. */
    async refund(
      tx: Database,
      authorizationId: string,
      amount: number,
    ): Promise<{ row: FakeAuthorization; transactionId: string } | { refused: string }> {
      const row = await lockAuthorization(tx, authorizationId);
      if (!row) return { refused: 'not_found' };
      if (row.status !== 'Cleared' || row.kind !== 'purchase') return { refused: 'not_cleared' };
      if (Number(row.refunded_amount) + amount > Number(row.cleared_amount)) {
        return { refused: 'over_refund' };
      }
      const account = (await lockAccounts(tx, [row.account_id])).get(row.account_id);
      if (!account) return { refused: 'not_found' };
      const transactionId = await book(tx, account, {
        type: 'purchaseTransaction',
        paymentId: null,
        authorizationId: row.id,
        amount,
        summary: `Refund: ${row.merchant.name ?? ''}`.slice(0, 200),
      });
      const refunded = await tx
        .updateTable('sandbox_unit_authorizations')
        .set({ refunded_amount: Number(row.refunded_amount) + amount, updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await cardEvent(tx, 'transaction.created', refunded, {
        attributes: { amount, direction: 'Credit' },
        transaction: { type: 'purchaseTransaction', id: transactionId },
      });
      return { row: refunded, transactionId };
    },
  };
}
export type CardActivity = ReturnType<typeof createCardActivity>;
