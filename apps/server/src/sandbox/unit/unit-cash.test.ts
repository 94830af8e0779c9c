import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { unitSettings } from '../../../test/banking-helpers';
import { type FakeAnswer, nonConforming, recordingTestApp } from '../../../test/vendor-recorder';
import type { Database } from '../../db/database';
import { createUnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import { UNIT_ANSWERS, unitErrorDocument } from '../../providers/unit/unit-schemas';
import { nextId } from './unit-fake.repository';

// Cash at stores and ATM locations at the Unit fake, through Pago's real Unit client over HTTP:
// store and ATM locations by postal code, a customer's barcode, the register's payment with it,
// every answer checked against Unit's published schemas.

const test = recordingTestApp('/sandbox/unit', {});

const CASH_CALLS = [
  'listStoreLocations',
  'generateCashDepositBarcode',
  'listAtmLocations',
  'simulateCashDeposit',
  'getTransaction',
] as const;

const sandbox = () => test.app.deps.sandboxDb as Database;
const clientLog: object[] = [];
const client = () =>
  createUnitClient({
    baseUrl: () =>
      `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}/sandbox/unit`,
    token: unitSettings(test.app).token,
    log: { error: (fields) => clientLog.push(fields) },
  });
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof UnitRefusal ? error.status : error),
  );

/** A customer (an approved application) with a deposit account at the fake. */
async function fakeCustomerAccount() {
  const customerId = await nextId(sandbox());
  await sandbox()
    .insertInto('sandbox_unit_applications')
    .values({
      id: await nextId(sandbox()),
      customer_id: customerId,
      status: 'Approved',
      attributes: { fullName: { first: 'Ana', last: 'Rivera' } },
      decision_reason: null,
      idempotency_key: null,
    })
    .execute();
  const id = await nextId(sandbox());
  await sandbox()
    .insertInto('sandbox_unit_accounts')
    .values({
      id,
      customer_id: customerId,
      account_number: `9${id.padStart(9, '0')}`,
      routing_number: '812345678',
      balance: 0,
    })
    .execute();
  return { accountId: id, customerId };
}

describe('cash at stores at the Unit fake', () => {
  it('lists stores and ATMs near a postal code, nearest first; none for an unknown one', async () => {
    const unit = client();
    const stores = await unit.listStoreLocations('90011', { limit: 3, offset: 0 });
    expect(stores.map((s) => s.retailerName)).toEqual([
      'Tienda Esquina',
      'Farmacia del Barrio',
      'Mercado La Estrella',
    ]);
    expect(stores[0]).toMatchObject({ city: 'Los Angeles', state: 'CA', postalCode: '90011' });
    expect(await unit.listStoreLocations('99999', { limit: 10, offset: 0 })).toEqual([]);
    const atms = await unit.listAtmLocations('60608');
    expect(atms.map((a) => a.surchargeFree)).toContain(false);
    expect(atms.filter((a) => a.surchargeFree).length).toBe(3);
    expect(atms.map((a) => a.distance)).toEqual(
      [...atms.map((a) => a.distance)].sort((a, b) => a - b),
    );
    expect(await unit.listAtmLocations('60608', 1)).toHaveLength(2);
  });

  it('generates a barcode for a store; the register pays cash in with it and Unit tells Pago', async () => {
    const unit = client();
    const { accountId, customerId } = await fakeCustomerAccount();
    const [store] = await unit.listStoreLocations('10001', { limit: 1, offset: 0 });
    const barcode = await unit.generateCashDepositBarcode({
      accountId,
      customerId,
      storeId: store?.storeId ?? '',
    });
    expect(barcode).toMatchObject({ accountId, customerId });
    expect(barcode.barcodeNumber).toMatch(/^\d{16}$/);
    expect(new Date(barcode.expiration).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const paid = await unit.simulateCashDepositInSandbox(barcode.barcodeNumber, 4_000);
    expect(paid).toMatchObject({
      type: 'cashDepositTransaction',
      amount: 4_000,
      direction: 'Credit',
      balance: 4_000,
      accountId,
      summary: 'Tienda Esquina',
    });
    expect(await unit.getTransaction(accountId, paid.id)).toMatchObject({
      id: paid.id,
      amount: 4_000,
    });
    const events = await sandbox()
      .selectFrom('sandbox_webhook_outbox')
      .select('body')
      .where('vendor', '=', 'unit')
      .where('body', 'like', `%"id":"${paid.id}"%`)
      .execute();
    expect(events.map((e) => JSON.parse(e.body).data[0])).toEqual([
      expect.objectContaining({
        type: 'transaction.created',
        attributes: expect.objectContaining({ amount: 4_000, direction: 'Credit' }),
        relationships: expect.objectContaining({
          transaction: { data: { type: 'cashDepositTransaction', id: paid.id } },
          account: { data: { type: 'depositAccount', id: accountId } },
        }),
      }),
    ]);
  });

  it('refuses an unknown store, another customer’s account, and cash over the limits', async () => {
    const unit = client();
    const { accountId, customerId } = await fakeCustomerAccount();
    const other = await fakeCustomerAccount();
    expect(
      await refusal(unit.generateCashDepositBarcode({ accountId, customerId, storeId: 'x' })),
    ).toBe(400);
    expect(
      await refusal(
        unit.generateCashDepositBarcode({
          accountId,
          customerId: other.customerId,
          storeId: '100011',
        }),
      ),
    ).toBe(400);
    const barcode = await unit.generateCashDepositBarcode({
      accountId,
      customerId,
      storeId: '100011',
    });
    expect(await refusal(unit.simulateCashDepositInSandbox(barcode.barcodeNumber, 100_001))).toBe(
      400,
    );
    await unit.simulateCashDepositInSandbox(barcode.barcodeNumber, 100_000);
    expect(await refusal(unit.simulateCashDepositInSandbox(barcode.barcodeNumber, 1))).toBe(400);
    expect(await refusal(unit.simulateCashDepositInSandbox('4999999999999999', 1))).toBe(404);
  });
});

describe('the cash answers against Unit’s published OpenAPI', () => {
  it('gives only answers Unit’s schemas accept, and the client made every cash call', () => {
    const schemaOf = (answer: FakeAnswer) => {
      if (answer.status >= 400) return unitErrorDocument;
      const documented = Object.values(UNIT_ANSWERS).find(
        (a) => a.method === answer.method && a.path.test(answer.path),
      );
      return documented?.status === answer.status ? documented.schema : undefined;
    };
    const answers = test.answers();
    expect(nonConforming(answers, schemaOf)).toEqual([]);
    expect(clientLog).toEqual([]);
    const unseen = CASH_CALLS.filter(
      (name) =>
        !answers.some(
          (a) =>
            a.status < 400 &&
            a.method === UNIT_ANSWERS[name].method &&
            UNIT_ANSWERS[name].path.test(a.path),
        ),
    );
    expect(unseen).toEqual([]);
  });
});
