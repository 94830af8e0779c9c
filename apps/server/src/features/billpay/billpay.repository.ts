import { type Insertable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { BillPaymentsTable, SchedulesTable } from '../../db/schema';
import type { BillerRecord } from '../../providers/billpay/biller-network';

export type BillerRow = NonNullable<Awaited<ReturnType<typeof findBiller>>>;
export type BillPaymentRow = NonNullable<Awaited<ReturnType<typeof lockBillPayment>>>;
export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;

/** The directory's seed (sandbox mode): each biller once; later changes to a row are kept. */
export async function seedBillers(db: Database, billers: readonly BillerRecord[]) {
  if (billers.length === 0) return;
  await db
    .insertInto('billers')
    .values(billers.map(toRow))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A biller written by operations (live mode's directory): added, or changed in place. */
export async function upsertBiller(db: Database, biller: BillerRecord) {
  const row = toRow(biller);
  await db
    .insertInto('billers')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, active: true }))
    .execute();
}

function toRow(b: BillerRecord) {
  return {
    id: b.id,
    name: b.name,
    bill_type: b.billType,
    category: b.category,
    method: b.method,
    routing_number: b.routingNumber ?? null,
    account_number: b.accountNumber ?? null,
    street: b.address?.street ?? null,
    city: b.address?.city ?? null,
    state: b.address?.state ?? null,
    postal_code: b.address?.postalCode ?? null,
  };
}

export async function searchBillers(
  db: Database,
  filter: {
    query?: string | undefined;
    category?: string | undefined;
    billType?: string | undefined;
  },
) {
  let select = db.selectFrom('billers').selectAll().where('active', '=', true);
  if (filter.category) select = select.where('category', '=', filter.category);
  if (filter.billType) select = select.where('bill_type', '=', filter.billType);
  if (filter.query) {
    const like = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where(sql<boolean>`name ilike ${like}`);
  }
  return select.orderBy('category').orderBy('bill_type').orderBy('name').limit(200).execute();
}

export async function findBiller(db: Database, id: string) {
  return db
    .selectFrom('billers')
    .selectAll()
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The user's partner account and customer (banking's), if opened. */
export async function findPartnerAccount(db: Database, userId: string) {
  return db
    .selectFrom('bank_accounts')
    .select(['unit_account_id', 'unit_customer_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findCounterparty(db: Database, userId: string, billerId: string) {
  const row = await db
    .selectFrom('bill_counterparties')
    .select('unit_counterparty_id')
    .where('user_id', '=', userId)
    .where('biller_id', '=', billerId)
    .executeTakeFirst();
  return row?.unit_counterparty_id;
}

export async function saveCounterparty(
  db: Database,
  row: { userId: string; billerId: string; counterpartyId: string },
) {
  await db
    .insertInto('bill_counterparties')
    .values({
      user_id: row.userId,
      biller_id: row.billerId,
      unit_counterparty_id: row.counterpartyId,
    })
    .onConflict((oc) => oc.columns(['user_id', 'biller_id']).doNothing())
    .execute();
}

/**
 * The same lock as a bank withdrawal's (features/funding): what the omnibus must cover is counted
 * under it, so a bill and a withdrawal never both count the same partner money.
 */
export async function lockUserFunding(tx: Database, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('funding:' || ${userId}))`.execute(tx);
}

/** A payment row; null when the schedule already paid on that date (one per schedule and date). */
export async function insertBillPayment(
  tx: Database,
  row: {
    userId: string;
    billerId: string;
    scheduleId: string | null;
    payDate: string;
    method: BillPaymentsTable['method'];
    accountAtBiller: string;
  },
) {
  return tx
    .insertInto('bill_payments')
    .values({
      user_id: row.userId,
      biller_id: row.billerId,
      schedule_id: row.scheduleId,
      pay_date: row.payDate,
      method: row.method,
      account_at_biller: row.accountAtBiller,
    })
    .onConflict((oc) => oc.columns(['schedule_id', 'pay_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function updateBillPayment(
  tx: Database,
  id: string,
  set: Partial<{
    transfer_id: string;
    status: 'processing' | 'completed' | 'failed';
    unit_check_payment_id: string;
    partner_status: string;
    reason: string | null;
    return_transfer_id: string;
  }>,
) {
  await tx
    .updateTable('bill_payments')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

const paymentColumns = [
  'p.id',
  'p.user_id',
  'p.biller_id',
  'p.schedule_id',
  'p.pay_date',
  'p.transfer_id',
  'p.method',
  'p.account_at_biller',
  'p.status',
  'p.unit_check_payment_id',
  'p.partner_status',
  'p.reason',
  'p.return_transfer_id',
  'p.created_at',
  'p.updated_at',
  'b.name as biller_name',
  't.amount_cents',
] as const;

function paymentsWithBiller(db: Database) {
  return (
    db
      .selectFrom('bill_payments as p')
      .innerJoin('billers as b', 'b.id', 'p.biller_id')
      .leftJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
      .select(paymentColumns)
      // Set on the transfer while a sanctions review holds it (features/sanctions, setUnderReview).
      .select(
        sql<boolean>`coalesce((t.metadata ->> 'underReview')::boolean, false)`.as('under_review'),
      )
  );
}

export async function lockBillPayment(tx: Database, id: string) {
  await tx.selectFrom('bill_payments').select('id').where('id', '=', id).forUpdate().execute();
  return paymentsWithBiller(tx).where('p.id', '=', id).executeTakeFirst();
}

export async function lockBillPaymentByTransfer(tx: Database, transferId: string) {
  const row = await tx
    .selectFrom('bill_payments')
    .select('id')
    .where('transfer_id', '=', transferId)
    .forUpdate()
    .executeTakeFirst();
  return row ? lockBillPayment(tx, row.id) : undefined;
}

export async function lockBillPaymentByCheck(tx: Database, checkPaymentId: string) {
  const row = await tx
    .selectFrom('bill_payments')
    .select('id')
    .where('unit_check_payment_id', '=', checkPaymentId)
    .forUpdate()
    .executeTakeFirst();
  return row ? lockBillPayment(tx, row.id) : undefined;
}

export async function findBillPayment(db: Database, id: string) {
  return paymentsWithBiller(db).where('p.id', '=', id).executeTakeFirst();
}

export async function listBillPayments(db: Database, userId: string) {
  return paymentsWithBiller(db)
    .where('p.user_id', '=', userId)
    .where('p.transfer_id', 'is not', null)
    .orderBy('p.created_at', 'desc')
    .limit(100)
    .execute();
}

/** Check payments whose partner call never answered (a crash, the partner unreachable). */
export async function listUnsentChecks(db: Database, before: Date) {
  return (
    db
      .selectFrom('bill_payments')
      .select(['id', 'user_id'])
      .where('method', '=', 'check')
      .where('status', '=', 'processing')
      .where('unit_check_payment_id', 'is', null)
      .where('transfer_id', 'is not', null)
      .where('updated_at', '<', before)
      // A payment held for a sanctions review is sent only once compliance clears it.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sanctions_holds')
              .select('transfer_id')
              .whereRef('sanctions_holds.transfer_id', '=', 'bill_payments.transfer_id')
              .where('sanctions_holds.status', '=', 'held'),
          ),
        ),
      )
      .orderBy('created_at')
      .limit(50)
      .execute()
  );
}

/** A scheduled bill payment: a `bill` schedule (features/schedules runs it, docs/schedules.md). */
export async function insertSchedule(
  tx: Database,
  row: Omit<Insertable<SchedulesTable>, 'kind' | 'recipient_country'>,
) {
  return tx
    .insertInto('schedules')
    .values({ ...row, kind: 'bill', recipient_country: 'US' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function schedulesWithBiller(db: Database) {
  return db
    .selectFrom('schedules as s')
    .innerJoin('billers as b', 'b.id', 's.biller_id')
    .select([
      's.id',
      's.user_id',
      's.biller_id',
      's.bill_type',
      's.account_at_biller',
      's.amount_cents',
      's.memo',
      's.frequency',
      's.day_of_month',
      's.status',
      's.next_date',
      's.created_at',
      'b.name as biller_name',
      'b.method',
    ])
    .where('s.kind', '=', 'bill');
}

export async function findSchedule(db: Database, id: string) {
  return schedulesWithBiller(db).where('s.id', '=', id).executeTakeFirst();
}

export async function lockSchedule(tx: Database, id: string) {
  await tx
    .selectFrom('schedules')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', 'bill')
    .forUpdate()
    .execute();
  return findSchedule(tx, id);
}

export async function listSchedules(db: Database, userId: string) {
  return schedulesWithBiller(db)
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .limit(100)
    .execute();
}

export async function cancelScheduleRow(tx: Database, id: string) {
  await tx
    .updateTable('schedules')
    .set({ status: 'canceled', next_date: null, next_due_at: null, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** The payment a scheduled bill's run day made, if any. */
export async function findPaymentOfRun(db: Database, scheduleId: string, date: string) {
  return db
    .selectFrom('bill_payments')
    .select(['id', 'transfer_id', 'status'])
    .where('schedule_id', '=', scheduleId)
    .where('pay_date', '=', date)
    .executeTakeFirst();
}
