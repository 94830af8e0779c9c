import { sql } from 'kysely';
import type { Database } from '../../db/database';

const CUSTOMER_COLUMNS = [
  'id',
  'name',
  'username',
  'email',
  'phone',
  'frozen_at',
  'created_at',
] as const;

/** Customers whose e-mail, phone or username is `exact` (case-insensitive), or whose name has `q`. */
export async function searchCustomers(
  db: Database,
  {
    exact,
    phone,
    name,
    limit,
  }: { exact: string; phone: string | null; name: string; limit: number },
) {
  const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('users')
    .select(CUSTOMER_COLUMNS)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, '=', exact.toLowerCase()),
        eb(sql<string>`lower(username)`, '=', exact.toLowerCase().replace(/^@/, '')),
        ...(phone ? [eb('phone', '=', phone)] : []),
        ...(name.length >= 2
          ? [eb('name', 'ilike', pattern), eb('legal_name', 'ilike', pattern)]
          : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function customersByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(CUSTOMER_COLUMNS).where('id', 'in', ids).execute();
}

/** The owner and counterparty of a transfer, by id. */
export async function transferParties(db: Database, transferId: string) {
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'user_id', 'counterparty_user_id'])
    .where('id', '=', transferId)
    .executeTakeFirst();
}

/** Transfers whose id hashes to `prefix` (the expression index of migration 0032), any owner. */
export async function transfersByHashPrefix(db: Database, prefix: Buffer) {
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'user_id', 'counterparty_user_id'])
    .where(sql<Buffer>`substring(sha256(id::text::bytea) from 1 for 6)`, '=', prefix)
    .execute();
}

export async function customerRow(db: Database, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function identityAttempts(db: Database, userId: string) {
  return db
    .selectFrom('identity_attempts')
    .select([
      'provider',
      'vendor_status',
      'legal_name',
      'birth_date',
      'failure_reason',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}

/** The customer's sessions (devices), live ones first, the newest 20. */
export async function customerSessions(db: Database, userId: string, idleMinutes: number) {
  return db
    .selectFrom('sessions')
    .select([
      'id',
      'user_agent',
      'created_at',
      'last_used_at',
      'sign_in_method',
      'place',
      sql<boolean>`revoked_at is null and expires_at > now()
        and last_used_at > now() - make_interval(mins => ${idleMinutes})`.as('live'),
    ])
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .limit(20)
    .execute();
}

/** Ends every session of the customer; how many were live. */
export async function revokeCustomerSessions(tx: Database, userId: string) {
  const rows = await tx
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export async function setFrozen(tx: Database, userId: string, reason: string | null) {
  return (
    tx
      .updateTable('users')
      .set(
        reason === null
          ? { frozen_at: null, frozen_reason: null }
          : { frozen_at: sql<Date>`now()`, frozen_reason: reason },
      )
      .where('id', '=', userId)
      // Only a change: freezing a frozen account (or the reverse) touches nothing.
      .where('frozen_at', reason === null ? 'is not' : 'is', null)
      .returning(['id', 'frozen_at'])
      .executeTakeFirst()
  );
}

export async function staffNotes(db: Database, userId: string) {
  return db
    .selectFrom('staff_notes as n')
    .innerJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.id', 'n.text', 'n.created_at', 's.name as staff_name'])
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .limit(100)
    .execute();
}

export async function insertNote(tx: Database, userId: string, staffId: string, text: string) {
  return tx
    .insertInto('staff_notes')
    .values({ user_id: userId, staff_id: staffId, text })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

function transferOfQuery(db: Database, userId: string, transferId: string) {
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'user_id', 'kind', 'status', 'amount_cents', 'fee_cents'])
    .where('id', '=', transferId)
    .where('user_id', '=', userId);
}

/** The customer's transfer (undefined: not theirs, or none). */
export async function transferOf(db: Database, userId: string, transferId: string) {
  return transferOfQuery(db, userId, transferId).executeTakeFirst();
}

/** The same, locked until the transaction ends: a refund of it happens once. */
export async function lockTransferOf(tx: Database, userId: string, transferId: string) {
  return transferOfQuery(tx, userId, transferId).forUpdate().executeTakeFirst();
}

export async function refundOf(db: Database, transferId: string) {
  return db
    .selectFrom('staff_refunds')
    .select(['refund_transfer_id'])
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
}

export async function pendingRefundApproval(db: Database, transferId: string) {
  return db
    .selectFrom('staff_approvals')
    .select('id')
    .where('action', '=', 'customer.refund')
    .where('status', '=', 'pending')
    .where(sql<string>`input ->> 'transferId'`, '=', transferId)
    .executeTakeFirst();
}

export async function insertRefund(
  tx: Database,
  row: {
    transferId: string;
    refundTransferId: string;
    userId: string;
    staffId: string;
    approvalId: string | null;
  },
) {
  await tx
    .insertInto('staff_refunds')
    .values({
      transfer_id: row.transferId,
      refund_transfer_id: row.refundTransferId,
      user_id: row.userId,
      staff_id: row.staffId,
      approval_id: row.approvalId,
    })
    .execute();
}

/** Refunds made of the customer's transfers, by refunded transfer id. */
export async function refundsOfCustomer(db: Database, userId: string) {
  return db
    .selectFrom('staff_refunds')
    .select(['transfer_id', 'refund_transfer_id', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
}
