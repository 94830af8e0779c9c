import { z } from 'zod';
import type { Database } from '../../db/database';
import {
  book,
  type FakeAccount,
  type FakePayment,
  lockAccounts,
  nextId,
  paymentEvent,
  setHold,
} from './unit-fake.repository';
import { relationship } from './unit-fake-api';

// How the fake's payments are decided when made and moved on by its clock afterwards.

const paymentAttributes = z.object({
  amount: z.number().int().min(1).max(100_000_000_00),
  description: z.string().min(1).max(80),
  idempotencyKey: z.string().max(255).optional(),
  tags: z.record(z.string(), z.string()).optional(),
});
export const paymentBody = z.object({
  data: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('bookPayment'),
      attributes: paymentAttributes,
      relationships: z.object({ account: relationship, counterpartyAccount: relationship }),
    }),
    z.object({
      type: z.literal('achPayment'),
      attributes: paymentAttributes.extend({
        description: z.string().min(1).max(10),
        direction: z.enum(['Credit', 'Debit']),
        // Unit's Same Day ACH: sent and settled within the same business day.
        sameDay: z.boolean().optional(),
      }),
      relationships: z.object({ account: relationship, counterparty: relationship }),
    }),
  ]),
});

export function paymentResource(row: FakePayment) {
  return {
    type: row.type,
    id: row.id,
    attributes: {
      amount: Number(row.amount),
      direction: row.direction,
      description: row.description,
      status: row.status,
      ...(row.reason ? { reason: row.reason } : {}),
      ...(row.type === 'achPayment' ? { sameDay: row.same_day } : {}),
      createdAt: row.created_at.toISOString(),
    },
    relationships: {
      account: { data: { type: 'depositAccount', id: row.account_id } },
      ...(row.counterparty_account_id
        ? {
            counterpartyAccount: {
              data: { type: 'depositAccount', id: row.counterparty_account_id },
            },
          }
        : {}),
      ...(row.counterparty_id
        ? { counterparty: { data: { type: 'counterparty', id: row.counterparty_id } } }
        : {}),
    },
  };
}

type PaymentRequest = z.infer<typeof paymentBody>['data'];
/** The fake's ACH clock: each step's delay, standard and Same Day ACH (`sameDay`). */
export type AchClock = { standardMs: number; sameDayMs: number };

/**
 * A new payment, as Unit decides it: a book payment is Sent at once, or Rejected when the account
 * lacks the money; an amount ending in .02 is held for review (PendingReview) and Rejected by the
 * next clock step. An ACH payment is Pending (money out is held) until the clock sends it.
 */
export async function createPayment(
  tx: Database,
  data: PaymentRequest,
  clock: AchClock,
): Promise<{ payment: FakePayment } | { error: number; title: string; detail: string }> {
  const key = data.attributes.idempotencyKey ?? null;
  if (key) {
    const existing = await tx
      .selectFrom('sandbox_unit_payments')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (existing) return { payment: existing };
  }
  const accountId = data.relationships.account.data.id;
  const counterpartyAccountId =
    data.type === 'bookPayment' ? data.relationships.counterpartyAccount.data.id : null;
  const accounts = await lockAccounts(tx, [
    accountId,
    ...(counterpartyAccountId ? [counterpartyAccountId] : []),
  ]);
  const account = accounts.get(accountId);
  if (!account) return { error: 404, title: 'Not Found', detail: `account ${accountId} not found` };
  const amount = data.attributes.amount;
  const available = Number(account.balance) - Number(account.hold);
  let status: string;
  let reason: string | null = null;
  let dueAt: Date | null = null;
  let counterpartyId: string | null = null;
  const sameDay = data.type === 'achPayment' && data.attributes.sameDay === true;
  const settleMs = sameDay ? clock.sameDayMs : clock.standardMs;
  if (data.type === 'bookPayment') {
    const counterparty = counterpartyAccountId ? accounts.get(counterpartyAccountId) : undefined;
    if (!counterparty || counterpartyAccountId === accountId) {
      return {
        error: 400,
        title: 'Bad Request',
        detail: 'counterpartyAccount is not another account',
      };
    }
    if (amount > available) {
      status = 'Rejected';
      reason = 'InsufficientFunds';
    } else if (amount % 100 === 2) {
      status = 'PendingReview';
      dueAt = new Date(Date.now() + settleMs);
    } else {
      status = 'Sent';
    }
  } else {
    counterpartyId = data.relationships.counterparty.data.id;
    const counterparty = await tx
      .selectFrom('sandbox_unit_counterparties')
      .select('id')
      .where('id', '=', counterpartyId)
      .where('customer_id', '=', account.customer_id)
      .executeTakeFirst();
    if (!counterparty) {
      return { error: 404, title: 'Not Found', detail: `counterparty ${counterpartyId} not found` };
    }
    if (data.attributes.direction === 'Credit' && amount > available) {
      status = 'Rejected';
      reason = 'InsufficientFunds';
    } else {
      status = 'Pending';
      dueAt = new Date(Date.now() + settleMs);
    }
  }
  const payment = await tx
    .insertInto('sandbox_unit_payments')
    .values({
      id: await nextId(tx),
      type: data.type,
      account_id: accountId,
      counterparty_account_id: counterpartyAccountId,
      counterparty_id: counterpartyId,
      amount,
      direction: data.type === 'achPayment' ? data.attributes.direction : 'Credit',
      description: data.attributes.description,
      status,
      reason,
      idempotency_key: key,
      due_at: dueAt,
      same_day: sameDay,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const movesOut = data.type === 'bookPayment' || data.attributes.direction === 'Credit';
  if (status === 'Sent' && counterpartyAccountId) {
    await moveBook(tx, payment, account, accounts.get(counterpartyAccountId) as FakeAccount);
  } else if ((status === 'Pending' || status === 'PendingReview') && movesOut) {
    await setHold(tx, account, amount);
  }
  return { payment };
}

async function moveBook(tx: Database, payment: FakePayment, from: FakeAccount, to: FakeAccount) {
  const amount = Number(payment.amount);
  await book(tx, from, {
    type: 'bookTransaction',
    paymentId: payment.id,
    amount: -amount,
    summary: payment.description,
  });
  await book(tx, to, {
    type: 'bookTransaction',
    paymentId: payment.id,
    amount,
    summary: payment.description,
  });
}

async function transition(
  tx: Database,
  payment: FakePayment,
  status: string,
  due: Date | null,
  reason: string | null = null,
) {
  await tx
    .updateTable('sandbox_unit_payments')
    .set({ status, due_at: due, reason, updated_at: new Date() })
    .where('id', '=', payment.id)
    .execute();
  const previous = payment.status;
  payment.status = status;
  payment.reason = reason;
  await paymentEvent(tx, payment, `payment.${status.toLowerCase()}`, previous);
}

/**
 * The fake's clock for payments, run by the sandbox tick: an ACH payment is Sent when due (the
 * money moves), then Settled after as long again — or Returned R01 (insufficient funds) when its
 * amount ends in .01, its money moving back; an ACH debit ending in .03 settles and is then
 * Returned R10 after as long again (a late return). A book payment under review is Rejected. Each step
 * is a signed webhook. Rows are locked, so two servers never step one payment twice.
 */
export async function advanceUnitPayments(db: Database, clock: AchClock): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('sandbox_unit_payments')
      .selectAll()
      .where('due_at', '<=', new Date())
      .where('status', 'in', ['Pending', 'PendingReview', 'Sent', 'Settled'])
      .orderBy('id')
      .limit(50)
      .forUpdate()
      .skipLocked()
      .execute();
    // Every account the batch moves, locked at once in id order (as a book payment locks its two):
    // one by one in payment order, a step could hold one account while a payment held the other.
    const accounts = await lockAccounts(
      tx,
      due.map((payment) => payment.account_id),
    );
    for (const payment of due) {
      const amount = Number(payment.amount);
      const settleMs = payment.same_day ? clock.sameDayMs : clock.standardMs;
      const account = accounts.get(payment.account_id) as FakeAccount;
      // Credit: money leaves the account for the counterparty; Debit: it is pulled in.
      const sign = payment.direction === 'Credit' ? -1 : 1;
      if (payment.status === 'PendingReview') {
        await setHold(tx, account, -amount);
        await transition(
          tx,
          payment,
          'Rejected',
          null,
          'Sandbox review: amounts ending in .02 are rejected',
        );
      } else if (payment.status === 'Pending') {
        if (sign < 0) await setHold(tx, account, -amount);
        await book(tx, account, {
          type: 'originatedAchTransaction',
          paymentId: payment.id,
          amount: sign * amount,
          summary: payment.description,
        });
        await transition(tx, payment, 'Sent', new Date(Date.now() + settleMs));
      } else if (payment.status === 'Settled' || amount % 100 === 1) {
        // R01 (insufficient funds) instead of settling for .01; R10 (unauthorized) after it
        // settled for the late-return amount (.03), as a real bank may do for weeks.
        const code = payment.status === 'Settled' ? 'R10' : 'R01';
        await book(tx, account, {
          type: 'returnedAchTransaction',
          paymentId: payment.id,
          amount: -sign * amount,
          summary: `Return ${code}: ${payment.description}`,
        });
        await transition(tx, payment, 'Returned', null, code);
      } else {
        const lateReturn = amount % 100 === 3 && payment.direction === 'Debit';
        await transition(
          tx,
          payment,
          'Settled',
          lateReturn ? new Date(Date.now() + settleMs) : null,
        );
      }
    }
    return due.length;
  });
}
