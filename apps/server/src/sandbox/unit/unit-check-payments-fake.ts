import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SandboxUnitCheckPaymentsTable } from '../../db/schema';
import { CHECK_PAYMENT_STATUSES, createBody, returnBody } from './unit-check-payments-bodies';
import { book, type FakeAccount, lockAccounts, nextId, subjectEvent } from './unit-fake.repository';
import {
  document,
  id,
  type ListQuery,
  parseUnit,
  readRoutes,
  type UnitFake,
  unitError,
} from './unit-fake-api';

// Unit's check payments (check/checkPayment.json, checkPaymentPaths.json): a check printed and
// mailed from a deposit account. An originated check is New, then Pending (waiting for the
// printer's cutoff), InProduction, InDelivery (mailed), Delivered, and Processed when the payee
// deposits it and the account is debited — or Canceled (only while New or Pending), Rejected
// (the payee's address), ReturnedToSender (undeliverable), or MarkedForReturn → Returned after
// Processed (the money back). Sandbox conventions (docs/bill-pay.md): an amount ending in .21 is
// rejected (address not valid), one ending in .22 comes back to the sender instead of being
// delivered; the fake's clock moves a check one step every SANDBOX_ACH_SETTLE_MS, and the
// sandbox steps under /sandbox/check-payments/{id}/… move it at once.

type FakeCheckPayment = Selectable<SandboxUnitCheckPaymentsTable>;

/** The statuses a check can still be canceled in: before it goes to the printer. */
const CANCELABLE = ['New', 'Pending'];
/** The clock's next step from each status (a .22 check goes back to its sender instead). */
const CLOCK_NEXT: Record<string, string> = {
  New: 'Pending',
  Pending: 'InProduction',
  InProduction: 'InDelivery',
  InDelivery: 'Delivered',
  Delivered: 'Processed',
};
/** The sandbox steps: from which statuses each moves a check, and to which. */
const SANDBOX_STEPS: Record<string, { from: string[]; to: string }> = {
  print: { from: ['New', 'Pending'], to: 'InProduction' },
  mail: { from: ['InProduction'], to: 'InDelivery' },
  deliver: { from: ['InDelivery'], to: 'Delivered' },
  process: { from: ['InDelivery', 'Delivered'], to: 'Processed' },
  return: { from: ['Processed'], to: 'Returned' },
  'return-to-sender': { from: ['InDelivery'], to: 'ReturnedToSender' },
};
/** Unit's events for each status (check payment webhook events). */
const EVENT_OF: Record<string, string> = {
  Pending: 'pending',
  InProduction: 'inProduction',
  InDelivery: 'inDelivery',
  Delivered: 'delivered',
  Canceled: 'canceled',
  Rejected: 'rejected',
  Processed: 'processed',
  MarkedForReturn: 'markedForReturn',
  Returned: 'returned',
  ReturnedToSender: 'returnToSender',
};
const DELIVERY_OF: Record<string, string> = {
  InDelivery: 'Mailed',
  Delivered: 'Delivered',
  ReturnedToSender: 'ReturnedToSender',
};
const DAY_MS = 24 * 60 * 60 * 1000;

type StatusEvent = { updatedAt: string; status: string };

export function checkPaymentResource(row: FakeCheckPayment) {
  const counterparty = row.counterparty as { name: string; address: Record<string, string> };
  return {
    type: 'checkPayment',
    id: row.id,
    attributes: {
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      amount: Number(row.amount),
      status: row.status,
      originated: true,
      description: row.description,
      ...(row.memo ? { memo: row.memo } : {}),
      counterparty: { name: counterparty.name, address: counterparty.address },
      ...(row.send_date ? { sendAt: `${row.send_date}T00:00:00.000Z` } : {}),
      ...(row.delivery_status ? { deliveryStatus: row.delivery_status } : {}),
      expectedDelivery: new Date(row.created_at.getTime() + 5 * DAY_MS).toISOString().slice(0, 10),
      ...(row.reject_reason ? { rejectReason: row.reject_reason } : {}),
      ...(row.return_reason ? { returnReason: row.return_reason } : {}),
      checkNumber: row.check_number,
      tags: row.tags as Record<string, string>,
    },
    relationships: {
      account: { data: { type: 'depositAccount', id: row.account_id } },
      customer: { data: { type: 'customer', id: row.customer_id } },
      ...(row.transaction_id
        ? { transaction: { data: { type: 'transaction', id: row.transaction_id } } }
        : {}),
    },
  };
}

/**
 * Moves a check to `status`, with Unit's `checkPayment.<event>` webhook; Processed debits the
 * account (Unit's check payment transaction) and Returned after it credits it back.
 */
async function transition(
  tx: Database,
  row: FakeCheckPayment,
  status: string,
  next: { due_at?: Date | null; reject_reason?: string; return_reason?: string } = {},
) {
  const previousStatus = row.status;
  const now = new Date();
  const set: {
    status: string;
    updated_at: Date;
    due_at?: Date | null;
    reject_reason?: string;
    return_reason?: string;
    delivery_status?: string;
    transaction_id?: string;
  } = { ...next, status, updated_at: now };
  if (DELIVERY_OF[status]) set.delivery_status = DELIVERY_OF[status];
  if (status === 'Processed' || (status === 'Returned' && row.transaction_id)) {
    const account = (await lockAccounts(tx, [row.account_id])).get(row.account_id) as FakeAccount;
    set.transaction_id = await book(tx, account, {
      type: status === 'Processed' ? 'checkPaymentTransaction' : 'returnedCheckPaymentTransaction',
      paymentId: null,
      amount: status === 'Processed' ? -Number(row.amount) : Number(row.amount),
      summary: `Check #${row.check_number} to ${(row.counterparty as { name: string }).name}`,
    });
  }
  const history = [
    ...(row.status_history as StatusEvent[]),
    { updatedAt: now.toISOString(), status },
  ];
  Object.assign(row, set, { status_history: history });
  await tx
    .updateTable('sandbox_unit_check_payments')
    .set({ ...set, status_history: JSON.stringify(history) })
    .where('id', '=', row.id)
    .execute();
  const event = EVENT_OF[status];
  if (!event) return;
  await subjectEvent(
    tx,
    `checkPayment.${event}`,
    { relationship: 'checkPayment', type: 'checkPayment', id: row.id },
    { accountId: row.account_id, customerId: row.customer_id },
    {
      previousStatus,
      status,
      ...(next.reject_reason ? { rejectReason: next.reject_reason } : {}),
      ...(next.return_reason ? { returnReason: next.return_reason } : {}),
    },
  );
}

async function lockCheck(tx: Database, checkId: string) {
  return tx
    .selectFrom('sandbox_unit_check_payments')
    .selectAll()
    .where('id', '=', checkId)
    .forUpdate()
    .executeTakeFirst();
}

/** The fake's clock for check payments, run by the sandbox tick: each due check moves a step. */
export async function advanceCheckPayments(db: Database, stepMs: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('sandbox_unit_check_payments')
      .selectAll()
      .where('due_at', '<=', new Date())
      .orderBy('id')
      .limit(50)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of due) {
      const undeliverable = Number(row.amount) % 100 === 22 && row.status === 'InDelivery';
      const to = undeliverable ? 'ReturnedToSender' : CLOCK_NEXT[row.status];
      if (!to) {
        await tx
          .updateTable('sandbox_unit_check_payments')
          .set({ due_at: null })
          .where('id', '=', row.id)
          .execute();
        continue;
      }
      const last = to === 'Processed' || to === 'ReturnedToSender';
      await transition(tx, row, to, { due_at: last ? null : new Date(Date.now() + stepMs) });
    }
    return due.length;
  });
}

export function unitCheckPaymentsFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  const stepMs = () => app.deps.config.sandboxAchSettleMs;
  readRoutes<FakeCheckPayment, ListQuery>(fake, {
    path: 'check-payments',
    noun: 'check payment',
    table: 'sandbox_unit_check_payments',
    statuses: CHECK_PAYMENT_STATUSES,
    resource: checkPaymentResource,
  });

  app.post(`${base}/check-payments`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(createBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    const accountId = relationships.account.data.id;
    const outcome = await db.transaction().execute(async (tx) => {
      const account = (await lockAccounts(tx, [accountId])).get(accountId);
      if (!account) return { missing: `account ${accountId} not found` };
      if (account.customer_id !== relationships.customer.data.id) {
        return { refused: 'customer is not the account holder' };
      }
      // The same idempotency key gives the same check (the account lock orders twin requests).
      const existing = await tx
        .selectFrom('sandbox_unit_check_payments')
        .selectAll()
        .where('idempotency_key', '=', attributes.idempotencyKey)
        .executeTakeFirst();
      if (existing) return { row: existing };
      const checkId = await nextId(tx);
      const created = await tx
        .insertInto('sandbox_unit_check_payments')
        .values({
          id: checkId,
          account_id: accountId,
          customer_id: account.customer_id,
          amount: attributes.amount,
          description: attributes.description,
          memo: attributes.memo ?? null,
          counterparty: JSON.stringify({
            name: attributes.counterparty.name,
            address: attributes.counterparty.address,
          }),
          send_date: attributes.sendDate ?? null,
          status: 'New',
          check_number: String(1000 + (Number(checkId) % 9000)),
          status_history: JSON.stringify([{ updatedAt: new Date().toISOString(), status: 'New' }]),
          tags: JSON.stringify(attributes.tags ?? {}),
          idempotency_key: attributes.idempotencyKey,
          due_at: new Date(Date.now() + stepMs()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await subjectEvent(
        tx,
        'checkPayment.created',
        { relationship: 'checkPayment', type: 'checkPayment', id: created.id },
        { accountId, customerId: account.customer_id },
        { status: 'New' },
      );
      if (attributes.amount % 100 === 21) {
        await transition(tx, created, 'Rejected', {
          due_at: null,
          reject_reason: 'InvalidAddress',
        });
      }
      return { row: created };
    });
    if ('missing' in outcome) return unitError(reply, 404, 'Not Found', outcome.missing);
    if ('refused' in outcome) return unitError(reply, 400, 'Bad Request', outcome.refused);
    return document(reply, 201, checkPaymentResource(outcome.row as FakeCheckPayment));
  });

  /** A step on one check: 404 for an unknown id, Unit's 400 when it cannot move so. */
  function step(
    path: string,
    move: (tx: Database, row: FakeCheckPayment, body: unknown) => Promise<string | null>,
  ) {
    app.post(`${base}${path}`, async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const { id: checkId } = request.params as { id: string };
      const missing = () =>
        unitError(reply, 404, 'Not Found', `check payment ${checkId} not found`);
      if (!id.safeParse(checkId).success) return missing();
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await lockCheck(tx, checkId);
        if (!row) return null;
        return { row, refused: await move(tx, row, request.body) };
      });
      if (!outcome) return missing();
      if (outcome.refused) return unitError(reply, 400, 'Bad Request', outcome.refused);
      return document(reply, 200, checkPaymentResource(outcome.row));
    });
  }

  step('/check-payments/:id/cancel', async (tx, row) => {
    if (!CANCELABLE.includes(row.status)) {
      return `check payment ${row.id} is ${row.status} and can no longer be canceled`;
    }
    await transition(tx, row, 'Canceled', { due_at: null });
    return null;
  });

  for (const [name, { from, to }] of Object.entries(SANDBOX_STEPS)) {
    step(`/sandbox/check-payments/:id/${name}`, async (tx, row, body) => {
      if (!from.includes(row.status)) {
        return `check payment ${row.id} is ${row.status}, not ${from.join(' or ')}`;
      }
      const parsed = returnBody.safeParse(body);
      if (!parsed.success) return 'the return reason is not valid';
      const final = ['Processed', 'Returned', 'ReturnedToSender'].includes(to);
      if (to === 'Returned') {
        await transition(tx, row, 'MarkedForReturn', { due_at: null });
      }
      await transition(tx, row, to, {
        due_at: final ? null : new Date(Date.now() + stepMs()),
        ...(to === 'Returned'
          ? { return_reason: parsed.data?.data.attributes?.reason ?? 'Other' }
          : {}),
      });
      return null;
    });
  }
}
