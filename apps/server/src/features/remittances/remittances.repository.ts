import type { PayoutDetails } from '@pago/shared/contracts/remittances';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Saved recipients and remittance payouts (migration 0021). */

export type RecipientInput = {
  fullName: string;
  country: string;
  phone: string;
  payout: PayoutDetails;
};

export async function listRecipients(db: Database, userId: string) {
  return db
    .selectFrom('remittance_recipients')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
}

export async function findRecipient(db: Database, userId: string, id: string) {
  return db
    .selectFrom('remittance_recipients')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertRecipient(db: Database, userId: string, input: RecipientInput) {
  return db
    .insertInto('remittance_recipients')
    .values({
      user_id: userId,
      full_name: input.fullName,
      country: input.country,
      phone: input.phone,
      payout_method: input.payout.method,
      payout_details: JSON.stringify(input.payout),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRecipient(
  db: Database,
  userId: string,
  id: string,
  input: RecipientInput,
  now: Date,
) {
  return db
    .updateTable('remittance_recipients')
    .set({
      full_name: input.fullName,
      country: input.country,
      phone: input.phone,
      payout_method: input.payout.method,
      payout_details: JSON.stringify(input.payout),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteRecipient(db: Database, userId: string, id: string) {
  const result = await db
    .deleteFrom('remittance_recipients')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Marks a recipient used now, so the most recent comes first. */
export async function touchRecipient(db: Database, id: string, now: Date) {
  await db
    .updateTable('remittance_recipients')
    .set({ updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function insertPayout(
  db: Database,
  row: {
    transferId: string;
    userId: string;
    recipientId: string;
    recipient: RecipientInput;
    expectedBy: Date;
    sentAt: Date;
  },
) {
  await db
    .insertInto('remittance_payouts')
    .values({
      transfer_id: row.transferId,
      user_id: row.userId,
      recipient_id: row.recipientId,
      full_name: row.recipient.fullName,
      country: row.recipient.country,
      phone: row.recipient.phone,
      payout_method: row.recipient.payout.method,
      payout_details: JSON.stringify(row.recipient.payout),
      expected_by: row.expectedBy,
      sent_to_partner_at: row.sentAt,
    })
    .execute();
}

export async function findPayout(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
}

/** The partner paid out: a cash pickup gets its code now, when the cash is available. */
export async function markPaidOut(
  db: Database,
  transferId: string,
  now: Date,
  pickupCode: () => string,
) {
  const payout = await findPayout(db, transferId);
  if (!payout) return;
  await db
    .updateTable('remittance_payouts')
    .set({
      paid_out_at: now,
      pickup_code: payout.payout_method === 'cash_pickup' ? pickupCode() : null,
    })
    .where('transfer_id', '=', transferId)
    .execute();
}

export async function markCancelled(db: Database, transferId: string, now: Date) {
  await db
    .updateTable('remittance_payouts')
    .set({ cancelled_at: now })
    .where('transfer_id', '=', transferId)
    .execute();
}

/** The user's remittance, locked (waits for a settlement holding it), or undefined. */
export async function lockRemittanceOf(db: Database, userId: string, id: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', 'remittance')
    .forUpdate()
    .executeTakeFirst();
}

/** Remittances whose payout is due, locked and skipped by other workers. */
export async function lockDuePayouts(db: Database, now: Date, limit: number) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('status', '=', 'processing')
    .where('kind', '=', 'remittance')
    .where(
      sql<string>`(metadata->>'payoutDueAt')::timestamptz`,
      '<=',
      sql<string>`${now}::timestamptz`,
    )
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
