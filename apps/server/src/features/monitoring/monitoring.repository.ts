import type { TransferKind } from '@pago/shared/contracts/transfers';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Money a person sends out of their wallet to someone else or to a bank: what the rules watch. */
export const OUTGOING_KINDS = [
  'p2p',
  'request_payment',
  'bank_transfer',
  'remittance',
  'bank_withdrawal',
] as const satisfies readonly TransferKind[];
/** Money from one Pago user's wallet to another's. */
export const WALLET_TO_WALLET_KINDS = ['p2p', 'request_payment', 'bank_transfer'] as const;
/** Statuses of money that did not go (or came back): not counted as sent. */
export const NOT_SENT = ['failed', 'refunded'] as const;

export type WatchedTransfer = {
  id: string;
  kind: TransferKind;
  status: string;
  user_id: string;
  counterparty_user_id: string | null;
  amount_cents: number;
  created_at: Date;
  metadata: Record<string, unknown>;
};

const watchedColumns = [
  'id',
  'kind',
  'status',
  'user_id',
  'counterparty_user_id',
  'amount_cents',
  'created_at',
  'metadata',
] as const;

/** The smallest time-ordered (UUID v7) id made at `at`: ids at or after it sort at or after it. */
export function uuidV7Floor(at: Date): string {
  const hex = Math.max(0, at.getTime()).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** When a time-ordered (UUID v7) id was made, by the database's clock. */
export function uuidV7Time(id: string): Date {
  return new Date(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16));
}

/**
 * A person's outgoing transfers (sent: not failed or refunded) whose ids were made in [from, to]
 * by the database's clock: compared with times the database wrote (`monitoring_account_changes`),
 * not with `created_at`, which is the ledger's clock.
 */
export async function outgoingMadeBetween(db: Database, userId: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom('ledger_transfers')
    .select(watchedColumns)
    .where('id', '>=', uuidV7Floor(from))
    .where('id', '<', uuidV7Floor(new Date(to.getTime() + 1)))
    .where('user_id', '=', userId)
    .where('kind', 'in', OUTGOING_KINDS)
    .where('status', 'not in', NOT_SENT)
    .orderBy('id')
    .execute();
  return rows as unknown as WatchedTransfer[];
}

export async function readScan(db: Database): Promise<{ scannedTo: Date; now: Date }> {
  const { rows } = await sql<{ scanned_to: Date; now: Date }>`
    select s.scanned_to, clock_timestamp() as now from monitoring_scan s where s.id = 1`.execute(
    db,
  );
  const row = rows[0];
  if (!row) throw new Error('monitoring_scan has no row (migration 0052 writes it)');
  return { scannedTo: row.scanned_to, now: row.now };
}

export async function advanceScan(db: Database, to: Date, pruneBefore: Date) {
  await db.updateTable('monitoring_scan').set({ scanned_to: to }).where('id', '=', 1).execute();
  await db.deleteFrom('monitoring_evaluated').where('evaluated_at', '<', pruneBefore).execute();
}

/** Outgoing transfers made since `floorId` that the job has not evaluated yet, oldest first. */
export async function unevaluatedSince(
  db: Database,
  floorId: string,
  limit: number,
): Promise<WatchedTransfer[]> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .select(watchedColumns.map((c) => `t.${c}` as const))
    .where('t.id', '>=', floorId)
    .where('t.kind', 'in', OUTGOING_KINDS)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('monitoring_evaluated as e')
            .select(sql`1`.as('one'))
            .whereRef('e.transfer_id', '=', 't.id'),
        ),
      ),
    )
    .orderBy('t.id')
    .limit(limit)
    .execute();
  return rows as unknown as WatchedTransfer[];
}

/** A page of transfers marked evaluated in one statement (one commit, not one a transfer). */
export async function markEvaluated(db: Database, transferIds: string[]) {
  if (transferIds.length === 0) return;
  await db
    .insertInto('monitoring_evaluated')
    .values(transferIds.map((id) => ({ transfer_id: id })))
    .onConflict((oc) => oc.column('transfer_id').doNothing())
    .execute();
}

/**
 * What others sent a person up to `to`: wallet-to-wallet money in, and ACH credits from outside
 * (a payroll), as opposed to money the person loaded themselves (a card, their own bank, cash).
 */
export async function receivedFromOthers(db: Database, userId: string, to: Date): Promise<number> {
  const { rows } = await sql<{ cents: string | null }>`
    select coalesce(sum(amount_cents), 0) as cents from ledger_transfers
    where created_at <= ${to} and status not in ('failed', 'refunded')
      and ((counterparty_user_id = ${userId} and kind in ('p2p', 'request_payment', 'bank_transfer'))
        or (user_id = ${userId} and kind = 'ach_received'))`.execute(db);
  return Number(rows[0]?.cents ?? 0);
}

export async function userOf(db: Database, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'username',
      'created_at',
      'address_street',
      'address_postal_code',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Changes of phone, e-mail or password made in [from, to], oldest first. */
export async function accountChangesBetween(db: Database, userId: string, from: Date, to: Date) {
  return db
    .selectFrom('monitoring_account_changes')
    .select(['id', 'field', 'changed_at'])
    .where('user_id', '=', userId)
    .where('changed_at', '>=', from)
    .where('changed_at', '<=', to)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}

/** Wallet-to-wallet money into `recipientId` made in [from, to] (not failed or refunded). */
export async function walletPaymentsTo(db: Database, recipientId: string, from: Date, to: Date) {
  const rows = await db
    .selectFrom('ledger_transfers')
    .select(watchedColumns)
    .where('counterparty_user_id', '=', recipientId)
    .where('kind', 'in', WALLET_TO_WALLET_KINDS)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .where('status', 'not in', NOT_SENT)
    .orderBy('created_at')
    .execute();
  return rows as unknown as WatchedTransfer[];
}

export type RecipientRow = {
  transfer: WatchedTransfer;
  full_name: string;
  country: string;
  phone: string;
  payout_details: { fields?: Record<string, string> };
};

/**
 * Remittances made in [from, to] (not failed or refunded) to a saved recipient of `country`
 * whose phone is `phone` or whose payout field `field` is `account`: the candidates for one
 * recipient abroad (the caller compares the names).
 */
export async function remittancesToRecipient(
  db: Database,
  input: { country: string; phone: string; field: string | null; account: string | null },
  from: Date,
  to: Date,
): Promise<RecipientRow[]> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('remittance_recipients as r', (join) =>
      join.on(sql`r.id::text`, '=', sql`t.metadata->>'recipientId'`),
    )
    .select(watchedColumns.map((c) => `t.${c}` as const))
    .select(['r.full_name', 'r.country', 'r.phone', 'r.payout_details'])
    .where('t.kind', '=', 'remittance')
    .where('t.created_at', '>=', from)
    .where('t.created_at', '<=', to)
    .where('t.status', 'not in', NOT_SENT)
    .where('r.country', '=', input.country)
    .where((eb) =>
      input.field && input.account
        ? eb.or([
            eb('r.phone', '=', input.phone),
            eb(sql`r.payout_details->'fields'->>${input.field}`, '=', input.account),
          ])
        : eb('r.phone', '=', input.phone),
    )
    .orderBy('t.created_at')
    .execute();
  return rows.map((row) => {
    const { full_name, country, phone, payout_details, ...transfer } = row;
    return {
      transfer: transfer as unknown as WatchedTransfer,
      full_name,
      country,
      phone,
      payout_details: payout_details as RecipientRow['payout_details'],
    };
  });
}

export async function recipientById(db: Database, id: string) {
  return db
    .selectFrom('remittance_recipients')
    .select(['full_name', 'country', 'phone', 'payout_details'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Homes (street and ZIP) of users, for telling a household from unrelated senders. */
export async function homesOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'address_street', 'address_postal_code'])
    .where('id', 'in', userIds)
    .execute();
}

/** Pairs among `userIds` that ever sent each other money wallet to wallet. */
export async function pairsThatPaidEachOther(db: Database, userIds: string[]) {
  if (userIds.length < 2) return [];
  return db
    .selectFrom('ledger_transfers')
    .select(['user_id', 'counterparty_user_id'])
    .distinct()
    .where('kind', 'in', WALLET_TO_WALLET_KINDS)
    .where('user_id', 'in', userIds)
    .where('counterparty_user_id', 'in', userIds)
    .execute();
}

export type RuleRow = {
  code: string;
  enabled: boolean;
  action: 'alert' | 'hold';
  thresholds: Record<string, unknown>;
  updated_at: Date;
};

export async function listRules(db: Database): Promise<RuleRow[]> {
  return db.selectFrom('monitoring_rules').selectAll().orderBy('code').execute();
}

export async function updateRule(
  db: Database,
  code: string,
  changes: { enabled?: boolean; thresholds?: Record<string, unknown> },
): Promise<RuleRow | undefined> {
  return db
    .updateTable('monitoring_rules')
    .set({
      ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      ...(changes.thresholds === undefined
        ? {}
        : { thresholds: JSON.stringify(changes.thresholds) }),
      updated_at: sql<Date>`now()`,
    })
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst();
}

export type NewHit = {
  rule_code: string;
  user_id: string | null;
  subject: string;
  window_start: Date;
  transfer_ids: string[];
  reason: string;
  figures: Record<string, unknown>;
};

/** Stores a hit unless the rule already has one for this subject and window; true if new. */
export async function insertHit(db: Database, hit: NewHit): Promise<boolean> {
  const row = await db
    .insertInto('monitoring_hits')
    .values({ ...hit, figures: JSON.stringify(hit.figures) })
    .onConflict((oc) => oc.columns(['rule_code', 'subject', 'window_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function listHits(db: Database, status: string, limit: number) {
  return db
    .selectFrom('monitoring_hits')
    .selectAll()
    .where('status', '=', status as 'open')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findHit(db: Database, id: string) {
  return db.selectFrom('monitoring_hits').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Decides an open hit; undefined when it is not open (any more). */
export async function decideHit(
  db: Database,
  id: string,
  decision: { status: 'dismissed' | 'escalated'; by: string; reason: string },
) {
  return db
    .updateTable('monitoring_hits')
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_at: sql<Date>`now()`,
      decision_reason: decision.reason,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** The transfers of hits, with both parties' names. */
export async function transfersWithNames(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ledger_transfers as t')
    .innerJoin('users as s', 's.id', 't.user_id')
    .leftJoin('users as c', 'c.id', 't.counterparty_user_id')
    .select([
      't.id',
      't.kind',
      't.status',
      't.amount_cents',
      't.created_at',
      't.metadata',
      's.name as sender_name',
      'c.name as counterparty_name',
    ])
    .where('t.id', 'in', ids)
    .execute();
}

export async function usersByIds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'username'])
    .where('id', 'in', ids)
    .execute();
}
