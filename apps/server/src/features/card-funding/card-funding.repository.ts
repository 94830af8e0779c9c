import { type Cents, cents } from '@pago/shared/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { CardFundingStatus, CardFundingsTable } from '../../db/schema';

export type CardFundingRow = NonNullable<Awaited<ReturnType<typeof lockCardFunding>>>;

/** Serializes a user's card top-ups (limits), in the caller's transaction. */
export async function lockUserCardFunding(tx: Database, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('card-funding:' || ${userId}))`.execute(tx);
}

/** Card top-ups not declined or failed, in the US Eastern day and month of `now`. */
export async function cardFundedInPeriods(db: Database, userId: string, now: Date) {
  const { rows } = await sql<{ day: string; month: string }>`
    select
      coalesce(sum(amount_cents) filter (where (created_at at time zone 'America/New_York')::date
        = (${now}::timestamptz at time zone 'America/New_York')::date), 0)::bigint as day,
      coalesce(sum(amount_cents), 0)::bigint as month
    from card_fundings
    where user_id = ${userId} and status not in ('declined', 'failed')
      and created_at >= date_trunc('month', ${now}::timestamptz at time zone 'America/New_York')
        at time zone 'America/New_York'`.execute(db);
  return { day: cents(Number(rows[0]?.day ?? 0)), month: cents(Number(rows[0]?.month ?? 0)) };
}

/**
 * The user a Stripe PaymentMethod belongs to: the first user who used it (claimed now if no one
 * did). A PaymentMethod made by Stripe.js is not attached to any customer, so this is what keeps
 * one user from charging a card another user entered.
 */
export async function claimPaymentMethod(db: Database, paymentMethodId: string, userId: string) {
  await db
    .insertInto('card_payment_methods')
    .values({ payment_method_id: paymentMethodId, user_id: userId })
    .onConflict((oc) => oc.column('payment_method_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('card_payment_methods')
    .select('user_id')
    .where('payment_method_id', '=', paymentMethodId)
    .executeTakeFirstOrThrow();
  return row.user_id;
}

export async function insertCardFunding(
  tx: Database,
  row: {
    userId: string;
    requestKey: string;
    paymentMethodId: string;
    brand: string;
    funding: CardFundingsTable['funding'];
    last4: string;
    amountCents: Cents;
    feeCents: Cents;
    createdAt: Date;
  },
): Promise<string> {
  const inserted = await tx
    .insertInto('card_fundings')
    .values({
      user_id: row.userId,
      request_key: row.requestKey,
      payment_method_id: row.paymentMethodId,
      brand: row.brand,
      funding: row.funding,
      last4: row.last4,
      amount_cents: row.amountCents,
      fee_cents: row.feeCents,
      created_at: row.createdAt,
      updated_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function lockCardFunding(tx: Database, id: string) {
  return tx
    .selectFrom('card_fundings')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function findCardFundingIdByIntent(db: Database, paymentIntentId: string) {
  const row = await db
    .selectFrom('card_fundings')
    .select('id')
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The user's own card top-up (another user's is null). */
export async function findCardFunding(db: Database, userId: string, id: string) {
  return db
    .selectFrom('card_fundings')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateCardFunding(
  tx: Database,
  id: string,
  set: Partial<
    Pick<
      CardFundingsTable,
      | 'payment_intent_id'
      | 'decline_code'
      | 'authentication_url'
      | 'dispute_id'
      | 'transfer_id'
      | 'reversal_transfer_id'
      | 'reinstatement_transfer_id'
    >
  > & { status?: CardFundingStatus },
  now: Date,
) {
  await tx
    .updateTable('card_fundings')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Records a Stripe event's id: false when it was recorded already (applied once). */
export async function recordStripeEvent(tx: Database, eventId: string, type: string) {
  const inserted = await tx
    .insertInto('stripe_webhook_events')
    .values({ event_id: eventId, type })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** What a card top-up's chargeback left owed (the reversal transfer's metadata). */
export async function owedByReversal(db: Database, reversalTransferId: string): Promise<Cents> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select('metadata')
    .where('id', '=', reversalTransferId)
    .executeTakeFirst();
  const owed = (row?.metadata as { owedCents?: number } | undefined)?.owedCents ?? 0;
  return cents(Number(owed));
}

/**
 * Claims the top-ups still `pending` since before `staleBefore` (their request died, or Stripe
 * did not answer), each for a lease: `updated_at` moves to now, so a second sweep skips them.
 */
export async function claimStalePending(tx: Database, staleBefore: Date, now: Date, limit: number) {
  const rows = await tx
    .selectFrom('card_fundings')
    .selectAll()
    .where('status', '=', 'pending')
    .where('updated_at', '<', staleBefore)
    .orderBy('updated_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (rows.length > 0) {
    await tx
      .updateTable('card_fundings')
      .set({ updated_at: now })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  }
  return rows;
}
