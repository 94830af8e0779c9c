import type { AtmNetwork } from '@pago/shared/contracts/cards';
import { ATM_FEES, TRANSFER_LIMITS } from '@pago/shared/fees';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { cardClearingRole } from './card-clearing';

const ATM_FEES_JSON = JSON.stringify(ATM_FEES);
/** ledger_post's limits: a hold does not count toward them (the card's own limits apply). */
const LIMITS_JSON = JSON.stringify(TRANSFER_LIMITS);

export function findAuthorization(db: Database, partnerAuthorizationId: string, lock = false) {
  let query = db
    .selectFrom('card_authorizations')
    .selectAll()
    .where('partner_authorization_id', '=', partnerAuthorizationId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** What `card_authorize` is given: Unit's request, read, and what the decision needs. */
export type AuthorizeCall = {
  partnerAuthorizationId: string;
  partnerCardId: string;
  kind: 'purchase' | 'atm';
  amountCents: number;
  merchantType: number | null;
  merchantName: string;
  network: AtmNetwork | null;
  /** The hold's transfer metadata but the card's id and last four digits (the function adds them). */
  metadata: Record<string, unknown>;
  statusDeclines: Record<string, string>;
  now: Date;
};

/**
 * The whole decision in one statement, its own transaction (db/functions/card_authorize.sql):
 * the answer as recorded, or undefined for a card Pago does not know.
 */
export type AuthorizedRow = { status: string; decline_reason: string | null; amount_cents: string };

export async function authorizeInOneStatement(db: Database, call: AuthorizeCall) {
  const { rows } = await sql<AuthorizedRow>`
    select * from card_authorize(${call.partnerAuthorizationId}, ${call.partnerCardId},
      ${call.kind}, ${call.amountCents}, ${call.merchantType}, ${call.merchantName},
      ${call.network}, ${JSON.stringify(call.metadata)}::jsonb, ${ATM_FEES_JSON}::jsonb,
      ${JSON.stringify(call.statusDeclines)}::jsonb, ${call.now}, ${LIMITS_JSON}::jsonb,
      ${cardClearingRole(call.partnerCardId)})`.execute(db);
  return rows[0];
}

/**
 * Authorizations that arrived together in one statement and one commit
 * (db/functions/card_authorize_batch.sql): a row per item (`item`, from 1) Pago knows the card of.
 */
export async function authorizeBatchInOneStatement(db: Database, calls: AuthorizeCall[]) {
  const items = calls.map((call) => ({
    id: call.partnerAuthorizationId,
    card: call.partnerCardId,
    kind: call.kind,
    amount: call.amountCents,
    merchantType: call.merchantType,
    merchantName: call.merchantName,
    network: call.network,
    metadata: call.metadata,
    clearing: cardClearingRole(call.partnerCardId),
  }));
  const first = calls[0];
  const { rows } = await sql<AuthorizedRow & { item: number }>`
    select * from card_authorize_batch(${JSON.stringify(items)}::jsonb, ${ATM_FEES_JSON}::jsonb,
      ${JSON.stringify(first?.statusDeclines ?? {})}::jsonb, ${first?.now ?? new Date()},
      ${LIMITS_JSON}::jsonb)`.execute(db);
  return rows;
}

/** Whether Pago recorded this partner card transaction already (applied, in part or not at all). */
export async function alreadyRecorded(tx: Database, partnerTransactionId: string) {
  const row = await tx
    .selectFrom('card_network_messages')
    .select('partner_transaction_id')
    .where('partner_transaction_id', '=', partnerTransactionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the refunds of an authorization credited so far. */
export async function refundedCents(tx: Database, authorizationId: string): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(amount_cents), 0)::bigint as total from card_network_messages
    where authorization_id = ${authorizationId} and kind = 'refund'`.execute(tx);
  return Number(rows[0]?.total ?? 0);
}

/** Holds older than `before` still pending, for the expiry job (oldest first). */
export function duePendingHolds(db: Database, before: Date, limit: number) {
  return db
    .selectFrom('card_authorizations')
    .select('partner_authorization_id')
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * What card activity moved on a partner account, as Pago recorded it: cleared purchases and ATM
 * withdrawals out (their amount without Pago's fee, which is Pago's revenue), refunds in.
 */
export async function cardMovementsOn(db: Database, partnerAccountId: string): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(case when m.kind = 'refund' then m.amount_cents else -m.amount_cents end), 0)::bigint
      as total
    from card_network_messages m join cards c on c.id = m.card_id
    where c.partner_account_id = ${partnerAccountId} and m.kind in ('clearing', 'refund')`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}
