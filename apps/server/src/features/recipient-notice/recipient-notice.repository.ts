import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { RemittancePayoutsTable } from '../../db/schema';

export type PayoutRow = Selectable<RemittancePayoutsTable>;

export async function payoutOf(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_payouts')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
}

export async function insertLink(db: Database, transferId: string, hash: Buffer) {
  await db
    .insertInto('remittance_recipient_links')
    .values({ transfer_id: transferId, token_hash: hash })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function transferOfToken(db: Database, hash: Buffer) {
  const row = await db
    .selectFrom('remittance_recipient_links')
    .select('transfer_id')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  return row?.transfer_id;
}

export async function hasLink(db: Database, transferId: string) {
  const row = await db
    .selectFrom('remittance_recipient_links')
    .select('transfer_id')
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The SMS of a kind for a transfer, once: a second insert under the same key does nothing. */
export async function insertSms(
  db: Database,
  row: {
    transferId: string;
    kind: 'sent' | 'ready';
    to: string;
    status: 'pending' | 'unavailable';
  },
) {
  await db
    .insertInto('remittance_recipient_sms')
    .values({
      transfer_id: row.transferId,
      kind: row.kind,
      to_number: row.to,
      status: row.status,
    })
    .onConflict((oc) => oc.columns(['transfer_id', 'kind']).doNothing())
    .execute();
}

export async function smsOf(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_recipient_sms')
    .select(['kind', 'status', 'to_number'])
    .where('transfer_id', '=', transferId)
    .execute();
}

/**
 * Takes due SMS for sending: each marked `sending` with an attempt counted, in one statement
 * under `skip locked`, so two processes never take one. What it returns is what to send.
 */
export async function takeDueSms(db: Database, limit: number) {
  const { rows } = await sql<{
    id: string;
    transfer_id: string;
    kind: 'sent' | 'ready';
    to_number: string;
    attempts: number;
  }>`
    update remittance_recipient_sms s set status = 'sending', attempts = s.attempts + 1
    where s.id in (
      select id from remittance_recipient_sms
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, kind desc limit ${limit}
      for update skip locked)
    returning s.id, s.transfer_id, s.kind, s.to_number, s.attempts`.execute(db);
  return rows;
}

export async function markSms(
  db: Database,
  id: string,
  patch:
    | { status: 'sent'; providerId: string }
    | { status: 'failed'; error: string }
    | { status: 'pending'; error: string; retryInSeconds: number },
) {
  await db
    .updateTable('remittance_recipient_sms')
    .set(
      patch.status === 'sent'
        ? { status: 'sent', provider_id: patch.providerId, sent_at: sql<Date>`now()` }
        : patch.status === 'failed'
          ? { status: 'failed', last_error: patch.error.slice(0, 500) }
          : {
              status: 'pending',
              last_error: patch.error.slice(0, 500),
              next_attempt_at: sql<Date>`now() + make_interval(secs => ${patch.retryInSeconds})`,
            },
    )
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** What an SMS says: the transfer's amount, payer and code, the sender's name, the country. */
export async function smsFacts(db: Database, transferId: string) {
  return db
    .selectFrom('remittance_payouts as p')
    .innerJoin('ledger_transfers as t', 't.id', 'p.transfer_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.transfer_id',
      'p.country',
      'p.payout_method',
      'p.payer_name',
      'p.pickup_code',
      'p.refunded_at',
      'u.legal_name',
      'u.name',
      't.metadata',
    ])
    .where('p.transfer_id', '=', transferId)
    .executeTakeFirst();
}
