import { createHash } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database';
import type { SandboxUnitAccountsTable, SandboxUnitPaymentsTable } from '../../db/schema';
import { enqueueWebhook } from '../webhooks/outbox';

export type FakeAccount = Selectable<SandboxUnitAccountsTable>;
export type FakePayment = Selectable<SandboxUnitPaymentsTable>;

/** Unit's ids are numeric strings; one sequence for every object of the fake. */
export async function nextId(db: Database): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`select nextval('sandbox_unit_ids')::text as id`.execute(db);
  return (rows[0] as { id: string }).id;
}

/** Whether Unit has this customer (an approved application made it). */
export async function customerExists(db: Database, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sandbox_unit_applications')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Locks accounts in one statement, in id order: every transaction that holds more than one
 * account takes them through here, all at once, so two of them never wait on each other.
 */
export async function lockAccounts(tx: Database, ids: string[]): Promise<Map<string, FakeAccount>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const rows = await tx
    .selectFrom('sandbox_unit_accounts')
    .selectAll()
    .where('id', 'in', unique)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Moves `amount` (signed) on an account and writes the transaction Unit would show. */
export async function book(
  tx: Database,
  account: FakeAccount,
  entry: {
    type: string;
    paymentId: string | null;
    amount: number;
    summary: string;
    /** A card transaction's authorization: its merchant and card show on the transaction. */
    authorizationId?: string;
  },
): Promise<string> {
  const balance = Number(account.balance) + entry.amount;
  await tx
    .updateTable('sandbox_unit_accounts')
    .set({ balance })
    .where('id', '=', account.id)
    .execute();
  account.balance = balance;
  const transactionId = await nextId(tx);
  await tx
    .insertInto('sandbox_unit_transactions')
    .values({
      id: transactionId,
      type: entry.type,
      account_id: account.id,
      payment_id: entry.paymentId,
      amount: Math.abs(entry.amount),
      direction: entry.amount < 0 ? 'Debit' : 'Credit',
      balance,
      summary: entry.summary,
      authorization_id: entry.authorizationId ?? null,
    })
    .execute();
  return transactionId;
}

export async function setHold(tx: Database, account: FakeAccount, delta: number): Promise<void> {
  account.hold = Number(account.hold) + delta;
  await tx
    .updateTable('sandbox_unit_accounts')
    .set({ hold: account.hold })
    .where('id', '=', account.id)
    .execute();
}

/** Queues Unit's webhook for a payment event (`payment.sent`, `payment.returned` …). */
export async function paymentEvent(
  tx: Database,
  payment: FakePayment,
  type: string,
  previousStatus: string,
): Promise<void> {
  const account = await tx
    .selectFrom('sandbox_unit_accounts')
    .select('customer_id')
    .where('id', '=', payment.account_id)
    .executeTakeFirst();
  await enqueueWebhook(tx, 'unit', '/api/unit/webhook', {
    data: [
      {
        id: await nextId(tx),
        type,
        attributes: {
          createdAt: new Date().toISOString(),
          previousStatus,
          ...(payment.reason ? { reason: payment.reason } : {}),
        },
        relationships: {
          payment: { data: { type: payment.type, id: payment.id } },
          account: { data: { type: 'depositAccount', id: payment.account_id } },
          customer: { data: { type: 'customer', id: account?.customer_id ?? '' } },
        },
      },
    ],
  });
}

/**
 * Queues Unit's webhook for an event about `subject` (a received payment, a check deposit) on an
 * account: the event's own attributes, the subject, the account and its customer, as Unit's
 * events name them.
 */
export async function subjectEvent(
  tx: Database,
  type: string,
  subject: { relationship: string; type: string; id: string },
  owner: { accountId: string; customerId: string },
  attributes: Record<string, unknown>,
): Promise<void> {
  await enqueueWebhook(tx, 'unit', '/api/unit/webhook', {
    data: [
      {
        id: await nextId(tx),
        type,
        attributes: { createdAt: new Date().toISOString(), ...attributes },
        relationships: {
          [subject.relationship]: { data: { type: subject.type, id: subject.id } },
          account: { data: { type: 'depositAccount', id: owner.accountId } },
          customer: { data: { type: 'customer', id: owner.customerId } },
        },
      },
    ],
  });
}
