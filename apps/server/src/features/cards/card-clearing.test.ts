import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickUntil } from '../../../test/banking-helpers';
import {
  cardholder,
  insertCard,
  network,
  purchase,
  type TestCard,
} from '../../../test/card-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';
import { CARD_CLEARING_SHARDS, cardClearingRole, cardClearingShard } from './card-clearing';

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

/** Every clearing shard's balance, by role. */
async function shardBalances() {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['system_role', 'balance_cents'])
    .where('system_role', 'like', 'card\\_clearing%')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.system_role, Number(r.balance_cents)]));
}

async function authorizationStatus(partnerId: string) {
  const row = await db
    .selectFrom('card_authorizations')
    .select('status')
    .where('partner_authorization_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('card clearing shards', () => {
  it('the migrated ledger has one clearing account per shard, and no unsharded one', async () => {
    const roles = Object.keys(await shardBalances()).sort();
    expect(roles).toEqual(
      Array.from({ length: CARD_CLEARING_SHARDS }, (_, n) => `card_clearing:${n}`).sort(),
    );
  });

  it('Unit’s card ids (sequential numbers) spread evenly over the shards', () => {
    const perShard = new Array<number>(CARD_CLEARING_SHARDS).fill(0);
    for (let id = 900_000_000_000; id < 900_000_008_000; id++) {
      const shard = cardClearingShard(String(id));
      perShard[shard] = (perShard[shard] ?? 0) + 1;
    }
    for (const count of perShard) {
      expect(count).toBeGreaterThan(800);
      expect(count).toBeLessThan(1_200);
    }
  });

  it('a card’s hold, its clearing at another amount and a reversal all post on its own shard', async () => {
    const first = await cardholder(app, db, 10_000);
    const second = await cardholder(app, db, 10_000);
    // A card of the second holder's on another shard than the first's.
    let other: TestCard = second.card;
    while (cardClearingShard(other.partnerCardId) === cardClearingShard(first.card.partnerCardId)) {
      other = await insertCard(db, second.user, second.account);
    }
    const a = cardClearingRole(first.card.partnerCardId);
    const b = cardClearingRole(other.partnerCardId);
    const before = await shardBalances();

    // Arriving together, the two holds are decided on their shards.
    const [held, tipped] = await Promise.all([
      purchase(app, first.card, 2_500),
      purchase(app, other, 1_000),
    ]);
    expect(held.json()).toMatchObject({ approved: true });
    expect(tipped.json()).toMatchObject({ approved: true });
    expect(await shardBalances()).toEqual({
      ...before,
      [a]: (before[a] ?? 0) + 2_500,
      [b]: (before[b] ?? 0) + 1_000,
    });

    // The reversal gives the first hold back from its shard; the tip clears on the other's.
    const heldId = held.json().authorizationId as string;
    const tippedId = tipped.json().authorizationId as string;
    await network(app, 'reverse', { authorizationId: heldId });
    await network(app, 'clear', { authorizationId: tippedId, amountCents: 1_200 });
    await tickUntil(
      app,
      async () =>
        (await authorizationStatus(heldId)) === 'reversed' &&
        (await authorizationStatus(tippedId)) === 'cleared',
    );
    expect(await shardBalances()).toEqual({ ...before, [b]: (before[b] ?? 0) + 1_200 });
  });
});
