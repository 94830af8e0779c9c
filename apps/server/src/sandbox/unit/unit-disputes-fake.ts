import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { SandboxUnitDisputesTable } from '../../db/schema';
import { enqueueWebhook } from '../webhooks/outbox';
import { nextId } from './unit-fake.repository';
import {
  document,
  getById,
  id,
  pageQuery,
  parseUnit,
  relationship,
  type UnitFake,
  unitError,
} from './unit-fake-api';

// Unit's card disputes (dispute/dispute.json): opened on a purchase or ATM transaction (Unit's
// sandbox `POST /sandbox/disputes`, docs.unit.co Disputes › Simulations), then moved by Unit's
// investigation; here by the fake's own `POST /sandbox/disputes/{id}/status` (Unit documents no
// such endpoint: in its sandbox, disputes are moved from its dashboard). Each step sends Unit's
// `dispute.created` / `dispute.statusChanged` webhook through the sandbox outbox.

type FakeDispute = Selectable<SandboxUnitDisputesTable>;

const DISPUTABLE = new Set(['purchaseTransaction', 'atmTransaction']);
/** From which statuses each status may be reached. */
const MOVES: Record<string, string[]> = {
  ProvisionallyCredited: ['InvestigationStarted'],
  Denied: ['InvestigationStarted'],
  ResolvedWon: ['InvestigationStarted', 'ProvisionallyCredited'],
  ResolvedLost: ['InvestigationStarted', 'ProvisionallyCredited'],
};

const createBody = z.object({
  data: z.object({
    type: z.literal('dispute'),
    attributes: z.object({ amount: z.number().int().min(1).max(100_000_000_00).optional() }),
    relationships: z.object({ account: relationship, transaction: relationship }),
  }),
});
const moveBody = z.object({
  data: z.object({
    type: z.literal('disputeStatus'),
    attributes: z.object({
      status: z.enum(['ProvisionallyCredited', 'Denied', 'ResolvedWon', 'ResolvedLost']),
      decisionReason: z.string().min(1).max(255).optional(),
    }),
  }),
});

export function disputeResource(row: FakeDispute) {
  return {
    type: 'dispute',
    id: row.id,
    attributes: {
      source: 'DebitCard',
      externalId: `sandbox-dispute-${row.id}`,
      description: row.description,
      amount: Number(row.amount),
      status: row.status,
      statusHistory: row.status_history,
      createdAt: row.created_at.toISOString(),
      ...(row.decision_reason ? { decisionReason: row.decision_reason } : {}),
    },
    relationships: {
      customer: { data: { type: 'customer', id: row.customer_id } },
      account: { data: { type: 'depositAccount', id: row.account_id } },
      transaction: { data: { type: 'transaction', id: row.transaction_id } },
    },
  };
}

async function disputeEvent(tx: Database, row: FakeDispute, type: string, attributes: object) {
  await enqueueWebhook(tx, 'unit', '/api/unit/webhook', {
    data: [
      {
        id: await nextId(tx),
        type,
        attributes: { createdAt: new Date().toISOString(), ...attributes },
        relationships: {
          dispute: { data: { type: 'dispute', id: row.id } },
          transaction: { data: { type: 'transaction', id: row.transaction_id } },
          account: { data: { type: 'depositAccount', id: row.account_id } },
          customer: { data: { type: 'customer', id: row.customer_id } },
        },
      },
    ],
  });
}

export function unitDisputesFakeRoutes(fake: UnitFake): void {
  const { app, db, base, authorized } = fake;
  const find = (key: string) =>
    db.selectFrom('sandbox_unit_disputes').selectAll().where('id', '=', key).executeTakeFirst();
  getById(fake, 'disputes', 'dispute', find, disputeResource);

  app.get(`${base}/disputes`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const query = parseUnit(pageQuery, request.query, reply);
    if (!query) return reply;
    const rows = await db
      .selectFrom('sandbox_unit_disputes')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query['page[limit]'])
      .offset(query['page[offset]'])
      .execute();
    return document(reply, 200, rows.map(disputeResource));
  });

  app.post(`${base}/sandbox/disputes`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const body = parseUnit(createBody, request.body, reply);
    if (!body) return reply;
    const { attributes, relationships } = body.data;
    const accountId = relationships.account.data.id;
    const transactionId = relationships.transaction.data.id;
    const outcome = await db.transaction().execute(async (tx) => {
      const transaction = await tx
        .selectFrom('sandbox_unit_transactions as t')
        .innerJoin('sandbox_unit_accounts as a', 'a.id', 't.account_id')
        .select(['t.id', 't.type', 't.amount', 't.direction', 't.summary', 'a.customer_id'])
        .where('t.id', '=', transactionId)
        .where('t.account_id', '=', accountId)
        .executeTakeFirst();
      if (!transaction) return { status: 404 as const };
      if (!DISPUTABLE.has(transaction.type) || transaction.direction !== 'Debit') {
        return {
          status: 400 as const,
          detail: 'Only a purchase or ATM transaction can be disputed',
        };
      }
      const amount = attributes.amount ?? Number(transaction.amount);
      if (amount > Number(transaction.amount)) {
        return { status: 400 as const, detail: 'amount is more than the transaction' };
      }
      const now = new Date();
      const row = await tx
        .insertInto('sandbox_unit_disputes')
        .values({
          id: await nextId(tx),
          account_id: accountId,
          customer_id: transaction.customer_id,
          transaction_id: transactionId,
          amount,
          description: transaction.summary,
          status: 'InvestigationStarted',
          status_history: JSON.stringify([
            { type: 'InvestigationStarted', updatedAt: now.toISOString() },
          ]),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await disputeEvent(tx, row, 'dispute.created', {
        amount,
        description: row.description,
        source: 'DebitCard',
        status: row.status,
      });
      return { status: 201 as const, row };
    });
    if (outcome.status === 404)
      return unitError(reply, 404, 'Not Found', `transaction ${transactionId} not found`);
    if (outcome.status === 400) return unitError(reply, 400, 'Bad Request', outcome.detail);
    return document(reply, 201, disputeResource(outcome.row));
  });

  app.post(`${base}/sandbox/disputes/:id/status`, async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { id: disputeId } = request.params as { id: string };
    if (!id.safeParse(disputeId).success)
      return unitError(reply, 404, 'Not Found', `dispute ${disputeId} not found`);
    const body = parseUnit(moveBody, request.body, reply);
    if (!body) return reply;
    const { status, decisionReason } = body.data.attributes;
    const outcome = await db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('sandbox_unit_disputes')
        .selectAll()
        .where('id', '=', disputeId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { status: 404 as const };
      if (row.status === status) return { status: 200 as const, row };
      if (!MOVES[status]?.includes(row.status)) {
        return { status: 400 as const, detail: `A dispute ${row.status} cannot become ${status}` };
      }
      const now = new Date();
      const moved = await tx
        .updateTable('sandbox_unit_disputes')
        .set({
          status,
          status_history: JSON.stringify([
            ...row.status_history,
            { type: status, updatedAt: now.toISOString() },
          ]),
          decision_reason: decisionReason ?? row.decision_reason,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await disputeEvent(tx, moved, 'dispute.statusChanged', {
        amount: Number(moved.amount),
        previousStatus: row.status,
        newStatus: status,
      });
      return { status: 200 as const, row: moved };
    });
    if (outcome.status === 404)
      return unitError(reply, 404, 'Not Found', `dispute ${disputeId} not found`);
    if (outcome.status === 400) return unitError(reply, 400, 'Bad Request', outcome.detail);
    return document(reply, 200, disputeResource(outcome.row));
  });
}
