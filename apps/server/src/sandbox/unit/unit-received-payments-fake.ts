import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { SandboxUnitReceivedPaymentsTable } from '../../db/schema';
import { book, type FakeAccount, lockAccounts, nextId, subjectEvent } from './unit-fake.repository';
import {
  document,
  id,
  listQuery,
  parseUnit,
  readRoutes,
  relationship,
  type UnitFake,
  unitError,
} from './unit-fake-api';

// Unit's received payments (payment/receivedPayment.json): an ACH that arrives from outside, such
// as a direct deposit. Pending until its completion date, or Advanced before it when Unit advances
// it; Completed credits the account (and repays the advance); Returned gives the money back.

type FakeReceivedPayment = Selectable<SandboxUnitReceivedPaymentsTable>;

/** The sending bank's routing number (the fake's counterparties' bank; its own is another). */
const ORIGINATOR_ROUTING_NUMBER = '011401533';

/** payment/returnReceivedACHTransaction.json AchReturnReason. */
const ACH_RETURN_REASONS = [
  'InsufficientFunds',
  'AccountClosed',
  'NoAccount',
  'InvalidAccountNumberStructure',
  'UnauthorizedDebitToConsumer',
  'ReturnedPerOdfiRequest',
  'AuthorizationRevokedByCustomer',
  'PaymentStopped',
  'UncollectedFunds',
  'CustomerAdvisesNotAuthorized',
  'BeneficiaryOrBankAccountHolderDeceased',
  'AccountFrozen',
  'CreditEntryRefusedByReceiver',
  'DuplicateEntry',
] as const;

// simulation/payment/createACHReceivedPaymentTransaction.json.
const simulatedBody = z.object({
  data: z.object({
    type: z.literal('achReceivedPayment'),
    attributes: z.object({
      amount: z.number().int().min(1).max(100_000_000_00),
      completionDate: z.iso.date(),
      description: z.string().min(1).max(10),
      companyName: z.string().min(1).max(16),
      secCode: z.string().length(3).optional(),
    }),
    relationships: z.object({ account: relationship }),
  }),
});
const returnBody = z.object({
  data: z.object({
    type: z.literal('achReceivedPayment'),
    attributes: z.object({ reason: z.enum(ACH_RETURN_REASONS) }),
  }),
});
const receivedListQuery = listQuery.extend({
  'filter[includeCompleted]': z.enum(['true', 'false']).optional(),
});
const STATUSES = [
  'Pending',
  'Advanced',
  'PendingReview',
  'MarkedForReturn',
  'Returned',
  'Completed',
];

/** pg reads a `date` as local midnight; Unit shows the day. */
function dayOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

const isAdvanceable = (row: FakeReceivedPayment) =>
  row.status === 'Pending' && row.direction === 'Credit' && !row.was_advanced;

const transactionOf = (transactionId: string | null) =>
  transactionId ? { data: { type: 'transaction', id: transactionId } } : undefined;

export function receivedPaymentResource(row: FakeReceivedPayment) {
  const advanceable = isAdvanceable(row);
  return {
    type: 'achReceivedPayment',
    id: row.id,
    attributes: {
      createdAt: row.created_at.toISOString(),
      status: row.status,
      amount: Number(row.amount),
      completionDate: dayOf(row.completion_date),
      direction: row.direction,
      wasAdvanced: row.was_advanced,
      // Unit's resource carries both spellings.
      isAdvanceable: advanceable,
      isAdvaceable: advanceable,
      companyName: row.company_name,
      counterpartyRoutingNumber: ORIGINATOR_ROUTING_NUMBER,
      description: row.description,
      traceNumber: row.trace_number,
      secCode: row.sec_code,
      ...(row.return_reason ? { returnReason: row.return_reason } : {}),
    },
    relationships: {
      account: { data: { type: 'depositAccount', id: row.account_id } },
      customer: { data: { type: 'customer', id: row.customer_id } },
      ...(row.transaction_id
        ? { receivePaymentTransaction: transactionOf(row.transaction_id) }
        : {}),
      ...(row.advance_transaction_id
        ? { paymentAdvanceTransaction: transactionOf(row.advance_transaction_id) }
        : {}),
      ...(row.repay_advance_transaction_id
        ? { repayPaymentAdvanceTransaction: transactionOf(row.repay_advance_transaction_id) }
        : {}),
    },
  };
}

/** Moves a received payment on, as Unit does, with its `receivedPayment.<event>` webhook. */
async function transition(
  tx: Database,
  row: FakeReceivedPayment,
  next: Partial<
    Pick<
      FakeReceivedPayment,
      | 'was_advanced'
      | 'return_reason'
      | 'transaction_id'
      | 'advance_transaction_id'
      | 'repay_advance_transaction_id'
    >
  > & { status: string },
  event: string,
) {
  const previousStatus = row.status;
  Object.assign(row, next, { updated_at: new Date() });
  await tx
    .updateTable('sandbox_unit_received_payments')
    .set({ ...next, updated_at: row.updated_at })
    .where('id', '=', row.id)
    .execute();
  await subjectEvent(
    tx,
    `receivedPayment.${event}`,
    { relationship: 'receivedPayment', type: 'achReceivedPayment', id: row.id },
    { accountId: row.account_id, customerId: row.customer_id },
    { previousStatus, wasAdvanced: row.was_advanced },
  );
}

/** Takes an advance back (Unit's repaidPaymentAdvanceTransaction): at completion or on return. */
async function repayAdvance(tx: Database, row: FakeReceivedPayment, account: FakeAccount) {
  return book(tx, account, {
    type: 'repaidPaymentAdvanceTransaction',
    paymentId: null,
    amount: -Number(row.amount),
    summary: `Advance repaid: ${row.company_name}`,
  });
}

/** Completed: the ACH settles into the account; an advance is repaid from it. */
async function complete(tx: Database, row: FakeReceivedPayment, account: FakeAccount) {
  const repaid = row.status === 'Advanced' ? await repayAdvance(tx, row, account) : null;
  const transactionId = await book(tx, account, {
    type: 'receivedAchTransaction',
    paymentId: null,
    amount: Number(row.amount),
    summary: `${row.company_name} ${row.description}`,
  });
  await transition(
    tx,
    row,
    {
      status: 'Completed',
      transaction_id: transactionId,
      ...(repaid ? { repay_advance_transaction_id: repaid } : {}),
    },
    'completed',
  );
}

/** One received payment and its account, both locked (payment first, as the clock does). */
async function lockPayment(tx: Database, paymentId: string) {
  const row = await tx
    .selectFrom('sandbox_unit_received_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  const account = (await lockAccounts(tx, [row.account_id])).get(row.account_id) as FakeAccount;
  return { row, account };
}

/**
 * The fake's clock for received payments, run by the sandbox tick: each Pending or Advanced one
 * whose completion date has come (UTC) is completed. Rows are locked, skipped when busy.
 */
export async function completeDueReceivedPayments(db: Database): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('sandbox_unit_received_payments')
      .selectAll()
      .where('status', 'in', ['Pending', 'Advanced'])
      .where(sql<boolean>`completion_date <= (now() at time zone 'UTC')::date`)
      .orderBy('id')
      .limit(50)
      .forUpdate()
      .skipLocked()
      .execute();
    const accounts = await lockAccounts(
      tx,
      due.map((row) => row.account_id),
    );
    for (const row of due) await complete(tx, row, accounts.get(row.account_id) as FakeAccount);
    return due.length;
  });
}

export function unitReceivedPaymentsFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  // filter[status][0]=Pending&filter[status][1]=Advanced …; without it, Completed ones only with
  // filter[includeCompleted]=true (Unit's default leaves them out).
  readRoutes<FakeReceivedPayment, z.output<typeof receivedListQuery>>(fake, {
    path: 'received-payments',
    noun: 'received payment',
    table: 'sandbox_unit_received_payments',
    statuses: STATUSES,
    resource: receivedPaymentResource,
    query: receivedListQuery,
    hidden: (query) => (query['filter[includeCompleted]'] === 'true' ? undefined : 'Completed'),
  });

  /** A step on one received payment: 404 for an unknown id, Unit's 400 when it cannot move. */
  function step(
    path: string,
    move: (
      tx: Database,
      found: { row: FakeReceivedPayment; account: FakeAccount },
      body: unknown,
    ) => Promise<string | null>,
  ) {
    app.post(`${base}${path}`, async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const { id: paymentId } = request.params as { id: string };
      if (!id.safeParse(paymentId).success)
        return unitError(reply, 404, 'Not Found', `received payment ${paymentId} not found`);
      const outcome = await db.transaction().execute(async (tx) => {
        const found = await lockPayment(tx, paymentId);
        if (!found) return { status: 404 as const };
        const refused = await move(tx, found, request.body);
        return refused ? { status: 400 as const, refused } : { status: 200 as const, found };
      });
      if (outcome.status === 404)
        return unitError(reply, 404, 'Not Found', `received payment ${paymentId} not found`);
      if (outcome.status === 400) return unitError(reply, 400, 'Bad Request', outcome.refused);
      return document(reply, 200, receivedPaymentResource(outcome.found.row));
    });
  }

  // Unit's advance: the money is available now; completion repays it.
  step('/received-payments/:id/advance', async (tx, { row, account }) => {
    if (!isAdvanceable(row)) return `received payment ${row.id} is not advanceable`;
    const advance = await book(tx, account, {
      type: 'paymentAdvanceTransaction',
      paymentId: null,
      amount: Number(row.amount),
      summary: `Advance: ${row.company_name} ${row.description}`,
    });
    await transition(
      tx,
      row,
      { status: 'Advanced', was_advanced: true, advance_transaction_id: advance },
      'advanced',
    );
    return null;
  });

  app.post(`${base}/sandbox/received-payments`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(simulatedBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    const accountId = relationships.account.data.id;
    const row = await db.transaction().execute(async (tx) => {
      const account = (await lockAccounts(tx, [accountId])).get(accountId);
      if (!account) return null;
      const paymentId = await nextId(tx);
      const created = await tx
        .insertInto('sandbox_unit_received_payments')
        .values({
          id: paymentId,
          account_id: accountId,
          customer_id: account.customer_id,
          amount: attributes.amount,
          direction: 'Credit',
          status: 'Pending',
          description: attributes.description,
          company_name: attributes.companyName,
          sec_code: attributes.secCode ?? 'PPD',
          // An ACH trace number: the sending bank's routing prefix (8) and a sequence (7).
          trace_number: `${ORIGINATOR_ROUTING_NUMBER.slice(0, 8)}${paymentId.slice(-7).padStart(7, '0')}`,
          completion_date: attributes.completionDate,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const resource = receivedPaymentResource(created);
      const { createdAt: _, ...eventAttributes } = resource.attributes;
      await subjectEvent(
        tx,
        'receivedPayment.created',
        { relationship: 'receivedPayment', type: 'achReceivedPayment', id: created.id },
        { accountId, customerId: account.customer_id },
        { ...eventAttributes, type: 'achReceivedPayment' },
      );
      return created;
    });
    if (!row) return unitError(reply, 404, 'Not Found', `account ${accountId} not found`);
    return document(reply, 201, receivedPaymentResource(row));
  });

  step('/sandbox/received-payments/:id/complete', async (tx, { row, account }) => {
    if (row.status !== 'Pending' && row.status !== 'Advanced')
      return `received payment ${row.id} is ${row.status}`;
    await complete(tx, row, account);
    return null;
  });

  // The fake's own return (docs/unit-money-in.md): the originator's bank takes it back.
  step('/sandbox/received-payments/:id/return', async (tx, { row, account }, body) => {
    const parsed = returnBody.safeParse(body);
    if (!parsed.success) return 'data.attributes.reason: an ACH return reason is required';
    if (!['Pending', 'Advanced', 'PendingReview', 'MarkedForReturn'].includes(row.status))
      return `received payment ${row.id} is ${row.status}`;
    const repaid = row.status === 'Advanced' ? await repayAdvance(tx, row, account) : null;
    await transition(
      tx,
      row,
      {
        status: 'Returned',
        return_reason: parsed.data.data.attributes.reason,
        ...(repaid ? { repay_advance_transaction_id: repaid } : {}),
      },
      'returned',
    );
    return null;
  });
}
