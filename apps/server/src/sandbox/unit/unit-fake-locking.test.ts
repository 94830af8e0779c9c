import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitFake } from '../../../test/banking-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { nextId } from './unit-fake.repository';
import { advanceUnitPayments } from './unit-fake-payments';

let app: AppInstance;
let sandbox: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  sandbox = sandboxPool(test.url);
  app = await buildTestApp(test.db, { sandboxAchSettleMs: 0 }, undefined, sandbox);
});
afterAll(() => app.close());

/** A deposit account at the fake with `balance` cents. */
async function fakeAccount(balance: number) {
  const id = await nextId(sandbox);
  await sandbox
    .insertInto('sandbox_unit_accounts')
    .values({
      id,
      customer_id: await nextId(sandbox),
      account_number: `9${id.padStart(9, '0')}`,
      routing_number: '812345678',
      balance,
    })
    .execute();
  return id;
}

function bookPayment(from: string, to: string, amount: number) {
  return unitFake(app, 'POST', '/payments', {
    type: 'bookPayment',
    attributes: { amount, description: 'Locking test' },
    relationships: {
      account: { data: { type: 'depositAccount', id: from } },
      counterpartyAccount: { data: { type: 'depositAccount', id: to } },
    },
  });
}

describe('the Unit fake locks accounts in one order', () => {
  it('parallel opposite-direction book payments and the payments clock never deadlock', async () => {
    const a = await fakeAccount(10_000_000);
    const b = await fakeAccount(10_000_000);
    const clock = { standardMs: 0, sameDayMs: 0 };
    for (let round = 0; round < 4; round += 1) {
      // Payments under review (amounts ending in .02) on both accounts, newer ones on the account
      // whose id sorts first: the clock steps them in payment order, the other way round.
      for (let i = 0; i < 10; i += 1) {
        const held = await bookPayment(i % 2 ? a : b, i % 2 ? b : a, 102);
        expect(held.json().data.attributes.status).toBe('PendingReview');
      }
      const [answers] = await Promise.all([
        Promise.all(
          Array.from({ length: 30 }, (_, i) => bookPayment(i % 2 ? a : b, i % 2 ? b : a, 100)),
        ),
        advanceUnitPayments(sandbox, clock),
        advanceUnitPayments(sandbox, clock),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(201);
        expect(answer.json().data.attributes.status).toBe('Sent');
      }
    }
    const balances = await sandbox
      .selectFrom('sandbox_unit_accounts')
      .select(['balance', 'hold'])
      .where('id', 'in', [a, b])
      .execute();
    // Book payments only move money between the two; the reviewed ones were rejected, unheld.
    expect(balances.reduce((sum, r) => sum + Number(r.balance), 0)).toBe(20_000_000);
    expect(balances.map((r) => Number(r.hold))).toEqual([0, 0]);
  });
});
