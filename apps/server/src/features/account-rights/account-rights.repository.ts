import type { CloseBlocker } from '@pago/shared/contracts/account-rights';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Locks the user's row for closing (one closing at a time); undefined: no such user. */
export async function lockUser(tx: Database, userId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'closed_at', 'email', 'name', 'language', 'two_step_enabled_at'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * What stops the account from closing. Inside the closing transaction the user's ledger accounts
 * are locked first (`forUpdate`), so no posting changes them between this check and the close.
 */
export async function closeBlockers(
  db: Database,
  userId: string,
  { lock }: { lock: boolean },
): Promise<{ code: CloseBlocker; amountCents?: number; count?: number }[]> {
  let accounts = db
    .selectFrom('ledger_accounts')
    .select(['balance_cents', 'held_cents', 'owed_cents'])
    .where('user_id', '=', userId);
  if (lock) accounts = accounts.forUpdate();
  const rows = await accounts.execute();
  const sum = (key: 'balance_cents' | 'held_cents' | 'owed_cents') =>
    rows.reduce((total, row) => total + Number(row[key]), 0);
  const counts = await sql<{ pending: number; disputes: number; claims: number }>`
    select
      (select count(*)::int from ledger_transfers
        where (user_id = ${userId} or counterparty_user_id = ${userId}) and status = 'processing')
      + (select count(*)::int from card_authorizations
        where user_id = ${userId} and status = 'pending')
      + (select count(*)::int from funding_transfers
        where user_id = ${userId} and status = 'pending') as pending,
      (select count(*)::int from card_disputes
        where user_id = ${userId} and status in ('open', 'provisionally_credited')) as disputes,
      (select count(*)::int from remittance_error_cases
        where user_id = ${userId} and status = 'open') as claims`.execute(db);
  const { pending, disputes, claims } = counts.rows[0] ?? { pending: 0, disputes: 0, claims: 0 };
  const blockers: { code: CloseBlocker; amountCents?: number; count?: number }[] = [];
  const balance = sum('balance_cents');
  const held = sum('held_cents');
  const owed = sum('owed_cents');
  // Held deposits are in the balance: the balance blocker names only what can be withdrawn.
  if (balance - held > 0) blockers.push({ code: 'balance', amountCents: balance - held });
  if (held > 0) blockers.push({ code: 'held_funds', amountCents: held });
  if (owed > 0) blockers.push({ code: 'owed', amountCents: owed });
  if (pending > 0) blockers.push({ code: 'pending_money', count: pending });
  if (disputes > 0) blockers.push({ code: 'open_card_dispute', count: disputes });
  if (claims > 0) blockers.push({ code: 'open_error_claim', count: claims });
  return blockers;
}

/** What closing cancels or closes on the way. */
export async function closeEffects(db: Database, userId: string) {
  const result = await sql<{
    open_requests: number;
    bill_schedules: number;
    cards: number;
    linked_banks: number;
  }>`
    select
      (select count(*)::int from money_requests
        where (requester_id = ${userId} or payer_id = ${userId}) and status = 'pending')
        as open_requests,
      (select count(*)::int from schedules
        where user_id = ${userId} and kind = 'bill' and status in ('active', 'paused'))
        as bill_schedules,
      (select count(*)::int from cards
        where user_id = ${userId} and status in ('inactive', 'active', 'frozen')) as cards,
      (select count(*)::int from plaid_items where user_id = ${userId}) as linked_banks`.execute(
    db,
  );
  const row = result.rows[0];
  return {
    openRequests: row?.open_requests ?? 0,
    billSchedules: row?.bill_schedules ?? 0,
    cards: row?.cards ?? 0,
    linkedBanks: row?.linked_banks ?? 0,
  };
}

/**
 * In the closing transaction: open requests end (the user's own cancelled, those asked of them
 * declined), scheduled bill payments and transfers are cancelled, the account is marked closed, its phone no
 * longer receives payments, and every session and sign-in artefact ends.
 */
export async function markClosed(
  tx: Database,
  userId: string,
  close: { at: Date; by: string; reason: string | null },
): Promise<void> {
  await tx
    .updateTable('money_requests')
    .set({ status: 'cancelled', updated_at: close.at })
    .where('requester_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  await tx
    .updateTable('money_requests')
    .set({ status: 'declined', updated_at: close.at })
    .where('payer_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  // Scheduled bill payments and transfers (features/schedules) run no more.
  await tx
    .updateTable('schedules')
    .set({ status: 'canceled', next_date: null, next_due_at: null, updated_at: close.at })
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'paused'])
    .execute();
  await tx
    .updateTable('users')
    .set({
      closed_at: close.at,
      closed_by: close.by,
      close_reason: close.reason,
      phone_verified: false,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', userId)
    .execute();
  await tx
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  await tx
    .updateTable('sign_in_links')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await tx
    .updateTable('sign_in_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await tx.deleteFrom('notification_stream_tickets').where('user_id', '=', userId).execute();
}

/** Closed accounts whose cards, partner account or linked banks are not closed at the vendors yet. */
export async function closedAwaitingPartners(db: Database, limit: number) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where('closed_at', 'is not', null)
    .where('partner_closed_at', 'is', null)
    .orderBy('closed_at')
    .limit(limit)
    .execute();
}

export async function openCardsOf(db: Database, userId: string) {
  return db
    .selectFrom('cards')
    .select(['id', 'partner_card_id'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['inactive', 'active', 'frozen'])
    .execute();
}

/** The user's deposit accounts at the banking partner (one today; the profile's and the table's). */
export async function partnerAccountsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    select unit_account_id as id from users where id = ${userId} and unit_account_id is not null
    union
    select unit_account_id from bank_accounts where user_id = ${userId}`.execute(db);
  return rows.rows.map((r) => r.id);
}

export async function plaidItemIdsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('plaid_items')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.id);
}

/** A card closed with its account (as the card feature closes one: status and time). */
export async function markCardClosed(db: Database, cardId: string, at: Date): Promise<void> {
  await db
    .updateTable('cards')
    .set({ status: 'closed', closed_at: at, updated_at: at })
    .where('id', '=', cardId)
    .execute();
}
