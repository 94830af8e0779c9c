import type { RemittanceDisclosure } from '@pago/shared/contracts/disclosures';
import type { PayoutDetails } from '@pago/shared/contracts/remittances';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { PartnerStatusEntry, RemittancePayoutsTable } from '../../db/schema';

/** Saved recipients and remittance payouts (migrations 0021 and 0036). */

/** A recipient as stored: the names as on their ID, their phone, the payer and its fields. */
export type StoredRecipient = {
  firstName: string;
  lastName: string;
  country: string;
  phone: string;
  payout: PayoutDetails;
  payerName: string;
};

function recipientColumns(input: StoredRecipient) {
  return {
    full_name: `${input.firstName} ${input.lastName}`,
    first_name: input.firstName,
    last_name: input.lastName,
    country: input.country,
    phone: input.phone,
    payout_method: input.payout.method,
    payout_details: JSON.stringify(input.payout),
    payer_id: input.payout.payerId,
    payer_name: input.payerName,
  };
}

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

export async function insertRecipient(db: Database, userId: string, input: StoredRecipient) {
  return db
    .insertInto('remittance_recipients')
    .values({ user_id: userId, ...recipientColumns(input) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRecipient(
  db: Database,
  userId: string,
  id: string,
  input: StoredRecipient,
  now: Date,
) {
  return db
    .updateTable('remittance_recipients')
    .set({ ...recipientColumns(input), updated_at: now })
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

/** A remittance's payout, written with its ledger transfer: what the partner is asked to pay. */
export async function insertPayout(
  db: Database,
  row: {
    transferId: string;
    userId: string;
    /** Null for a resend whose saved recipient was since deleted (the payout keeps its copy). */
    recipientId: string | null;
    recipient: StoredRecipient;
    quote: {
      partnerQuotationId: string;
      partnerSourceAmount: string;
      disclosure: RemittanceDisclosure;
    };
    expectedBy: Date;
    cancelBy: Date;
    language: 'es' | 'en';
    requestKey: string | null;
    submitAfter: Date | null;
    /** Held for a sanctions review (features/sanctions): not handed to the partner. */
    complianceHold?: boolean;
  },
) {
  await db
    .insertInto('remittance_payouts')
    .values({
      transfer_id: row.transferId,
      user_id: row.userId,
      recipient_id: row.recipientId,
      full_name: `${row.recipient.firstName} ${row.recipient.lastName}`,
      first_name: row.recipient.firstName,
      last_name: row.recipient.lastName,
      country: row.recipient.country,
      phone: row.recipient.phone,
      payout_method: row.recipient.payout.method,
      payout_details: JSON.stringify(row.recipient.payout),
      payer_id: row.recipient.payout.payerId,
      payer_name: row.recipient.payerName,
      partner_quotation_id: row.quote.partnerQuotationId,
      partner_source_amount: row.quote.partnerSourceAmount,
      disclosure: JSON.stringify(row.quote.disclosure),
      expected_by: row.expectedBy,
      cancel_by: row.cancelBy,
      language: row.language,
      request_key: row.requestKey,
      submit_after: row.submitAfter,
      compliance_hold: row.complianceHold ?? false,
    })
    .execute();
}

export type PayoutRow = Selectable<RemittancePayoutsTable>;

export async function findPayout(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
}

/** A payout locked for a change (waits for another holding it). */
export async function lockPayout(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updatePayout(
  db: Database,
  transferId: string,
  patch: Updateable<RemittancePayoutsTable>,
) {
  await db
    .updateTable('remittance_payouts')
    .set(patch)
    .where('transfer_id', '=', transferId)
    .execute();
}

/**
 * The payout's money went back to the sender: never submitted or refunded again (and, for a
 * cancel, marked cancelled). A payout refunded already keeps its first time.
 */
export async function markPayoutRefunded(
  db: Database,
  transferId: string,
  now: Date,
  cancelled: boolean,
) {
  await db
    .updateTable('remittance_payouts')
    .set({
      refunded_at: now,
      submit_after: null,
      ...(cancelled ? { cancelled_at: sql<Date>`coalesce(cancelled_at, ${now})` } : {}),
    })
    .where('transfer_id', '=', transferId)
    .where('refunded_at', 'is', null)
    .execute();
}

/** Appends a partner status to the payout's history (the tracking page's steps). */
export async function appendPartnerStatus(
  db: Database,
  transferId: string,
  entry: PartnerStatusEntry,
) {
  await db
    .updateTable('remittance_payouts')
    .set({
      partner_history: sql`partner_history || ${JSON.stringify([entry])}::jsonb`,
    })
    .where('transfer_id', '=', transferId)
    .execute();
}

/**
 * Payouts due to be handed to the partner, locked and skipped by other workers; each is leased
 * (its `submit_after` moved on) by the caller before the partner is called.
 */
export async function lockPayoutsToSubmit(db: Database, now: Date, limit: number) {
  return db
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('submit_after', '<=', now)
    .orderBy('submit_after')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Open payouts at the partner not asked about since `before`, locked and skipped by others. */
export async function lockPayoutsToCheck(db: Database, before: Date, limit: number) {
  return db
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('partner_transaction_id', 'is not', null)
    .where('settled_at', 'is', null)
    .where('refunded_at', 'is', null)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', before)]))
    .orderBy(sql`checked_at nulls first`)
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Remittances confirmed at the partner whose receipt was not e-mailed yet, locked, skipped by others. */
/** A cash pickup the recipient collected: its transfer says so (it stays `delivered`). */
export async function markPickedUp(tx: Database, transferId: string) {
  await sql`
    update ledger_transfers set metadata = metadata || '{"pickedUp": true}'::jsonb
    where id = ${transferId} and kind = 'remittance'`.execute(tx);
}

export async function lockReceiptsDue(db: Database, limit: number) {
  return db
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('receipt_sent_at', 'is', null)
    .where('confirming_at', 'is not', null)
    .orderBy('confirming_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** The user's saved recipient with this phone in this country, most recently used first. */
export async function findRecipientByPhone(
  db: Database,
  userId: string,
  phone: string,
  country: string,
) {
  return db
    .selectFrom('remittance_recipients')
    .selectAll()
    .where('user_id', '=', userId)
    .where('phone', '=', phone)
    .where('country', '=', country)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
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

/** A remittance's ledger transfer, locked. */
export async function lockRemittance(db: Database, id: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'remittance')
    .forUpdate()
    .executeTakeFirst();
}
