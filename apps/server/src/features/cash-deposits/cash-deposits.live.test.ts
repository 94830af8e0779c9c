import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

// Live mode without Unit's settings: cash at stores and ATM locations are refused, never faked.
let sandbox: AppInstance;
let live: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  sandbox = await buildTestApp(db);
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  live = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:2525' });
});
afterAll(async () => {
  await Promise.all([sandbox.close(), live.close()]);
});

describe('cash deposits in live mode without Unit', () => {
  it('refuses every route with 503 feature_unavailable_in_live_mode, writing nothing', async () => {
    const user = await verifiedUser(sandbox, db);
    for (const url of [
      '/api/cash-deposits/stores?postalCode=10001',
      '/api/cash-deposits/barcode?storeId=100011',
      '/api/cash-deposits',
      '/api/cards/atms?postalCode=10001',
    ]) {
      const response = await live.inject({ url, headers: bearer(user.token) });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toMatchObject({
        error: { code: 'feature_unavailable_in_live_mode', details: { feature: 'cashDeposits' } },
      });
    }
    const barcodes = await db.selectFrom('cash_deposit_barcodes').selectAll().execute();
    expect(barcodes).toEqual([]);
  });
});
