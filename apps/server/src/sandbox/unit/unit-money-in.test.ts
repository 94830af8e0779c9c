import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { tickUntil, unitSettings } from '../../../test/banking-helpers';
import { type FakeAnswer, nonConforming, recordingTestApp } from '../../../test/vendor-recorder';
import type { Database } from '../../db/database';
import { createUnitClient, UnitRefusal } from '../../providers/unit/unit-client';
import { UNIT_ANSWERS, unitErrorDocument } from '../../providers/unit/unit-schemas';
import { CHECK_IMAGE_LIMIT_BYTES } from './unit-check-images';
import { nextId } from './unit-fake.repository';

// Money in at the Unit fake, through Pago's real Unit client over HTTP: received payments
// (incoming ACH, Unit's advance, the sandbox's completion and return) and check deposits (both
// images, confirmation, the sandbox's review steps and its conventions), every answer checked
// against Unit's published schemas, every change a signed webhook Pago's receiver accepts.

const test = recordingTestApp('/sandbox/unit', { sandboxAchSettleMs: 50 });

const MONEY_IN_CALLS = [
  'listReceivedPayments',
  'getReceivedPayment',
  'advanceReceivedPayment',
  'simulateReceivedAch',
  'completeReceivedPayment',
  'returnReceivedPayment',
  'createCheckDeposit',
  'getCheckDeposit',
  'listCheckDeposits',
  'uploadCheckDepositImage',
  'confirmCheckDeposit',
  'moveCheckDepositInSandbox',
] as const;

const sandbox = () => test.app.deps.sandboxDb as Database;
const fakeUrl = () =>
  `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}/sandbox/unit`;
/** What the client logged: an answer it found not as Unit documents it. */
const clientLog: object[] = [];
const client = () =>
  createUnitClient({
    baseUrl: fakeUrl,
    token: unitSettings(test.app).token,
    log: { error: (fields) => clientLog.push(fields) },
  });

/** A deposit account at the fake holding `balance` cents. */
async function fakeAccount(balance = 0) {
  const id = await nextId(sandbox());
  await sandbox()
    .insertInto('sandbox_unit_accounts')
    .values({
      id,
      customer_id: await nextId(sandbox()),
      account_number: `9${id.padStart(9, '0')}`,
      routing_number: '812345678',
      balance,
    })
    .execute();
  return id;
}

async function balanceOf(accountId: string) {
  const row = await sandbox()
    .selectFrom('sandbox_unit_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** The webhook events the fake queued about `subjectId`, in order. */
async function eventsAbout(subjectId: string) {
  const rows = await sandbox()
    .selectFrom('sandbox_webhook_outbox')
    .select(['body', 'delivered_at'])
    .where('vendor', '=', 'unit')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({
      event: (JSON.parse(row.body) as { data: EventBody[] }).data[0] as EventBody,
      delivered: row.delivered_at !== null,
    }))
    .filter(({ event }) =>
      Object.values(event.relationships).some(
        (r) => r.data.id === subjectId && r.data.type !== 'depositAccount',
      ),
    );
}
type EventBody = {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { type: string; id: string } }>;
};

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof UnitRefusal ? error.status : error),
  );

describe('received payments at the Unit fake', () => {
  it('a payroll ACH is Pending, advanced early, then completed, with a webhook for each step', async () => {
    const accountId = await fakeAccount(1_000);
    const unit = client();
    const created = await unit.simulateReceivedAch({
      accountId,
      amount: 25_000,
      companyName: 'ACME PAYROLL',
      description: 'PAYROLL',
      completionDate: inDays(2),
    });
    expect(created).toMatchObject({
      status: 'Pending',
      amount: 25_000,
      direction: 'Credit',
      companyName: 'ACME PAYROLL',
      description: 'PAYROLL',
      secCode: 'PPD',
      completionDate: inDays(2),
      wasAdvanced: false,
      isAdvanceable: true,
      accountId,
    });
    expect(created.traceNumber).toMatch(/^\d{15}$/);
    // Pending money is not in the account yet.
    expect(await balanceOf(accountId)).toBe(1_000);
    expect(await unit.getReceivedPayment(created.id)).toEqual(created);
    expect(
      (await unit.listReceivedPayments(accountId, { limit: 10, offset: 0 })).map((p) => p.id),
    ).toEqual([created.id]);

    const advanced = await unit.advanceReceivedPayment(created.id);
    expect(advanced).toMatchObject({ status: 'Advanced', wasAdvanced: true, isAdvanceable: false });
    expect(await balanceOf(accountId)).toBe(26_000);
    expect(await refusal(unit.advanceReceivedPayment(created.id))).toBe(400);

    const completed = await unit.completeReceivedPaymentInSandbox(created.id);
    expect(completed).toMatchObject({ status: 'Completed', wasAdvanced: true });
    // The ACH settles and repays the advance: the money stays, once.
    expect(await balanceOf(accountId)).toBe(26_000);
    const kinds = (
      await unit.listTransactions(accountId, { limit: 10, offset: 0 })
    ).transactions.map((t) => [t.type, t.direction, t.amount]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['paymentAdvanceTransaction', 'Credit', 25_000],
        ['repaidPaymentAdvanceTransaction', 'Debit', 25_000],
        ['receivedAchTransaction', 'Credit', 25_000],
      ]),
    );
    expect(kinds).toHaveLength(3);
    expect(await refusal(unit.completeReceivedPaymentInSandbox(created.id))).toBe(400);

    // Unit lists Completed ones only when asked.
    expect(await unit.listReceivedPayments(accountId, { limit: 10, offset: 0 })).toEqual([]);
    expect(
      (
        await unit.listReceivedPayments(accountId, { limit: 10, offset: 0, includeCompleted: true })
      ).map((p) => p.status),
    ).toEqual(['Completed']);

    const events = await eventsAbout(created.id);
    expect(events.map(({ event }) => [event.type, event.attributes.previousStatus])).toEqual([
      ['receivedPayment.created', undefined],
      ['receivedPayment.advanced', 'Pending'],
      ['receivedPayment.completed', 'Advanced'],
    ]);
    expect(events[0]?.event).toMatchObject({
      attributes: {
        status: 'Pending',
        amount: 25_000,
        companyName: 'ACME PAYROLL',
        isAdvanceable: true,
      },
      relationships: {
        receivedPayment: { data: { type: 'achReceivedPayment', id: created.id } },
        account: { data: { id: accountId } },
      },
    });
    // Delivered signed: Pago's receiver checks the signature before it records an event.
    const ids = events.map(({ event }) => event.id);
    await tickUntil(test.app, async () => {
      const recorded = await test.db
        .selectFrom('unit_webhook_events')
        .select('event_id')
        .where('event_id', 'in', ids)
        .execute();
      return recorded.length === ids.length;
    });
  });

  it('completes without an advance, and by itself once its completion day has come', async () => {
    const accountId = await fakeAccount();
    const unit = client();
    const later = await unit.simulateReceivedAch({
      accountId,
      amount: 4_000,
      companyName: 'GIG CO',
      description: 'PAY',
      completionDate: inDays(3),
    });
    expect((await unit.completeReceivedPaymentInSandbox(later.id)).status).toBe('Completed');
    expect(await balanceOf(accountId)).toBe(4_000);

    const today = await unit.simulateReceivedAch({
      accountId,
      amount: 1_500,
      companyName: 'GIG CO',
      description: 'PAY',
      completionDate: inDays(0),
    });
    await tickUntil(
      test.app,
      async () => (await unit.getReceivedPayment(today.id)).status === 'Completed',
    );
    expect(await balanceOf(accountId)).toBe(5_500);
  });

  it('a return takes an advance back and says why; a final payment cannot be returned', async () => {
    const accountId = await fakeAccount(500);
    const unit = client();
    const payment = await unit.simulateReceivedAch({
      accountId,
      amount: 8_000,
      companyName: 'ACME PAYROLL',
      description: 'PAYROLL',
      completionDate: inDays(2),
    });
    await unit.advanceReceivedPayment(payment.id);
    expect(await balanceOf(accountId)).toBe(8_500);
    const returned = await unit.returnReceivedPaymentInSandbox(
      payment.id,
      'ReturnedPerOdfiRequest',
    );
    expect(returned).toMatchObject({
      status: 'Returned',
      returnReason: 'ReturnedPerOdfiRequest',
      wasAdvanced: true,
    });
    expect(await balanceOf(accountId)).toBe(500);
    expect(await refusal(unit.returnReceivedPaymentInSandbox(payment.id, 'AccountClosed'))).toBe(
      400,
    );
    expect(await refusal(unit.advanceReceivedPayment(payment.id))).toBe(400);
    expect((await eventsAbout(payment.id)).map(({ event }) => event.type)).toEqual([
      'receivedPayment.created',
      'receivedPayment.advanced',
      'receivedPayment.returned',
    ]);

    // Pending (never advanced): nothing had reached the account, nothing leaves it.
    const pending = await unit.simulateReceivedAch({
      accountId,
      amount: 700,
      companyName: 'ACME',
      description: 'PAY',
      completionDate: inDays(2),
    });
    await unit.returnReceivedPaymentInSandbox(pending.id, 'AccountClosed');
    expect(await balanceOf(accountId)).toBe(500);
    expect(await refusal(unit.returnReceivedPaymentInSandbox(pending.id, 'R01'))).toBe(400);
  });

  it('answers Unit’s 404 for an unknown payment or account, 400 for a bad simulation', async () => {
    const unit = client();
    expect(await refusal(unit.getReceivedPayment('999999999'))).toBe(404);
    expect(await refusal(unit.advanceReceivedPayment('999999999'))).toBe(404);
    expect(await refusal(unit.completeReceivedPaymentInSandbox('999999999'))).toBe(404);
    const input = {
      amount: 100,
      companyName: 'ACME',
      description: 'PAY',
      completionDate: inDays(1),
    };
    expect(await refusal(unit.simulateReceivedAch({ ...input, accountId: '999999999' }))).toBe(404);
    const accountId = await fakeAccount();
    expect(
      await refusal(unit.simulateReceivedAch({ ...input, accountId, completionDate: 'soon' })),
    ).toBe(400);
    expect(await refusal(unit.simulateReceivedAch({ ...input, accountId, amount: 0 }))).toBe(400);
  });
});

const jpeg = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from(text)]);

describe('check deposits at the Unit fake', () => {
  /** A deposit with both sides uploaded and confirmed. */
  async function confirmedDeposit(accountId: string, amount: number, front: Buffer) {
    const unit = client();
    const deposit = await unit.createCheckDeposit({
      accountId,
      amount,
      description: 'Paycheck',
      idempotencyKey: `check-${front.toString('hex')}-${amount}`,
    });
    await unit.uploadCheckDepositImage(deposit.id, 'front', front);
    await unit.uploadCheckDepositImage(deposit.id, 'back', jpeg('endorsed'));
    return unit.confirmCheckDeposit(deposit.id);
  }

  it('goes from AwaitingImages through review and clearing to Sent, credited once', async () => {
    const accountId = await fakeAccount(300);
    const unit = client();
    const input = {
      accountId,
      amount: 12_000,
      description: 'Paycheck',
      idempotencyKey: 'check-one',
    };
    const deposit = await unit.createCheckDeposit(input);
    expect(deposit).toMatchObject({
      status: 'AwaitingImages',
      amount: 12_000,
      accountId,
      transactionId: null,
    });
    // The same idempotency key is the same deposit.
    expect((await unit.createCheckDeposit(input)).id).toBe(deposit.id);

    expect(await refusal(unit.confirmCheckDeposit(deposit.id))).toBe(400);
    expect(
      (await unit.uploadCheckDepositImage(deposit.id, 'front', jpeg('front one'))).status,
    ).toBe('AwaitingBackImage');
    expect((await unit.uploadCheckDepositImage(deposit.id, 'back', jpeg('back one'))).status).toBe(
      'AwaitingCustomerConfirmation',
    );
    expect((await unit.confirmCheckDeposit(deposit.id)).status).toBe('PendingReview');
    expect(await refusal(unit.uploadCheckDepositImage(deposit.id, 'front', jpeg('again')))).toBe(
      400,
    );
    expect(await refusal(unit.moveCheckDepositInSandbox(deposit.id, 'transmit'))).toBe(400);

    expect((await unit.moveCheckDepositInSandbox(deposit.id, 'approve')).status).toBe('Pending');
    expect((await unit.moveCheckDepositInSandbox(deposit.id, 'transmit')).status).toBe('Clearing');
    // Clearing: sent to the network, not credited yet.
    expect(await balanceOf(accountId)).toBe(300);
    const sent = await unit.moveCheckDepositInSandbox(deposit.id, 'clear');
    expect(sent).toMatchObject({ status: 'Sent', settlementDate: inDays(0) });
    expect(sent.transactionId).toMatch(/^\d+$/);
    expect(await balanceOf(accountId)).toBe(12_300);
    expect(await refusal(unit.moveCheckDepositInSandbox(deposit.id, 'clear'))).toBe(400);

    expect(await unit.getCheckDeposit(deposit.id)).toEqual(sent);
    expect(await unit.listCheckDeposits(accountId, { limit: 10, offset: 0 })).toEqual([sent]);
    const { transactions } = await unit.listTransactions(accountId, { limit: 10, offset: 0 });
    expect(transactions.map((t) => [t.id, t.type, t.amount])).toEqual([
      [sent.transactionId, 'checkDepositTransaction', 12_000],
    ]);

    const events = await eventsAbout(deposit.id);
    expect(
      events.map(({ event }) => [
        event.type,
        event.attributes.previousStatus ?? event.attributes.status,
      ]),
    ).toEqual([
      ['checkDeposit.created', 'AwaitingImages'],
      ['checkDeposit.pendingReview', 'AwaitingCustomerConfirmation'],
      ['checkDeposit.pending', 'PendingReview'],
      ['checkDeposit.clearing', 'Pending'],
      ['checkDeposit.sent', 'Clearing'],
    ]);
    const ids = events.map(({ event }) => event.id);
    await tickUntil(test.app, async () => {
      const recorded = await test.db
        .selectFrom('unit_webhook_events')
        .select('event_id')
        .where('event_id', 'in', ids)
        .execute();
      return recorded.length === ids.length;
    });
  });

  it('takes the back first, and any image as bytes or in a multipart body', async () => {
    const accountId = await fakeAccount();
    const unit = client();
    const deposit = await unit.createCheckDeposit({
      accountId,
      amount: 5_000,
      description: 'Check',
      idempotencyKey: 'check-two',
    });
    expect((await unit.uploadCheckDepositImage(deposit.id, 'back', jpeg('back two'))).status).toBe(
      'AwaitingFrontImage',
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])], { type: 'image/png' }),
      'front.png',
    );
    const multipart = await fetch(`${fakeUrl()}/check-deposits/${deposit.id}/front`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${unitSettings(test.app).token}` },
      body: form,
    });
    expect(multipart.status).toBe(200);
    expect(
      ((await multipart.json()) as { data: { attributes: { status: string } } }).data.attributes
        .status,
    ).toBe('AwaitingCustomerConfirmation');
    const stored = await sandbox()
      .selectFrom('sandbox_unit_check_deposits')
      .select(['front_image', 'front_image_type'])
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    expect(stored.front_image_type).toBe('image/png');
    expect([...(stored.front_image ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
  });

  it('refuses an image larger than Unit takes, an empty one, an unknown deposit or account', async () => {
    const accountId = await fakeAccount();
    const unit = client();
    const deposit = await unit.createCheckDeposit({
      accountId,
      amount: 5_000,
      description: 'Check',
      idempotencyKey: 'check-three',
    });
    const put = (body: Buffer) =>
      test.app.inject({
        method: 'PUT',
        url: `/sandbox/unit/check-deposits/${deposit.id}/front`,
        headers: {
          authorization: `Bearer ${unitSettings(test.app).token}`,
          'content-type': 'image/jpeg',
        },
        payload: body,
      });
    const large = await put(Buffer.alloc(CHECK_IMAGE_LIMIT_BYTES + 1, 1));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ errors: [{ status: '413' }] });
    expect((await put(Buffer.alloc(0))).statusCode).toBe(400);
    expect(await refusal(unit.getCheckDeposit('999999999'))).toBe(404);
    expect(await refusal(unit.uploadCheckDepositImage('999999999', 'front', jpeg('x')))).toBe(404);
    expect(
      await refusal(
        unit.createCheckDeposit({
          accountId: '999999999',
          amount: 100,
          description: 'Check',
          idempotencyKey: 'nope',
        }),
      ),
    ).toBe(404);
  });

  it('rejects an amount ending in .13 as unreadable and a front already deposited as a duplicate', async () => {
    const accountId = await fakeAccount();
    const unreadable = await confirmedDeposit(accountId, 2_013, jpeg('blurry'));
    expect(unreadable).toMatchObject({ status: 'Rejected', reason: 'ImageQuality' });
    // The first deposit of a front is reviewed; the same front again is a duplicate.
    const first = await confirmedDeposit(accountId, 6_000, jpeg('the same check'));
    expect(first.status).toBe('PendingReview');
    const twice = await confirmedDeposit(accountId, 6_001, jpeg('the same check'));
    expect(twice).toMatchObject({ status: 'Rejected', reason: 'PossibleDuplicate' });
    expect(await balanceOf(accountId)).toBe(0);
    expect(
      (await eventsAbout(twice.id)).map(({ event }) => [event.type, event.attributes.reason]),
    ).toEqual([
      ['checkDeposit.created', undefined],
      ['checkDeposit.rejected', 'PossibleDuplicate'],
    ]);
  });

  it('returns an amount ending in .14 after it was credited, taking the money back', async () => {
    const accountId = await fakeAccount(1_000);
    const unit = client();
    const deposit = await confirmedDeposit(accountId, 4_014, jpeg('bouncing'));
    for (const step of ['approve', 'transmit', 'clear'] as const)
      await unit.moveCheckDepositInSandbox(deposit.id, step);
    expect(await balanceOf(accountId)).toBe(5_014);
    const returned = await tickUntil(test.app, async () => {
      const now = await unit.getCheckDeposit(deposit.id);
      return now.status === 'Returned' ? now : undefined;
    });
    expect(returned.reason).toBe('InsufficientFunds');
    expect(await balanceOf(accountId)).toBe(1_000);
    const kinds = (
      await unit.listTransactions(accountId, { limit: 10, offset: 0 })
    ).transactions.map((t) => [t.type, t.direction]);
    expect(kinds).toEqual([
      ['returnedCheckDepositTransaction', 'Debit'],
      ['checkDepositTransaction', 'Credit'],
    ]);
    expect((await eventsAbout(deposit.id)).map(({ event }) => event.type).slice(-2)).toEqual([
      'checkDeposit.sent',
      'checkDeposit.returned',
    ]);
  });
});

describe('lists of money in at the Unit fake', () => {
  const list = (path: string) =>
    test.app.inject({
      method: 'GET',
      url: `/sandbox/unit${path}`,
      headers: { authorization: `Bearer ${unitSettings(test.app).token}` },
    });
  const idsOf = async (path: string) => {
    const answer = await list(path);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data as { id: string }[]).map((r) => r.id);
  };

  it('filters by account, customer and status, and sorts either way', async () => {
    const accountId = await fakeAccount();
    const unit = client();
    const input = { accountId, companyName: 'ACME', description: 'PAY', completionDate: inDays(2) };
    const first = await unit.simulateReceivedAch({ ...input, amount: 100 });
    const second = await unit.simulateReceivedAch({ ...input, amount: 200 });
    await unit.completeReceivedPaymentInSandbox(first.id);
    const account = `filter[accountId]=${accountId}`;
    expect(await idsOf(`/received-payments?${account}`)).toEqual([second.id]);
    expect(await idsOf(`/received-payments?${account}&filter[status][0]=Completed`)).toEqual([
      first.id,
    ]);
    expect(
      await idsOf(`/received-payments?${account}&filter[includeCompleted]=true&sort=createdAt`),
    ).toEqual([first.id, second.id]);
    expect(
      await idsOf(
        `/received-payments?filter[customerId]=${first.customerId}&filter[includeCompleted]=true`,
      ),
    ).toEqual([second.id, first.id]);
    expect((await list(`/received-payments?filter[status][0]=Settled`)).statusCode).toBe(400);

    const deposits = [];
    for (const amount of [1_013, 1_000]) {
      const deposit = await unit.createCheckDeposit({
        accountId,
        amount,
        description: 'Check',
        idempotencyKey: `list-${amount}`,
      });
      await unit.uploadCheckDepositImage(deposit.id, 'front', jpeg(`list ${amount}`));
      await unit.uploadCheckDepositImage(deposit.id, 'back', jpeg('back'));
      deposits.push(await unit.confirmCheckDeposit(deposit.id));
    }
    const [rejected, reviewed] = deposits.map((d) => d.id);
    const checks = `/check-deposits?filter[accountId]=${accountId}`;
    expect(await idsOf(`${checks}&filter[status][0]=Rejected`)).toEqual([rejected]);
    expect(await idsOf(`${checks}&sort=createdAt`)).toEqual([rejected, reviewed]);
    expect(await idsOf(`/check-deposits?filter[customerId]=${first.customerId}`)).toEqual([
      reviewed,
      rejected,
    ]);
    expect((await list(`${checks}&filter[status][0]=Cleared`)).statusCode).toBe(400);
  });
});

describe('the money-in answers against Unit’s published OpenAPI', () => {
  it('gives only answers Unit’s schemas accept, and the client made every money-in call', () => {
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
    const unseen = MONEY_IN_CALLS.filter(
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
