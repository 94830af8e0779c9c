import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickUntil, unitFake } from '../../../test/banking-helpers';
import { cardholder, network, purchase, type TestCard } from '../../../test/card-helpers';
import { balanceOf, moneyPost } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';
import { opsQueuesOf } from './ops-queues.compose';

/**
 * The card disputes queue against real PostgreSQL and the Unit fake: a dispute the cardholder
 * opens appears with its provisional-credit deadline; when the partner decides it, "refresh" reads
 * the dispute back and applies it (the credit in the ledger), and it leaves the queue.
 */
let app: AppInstance;
let db: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(db, {}, undefined, sandboxPool(test.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  expect(await findInvariantViolations(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeUserAccounts: [],
  });
  await app.close();
});

const queues = () => {
  const services = servicesOf(app);
  return opsQueuesOf(services, db, services.thunes, app.log);
};

async function clearedPurchase(card: TestCard, amountCents: number) {
  const answer = await purchase(app, card, amountCents, {
    name: 'Tienda Sol',
    city: 'Miami, FL',
    category: 'retail',
  });
  const authorizationId = answer.json().authorizationId as string;
  await network(app, 'clear', { authorizationId, amountCents });
  const auth = await tickUntil(app, async () => {
    const row = await db
      .selectFrom('card_authorizations')
      .selectAll()
      .where('partner_authorization_id', '=', authorizationId)
      .executeTakeFirst();
    return row?.status === 'cleared' ? row : undefined;
  });
  return auth.transfer_id as string;
}

describe('card disputes', () => {
  it('shows an open dispute with its deadline; refresh applies the partner’s decision (credit) and it leaves', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 2_500);
    const opened = await moneyPost(app, user, '/api/cards/disputes', {
      transferId,
      reason: 'unauthorized',
      description: 'No hice esta compra',
    });
    expect(opened.statusCode).toBe(201);
    const dispute = opened.json();
    const partnerId = (
      await tickUntil(app, async () => {
        const row = await db
          .selectFrom('card_disputes')
          .select('partner_dispute_id')
          .where('id', '=', dispute.id)
          .executeTakeFirst();
        return row?.partner_dispute_id ? row : undefined;
      })
    ).partner_dispute_id as string;

    const [item] = (await queues().list('card_disputes', 'support')).items;
    expect(item).toMatchObject({
      id: dispute.id,
      customer: { id: user.id },
      money: { amountCents: 2_500 },
      dueBy: dispute.creditDueAt,
      overdue: false,
      details: { provisionalCredit: false, partnerDisputeId: partnerId },
      actions: ['refresh'],
    });
    const before = await balanceOf(app, user);

    // The partner decides for the cardholder; its webhook is not delivered yet.
    const moved = await unitFake(app, 'POST', `/sandbox/disputes/${partnerId}/status`, {
      type: 'disputeStatus',
      attributes: { status: 'ResolvedWon' },
    });
    expect(moved.statusCode).toBe(200);
    const answer = await queues().act(
      { staffId: 'staff-support', role: 'support' },
      'card_disputes',
      dispute.id,
      'refresh',
      { reason: 'El banco ya decidió' },
    );
    expect(answer.done).toBe(true);
    expect(await balanceOf(app, user)).toBe(before + 2_500);
    expect((await queues().list('card_disputes', 'support')).items).toEqual([]);
    // The webhook arrives later and changes nothing.
    await servicesOf(app).sandboxVendors?.tick();
    expect(await balanceOf(app, user)).toBe(before + 2_500);
  });
});
