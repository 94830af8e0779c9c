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
    })
    .execute();
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
  set: { status: 'settled' | 'returned'; return_transfer_id?: string },
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
