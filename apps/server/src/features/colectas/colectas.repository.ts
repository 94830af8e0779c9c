import type { TransferStatus } from '@pago/shared/contracts/transfers';
import type { Cents } from '@pago/shared/money';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ColectaContributionsTable, ColectasTable } from '../../db/schema';

export type ColectaRow = Selectable<ColectasTable>;
export type ContributionRow = Selectable<ColectaContributionsTable>;

export async function insertColecta(
  tx: Database,
  row: {
    organiserId: string;
    recipientId: string;
    recipientName: string;
    recipientCountry: string;
    title: string;
    targetCents: Cents;
    sendBy: string;
    speed: 'standard' | 'express';
    now: Date;
  },
): Promise<ColectaRow> {
  const colecta = await tx
    .insertInto('colectas')
    .values({
      organiser_id: row.organiserId,
      recipient_id: row.recipientId,
      recipient_name: row.recipientName,
      recipient_country: row.recipientCountry,
      title: row.title,
      target_cents: row.targetCents,
      send_by: row.sendBy,
      speed: row.speed,
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertMember(tx, colecta.id, row.organiserId, 'organiser');
  return colecta;
}

/** Adds a member; false when they already were one. */
export async function insertMember(
  tx: Database,
  colectaId: string,
  userId: string,
  role: 'organiser' | 'invited',
): Promise<boolean> {
  const row = await tx
    .insertInto('colecta_members')
    .values({ colecta_id: colectaId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['colecta_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countMembers(tx: Database, colectaId: string): Promise<number> {
  const row = await tx
    .selectFrom('colecta_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('colecta_id', '=', colectaId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The colecta if `userId` is one of its members (the organiser is one), locked when `lock`. */
export async function findColectaOfMember(
  db: Database,
  id: string,
  userId: string,
  lock = false,
): Promise<ColectaRow | undefined> {
  let query = db
    .selectFrom('colectas')
    .selectAll('colectas')
    .where('colectas.id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('colecta_members as m')
          .select('m.user_id')
          .whereRef('m.colecta_id', '=', 'colectas.id')
          .where('m.user_id', '=', userId),
      ),
    );
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findColecta(db: Database, id: string): Promise<ColectaRow | undefined> {
  return db.selectFrom('colectas').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockColecta(tx: Database, id: string): Promise<ColectaRow | undefined> {
  return tx.selectFrom('colectas').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listColectasOf(db: Database, userId: string): Promise<ColectaRow[]> {
  return db
    .selectFrom('colectas')
    .innerJoin('colecta_members as m', 'm.colecta_id', 'colectas.id')
    .selectAll('colectas')
    .where('m.user_id', '=', userId)
    .orderBy('colectas.created_at', 'desc')
    .limit(50)
    .execute();
}

/** Each member with their display name, @username and what they put in (every contribution). */
export async function listMembers(db: Database, colectaIds: string[]) {
  if (colectaIds.length === 0) return [];
  return db
    .selectFrom('colecta_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => [
      'm.colecta_id',
      'm.user_id',
      'm.role',
      'u.name',
      'u.username',
      eb
        .selectFrom('colecta_contributions as c')
        .select(sql<string>`coalesce(sum(c.amount_cents), 0)`.as('total'))
        .whereRef('c.colecta_id', '=', 'm.colecta_id')
        .whereRef('c.user_id', '=', 'm.user_id')
        .as('contributed'),
    ])
    .where('m.colecta_id', 'in', colectaIds)
    .orderBy('m.created_at')
    .execute();
}

export async function insertContribution(
  tx: Database,
  row: { colectaId: string; userId: string; amountCents: Cents; holdTransferId: string; now: Date },
): Promise<ContributionRow> {
  await tx
    .updateTable('colectas')
    .set((eb) => ({
      collected_cents: eb('collected_cents', '+', row.amountCents),
      updated_at: row.now,
    }))
    .where('id', '=', row.colectaId)
    .execute();
  return tx
    .insertInto('colecta_contributions')
    .values({
      colecta_id: row.colectaId,
      user_id: row.userId,
      amount_cents: row.amountCents,
      hold_transfer_id: row.holdTransferId,
      created_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The colecta's contributions still held, locked: the claim before each leaves `held`. */
export async function lockHeldContributions(
  tx: Database,
  colectaId: string,
): Promise<ContributionRow[]> {
  return tx
    .selectFrom('colecta_contributions')
    .selectAll()
    .where('colecta_id', '=', colectaId)
    .where('status', '=', 'held')
    .orderBy('created_at')
    .forUpdate()
    .execute();
}

/**
 * Claims one held contribution for release, locked without waiting for another claimer
 * (`skip locked`): undefined when it is no longer held or someone else is releasing it now.
 */
export async function claimHeldContribution(
  tx: Database,
  id: string,
): Promise<ContributionRow | undefined> {
  return tx
    .selectFrom('colecta_contributions')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'held')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function settleContributions(
  tx: Database,
  ids: string[],
  status: 'sent' | 'released',
  transferId: string,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await tx
    .updateTable('colecta_contributions')
    .set({ status, settled_transfer_id: transferId, settled_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function subtractCollected(tx: Database, colectaId: string, amountCents: Cents) {
  await tx
    .updateTable('colectas')
    .set((eb) => ({ collected_cents: eb('collected_cents', '-', amountCents) }))
    .where('id', '=', colectaId)
    .execute();
}

export async function updateColecta(
  tx: Database,
  id: string,
  set: Partial<
    Pick<
      ColectaRow,
      | 'status'
      | 'cancelled_reason'
      | 'transfer_id'
      | 'last_send_error'
      | 'auto_send_failed'
      | 'delivery_notified'
    >
  > & { updated_at: Date },
): Promise<void> {
  await tx.updateTable('colectas').set(set).where('id', '=', id).execute();
}

/** Held cents of one user across colectas (out of their wallet, not spent). */
export async function heldCentsOf(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('colecta_contributions')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function transfersOf(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'status', 'amount_cents', 'fee_cents'])
    .where('id', 'in', ids)
    .execute() as Promise<
    { id: string; status: TransferStatus; amount_cents: Cents; fee_cents: Cents }[]
  >;
}

/** Open colectas whose target is reached and whose automatic send was not tried and failed. */
export async function dueForAutoSend(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('colectas')
    .select('id')
    .where('status', '=', 'open')
    .where('auto_send_failed', '=', false)
    .whereRef('collected_cents', '>=', 'target_cents')
    .limit(50)
    .execute();
  return rows.map((r) => r.id);
}

/** Open colectas past their date (the day after it began in US Eastern time). */
export async function pastTheirDate(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('colectas')
    .select('id')
    .where('status', '=', 'open')
    .where(sql<boolean>`((send_by::date + 1)::timestamp at time zone 'America/New_York') <= ${now}`)
    .limit(50)
    .execute();
  return rows.map((r) => r.id);
}

/** Sent colectas whose remittance the partner delivered, not yet told to their members. */
export async function deliveredUntold(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('colectas')
    .innerJoin('ledger_transfers as t', 't.id', 'colectas.transfer_id')
    .select('colectas.id')
    .where('colectas.status', '=', 'sent')
    .where('colectas.delivery_notified', '=', false)
    .where('t.status', '=', 'delivered')
    .limit(50)
    .execute();
  return rows.map((r) => r.id);
}

/** Whoever put money in (each once), for the news of a send or a delivery. */
export async function contributorsOf(tx: Database, colectaId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('colecta_contributions')
    .select('user_id')
    .distinct()
    .where('colecta_id', '=', colectaId)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Locks, in id order, the ledger accounts a colecta's money moves between (the holding account
 * and the wallets), before moving it: every transfer locks its accounts in id order, so taking
 * them all first in the same order keeps a multi-transfer transaction from a deadlock.
 */
export async function lockAccounts(tx: Database, userIds: string[]): Promise<void> {
  await sql`
    select id from ledger_accounts
    where system_role = 'colecta_holding' or user_id = any(${userIds}::uuid[])
    order by id for update`.execute(tx);
}

/**
 * Whether the user's wallet is frozen (`ledger_accounts.frozen`, migration 0057), read after a
 * transfer locked the wallet: a freeze committed before it shows here.
 */
export async function walletFrozen(tx: Database, userId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('ledger_accounts')
    .select('frozen')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.frozen === true;
}
