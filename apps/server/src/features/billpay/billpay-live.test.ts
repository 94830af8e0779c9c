import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { fundAtPartner, openBankAccount, unitSettings } from '../../../test/banking-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { loadListFromDir, SANDBOX_LIST_DIR } from '../sanctions/sanctions-list';
import { parseBillerFile } from './billpay-directory';

// Live mode pays bills whenever Unit is configured: the directory is Pago's own table, filled by
// operations (a directory file), and the partner is UNIT_API_URL — here the sandbox app's Unit
// fake, reached as any live partner is, over HTTP. Without Unit, bill pay is refused (503).

let sandbox: AppInstance;
let live: AppInstance;
let unconfigured: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  sandbox = await buildTestApp(db, { sandboxAchSettleMs: 200 });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const port = (sandbox.server.address() as AddressInfo).port;
  // Pago's omnibus at the partner: an account there holding money to cover withdrawals and bills.
  const omnibusOwner = await verifiedUser(sandbox, db);
  const omnibus = await openBankAccount(sandbox, omnibusOwner);
  await fundAtPartner(sandbox, omnibus.accountId, 1_000_000);
  const settings = unitSettings(sandbox);
  live = await buildTestApp(db, {
    mode: 'live',
    smtpUrl: 'smtp://127.0.0.1:2525',
    unit: {
      ...settings,
      baseUrl: `http://127.0.0.1:${port}/sandbox/unit`,
      fboAccountId: omnibus.accountId,
    },
  });
  unconfigured = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:2525' });
  // Live mode screens against the list operations load; without one, payments are refused.
  await loadListFromDir(db, SANDBOX_LIST_DIR, { origin: 'file', now: new Date() });
});
afterAll(async () => {
  await Promise.all([sandbox.close(), live.close(), unconfigured.close()]);
});

describe('bill pay in live mode', () => {
  it('with Unit configured: the directory operations filled, and a bill paid through Unit', async () => {
    const ana = await verifiedUser(sandbox, db, 20_000);
    expect((await live.inject({ url: '/api/features' })).json().billPay).toBe(true);
    // Live mode starts with no billers: none are made up.
    const empty = await live.inject({ url: '/api/billers', headers: bearer(ana.token) });
    expect(empty.json()).toEqual([]);
    const records = parseBillerFile([
      {
        id: 'acme-power',
        name: 'Acme Power',
        billType: 'electricity',
        method: 'ach',
        routingNumber: '011401533',
        accountNumber: '123456789',
      },
      {
        id: 'casa-rentals',
        name: 'Casa Rentals',
        billType: 'rent',
        method: 'check',
        address: { street: '1 Elm St', city: 'Austin', state: 'TX', postalCode: '78701' },
      },
    ]);
    expect(await servicesOf(live).billPay.importBillers(records)).toBe(2);
    const listed = await live.inject({
      url: '/api/billers?category=housing',
      headers: bearer(ana.token),
    });
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: 'casa-rentals', method: 'check', paymentType: 'rent' }),
    ]);
    for (const [payeeId, paymentType] of [
      ['acme-power', 'electricity'],
      ['casa-rentals', 'rent'],
    ]) {
      const paid = await moneyPost(live, ana, '/api/unit/bill-payment', {
        paymentType,
        payeeId,
        amount: 5000,
        accountId: '4455-6677',
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json()).toMatchObject({ kind: 'bill_payment', status: 'processing' });
    }
    expect(await balanceOf(live, ana)).toBe(10_000);
  });

  it('refuses a directory file with a mistake', () => {
    expect(() =>
      parseBillerFile([{ id: 'x', name: 'X', billType: 'electricity', method: 'ach' }]),
    ).toThrow(/routingNumber/);
    expect(() =>
      parseBillerFile([{ id: 'Bad Id', name: 'X', billType: 'rent', method: 'check' }]),
    ).toThrow();
  });

  it('without Unit: bill pay is refused and listed as such', async () => {
    const ana = await verifiedUser(sandbox, db, 20_000);
    expect((await unconfigured.inject({ url: '/api/features' })).json().billPay).toBe(false);
    const billers = await unconfigured.inject({ url: '/api/billers', headers: bearer(ana.token) });
    expect(billers.statusCode).toBe(503);
    expect(billers.json().error).toMatchObject({
      code: 'feature_unavailable_in_live_mode',
      details: { feature: 'billPay' },
    });
    const paid = await moneyPost(unconfigured, ana, '/api/unit/bill-payment', {
      paymentType: 'electricity',
      payeeId: 'acme-power',
      amount: 100,
      accountId: '4455-6677',
    });
    expect(paid.statusCode).toBe(503);
    expect(await balanceOf(sandbox, ana)).toBe(20_000);
  });
});
