import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** The card the partner means, locked: one card's authorizations are decided one at a time. */
export function lockCardByPartnerId(tx: Database, partnerCardId: string) {
  return tx
    .selectFrom('cards')
    .selectAll()
    .where('partner_card_id', '=', partnerCardId)
    .forUpdate()
    .executeTakeFirst();
}

export function findAuthorization(db: Database, partnerAuthorizationId: string, lock = false) {
  let query = db
    .selectFrom('card_authorizations')
    .selectAll()
    .where('partner_authorization_id', '=', partnerAuthorizationId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * What the card spent of a kind in the US Eastern calendar day of `now`: approved and not given
 * back (reversed or expired), at the cleared amount once cleared.
 */
export async function spentToday(
  tx: Database,
  cardId: string,
  kind: 'purchase' | 'atm',
  now: Date,
): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(coalesce(cleared_cents, amount_cents)), 0)::bigint as total
    from card_authorizations
    where card_id = ${cardId} and kind = ${kind} and status in ('pending', 'cleared')
      and (created_at at time zone 'America/New_York')::date
        = (${now}::timestamptz at time zone 'America/New_York')::date`.execute(tx);
  return Number(rows[0]?.total ?? 0);
}

/** Approved in-network ATM withdrawals of the user in the US Eastern month of `now`. */
export async function inNetworkWithdrawalsThisMonth(
  tx: Database,
  userId: string,
  now: Date,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from card_authorizations
    where user_id = ${userId} and kind = 'atm' and atm_network = 'in'
      and status in ('pending', 'cleared')
      and date_trunc('month', created_at at time zone 'America/New_York')
        = date_trunc('month', ${now}::timestamptz at time zone 'America/New_York')`.execute(tx);
  return rows[0]?.n ?? 0;
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
