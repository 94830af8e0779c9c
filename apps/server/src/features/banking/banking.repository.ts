import { sql } from 'kysely';
import type { Database } from '../../db/database';

export async function findBankAccount(db: Database, userId: string) {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listBankAccounts(db: Database) {
  return db.selectFrom('bank_accounts').selectAll().orderBy('created_at').execute();
}

export async function insertBankAccount(
  db: Database,
  row: {
    userId: string;
    accountNumber: string;
    routingNumber: string;
    applicationId: string;
    customerId: string;
    accountId: string;
  },
) {
  await db
    .insertInto('bank_accounts')
    .values({
      user_id: row.userId,
      account_number: row.accountNumber,
      routing_number: row.routingNumber,
      unit_application_id: row.applicationId,
      unit_customer_id: row.customerId,
      unit_account_id: row.accountId,
    })
    // On any unique key, not only user_id. A twin storing the same account (same user, same
    // numbers) at the same moment may pass the conflict pre-check together with this insert; the
    // insert then waits on the twin's entry in every unique index, and for an index that is not
    // the ON CONFLICT's target (`account_number`, `unit_account_id`) PostgreSQL raises a unique
    // violation instead of doing nothing (a 500, once, in hostile-input.test.ts's race).
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Ours, or a twin request's stored first (the same partner objects, by their keys).
  const stored = await findBankAccount(db, row.userId);
  if (!stored) throw new Error(`The bank account of ${row.userId} was not stored`);
  return stored;
}

export async function insertUnitPayment(
  tx: Database,
  row: {
    transferId: string;
    userId: string;
    counterpartyUserId: string | null;
    paymentType: 'bookPayment' | 'achPayment';
    amountCents: number;
    idempotencyKey: string;
    /** ACH only. */
    direction?: 'Credit' | 'Debit';
    counterpartyId?: string;
    sameDay?: boolean;
    /** The request's Idempotency-Key (its answer is stored by whoever settles the payment). */
    requestKey: string;
    receiverHeld?: boolean;
    description?: string;
    /** Until then the request makes the partner call; after, the retry job may. */
    leaseUntil: Date;
  },
) {
  await tx
    .insertInto('unit_payments')
    .values({
      direction: row.direction ?? null,
      counterparty_id: row.counterpartyId ?? null,
      same_day: row.sameDay ?? false,
      request_key: row.requestKey,
      receiver_held: row.receiverHeld ?? false,
      description: row.description ?? null,
      next_attempt_at: row.leaseUntil,
      transfer_id: row.transferId,
      user_id: row.userId,
      counterparty_user_id: row.counterpartyUserId,
      payment_type: row.paymentType,
      status: 'Pending',
      amount_cents: row.amountCents as never,
      idempotency_key: row.idempotencyKey,
    })
    .execute();
}

export async function updateUnitPayment(
  tx: Database,
  transferId: string,
  fields: {
    unit_payment_id?: string;
    status?: string;
    reason?: string | null;
    reversal_transfer_id?: string;
    attempts?: number;
    next_attempt_at?: Date | null;
    last_error?: string | null;
    receiver_held?: boolean;
  },
) {
  await tx
    .updateTable('unit_payments')
    .set({ ...fields, updated_at: new Date() })
    .where('transfer_id', '=', transferId)
    .execute();
}

export const lockUnitPaymentByUnitId = (tx: Database, unitPaymentId: string) =>
  lockUnitPaymentWhere(tx, 'unit_payment_id', unitPaymentId);

function unitPaymentWhere(db: Database, column: 'transfer_id' | 'unit_payment_id', value: string) {
  return db.selectFrom('unit_payments').selectAll().where(column, '=', value);
}

function lockUnitPaymentWhere(
  tx: Database,
  column: 'transfer_id' | 'unit_payment_id',
  value: string,
) {
  return unitPaymentWhere(tx, column, value).forUpdate().executeTakeFirst();
}

/** One mirrored payment by its ledger transfer, not locked (read before a partner call). */
export const findUnitPayment = (db: Database, transferId: string) =>
  unitPaymentWhere(db, 'transfer_id', transferId).executeTakeFirst();

/** A ledger transfer as the transfers feature's view takes it. */
export async function findLedgerTransfer(db: Database, transferId: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', transferId)
    .executeTakeFirstOrThrow();
}

/** One mirrored payment by its ledger transfer, locked. */
export const lockUnitPayment = (tx: Database, transferId: string) =>
  lockUnitPaymentWhere(tx, 'transfer_id', transferId);

/** Mirrored payments whose partner call failed and are due again (locked, skipped if taken). */
export async function lockPaymentsToRetry(tx: Database, now: Date) {
  return tx
    .selectFrom('unit_payments')
    .selectAll()
    .where('unit_payment_id', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(20)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function listUnitPaymentsOf(db: Database, userId: string) {
  return db
    .selectFrom('unit_payments')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'unit_payments.transfer_id')
    .select([
      'unit_payments.transfer_id',
      'unit_payments.user_id',
      'unit_payments.counterparty_user_id',
      'unit_payments.unit_payment_id',
      'unit_payments.payment_type',
      'unit_payments.direction',
      'unit_payments.status',
      'unit_payments.amount_cents',
      'unit_payments.reversal_transfer_id',
      'unit_payments.created_at',
      'ledger_transfers.status as ledger_status',
    ])
    .where((eb) =>
      eb.or([
        eb('unit_payments.user_id', '=', userId),
        eb('unit_payments.counterparty_user_id', '=', userId),
      ]),
    )
    .execute();
}

/** Records a partner webhook event; false when it was already applied (a replay). */
export async function recordWebhookEvent(tx: Database, eventId: string, eventType: string) {
  const row = await tx
    .insertInto('unit_webhook_events')
    .values({ event_id: eventId, event_type: eventType })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function startReconciliationRun(db: Database) {
  return db
    .insertInto('unit_reconciliation_runs')
    .defaultValues()
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type Difference = {
  kind: string;
  userId: string | null;
  transferId: string | null;
  unitId: string | null;
  expected: string | null;
  actual: string | null;
};

export async function finishReconciliationRun(
  db: Database,
  runId: string,
  accountsChecked: number,
  differences: Difference[],
) {
  return db.transaction().execute(async (tx) => {
    if (differences.length > 0) {
      await tx
        .insertInto('unit_reconciliation_differences')
        .values(
          differences.map((d) => ({
            run_id: runId,
            kind: d.kind,
            user_id: d.userId,
            transfer_id: d.transferId,
            unit_id: d.unitId,
            expected: d.expected,
            actual: d.actual,
          })),
        )
        .execute();
    }
    return tx
      .updateTable('unit_reconciliation_runs')
      .set({
        finished_at: new Date(),
        accounts_checked: accountsChecked,
        differences: differences.length,
      })
      .where('id', '=', runId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Pago's omnibus account at the partner, when sandbox mode has made it (migration 0016). */
export async function findOmnibus(db: Database) {
  return db.selectFrom('partner_omnibus').selectAll().executeTakeFirst();
}

/** One making of the omnibus at a time, across processes (held until the transaction ends). */
export async function lockOmnibus(tx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('bank:omnibus', 0))`.execute(tx);
}

export async function insertOmnibus(tx: Database, row: { customerId: string; accountId: string }) {
  await tx
    .insertInto('partner_omnibus')
    .values({ unit_customer_id: row.customerId, unit_account_id: row.accountId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function insertOmnibusMovement(
  tx: Database,
  row: {
    kind: 'funding' | 'cover';
    transferId?: string;
    userId?: string;
    amountCents: number;
    idempotencyKey: string;
    unitPaymentId?: string;
    status: string;
  },
) {
  await tx
    .insertInto('partner_omnibus_movements')
    .values({
      kind: row.kind,
      transfer_id: row.transferId ?? null,
      user_id: row.userId ?? null,
      amount_cents: row.amountCents as never,
      idempotency_key: row.idempotencyKey,
      unit_payment_id: row.unitPaymentId ?? null,
      status: row.status,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function updateOmnibusMovement(
  tx: Database,
  idempotencyKey: string,
  fields: { unit_payment_id?: string; status: string },
) {
  await tx
    .updateTable('partner_omnibus_movements')
    .set({ ...fields, updated_at: new Date() })
    .where('idempotency_key', '=', idempotencyKey)
    .execute();
}

export async function listOmnibusMovements(db: Database) {
  return db.selectFrom('partner_omnibus_movements').selectAll().orderBy('created_at').execute();
}

/** A withdrawal's cover from the omnibus, if it has one. */
export async function findCover(db: Database, transferId: string) {
  const movements = db.selectFrom('partner_omnibus_movements').selectAll();
  return movements.where('transfer_id', '=', transferId).executeTakeFirst();
}

/**
 * What the user's own partner account can pay out, as Pago's records know it: ACH money in once
 * the partner moved it (Sent, Settled), ACH money out unless it failed (a pending credit is held
 * there), book payments in once completed and out unless failed, and the omnibus's covers unless
 * refused, less what the card holds or took there. The cover a withdrawal needs is its amount
 * less this (read under the funding lock).
 */
export async function partnerFundsOf(tx: Database, userId: string): Promise<number> {
  const { rows } = await sql<{ cents: string }>`
    select (
      coalesce((select sum(case
          when p.payment_type = 'achPayment' and p.direction = 'Debit'
            then case when p.status in ('Sent', 'Settled') then p.amount_cents else 0 end
          when p.payment_type = 'achPayment'
            then case when p.status in ('Rejected', 'Returned', 'Canceled') then 0 else -p.amount_cents end
          when p.user_id = ${userId}
            then case when t.status = 'failed' then 0 else -p.amount_cents end
          else case when t.status = 'completed' then p.amount_cents else 0 end
        end)
        from unit_payments p join ledger_transfers t on t.id = p.transfer_id
        where p.user_id = ${userId} or p.counterparty_user_id = ${userId}), 0)
      + coalesce((select sum(amount_cents) from partner_omnibus_movements
        where user_id = ${userId} and status not in ('Rejected', 'Canceled')), 0)
      -- Bills paid by check (features/billpay) leave the partner account unless given back.
      - coalesce((select sum(t.amount_cents) from bill_payments b
          join ledger_transfers t on t.id = b.transfer_id
        where b.user_id = ${userId} and b.method = 'check' and b.status <> 'failed'
          and b.return_transfer_id is null), 0)
      -- The card spends the same account (features/cards): a pending authorization holds its
      -- amount there (Pago's ATM fee is Pago's, not the partner's), a clearing takes it, a refund
      -- gives back.
      - coalesce((select sum(a.amount_cents) from card_authorizations a
        where a.user_id = ${userId} and a.status = 'pending'), 0)
      + coalesce((select sum(case when m.kind = 'refund' then m.amount_cents else -m.amount_cents end)
        from card_network_messages m join cards c on c.id = m.card_id
        where c.user_id = ${userId} and m.kind in ('clearing', 'refund')), 0)
    )::text as cents`.execute(tx);
  return Number(rows[0]?.cents ?? 0);
}

/**
 * What bill checks (features/billpay) took from a user's partner account: the partner debits a
 * check when it is Processed, and credits it back when Returned (then no longer Processed).
 */
export async function billChecksProcessedOf(db: Database, userId: string): Promise<number> {
  const { rows } = await sql<{ cents: string }>`
    select coalesce(sum(t.amount_cents), 0)::text as cents
    from bill_payments b join ledger_transfers t on t.id = b.transfer_id
    where b.user_id = ${userId} and b.method = 'check' and b.partner_status = 'Processed'`.execute(
    db,
  );
  return Number(rows[0]?.cents ?? 0);
}
