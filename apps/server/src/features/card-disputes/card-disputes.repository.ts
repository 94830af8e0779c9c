import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/database';
import type { CardDisputesTable } from '../../db/schema';

export type DisputeRow = Selectable<CardDisputesTable>;

/** A card transfer of the user, with what Pago knows of it at the partner (its clearing). */
export async function findCardTransfer(db: Database, userId: string, transferId: string) {
  return db
    .selectFrom('ledger_transfers as t')
    .leftJoin('card_authorizations as a', 'a.transfer_id', 't.id')
    .leftJoin('card_network_messages as m', (join) =>
      join.onRef('m.authorization_id', '=', 'a.id').on('m.kind', '=', 'clearing'),
    )
    .leftJoin('cards as c', 'c.id', 'a.card_id')
    .select([
      't.id',
      't.kind',
      't.status',
      't.amount_cents',
      't.metadata',
      't.created_at',
      'm.partner_transaction_id',
      'c.partner_account_id',
    ])
    .where('t.id', '=', transferId)
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertDispute(tx: Database, row: Insertable<CardDisputesTable>) {
  // The partial unique index keeps one open dispute per charge; a second is not inserted.
  return tx
    .insertInto('card_disputes')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('transfer_id')
        .where('status', 'in', ['open', 'provisionally_credited'])
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function updateDispute(
  tx: Database,
  id: string,
  changes: Updateable<CardDisputesTable>,
): Promise<DisputeRow> {
  return tx
    .updateTable('card_disputes')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findDispute(db: Database, userId: string, id: string) {
  return db
    .selectFrom('card_disputes')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listDisputes(db: Database, userId: string) {
  return db
    .selectFrom('card_disputes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export function lockDispute(tx: Database, id: string) {
  return tx
    .selectFrom('card_disputes')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The Pago dispute of a partner dispute, locked: by its id, else (a dispute the partner opened
 * before Pago heard of its id: the call's answer lost, or opened from the partner's dashboard)
 * the open one of the same partner transaction without a partner dispute yet.
 */
export async function lockByPartner(tx: Database, partnerDisputeId: string, transactionId: string) {
  const known = await tx
    .selectFrom('card_disputes')
    .selectAll()
    .where('partner_dispute_id', '=', partnerDisputeId)
    .forUpdate()
    .executeTakeFirst();
  if (known) return known;
  return tx
    .selectFrom('card_disputes')
    .selectAll()
    .where('partner_transaction_id', '=', transactionId)
    .where('partner_dispute_id', 'is', null)
    .where('status', 'in', ['open', 'provisionally_credited'])
    .forUpdate()
    .executeTakeFirst();
}

/** Open disputes whose provisional credit is due, locked (busy ones skipped). */
export function lockCreditDue(tx: Database, now: Date, limit: number) {
  return tx
    .selectFrom('card_disputes')
    .selectAll()
    .where('status', '=', 'open')
    .where('credit_due_at', '<=', now)
    .orderBy('credit_due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Lost disputes whose notice period is over and whose credit is not taken back yet, locked. */
export function lockReversalDue(tx: Database, now: Date, limit: number) {
  return tx
    .selectFrom('card_disputes')
    .selectAll()
    .where('status', '=', 'lost')
    .where('reversal_due_at', '<=', now)
    .where('reversal_transfer_id', 'is', null)
    .orderBy('reversal_due_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
