import { type Cents, cents } from '@pago/shared/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { FundingTransfersTable } from '../../db/schema';

/** One deposit or withdrawal at a time per user: limits are counted under it. */
export async function lockUserFunding(tx: Database, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('funding:' || ${userId}))`.execute(tx);
}

/** Bank deposits not returned, in the US Eastern day and month of `now`. */
export async function depositedInPeriods(db: Database, userId: string, now: Date) {
  const { rows } = await sql<{ day: string; month: string }>`
    select
      coalesce(sum(amount_cents) filter (where (created_at at time zone 'America/New_York')::date
        = (${now}::timestamptz at time zone 'America/New_York')::date), 0)::bigint as day,
      coalesce(sum(amount_cents), 0)::bigint as month
    from funding_transfers
    where user_id = ${userId} and direction = 'deposit' and status <> 'returned'
      and created_at >= date_trunc('month', ${now}::timestamptz at time zone 'America/New_York')
        at time zone 'America/New_York'`.execute(db);
  return { day: cents(Number(rows[0]?.day ?? 0)), month: cents(Number(rows[0]?.month ?? 0)) };
}

export async function insertFundingTransfer(
  tx: Database,
  row: {
    transferId: string;
    userId: string;
    plaidAccountId: string;
    direction: FundingTransfersTable['direction'];
    speed: 'standard' | 'instant' | null;
    amountCents: Cents;
    feeCents: Cents;
    /** A deposit's part held after settlement, and for how many banking days. */
    hold?: { cents: Cents; businessDays: number };
  },
) {
  await tx
    .insertInto('funding_transfers')
    .values({
      transfer_id: row.transferId,
      user_id: row.userId,
      plaid_account_id: row.plaidAccountId,
      direction: row.direction,
      speed: row.speed,
      amount_cents: row.amountCents,
      fee_cents: row.feeCents,
      on_hold_cents: row.hold?.cents ?? cents(0),
      hold_business_days: row.hold?.businessDays ?? 0,
    })
    .execute();
}

/**
 * Whether a linked account has earned faster availability: one of its deposits finished its hold
 * (or had none) unreturned, and none of its deposits was returned in the last `resetDays`.
 */
export async function isEstablishedLink(
  db: Database,
  userId: string,
  plaidAccountId: string,
  now: Date,
  resetDays: number,
) {
  const { rows } = await sql<{ established: boolean }>`
    select exists (
        select 1 from funding_transfers
        where user_id = ${userId} and plaid_account_id = ${plaidAccountId}
          and direction = 'deposit' and status = 'settled' and on_hold_cents = 0)
      and not exists (
        select 1 from funding_transfers
        where user_id = ${userId} and plaid_account_id = ${plaidAccountId}
          and direction = 'deposit' and status = 'returned'
          and updated_at > ${now}::timestamptz - make_interval(days => ${resetDays}))
      as established`.execute(db);
  return rows[0]?.established ?? false;
}

/**
 * The wallet's balance, held and owed cents with its money on hold (settled deposits, one entry
 * per release time, earliest first), in one statement: one snapshot, since the holds are part of
 * `held`, and one round trip for the balance read every screen makes.
 */
export async function walletWithHolds(db: Database, userId: string) {
  const { rows } = await sql<{
    balance_cents: string | null;
    held_cents: string | null;
    owed_cents: string | null;
    holds: { amount: number; available_at: string }[];
  }>`
    select a.balance_cents, a.held_cents, a.owed_cents,
      coalesce((
        select json_agg(json_build_object('amount', h.amount, 'available_at', h.available_at)
          order by h.available_at)
        from (
          select sum(on_hold_cents)::bigint as amount, available_at from funding_transfers
          where user_id = ${userId} and status = 'settled' and on_hold_cents > 0
          group by available_at) h), '[]') as holds
    from (select) one left join ledger_accounts a on a.user_id = ${userId}`.execute(db);
  const row = rows[0];
  return {
    state: {
      balance: cents(Number(row?.balance_cents ?? 0)),
      held: cents(Number(row?.held_cents ?? 0)),
      owed: cents(Number(row?.owed_cents ?? 0)),
    },
    holds: (row?.holds ?? []).map((h) => ({
      amountCents: cents(Number(h.amount)),
      availableAt: new Date(h.available_at),
    })),
  };
}

/** Deposits whose hold is due at `now`, earliest first (the partial index of migration 0031). */
export async function listDueHolds(db: Database, now: Date, limit: number) {
  const rows = await db
    .selectFrom('funding_transfers')
    .select('transfer_id')
    .where('status', '=', 'settled')
    .where('on_hold_cents', '>', cents(0))
    .where('available_at', '<=', now)
    .orderBy('available_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.transfer_id);
}

export async function lockFundingTransfer(tx: Database, transferId: string) {
  return tx
    .selectFrom('funding_transfers')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateFundingTransfer(
  tx: Database,
  transferId: string,
  set: {
    status: 'settled' | 'returned';
    return_transfer_id?: string;
    on_hold_cents?: Cents;
    available_at?: Date | null;
  },
) {
  await tx
    .updateTable('funding_transfers')
    .set({ ...set, updated_at: new Date() })
    .where('transfer_id', '=', transferId)
    .execute();
}

export async function findCounterparty(db: Database, userId: string, plaidAccountId: string) {
  const row = await db
    .selectFrom('funding_counterparties')
    .select('unit_counterparty_id')
    .where('plaid_account_id', '=', plaidAccountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.unit_counterparty_id ?? null;
}

export async function saveCounterparty(
  tx: Database,
  row: { userId: string; plaidAccountId: string; counterpartyId: string },
) {
  await tx
    .insertInto('funding_counterparties')
    .values({
      plaid_account_id: row.plaidAccountId,
      user_id: row.userId,
      unit_counterparty_id: row.counterpartyId,
    })
    .onConflict((oc) => oc.column('plaid_account_id').doNothing())
    .execute();
}
