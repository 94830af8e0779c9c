import type { TransferMetadata } from '@pago/shared/contracts/ledger';
import type { TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import { cents } from '@pago/shared/money';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { LedgerTransfersTable } from '../../db/schema';

/**
 * The wallet's balance with its held (unsettled bank deposits) and owed (a returned deposit's
 * debt) amounts, locked when `lock`.
 */
export async function walletState(db: Database, userId: string, lock = false) {
  let query = db
    .selectFrom('ledger_accounts')
    .select(['balance_cents', 'held_cents', 'owed_cents'])
    .where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return {
    balance: cents(Number(row?.balance_cents ?? 0)),
    held: cents(Number(row?.held_cents ?? 0)),
    owed: cents(Number(row?.owed_cents ?? 0)),
  };
}

/** Adds (or with a negative delta, takes) held or owed cents on the user's wallet. */
export async function adjustWallet(
  tx: Database,
  userId: string,
  delta: { held?: number; owed?: number },
) {
  await tx
    .updateTable('ledger_accounts')
    .set({
      held_cents: sql`held_cents + ${delta.held ?? 0}`,
      owed_cents: sql`owed_cents + ${delta.owed ?? 0}`,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Lets `ledger_post` take money a debt is owed against (the guard trigger), in this transaction. */
export async function allowDebtCollection(tx: Database, on: boolean) {
  await sql`select set_config('pago.collecting_debt', ${on ? 'on' : ''}, true)`.execute(tx);
}

/**
 * Outgoing money that counts toward limits, in the US Eastern day and month of `now`: the running
 * day totals `ledger_post` keeps (a month is its days) plus room given back
 * since the sender's last transfer. At most 31 rows by the primary key, whatever the history.
 */
export async function usedLimits(db: Database, userId: string, now: Date) {
  const row = await sql<{ day: string; month: string }>`
    select coalesce(sum(used_cents) filter (where starts_on = p.day), 0)::bigint as day,
           coalesce(sum(used_cents), 0)::bigint as month
    from (select (t at time zone 'America/New_York')::date as day,
                 date_trunc('month', t at time zone 'America/New_York')::date as month
          from (select ${now}::timestamptz as t) n) p
    cross join lateral (
      select starts_on, used_cents from ledger_limit_usage u
      where u.user_id = ${userId} and u.period = 'day'
        and u.starts_on >= p.month and u.starts_on < (p.month + interval '1 month')::date
      union all
      select starts_on, used_cents from ledger_limit_usage_pending u
      where u.user_id = ${userId} and u.period = 'day'
        and u.starts_on >= p.month and u.starts_on < (p.month + interval '1 month')::date
    ) used`.execute(db);
  const first = row.rows[0];
  return { day: cents(Number(first?.day ?? 0)), month: cents(Number(first?.month ?? 0)) };
}

export async function addStatusHistory(
  db: Database,
  transferId: string,
  status: TransferStatus,
  note: string | null,
  at: Date,
) {
  await db
    .insertInto('transfer_status_history')
    .values({ transfer_id: transferId, status, note, at })
    .execute();
}

export async function setTransferStatus(
  db: Database,
  transferId: string,
  status: TransferStatus,
  note: string | null,
  at: Date,
) {
  // A transfer's first status has no row until it changes (migration 0012): it is written now,
  // from the transfer as it still is, so the history keeps every status.
  await sql`
    insert into transfer_status_history (transfer_id, status, note, at)
    select t.id, t.status, null, t.created_at from ledger_transfers t
    where t.id = ${transferId}
      and not exists (select 1 from transfer_status_history h where h.transfer_id = t.id)`.execute(
    db,
  );
  await db
    .updateTable('ledger_transfers')
    .set({ status, updated_at: at })
    .where('id', '=', transferId)
    .execute();
  await addStatusHistory(db, transferId, status, note, at);
}

/** The three invariants of the design; each query returns the rows that break one. */
export async function findInvariantViolations(db: Database) {
  const unbalanced = await sql<{ transfer_id: string }>`
    select transfer_id from ledger_entries group by transfer_id having sum(amount_cents) <> 0`.execute(
    db,
  );
  const drifted = await sql<{ id: number }>`
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance_cents <> coalesce(e.total, 0)`.execute(db);
  const negative = await sql<{ id: number }>`
    select id from ledger_accounts
    -- a holding account (colectas) holds people's money: like a wallet, never below zero
    where (user_id is not null or system_role = 'colecta_holding') and balance_cents < 0`.execute(
    db,
  );
  return {
    unbalancedTransfers: unbalanced.rows.map((r) => r.transfer_id),
    driftedAccounts: drifted.rows.map((r) => r.id),
    negativeUserAccounts: negative.rows.map((r) => r.id),
  };
}

/** One transfer through the `ledger_post` function (db/functions/ledger_post.sql): one round trip. */
export async function postTransfer(
  db: Database,
  row: {
    kind: TransferKind;
    status: TransferStatus;
    userId: string;
    counterpartyUserId: string | null;
    amountCents: number;
    feeCents: number;
    countsTowardLimits: boolean;
    relatedTransferId: string | null;
    metadata: TransferMetadata;
    note: string | null;
    now: Date;
    legs: ({ user_id: string; amount: number } | { role: string; amount: number })[];
    limits: { perTransaction: number; daily: number; monthly: number };
  },
) {
  const result = await sql<Selectable<LedgerTransfersTable>>`
    select * from ledger_post(${row.kind}, ${row.status}, ${row.userId}, ${row.counterpartyUserId},
      ${row.amountCents}, ${row.feeCents}, ${row.countsTowardLimits}, ${row.relatedTransferId},
      ${JSON.stringify(row.metadata)}::jsonb, ${row.note}, ${row.now}, ${JSON.stringify(row.legs)}::jsonb,
      ${JSON.stringify(row.limits)}::jsonb)`.execute(db);
  const transfer = result.rows[0];
  if (!transfer) throw new Error('ledger_post returned no transfer');
  return transfer;
}
