import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The queues' reads: each selects what waits for a person, with its customer, most urgent first.
 * Written in SQL against the tables the features own; nothing here changes their rows.
 */

export type CustomerCols = { user_id: string; user_name: string; user_email: string };

/** Payouts the partner holds for its compliance review (20110 CONFIRMED-UNDER-REVIEW-SLS). */
export const HELD_STATUSES = ['20110'] as const;

export async function listHeldPayouts(db: Database, limit: number, transferId?: string) {
  let query = db
    .selectFrom('remittance_payouts as p')
    .innerJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.transfer_id',
      'p.full_name',
      'p.country',
      'p.payout_method',
      'p.payer_name',
      'p.partner_transaction_id',
      'p.partner_status',
      'p.partner_status_message',
      'p.partner_history',
      'p.expected_by',
      'p.sent_to_partner_at',
      'p.checked_at',
      't.amount_cents',
      't.fee_cents',
      't.created_at',
      't.status as transfer_status',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .where('p.partner_status', 'in', HELD_STATUSES)
    .where('p.refunded_at', 'is', null)
    .where('p.settled_at', 'is', null);
  if (transferId) query = query.where('p.transfer_id', '=', transferId);
  return query.orderBy('p.expected_by').orderBy('p.transfer_id').limit(limit).execute();
}

/** Identity attempts the vendor sent to manual review, for people not verified yet. */
export async function listIdentityReviews(db: Database, limit: number, attemptId?: string) {
  let query = db
    .selectFrom('identity_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.provider',
      'a.vendor_status',
      'a.legal_name',
      'a.birth_date',
      'a.failure_reason',
      'a.created_at',
      'a.updated_at',
      'u.kyc_status',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('a.provider', '=', 'persona'),
          eb('a.vendor_status', 'in', ['completed', 'needs_review']),
        ]),
        eb.and([eb('a.provider', '=', 'plaid'), eb('a.vendor_status', '=', 'pending_review')]),
      ]),
    )
    .where((eb) => eb.or([eb('u.kyc_status', 'is', null), eb('u.kyc_status', '!=', 'approved')]));
  if (attemptId) query = query.where('a.id', '=', attemptId);
  return query.orderBy('a.updated_at').orderBy('a.id').limit(limit).execute();
}

/** Open remittance error claims, the nearest legal deadline first. */
export async function listErrorClaims(db: Database, limit: number, caseId?: string) {
  let query = db
    .selectFrom('remittance_error_cases as c')
    .innerJoin('ledger_transfers as t', 't.id', 'c.transfer_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('remittance_payouts as p', 'p.transfer_id', 'c.transfer_id')
    .select([
      'c.id',
      'c.transfer_id',
      'c.reason',
      'c.description',
      'c.remedy',
      'c.opened_at',
      'c.decide_by',
      'c.checked_at',
      'c.partner_answer',
      'c.language',
      't.amount_cents',
      't.fee_cents',
      't.status as transfer_status',
      'p.partner_status',
      'p.partner_history',
      'p.expected_by',
      'p.full_name',
      'p.country',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .where('c.status', '=', 'open');
  if (caseId) query = query.where('c.id', '=', caseId);
  return query.orderBy('c.decide_by').orderBy('c.id').limit(limit).execute();
}

/** Card disputes not decided yet; those owed provisional credit soonest first. */
export async function listCardDisputes(db: Database, limit: number, disputeId?: string) {
  let query = db
    .selectFrom('card_disputes as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.transfer_id',
      'd.partner_dispute_id',
      'd.reason',
      'd.description',
      'd.disputed_cents',
      'd.status',
      'd.credit_due_at',
      'd.credited_at',
      'd.created_at',
      'd.updated_at',
      'u.id as user_id',
      'u.name as user_name',
      'u.email as user_email',
    ])
    .where('d.status', 'in', ['open', 'provisionally_credited']);
  if (disputeId) query = query.where('d.id', '=', disputeId);
  return query
    .orderBy(sql`case when d.status = 'open' then 0 else 1 end`)
    .orderBy('d.credit_due_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export type DebtRow = CustomerCols & {
  owed_cents: number;
  since: Date | null;
  collected_cents: number;
  written_off_cents: number;
};

/**
 * Wallets that owe (returned deposits, chargebacks, lost disputes they could not cover): the
 * amount owed now, since when (the first transfer that left a debt), what was collected since.
 */
export async function listDebts(db: Database, limit: number, userId?: string) {
  const { rows } = await sql<DebtRow>`
    select u.id as user_id, u.name as user_name, u.email as user_email,
      a.owed_cents::bigint as owed_cents,
      (select min(t.created_at) from ledger_transfers t
        where t.user_id = u.id and (t.metadata->>'owedCents')::bigint > 0
          and coalesce(t.metadata->>'reason', '') <> 'debt_collected') as since,
      coalesce((select sum(t.amount_cents) from ledger_transfers t
        where t.user_id = u.id and t.metadata->>'reason' = 'debt_collected'), 0)::bigint
        as collected_cents,
      coalesce((select sum(o.amount_cents) from ops_queue_actions o
        where o.queue = 'debts' and o.item_id = u.id::text and o.action = 'write_off'), 0)::bigint
        as written_off_cents
    from ledger_accounts a join users u on u.id = a.user_id
    where a.owed_cents > 0 ${userId ? sql`and u.id = ${userId}` : sql``}
    order by a.owed_cents desc, u.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The transfers that made or paid a debt, for its history. */
export async function debtHistory(db: Database, userId: string) {
  const { rows } = await sql<{
    created_at: Date;
    kind: string;
    amount_cents: number;
    reason: string | null;
    owed_cents: number | null;
  }>`
    select created_at, kind, amount_cents,
      metadata->>'reason' as reason, (metadata->>'owedCents')::bigint as owed_cents
    from ledger_transfers
    where user_id = ${userId} and metadata ? 'owedCents'
    order by created_at, id
    limit 50`.execute(db);
  return rows;
}

export type DifferenceRow = {
  source: 'unit' | 'payout';
  id: string;
  run_id: string;
  kind: string;
  transfer_id: string | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  expected: string | null;
  actual: string | null;
  found_at: Date;
};

/**
 * The differences of each reconciliation's latest finished run (a re-run supersedes the one
 * before), not acknowledged by staff.
 */
export async function listDifferences(db: Database, limit: number) {
  const { rows } = await sql<DifferenceRow>`
    with unit_run as (
      select id, finished_at from unit_reconciliation_runs where finished_at is not null
      order by finished_at desc, started_at desc limit 1),
    payout_run as (
      select id, finished_at from payout_reconciliation_runs where finished_at is not null
      order by finished_at desc, started_at desc limit 1),
    found as (
      select 'unit' as source, 'unit:' || d.id as id, d.run_id::text as run_id, d.kind,
        d.transfer_id::text as transfer_id, d.user_id::text as user_id, d.expected, d.actual,
        r.finished_at as found_at
      from unit_reconciliation_differences d join unit_run r on r.id = d.run_id
      union all
      select 'payout', 'payout:' || d.id, d.run_id::text, d.kind, d.transfer_id::text,
        t.user_id::text, d.expected, d.actual, r.finished_at
      from payout_reconciliation_differences d join payout_run r on r.id = d.run_id
      left join ledger_transfers t on t.id = d.transfer_id)
    select f.source, f.id, f.run_id, f.kind, f.transfer_id, f.user_id,
      u.name as user_name, u.email as user_email, f.expected, f.actual, f.found_at
    from found f left join users u on u.id::text = f.user_id
    where not exists (select 1 from ops_queue_actions o
      where o.queue = 'reconciliation' and o.item_id = f.id and o.action = 'acknowledge')
    order by f.found_at, f.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The latest ledger invariant check, when it found the ledger broken and was not acknowledged. */
export async function brokenInvariantCheck(db: Database) {
  const row = await db
    .selectFrom('ledger_invariant_checks')
    .selectAll()
    .orderBy('checked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  if (row.unbalanced_transfers + row.drifted_accounts + row.negative_user_accounts === 0) {
    return null;
  }
  const acknowledged = await db
    .selectFrom('ops_queue_actions')
    .select('id')
    .where('queue', '=', 'reconciliation')
    .where('item_id', '=', `ledger:${row.id}`)
    .where('action', '=', 'acknowledge')
    .executeTakeFirst();
  return acknowledged ? null : row;
}

export type FailedJobRow = {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  retry_count: number;
  created_on: Date;
  completed_on: Date | null;
};

/** pg-boss's failed jobs (its `pgboss` schema, when the queue ever ran here), not dismissed. */
export async function listFailedJobs(db: Database, limit: number, id?: string) {
  const { rows: exists } = await sql<{ present: boolean }>`
    select to_regclass('pgboss.job') is not null as present`.execute(db);
  if (!exists[0]?.present) return [];
  const { rows } = await sql<FailedJobRow>`
    select j.id::text as id, j.name, j.data, j.output, j.retry_count, j.created_on, j.completed_on
    from pgboss.job j
    where j.state = 'failed' ${id ? sql`and j.id::text = ${id}` : sql``}
      and not exists (select 1 from ops_queue_actions o
        where o.queue = 'failed_jobs' and o.item_id = j.id::text and o.action = 'dismiss')
    order by j.completed_on nulls last, j.id
    limit ${limit}`.execute(db);
  return rows;
}

export async function recordQueueAction(
  db: Database,
  row: {
    queue: string;
    itemId: string;
    action: string;
    reason: string;
    staffId: string;
    amountCents?: number | null;
  },
) {
  return db
    .insertInto('ops_queue_actions')
    .values({
      queue: row.queue,
      item_id: row.itemId,
      action: row.action,
      reason: row.reason,
      staff_id: row.staffId,
      amount_cents: row.amountCents ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function queueActionsOf(db: Database, queue: string, itemId: string) {
  return db
    .selectFrom('ops_queue_actions')
    .selectAll()
    .where('queue', '=', queue)
    .where('item_id', '=', itemId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A payout locked for an action (its feature's refund and status apply in the same transaction). */
export function lockPayoutRow(tx: Database, transferId: string) {
  return tx
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .forUpdate()
    .executeTakeFirst();
}

export function lockRemittanceRow(tx: Database, transferId: string) {
  return tx
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', transferId)
    .where('kind', '=', 'remittance')
    .forUpdate()
    .executeTakeFirst();
}
