import type { ErrorCaseBody } from '@pago/shared/contracts/remittances';
import type { Database } from '../../db/database';

/** Error cases on remittances (migration 0037): the sender's, a transfer's, the open ones. */

export async function insertCase(
  db: Database,
  row: {
    transferId: string;
    userId: string;
    body: ErrorCaseBody;
    language: 'es' | 'en';
    openedAt: Date;
    decideBy: Date;
  },
) {
  return db
    .insertInto('remittance_error_cases')
    .values({
      transfer_id: row.transferId,
      user_id: row.userId,
      reason: row.body.reason,
      description: row.body.description ?? null,
      remedy: row.body.remedy,
      language: row.language,
      opened_at: row.openedAt,
      decide_by: row.decideBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The sender's cases, newest first. */
export async function listCasesOf(db: Database, userId: string) {
  return db
    .selectFrom('remittance_error_cases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** A remittance's cases, oldest first (its tracking page lists them). */
export async function listCasesOfTransfer(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_error_cases')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .orderBy('opened_at')
    .orderBy('id')
    .execute();
}

export async function findOpenCaseOf(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_error_cases')
    .select('id')
    .where('transfer_id', '=', transferId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function findCase(db: Database, id: string) {
  return db
    .selectFrom('remittance_error_cases')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A case, locked until the transaction ends (the decision and its remedy happen once). */
export async function lockCase(db: Database, id: string) {
  return db
    .selectFrom('remittance_error_cases')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Open cases, the nearest deadline first (the investigation sweep; staff read the same). */
export async function listOpenCases(db: Database, limit: number) {
  return db
    .selectFrom('remittance_error_cases')
    .select('id')
    .where('status', '=', 'open')
    .orderBy('decide_by')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The partner was asked and nothing could be decided yet (still on its way, or no answer). */
export async function markChecked(db: Database, id: string, now: Date, partnerAnswer: unknown) {
  await db
    .updateTable('remittance_error_cases')
    .set({
      checked_at: now,
      partner_answer: partnerAnswer === undefined ? null : JSON.stringify(partnerAnswer),
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

export async function decideCase(
  db: Database,
  id: string,
  decision: {
    status: 'resolved' | 'no_error';
    decidedAt: Date;
    reportResultBy: Date;
    finding: string;
    resolution: string;
    remedyTransferId: string | null;
    partnerAnswer: unknown;
  },
) {
  return db
    .updateTable('remittance_error_cases')
    .set({
      status: decision.status,
      decided_at: decision.decidedAt,
      report_result_by: decision.reportResultBy,
      checked_at: decision.decidedAt,
      finding: decision.finding,
      resolution: decision.resolution,
      remedy_transfer_id: decision.remedyTransferId,
      // No answer (undefined or null) is SQL null, not the JSON value null.
      partner_answer:
        decision.partnerAnswer == null ? null : JSON.stringify(decision.partnerAnswer),
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's remittance (not locked), or undefined: another user's is as absent as none. */
export async function findRemittanceOf(db: Database, userId: string, id: string) {
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', 'remittance')
    .executeTakeFirst();
}

/** The transfer that gave a remittance's money back, if one did. */
export async function findRefundOf(db: Database, transferId: string) {
  return db
    .selectFrom('ledger_transfers')
    .select('id')
    .where('related_transfer_id', '=', transferId)
    .where('kind', '=', 'remittance_refund')
    .orderBy('created_at')
    .executeTakeFirst();
}

/**
 * The sender as the receipt names them: the verified legal name, else the profile's; and what
 * their time zone is read from (`userTimeZone`).
 */
export async function findSender(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select(['name', 'legal_name', 'language', 'time_zone', 'zip_code'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
