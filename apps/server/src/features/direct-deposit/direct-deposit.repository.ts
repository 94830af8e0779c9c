import type { Cents } from '@pago/shared/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { DirectDepositsTable } from '../../db/schema';

export type DirectDepositStatus = 'pending' | 'advanced' | 'completed' | 'returned';

/** The user a partner account belongs to (null: not a Pago user's, e.g. the omnibus). */
export async function findUserOfPartnerAccount(db: Database, partnerAccountId: string) {
  const row = await db
    .selectFrom('bank_accounts')
    .select('user_id')
    .where('unit_account_id', '=', partnerAccountId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The user's partner account by its account number (the sandbox's "my employer paid me"). */
export async function findBankAccountByNumber(db: Database, accountNumber: string) {
  return db
    .selectFrom('bank_accounts')
    .select(['user_id', 'unit_account_id', 'routing_number'])
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();
}

export async function lockDirectDeposit(tx: Database, receivedPaymentId: string) {
  return tx
    .selectFrom('direct_deposits')
    .selectAll()
    .where('unit_received_payment_id', '=', receivedPaymentId)
    .forUpdate()
    .executeTakeFirst();
}
export type DirectDepositRow = NonNullable<Awaited<ReturnType<typeof lockDirectDeposit>>>;

/** One payment applied at a time, even before its row exists (two events of it at once). */
export async function lockReceivedPaymentId(tx: Database, receivedPaymentId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('direct-deposit:' || ${receivedPaymentId}))`.execute(
    tx,
  );
}

export async function insertDirectDeposit(
  tx: Database,
  row: {
    receivedPaymentId: string;
    userId: string;
    transferId: string;
    amountCents: Cents;
    companyName: string;
    description: string;
    advanceable: boolean;
    completionDate: string;
  },
) {
  return tx
    .insertInto('direct_deposits')
    .values({
      unit_received_payment_id: row.receivedPaymentId,
      user_id: row.userId,
      transfer_id: row.transferId,
      amount_cents: row.amountCents,
      company_name: row.companyName,
      description: row.description,
      advanceable: row.advanceable,
      completion_date: row.completionDate,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDirectDeposit(
  tx: Database,
  receivedPaymentId: string,
  set: Partial<
    Pick<DirectDepositsTable, 'advance_refused' | 'return_reason' | 'return_transfer_id'>
  > & { status?: DirectDepositStatus; owed_cents?: Cents; advanceable?: boolean },
) {
  await tx
    .updateTable('direct_deposits')
    .set({ ...set, updated_at: new Date() })
    .where('unit_received_payment_id', '=', receivedPaymentId)
    .execute();
}

/** Marks the deposit's transfer as advanced (available before completion), for activity. */
export async function markTransferAdvanced(tx: Database, transferId: string) {
  await sql`
    update ledger_transfers set metadata = metadata || '{"advanced": true}'::jsonb
    where id = ${transferId}`.execute(tx);
}

/** The user's deposits, newest first. */
export async function listDirectDeposits(db: Database, userId: string, limit: number) {
  return db
    .selectFrom('direct_deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('unit_received_payment_id', 'desc')
    .limit(limit)
    .execute();
}

/** Pending deposits the partner may advance, whose lease is free; each claimed for `leaseSeconds`. */
export async function claimAdvanceable(
  db: Database,
  now: Date,
  leaseSeconds: number,
  limit: number,
) {
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('direct_deposits')
      .select('unit_received_payment_id')
      .where('status', '=', 'pending')
      .where('advanceable', '=', true)
      .where('advance_refused', 'is', null)
      .where((eb) =>
        eb.or([
          eb('advance_tried_at', 'is', null),
          eb('advance_tried_at', '<', new Date(now.getTime() - leaseSeconds * 1000)),
        ]),
      )
      .orderBy('advance_tried_at', (ob) => ob.nullsFirst())
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const ids = rows.map((r) => r.unit_received_payment_id);
    if (ids.length > 0) {
      await tx
        .updateTable('direct_deposits')
        .set({ advance_tried_at: now })
        .where('unit_received_payment_id', 'in', ids)
        .execute();
    }
    return ids;
  });
}

/** The user's applied received payments (reconciliation), all of them. */
export async function listDirectDepositsOf(db: Database, userId: string) {
  return db
    .selectFrom('direct_deposits')
    .select(['unit_received_payment_id', 'transfer_id', 'amount_cents', 'status'])
    .where('user_id', '=', userId)
    .execute();
}
