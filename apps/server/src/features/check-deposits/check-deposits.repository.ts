import { type Cents, cents } from '@pago/shared/money';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { CheckDepositsTable } from '../../db/schema';

export type CheckDepositRow = Selectable<CheckDepositsTable>;

/** Partner statuses whose money never counts (toward limits, or as deposited). */
export const NOT_COUNTED = ['Rejected', 'Returned', 'Canceled'];

/** One check deposit step at a time per user: limits are counted under it. */
export async function lockUserCheckDeposits(tx: Database, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('check-deposits:' || ${userId}))`.execute(tx);
}

/**
 * Confirmed deposits not rejected or returned, in the US Eastern day and month of `now` (by when
 * they were confirmed), leaving out `except` (the deposit being confirmed).
 */
export async function confirmedInPeriods(
  db: Database,
  userId: string,
  now: Date,
  except: string | null = null,
) {
  const { rows } = await sql<{ day: string; month: string }>`
    select
      coalesce(sum(amount_cents) filter (where (confirmed_at at time zone 'America/New_York')::date
        = (${now}::timestamptz at time zone 'America/New_York')::date), 0)::bigint as day,
      coalesce(sum(amount_cents), 0)::bigint as month
    from check_deposits
    where user_id = ${userId} and confirmed_at is not null
      and status <> all(${NOT_COUNTED}::text[])
      and id is distinct from ${except}::uuid
      and confirmed_at >= date_trunc('month', ${now}::timestamptz at time zone 'America/New_York')
        at time zone 'America/New_York'`.execute(db);
  return { day: cents(Number(rows[0]?.day ?? 0)), month: cents(Number(rows[0]?.month ?? 0)) };
}

export async function insertCheckDeposit(
  tx: Database,
  row: { userId: string; unitAccountId: string; amountCents: Cents; description: string },
): Promise<CheckDepositRow> {
  return tx
    .insertInto('check_deposits')
    .values({
      user_id: row.userId,
      unit_account_id: row.unitAccountId,
      amount_cents: row.amountCents,
      description: row.description,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's deposit (another user's is none). */
export async function findCheckDeposit(db: Database, userId: string, id: string) {
  return db
    .selectFrom('check_deposits')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function lockCheckDeposit(tx: Database, id: string) {
  return tx
    .selectFrom('check_deposits')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockCheckDepositByUnitId(tx: Database, unitDepositId: string) {
  return tx
    .selectFrom('check_deposits')
    .selectAll()
    .where('unit_deposit_id', '=', unitDepositId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateCheckDeposit(
  tx: Database,
  id: string,
  set: Omit<Updateable<CheckDepositsTable>, 'id' | 'user_id' | 'created_at'>,
): Promise<CheckDepositRow> {
  return tx
    .updateTable('check_deposits')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's deposits, newest first, one more than asked (to know whether there are more). */
export async function listCheckDeposits(
  db: Database,
  userId: string,
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom('check_deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

/** What the partner credited to an account by checks and kept (Sent, not returned). */
export async function sentToAccount(db: Database, unitAccountId: string): Promise<number> {
  const row = await db
    .selectFrom('check_deposits')
    .select(sql<string>`coalesce(sum(amount_cents), 0)::bigint`.as('total'))
    .where('unit_account_id', '=', unitAccountId)
    .where('status', '=', 'Sent')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
