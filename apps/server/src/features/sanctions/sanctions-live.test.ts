import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { loadListFromDir, SANDBOX_LIST_DIR } from './sanctions-list';

// Live mode before the first `npm run sanctions:update`: no list, so money that needs screening
// is refused (503 sanctions_list_unavailable), never sent unscreened. Sandbox mode loads its own
// list, so this is live mode only.

let live: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  live = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:2525' });
});
afterAll(async () => {
  await live.close();
});

const refusal = { code: 'sanctions_list_unavailable', statusCode: 503 };

describe('live mode without a sanctions list', () => {
  it('refuses every screened movement (P2P, request, remittance, bill) until a list is loaded', async () => {
    const detail = async () =>
      (await live.inject({ method: 'GET', url: '/api/health/detail' })).json();
    expect(await detail()).toMatchObject({
      status: 'alert',
      sanctionsList: { status: 'missing', loadedAt: null, entries: 0 },
    });
    const sanctions = servicesOf(live).sanctions;
    const userId = randomUUID();
    await expect(sanctions.p2pMayHold(userId, '+15555550100')).rejects.toMatchObject(refusal);
    await expect(
      db.transaction().execute((tx) => sanctions.p2pHits(tx, userId, randomUUID())),
    ).rejects.toMatchObject(refusal);
    await expect(
      db
        .transaction()
        .execute((tx) =>
          sanctions.remittanceHits(tx, userId, { id: randomUUID(), name: 'Ana', country: 'MX' }),
        ),
    ).rejects.toMatchObject(refusal);
    await expect(
      db
        .transaction()
        .execute((tx) => sanctions.billHits(tx, userId, { id: 'electricity-1', name: 'Power' })),
    ).rejects.toMatchObject(refusal);

    // Loaded (as `npm run sanctions:update` does): screening runs and the money may move.
    await loadListFromDir(db, SANDBOX_LIST_DIR, { origin: 'file', now: new Date() });
    const loaded = await detail();
    expect(loaded.sanctionsList).toMatchObject({ status: 'loaded' });
    expect(loaded.sanctionsList.entries).toBeGreaterThan(0);
    await expect(sanctions.p2pMayHold(userId, '+15555550100')).resolves.toBe(false);

    // A list once loaded stays loaded (loads are only added): sends stop asking for it. With the
    // table out of the way, a send that still read it would fail.
    await sql`alter table sanctions_list_loads rename to sanctions_list_loads_away`.execute(db);
    try {
      await expect(sanctions.p2pMayHold(userId, '+15555550100')).resolves.toBe(false);
    } finally {
      await sql`alter table sanctions_list_loads_away rename to sanctions_list_loads`.execute(db);
    }
  });
});
