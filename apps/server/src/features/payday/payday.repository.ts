import type { Insertable, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { PaydayRulesTable, PaydayRunsTable } from '../../db/schema';

/** A rule with its recipient's name and country (the recipient is the user's own, saved). */
function rulesWithRecipient(db: Database) {
  return db
    .selectFrom('payday_rules as r')
    .innerJoin('remittance_recipients as p', 'p.id', 'r.recipient_id')
    .selectAll('r')
    .select(['p.first_name', 'p.last_name', 'p.country'])
    .where('r.deleted_at', 'is', null);
}

/** The user's rules in use, oldest first (the order their runs are made in). */
export async function listRules(db: Database, userId: string) {
  return rulesWithRecipient(db)
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}
export type PaydayRuleRow = Awaited<ReturnType<typeof listRules>>[number];

export async function findRule(db: Database, userId: string, id: string) {
  return rulesWithRecipient(db)
    .where('r.user_id', '=', userId)
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Any rule by id, even removed (the job reads its run's rule). */
export async function findRuleById(db: Database, id: string) {
  return db.selectFrom('payday_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's rules in use, counted under a lock on the user's row (two creates at once). */
export async function countRulesLocked(tx: Database, userId: string) {
  await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const row = await tx
    .selectFrom('payday_rules')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('recipient_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRule(tx: Database, row: Insertable<PaydayRulesTable>) {
  return tx.insertInto('payday_rules').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function updateRule(
  tx: Database,
  userId: string,
  id: string,
  set: Updateable<PaydayRulesTable>,
) {
  const result = await tx
    .updateTable('payday_rules')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertRuns(tx: Database, rows: Insertable<PaydayRunsTable>[]) {
  if (rows.length === 0) return;
  await tx
    .insertInto('payday_runs')
    .values(rows)
    .onConflict((oc) => oc.columns(['rule_id', 'deposit_id']).doNothing())
    .execute();
}

/** The user's runs, newest first, with the deposit's payer. */
export async function listRuns(db: Database, userId: string, limit: number) {
  return db
    .selectFrom('payday_runs as r')
    .innerJoin('direct_deposits as d', 'd.unit_received_payment_id', 'r.deposit_id')
    .selectAll('r')
    .select('d.company_name')
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findRun(db: Database, id: string) {
  return db
    .selectFrom('payday_runs as r')
    .innerJoin('direct_deposits as d', 'd.unit_received_payment_id', 'r.deposit_id')
    .selectAll('r')
    .select('d.company_name')
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type PaydayRunRow = NonNullable<Awaited<ReturnType<typeof findRun>>>;

/** Due runs whose lease is free, each claimed for `leaseSeconds` (not locked past this). */
export async function claimDue(db: Database, now: Date, leaseSeconds: number, limit: number) {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('payday_runs')
      .select('id')
      .where('status', '=', 'due')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('claimed_until', (ob) => ob.nullsFirst())
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) {
      await tx
        .updateTable('payday_runs')
        .set({ claimed_until: new Date(now.getTime() + leaseSeconds * 1000) })
        .where('id', 'in', ids)
        .execute();
    }
    return ids;
  });
}

/**
 * The run, locked, if it is still due; null when another worker holds it or finished it. Taken
 * in the transaction that moves the money, so a run sends at most once.
 */
export async function lockDueRun(tx: Database, id: string) {
  return tx
    .selectFrom('payday_runs')
    .select(['id', 'status'])
    .where('id', '=', id)
    .where('status', '=', 'due')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function finishRun(
  tx: Database,
  id: string,
  set: { status: 'sent' | 'failed' | 'skipped'; reason?: string | null; transfer_id?: string },
) {
  await tx
    .updateTable('payday_runs')
    .set({ ...set, claimed_until: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'due')
    .execute();
}

/** A try that could not reach a decision (a dependency down): asked again after `retryAt`. */
export async function retryRunLater(db: Database, id: string, retryAt: Date) {
  const row = await db
    .updateTable('payday_runs')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      claimed_until: retryAt,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', '=', 'due')
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? 0;
}
