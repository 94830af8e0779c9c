import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { SandboxUnitCheckDepositsTable } from '../../db/schema';
import { CHECK_IMAGE_LIMIT_BYTES, checkImageOf } from './unit-check-images';
import { book, type FakeAccount, lockAccounts, nextId, subjectEvent } from './unit-fake.repository';
import {
  document,
  id,
  type ListQuery,
  parseUnit,
  readRoutes,
  relationship,
  type UnitFake,
  unitError,
} from './unit-fake-api';

// Unit's check deposits (check/checkDeposit.json): created AwaitingImages, both sides uploaded,
// confirmed by the customer, reviewed (PendingReview → Pending), sent to the network (Clearing)
// and credited (Sent) — or Rejected at confirmation, or Returned after Sent. Sandbox conventions
// (docs/unit-money-in.md): an amount ending in .13 is unreadable, a front image already deposited
// is a duplicate, an amount ending in .14 is returned by the clock after it was credited.

export type FakeCheckDeposit = Selectable<SandboxUnitCheckDepositsTable>;

// check/createCheckDeposit.json (additionalProperties: false).
const createBody = z.object({
  data: z.object({
    type: z.literal('checkDeposit'),
    attributes: z.strictObject({
      amount: z.number().int().min(1).max(100_000_000_00),
      description: z.string().min(1).max(50),
      clearingDaysOverride: z.number().int().min(1).max(30).optional(),
      idempotencyKey: z.string().min(1).max(255).optional(),
      tags: z.record(z.string().max(128), z.string().min(1).max(255)).optional(),
    }),
    relationships: z.object({ account: relationship }),
  }),
});
const STATUSES = [
  'AwaitingImages',
  'AwaitingFrontImage',
  'AwaitingBackImage',
  'AwaitingCustomerConfirmation',
  'Pending',
  'PendingReview',
  'Rejected',
  'Clearing',
  'Sent',
  'Canceled',
  'Returned',
];
const AWAITING_IMAGES = ['AwaitingImages', 'AwaitingFrontImage', 'AwaitingBackImage'];
/** The sandbox steps Unit documents: from which status each moves a deposit, and to which. */
export const SANDBOX_STEPS = {
  approve: { from: 'PendingReview', to: 'Pending' },
  transmit: { from: 'Pending', to: 'Clearing' },
  clear: { from: 'Clearing', to: 'Sent' },
} as const;

type StatusEvent = { updatedAt: string; status: { type: string } };

export function checkDepositResource(row: FakeCheckDeposit) {
  const history = row.status_history as StatusEvent[];
  const latest = history.at(-1);
  return {
    type: 'checkDeposit',
    id: row.id,
    attributes: {
      createdAt: row.created_at.toISOString(),
      amount: Number(row.amount),
      description: row.description,
      status: row.status,
      ...(row.reason ? { reason: row.reason } : {}),
      ...(latest ? { statusCreatedAt: latest.updatedAt } : {}),
      statusHistory: history,
      ...(row.status === 'Sent' || row.status === 'Returned'
        ? { settlementDate: row.updated_at.toISOString().slice(0, 10) }
        : {}),
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
 * Moves a deposit to `status` with Unit's `checkDeposit.<status>` webhook (none for the statuses
 * that wait for images or the customer: Unit has no event for them).
 */
async function transition(
  tx: Database,
  row: FakeCheckDeposit,
  status: string,
  next: Partial<Pick<FakeCheckDeposit, 'reason' | 'transaction_id' | 'due_at'>> = {},
) {
  const previousStatus = row.status;
  const now = new Date();
  const history = [
    ...(row.status_history as StatusEvent[]),
    { updatedAt: now.toISOString(), status: { type: status } },
  ];
  Object.assign(row, next, { status, status_history: history, updated_at: now });
  await tx
    .updateTable('sandbox_unit_check_deposits')
    .set({ ...next, status, status_history: JSON.stringify(history), updated_at: now })
    .where('id', '=', row.id)
    .execute();
  if (status.startsWith('Awaiting')) return;
  const event = status.charAt(0).toLowerCase() + status.slice(1);
  await subjectEvent(
    tx,
    `checkDeposit.${event}`,
    { relationship: 'checkDeposit', type: 'checkDeposit', id: row.id },
    { accountId: row.account_id, customerId: row.customer_id },
    { previousStatus, ...(next.reason ? { reason: next.reason } : {}) },
  );
}

async function lockDeposit(tx: Database, depositId: string) {
  return tx
    .selectFrom('sandbox_unit_check_deposits')
    .selectAll()
    .where('id', '=', depositId)
    .forUpdate()
    .executeTakeFirst();
}

/** Returned after it was credited: the money goes back out (Unit's returned check transaction). */
async function returnDeposit(tx: Database, row: FakeCheckDeposit, account: FakeAccount) {
  await book(tx, account, {
    type: 'returnedCheckDepositTransaction',
    paymentId: null,
    amount: -Number(row.amount),
    summary: `Returned check: ${row.description}`,
  });
  await transition(tx, row, 'Returned', { reason: 'InsufficientFunds', due_at: null });
}

/** The fake's clock for check deposits, run by the sandbox tick: due returns (.14) happen. */
export async function returnDueCheckDeposits(db: Database): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('sandbox_unit_check_deposits')
      .selectAll()
      .where('due_at', '<=', new Date())
      .where('status', '=', 'Sent')
      .orderBy('id')
      .limit(50)
      .forUpdate()
      .skipLocked()
      .execute();
    const accounts = await lockAccounts(
      tx,
      due.map((row) => row.account_id),
    );
    for (const row of due) {
      await returnDeposit(tx, row, accounts.get(row.account_id) as FakeAccount);
    }
    return due.length;
  });
}

/** What confirming decides: the sandbox's unreadable and duplicate checks are rejected. */
async function review(tx: Database, row: FakeCheckDeposit) {
  if (Number(row.amount) % 100 === 13) {
    return transition(tx, row, 'Rejected', { reason: 'ImageQuality' });
  }
  const earlier = await tx
    .selectFrom('sandbox_unit_check_deposits')
    .select('id')
    .where('front_sha256', '=', row.front_sha256)
    .where('id', '!=', row.id)
    .where('status', 'not in', [...AWAITING_IMAGES, 'AwaitingCustomerConfirmation', 'Rejected'])
    .executeTakeFirst();
  if (earlier) return transition(tx, row, 'Rejected', { reason: 'PossibleDuplicate' });
  return transition(tx, row, 'PendingReview');
}

export function unitCheckDepositsFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  const clock = () => app.deps.config.sandboxAchSettleMs;
  readRoutes<FakeCheckDeposit, ListQuery>(fake, {
    path: 'check-deposits',
    noun: 'check deposit',
    table: 'sandbox_unit_check_deposits',
    statuses: STATUSES,
    resource: checkDepositResource,
  });

  app.post(`${base}/check-deposits`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(createBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    const accountId = relationships.account.data.id;
    const row = await db.transaction().execute(async (tx) => {
      const account = (await lockAccounts(tx, [accountId])).get(accountId);
      if (!account) return null;
      // The same idempotency key gives the same deposit (the account lock orders twin requests).
      if (attributes.idempotencyKey) {
        const existing = await tx
          .selectFrom('sandbox_unit_check_deposits')
          .selectAll()
          .where('idempotency_key', '=', attributes.idempotencyKey)
          .executeTakeFirst();
        if (existing) return existing;
      }
      const created = await tx
        .insertInto('sandbox_unit_check_deposits')
        .values({
          id: await nextId(tx),
          account_id: accountId,
          customer_id: account.customer_id,
          amount: attributes.amount,
          description: attributes.description,
          status: 'AwaitingImages',
          status_history: JSON.stringify([
            { updatedAt: new Date().toISOString(), status: { type: 'AwaitingImages' } },
          ]),
          tags: JSON.stringify(attributes.tags ?? {}),
          idempotency_key: attributes.idempotencyKey ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await subjectEvent(
        tx,
        'checkDeposit.created',
        { relationship: 'checkDeposit', type: 'checkDeposit', id: created.id },
        { accountId, customerId: account.customer_id },
        { status: created.status },
      );
      return created;
    });
    if (!row) return unitError(reply, 404, 'Not Found', `account ${accountId} not found`);
    return document(reply, 201, checkDepositResource(row));
  });

  /** A step on one deposit: 404 for an unknown id, Unit's 400 when it cannot move so. */
  function step(
    method: 'post' | 'put',
    path: string,
    move: (tx: Database, row: FakeCheckDeposit) => Promise<string | null>,
  ) {
    app[method](`${base}${path}`, async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const { id: depositId } = request.params as { id: string };
      const missing = () =>
        unitError(reply, 404, 'Not Found', `check deposit ${depositId} not found`);
      if (!id.safeParse(depositId).success) return missing();
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await lockDeposit(tx, depositId);
        if (!row) return null;
        return { row, refused: await move(tx, row) };
      });
      if (!outcome) return missing();
      if (outcome.refused) return unitError(reply, 400, 'Bad Request', outcome.refused);
      return document(reply, 200, checkDepositResource(outcome.row));
    });
  }

  for (const side of ['front', 'back'] as const) {
    app.put(`${base}/check-deposits/:id/${side}`, async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const image = checkImageOf(request);
      if ('refused' in image) {
        return image.refused === 'too_large'
          ? unitError(
              reply,
              413,
              'Payload Too Large',
              `The image is over ${CHECK_IMAGE_LIMIT_BYTES} bytes`,
            )
          : unitError(reply, 400, 'Bad Request', image.refused);
      }
      const { id: depositId } = request.params as { id: string };
      const missing = () =>
        unitError(reply, 404, 'Not Found', `check deposit ${depositId} not found`);
      if (!id.safeParse(depositId).success) return missing();
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await lockDeposit(tx, depositId);
        if (!row) return null;
        if (!AWAITING_IMAGES.includes(row.status))
          return { row, refused: `check deposit ${row.id} is ${row.status}, not awaiting images` };
        const stored =
          side === 'front'
            ? {
                front_image: image.bytes,
                front_image_type: image.type,
                front_sha256: createHash('sha256').update(image.bytes).digest('hex'),
              }
            : { back_image: image.bytes, back_image_type: image.type };
        await tx
          .updateTable('sandbox_unit_check_deposits')
          .set(stored)
          .where('id', '=', row.id)
          .execute();
        Object.assign(row, stored);
        const hasFront = row.front_image !== null;
        const hasBack = row.back_image !== null;
        const next =
          hasFront && hasBack
            ? 'AwaitingCustomerConfirmation'
            : hasFront
              ? 'AwaitingBackImage'
              : 'AwaitingFrontImage';
        if (next !== row.status) await transition(tx, row, next);
        return { row, refused: null };
      });
      if (!outcome) return missing();
      if (outcome.refused) return unitError(reply, 400, 'Bad Request', outcome.refused);
      return document(reply, 200, checkDepositResource(outcome.row));
    });
  }

  step('post', '/check-deposits/:id/confirm', async (tx, row) => {
    if (row.status !== 'AwaitingCustomerConfirmation')
      return `check deposit ${row.id} is ${row.status}, not awaiting confirmation`;
    await review(tx, row);
    return null;
  });

  for (const name of Object.keys(SANDBOX_STEPS) as (keyof typeof SANDBOX_STEPS)[])
    step('post', `/sandbox/check-deposits/:id/${name}`, (t, r) => sandboxStep(t, r, name, clock()));
}

/** A documented sandbox step on a locked deposit (a refusal's text, or null); .14 returns later. */
export async function sandboxStep(
  tx: Database,
  row: FakeCheckDeposit,
  name: keyof typeof SANDBOX_STEPS,
  returnAfterMs: number,
): Promise<string | null> {
  const { from, to } = SANDBOX_STEPS[name];
  if (row.status !== from) return `check deposit ${row.id} is ${row.status}, not ${from}`;
  if (to !== 'Sent') return transition(tx, row, to).then(() => null);
  const account = (await lockAccounts(tx, [row.account_id])).get(row.account_id) as FakeAccount;
  const transactionId = await book(tx, account, {
    type: 'checkDepositTransaction',
    paymentId: null,
    amount: Number(row.amount),
    summary: `Check deposit: ${row.description}`,
  });
  const returns = Number(row.amount) % 100 === 14;
  await transition(tx, row, 'Sent', {
    transaction_id: transactionId,
    due_at: returns ? new Date(Date.now() + returnAfterMs) : null,
  });
  return null;
}
