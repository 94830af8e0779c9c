import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { tickUntil, unitSettings } from '../../../test/banking-helpers';
import { type FakeAnswer, nonConforming, recordingTestApp } from '../../../test/vendor-recorder';
import type { Database } from '../../db/database';
import { createUnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import { UNIT_ANSWERS, unitErrorDocument } from '../../providers/unit/unit-schemas';
import { nextId } from './unit-fake.repository';

// Check payments at the Unit fake, through Pago's real Unit client over HTTP: a check created,
// read, listed, canceled before it goes to the printer (and refused after), moved by the
// sandbox's steps and by the fake's clock to Processed (the account debited), returned after it
// was deposited (credited back), rejected or returned to its sender by the sandbox conventions —
// every answer checked against Unit's published schemas, every change a webhook event.

const test = recordingTestApp('/sandbox/unit', { sandboxAchSettleMs: 50 });

const CHECK_CALLS = [
  'createCheckPayment',
  'getCheckPayment',
  'listCheckPayments',
  'cancelCheckPayment',
  'moveCheckPaymentInSandbox',
] as const;

const sandbox = () => test.app.deps.sandboxDb as Database;
const fakeUrl = () =>
  `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}/sandbox/unit`;
const clientLog: object[] = [];
const client = () =>
  createUnitClient({
    baseUrl: fakeUrl,
    token: unitSettings(test.app).token,
    log: { error: (fields) => clientLog.push(fields) },
  });

async function fakeAccount(balance = 0) {
  const id = await nextId(sandbox());
  const customerId = await nextId(sandbox());
  await sandbox()
    .insertInto('sandbox_unit_accounts')
    .values({
      id,
      customer_id: customerId,
      account_number: `9${id.padStart(9, '0')}`,
      routing_number: '812345678',
      balance,
    })
    .execute();
  return { accountId: id, customerId };
}
async function balanceOf(accountId: string) {
  const row = await sandbox()
    .selectFrom('sandbox_unit_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}
/** The webhook event types the fake queued about a check, in order. */
async function eventsAbout(checkId: string) {
  const rows = await sandbox()
    .selectFrom('sandbox_webhook_outbox')
    .select('body')
    .where('vendor', '=', 'unit')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => JSON.parse(row.body).data[0])
    .filter((e) => e.relationships.checkPayment?.data.id === checkId)
    .map((e) => e.type as string);
}
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof UnitRefusal ? error.status : error),
  );
const payee = {
  name: 'Casa Verde Residential',
  address: { street: '101 Main St', city: 'Miami', state: 'FL', postalCode: '33130' },
};
let keys = 0;
const check = (owner: { accountId: string; customerId: string }, amount: number) =>
  client().createCheckPayment({
    ...owner,
    amount,
    payee,
    description: 'Rent December',
    memo: 'Apt 4B',
    idempotencyKey: `check-test-${++keys}-${amount}`,
  });

describe('check payments at the Unit fake', () => {
  it('mails a check through its steps to Processed, debiting the account then; a return credits it back', async () => {
    const owner = await fakeAccount(50_000);
    const unit = client();
    const created = await check(owner, 12_500);
    expect(created).toMatchObject({
      status: 'New',
      amount: 12_500,
      memo: 'Apt 4B',
      description: 'Rent December',
      accountId: owner.accountId,
      checkNumber: expect.stringMatching(/^\d{4}$/),
    });
    // The same key is the same check.
    const again = await unit.createCheckPayment({
      ...owner,
      amount: 12_500,
      payee,
      description: 'Rent December',
      idempotencyKey: `check-test-${keys}-12500`,
    });
    expect(again.id).toBe(created.id);
    expect(await unit.getCheckPayment(created.id)).toEqual(created);
    for (const [step, status] of [
      ['print', 'InProduction'],
      ['mail', 'InDelivery'],
      ['deliver', 'Delivered'],
    ] as const) {
      expect((await unit.moveCheckPaymentInSandbox(created.id, step)).status).toBe(status);
    }
    expect((await unit.getCheckPayment(created.id)).deliveryStatus).toBe('Delivered');
    expect(await balanceOf(owner.accountId)).toBe(50_000);
    expect(await refusal(unit.moveCheckPaymentInSandbox(created.id, 'print'))).toBe(400);
    expect((await unit.moveCheckPaymentInSandbox(created.id, 'process')).status).toBe('Processed');
    expect(await balanceOf(owner.accountId)).toBe(37_500);
    const returned = await unit.moveCheckPaymentInSandbox(created.id, 'return', 'WrongAmount');
    expect(returned).toMatchObject({ status: 'Returned', returnReason: 'WrongAmount' });
    expect(await balanceOf(owner.accountId)).toBe(50_000);
    expect(await eventsAbout(created.id)).toEqual([
      'checkPayment.created',
      'checkPayment.inProduction',
      'checkPayment.inDelivery',
      'checkPayment.delivered',
      'checkPayment.processed',
      'checkPayment.markedForReturn',
      'checkPayment.returned',
    ]);
  });

  it('cancels only before the printer; the clock moves a check on by itself', async () => {
    const owner = await fakeAccount(10_000);
    const unit = client();
    const early = await check(owner, 1_000);
    expect((await unit.cancelCheckPayment(early.id)).status).toBe('Canceled');
    expect(await refusal(unit.cancelCheckPayment(early.id))).toBe(400);
    expect(await eventsAbout(early.id)).toEqual(['checkPayment.created', 'checkPayment.canceled']);

    const late = await check(owner, 2_000);
    await unit.moveCheckPaymentInSandbox(late.id, 'print');
    expect(await refusal(unit.cancelCheckPayment(late.id))).toBe(400);
    const processed = await tickUntil(test.app, async () => {
      const now = await unit.getCheckPayment(late.id);
      return now.status === 'Processed' ? now : undefined;
    });
    expect(processed.status).toBe('Processed');
    expect(await balanceOf(owner.accountId)).toBe(8_000);
  });

  it('rejects a check ending in .21 (address) and returns one ending in .22 to its sender', async () => {
    const owner = await fakeAccount(10_000);
    const unit = client();
    const rejected = await check(owner, 2_021);
    expect(rejected).toMatchObject({ status: 'Rejected', rejectReason: 'InvalidAddress' });
    const undeliverable = await check(owner, 2_022);
    const back = await tickUntil(test.app, async () => {
      const now = await unit.getCheckPayment(undeliverable.id);
      return now.status === 'ReturnedToSender' ? now : undefined;
    });
    expect(back.deliveryStatus).toBe('ReturnedToSender');
    expect(await balanceOf(owner.accountId)).toBe(10_000);
  });

  it('lists by account and status; refuses what Unit refuses', async () => {
    const owner = await fakeAccount(10_000);
    const other = await fakeAccount(10_000);
    const unit = client();
    const a = await check(owner, 300);
    const b = await check(owner, 400);
    await unit.cancelCheckPayment(a.id);
    expect(
      (await unit.listCheckPayments(owner.accountId, { limit: 10, offset: 0 })).map((c) => c.id),
    ).toEqual([b.id, a.id]);
    expect(await unit.listCheckPayments(other.accountId, { limit: 10, offset: 0 })).toEqual([]);
    expect(await refusal(unit.getCheckPayment('999999999'))).toBe(404);
    expect(await refusal(unit.cancelCheckPayment('999999999'))).toBe(404);
    // The customer must hold the account; the payee's state is two capital letters.
    expect(
      await refusal(
        unit.createCheckPayment({
          accountId: owner.accountId,
          customerId: other.customerId,
          amount: 100,
          payee,
          description: 'x',
          idempotencyKey: 'check-test-wrong-customer',
        }),
      ),
    ).toBe(400);
    expect(
      await refusal(
        unit.createCheckPayment({
          ...owner,
          amount: 100,
          payee: { ...payee, address: { ...payee.address, state: 'Florida' } },
          description: 'x',
          idempotencyKey: 'check-test-bad-state',
        }),
      ),
    ).toBe(400);
  });
});

describe('the check payment answers against Unit’s published OpenAPI', () => {
  it('gives only answers Unit’s schemas accept, and the client made every check payment call', () => {
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
    const unseen = CHECK_CALLS.filter(
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
