import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import {
  fundAtPartner,
  openBankAccount,
  tickUntil,
  unitSettings,
} from '../../../test/banking-helpers';
import { atm, cardSecureToken, network, purchase, type TestCard } from '../../../test/card-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { linkSandboxBank } from '../../../test/plaid-helpers';
import { type FakeAnswer, nonConforming, recordingTestApp } from '../../../test/vendor-recorder';
import { servicesOf } from '../../app';
import { createUnitClient, UnitRefusal, UnitUnavailableError } from './unit-client';
import { UNIT_ANSWERS, unitErrorDocument } from './unit-schemas';

const test = recordingTestApp('/sandbox/unit', {
  sandboxAchSettleMs: 200,
  sandboxSameDayAchSettleMs: 20,
});

/**
 * The fake's endpoints Pago's client never reads, with why: Unit's card simulations that only the
 * sandbox card network calls, and reads only tests make.
 */
const NOT_READ_BY_PAGO: [string, RegExp][] = [
  ['POST', /^\/sandbox\/(authorizations|purchases|atm-withdrawals|card-reversals)$/],
  ['GET', /^\/cards(\/[^/]+(\/limits|\/secure-data\/pin\/status)?)?$/],
];

/** The client's money-in calls, made against the fake by sandbox/unit/unit-money-in.test.ts. */
const MONEY_IN_CALLS = new Set([
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
  // Cash at stores and ATM locations: made by sandbox/unit/unit-cash.test.ts.
  'generateCashDepositBarcode',
  'listStoreLocations',
  'listAtmLocations',
  'simulateCashDeposit',
  // Card disputes: features/card-disputes/card-disputes.test.ts makes these through the client.
  'listDisputes',
  'getDispute',
  'createDisputeInSandbox',
  'moveDisputeInSandbox',
]);
/** Check payments (bill pay): sandbox/unit/unit-check-payments.test.ts makes every one of them. */
const CHECK_PAYMENT_CALLS = new Set([
  'createCheckPayment',
  'getCheckPayment',
  'listCheckPayments',
  'cancelCheckPayment',
  'moveCheckPaymentInSandbox',
]);

/** The schema Unit publishes for this answer; undefined when none covers it. */
function schemaOf(answer: FakeAnswer) {
  if (answer.status >= 400) return unitErrorDocument;
  const documented = Object.values(UNIT_ANSWERS).find(
    (a) => a.method === answer.method && a.path.test(answer.path),
  );
  if (documented) {
    return documented.status === answer.status ? documented.schema : undefined;
  }
  return NOT_READ_BY_PAGO.some(
    ([method, path]) => method === answer.method && path.test(answer.path),
  )
    ? null
    : undefined;
}

async function statusOf(id: string) {
  return (
    await test.db
      .selectFrom('ledger_transfers')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.status;
}

describe('the Unit fake against Unit’s published OpenAPI', () => {
  it('gives only answers that Unit’s schemas accept, over every flow Pago runs at Unit', async () => {
    const { app, db } = test;
    const get = (user: { token: string }, url: string) =>
      app.inject({ method: 'GET', url, headers: bearer(user.token) });
    const send = (
      user: { token: string },
      method: 'POST' | 'PUT' | 'PATCH',
      url: string,
      payload: object,
    ) => app.inject({ method, url, headers: bearer(user.token), payload });

    // Accounts, incoming ACH, a book payment between two Pago customers.
    const [ana, beto] = [await verifiedUser(app, db, 20_000), await verifiedUser(app, db)];
    const anaBank = await openBankAccount(app, ana);
    await openBankAccount(app, beto);
    await fundAtPartner(app, anaBank.accountId, 20_000);
    const paid = await moneyPost(app, ana, '/api/unit/payments/send', {
      receiver: beto.email,
      amount: 300,
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);

    // ACH from a linked bank: one settles, one (ending in .01) is returned R01.
    const linked = await linkSandboxBank(app, ana);
    const bankId = (linked.accounts.find((a) => a.mask === '0000') ?? linked.accounts[0])?.id;
    for (const amountCents of [5_000, 2_001]) {
      const added = await moneyPost(app, ana, '/api/funding/deposits', {
        plaidAccountId: bankId,
        amountCents,
      });
      expect(added.statusCode, added.body).toBe(201);
      const done = amountCents === 5_000 ? 'completed' : 'reversed';
      await tickUntil(app, async () => {
        const status = await statusOf(added.json().id);
        return status === done || status === 'failed';
      });
    }

    // Cards: a virtual one used at a merchant and an ATM, a physical one activated with a PIN.
    const virtual = (await moneyPost(app, ana, '/api/cards', { type: 'virtual' })).json();
    expect((await send(ana, 'POST', `/api/cards/${virtual.id}/freeze`, {})).statusCode).toBe(200);
    expect((await send(ana, 'POST', `/api/cards/${virtual.id}/unfreeze`, {})).statusCode).toBe(200);
    const limits = await send(ana, 'PATCH', `/api/cards/${virtual.id}/limits`, {
      dailyPurchaseCents: 100_000,
    });
    expect(limits.statusCode, limits.body).toBe(200);
    // The numbers as the browser's secure frame reads them: from the vault, with the token.
    const secure = await cardSecureToken(app, ana, virtual.id, 'show');
    expect(secure.statusCode, secure.body).toBe(200);
    const { token, partnerCardId } = secure.json();
    const vault = (field: string) =>
      app.inject({
        url: `/sandbox/unit/cards/${partnerCardId}/secure-data/${field}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const card: TestCard = {
      ...virtual,
      pan: (await vault('pan')).json().data.attributes.pan,
      cvv: (await vault('cvv')).json().data.attributes.cvv,
      partnerCardId,
    };
    const bought = await purchase(app, card, 2_500);
    expect(bought.json(), bought.body).toMatchObject({ approved: true });
    const authorizationId = bought.json().authorizationId as string;
    await network(app, 'clear', { authorizationId, amountCents: 2_500 });
    await network(app, 'refund', { authorizationId, amountCents: 1_000, refundId: 'r-1' });
    // A reversed one: Pago reads the authorization back, as it reads each card transaction.
    const reversed = (await purchase(app, card, 500)).json().authorizationId as string;
    await network(app, 'reverse', { authorizationId: reversed });
    await tickUntil(app, async () => {
      const read = test.answers().map((a) => a.path);
      return (
        read.some((path) => UNIT_ANSWERS.getTransaction.path.test(path)) &&
        read.some((path) => UNIT_ANSWERS.getAuthorization.path.test(path))
      );
    });
    for (const atmNetwork of ['in', 'out'] as const) {
      const withdrawn = await atm(app, card, 2_000, atmNetwork);
      expect(withdrawn.json(), withdrawn.body).toMatchObject({ approved: true });
      await network(app, 'clear', {
        authorizationId: withdrawn.json().authorizationId,
        amountCents: 2_000,
      });
    }
    const physical = (await moneyPost(app, ana, '/api/cards', { type: 'physical' })).json();
    const activated = await send(ana, 'POST', `/api/cards/${physical.id}/activate`, {
      last4: physical.last4,
      expMonth: physical.expMonth,
      expYear: physical.expYear,
    });
    expect(activated.json(), activated.body).toMatchObject({ status: 'active' });
    // Unit's card.activated event: Pago reads the card back.
    await tickUntil(app, async () =>
      test.answers().some((a) => a.method === 'GET' && UNIT_ANSWERS.getCard.path.test(a.path)),
    );
    const write = await cardSecureToken(app, ana, physical.id, 'pin');
    const pin = await app.inject({
      method: 'PUT',
      url: `/sandbox/unit/cards/${write.json().partnerCardId}/secure-data/pin`,
      headers: {
        authorization: `Bearer ${write.json().token}`,
        'content-type': 'application/vnd.api+json',
      },
      payload: JSON.stringify({ data: { type: 'setPin', attributes: { pin: '4821' } } }),
    });
    expect(pin.statusCode, pin.body).toBe(200);

    // The account's history (every kind of transaction above) and its statements.
    const history = await get(ana, '/api/unit/transactions?limit=100');
    expect(history.statusCode, history.body).toBe(200);
    const kinds = new Set(history.json().settled.map((t: { kind: string }) => t.kind));
    expect([...kinds].sort()).toEqual([
      'atmTransaction',
      'bookTransaction',
      'originatedAchTransaction',
      'purchaseTransaction',
      'receivedAchTransaction',
      'returnedAchTransaction',
    ]);
    const statements = await get(ana, '/api/unit/statements');
    expect(statements.statusCode, statements.body).toBe(200);
    const month = statements.json().statements[0].month as string;
    expect((await get(ana, `/api/unit/statements/${month}/pdf`)).statusCode).toBe(200);

    // Reconciliation reads each account; an application is read back by its id.
    await servicesOf(app).banking.reconcile();
    const application = await db
      .selectFrom('sandbox_unit_applications')
      .select('id')
      .executeTakeFirstOrThrow();
    const client = createUnitClient({
      baseUrl: () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/sandbox/unit`,
      token: unitSettings(app).token,
    });
    expect(await client.getApplication(application.id)).toMatchObject({ status: 'Approved' });
    // Closing a customer's account (features/account-rights): last, as nothing moves after it.
    const opened = await db
      .selectFrom('bank_accounts')
      .select('unit_account_id')
      .executeTakeFirstOrThrow();
    expect(await client.closeAccount(opened.unit_account_id, 'ByCustomer')).toMatchObject({
      status: 'Closed',
    });

    const answers = test.answers();
    expect(nonConforming(answers, schemaOf)).toEqual([]);
    // The card transactions say what the network said: the out-of-network ATM owner's surcharge.
    const listed = answers.filter((a) => a.method === 'GET' && a.path === '/transactions').at(-1);
    const atms = (JSON.parse(listed?.body ?? '{}').data as { type: string; attributes: object }[])
      .filter((t) => t.type === 'atmTransaction')
      .map((t) => t.attributes);
    expect(atms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ surcharge: 300, cardLast4Digits: card.pan.slice(-4) }),
        expect.objectContaining({ surcharge: 0 }),
      ]),
    );
    // Every Unit call the client makes was seen at least once; money in (received payments,
    // check deposits) is not in Pago's flows yet, and sandbox/unit/unit-money-in.test.ts makes those.
    const seen = Object.entries(UNIT_ANSWERS)
      .filter(([, a]) => answers.some((r) => r.method === a.method && a.path.test(r.path)))
      .map(([name]) => name);
    expect(
      Object.keys(UNIT_ANSWERS).filter(
        (name) =>
          !seen.includes(name) && !MONEY_IN_CALLS.has(name) && !CHECK_PAYMENT_CALLS.has(name),
      ),
    ).toEqual([]);
  });
});

describe('the Unit client', () => {
  /** A Unit stand-in that answers every call with `status` and `body`. */
  async function standIn(status: number, body: unknown) {
    const server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/vnd.api+json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const logged: object[] = [];
    const client = createUnitClient({
      baseUrl: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 'token',
      log: { error: (fields) => logged.push(fields) },
    });
    return { client, logged };
  }
  const card = {
    type: 'individualDebitCard',
    id: '7',
    attributes: {
      createdAt: '2026-11-01T00:00:00.000Z',
      last4Digits: '1234',
      expirationDate: '2030-11',
      status: 'Active',
    },
    relationships: { account: { data: { type: 'depositAccount', id: '3' } } },
  };

  it('refuses a transaction Unit does not have (the old fake’s achTransaction), and logs it', async () => {
    const { client, logged } = await standIn(200, {
      data: [
        {
          type: 'achTransaction',
          id: '9',
          attributes: {
            createdAt: '2026-11-01T00:00:00.000Z',
            amount: 500,
            direction: 'Credit',
            balance: 500,
            summary: 'Deposit',
          },
          relationships: { account: { data: { type: 'depositAccount', id: '3' } } },
        },
      ],
    });
    const failed = await client.listTransactions('3', { limit: 10, offset: 0 }).catch((e) => e);
    expect(failed).toBeInstanceOf(UnitUnavailableError);
    expect(failed.statusCode).toBe(503);
    expect(logged).toMatchObject([{ vendor: 'unit', call: 'listTransactions' }]);
  });

  it('refuses a purchase transaction without its merchant and card', async () => {
    const { client } = await standIn(200, {
      data: [
        {
          type: 'purchaseTransaction',
          id: '9',
          attributes: {
            createdAt: '2026-11-01T00:00:00.000Z',
            amount: 500,
            direction: 'Debit',
            balance: 500,
            summary: 'Café Luna',
          },
          relationships: { account: { data: { type: 'depositAccount', id: '3' } } },
        },
      ],
    });
    await expect(client.listTransactions('3', { limit: 10, offset: 0 })).rejects.toBeInstanceOf(
      UnitUnavailableError,
    );
  });

  it('refuses a sandbox activation answered 200 (Unit documents 201), and takes the 201', async () => {
    const wrong = await standIn(200, { data: card });
    await expect(wrong.client.activateCardInSandbox('7')).rejects.toBeInstanceOf(
      UnitUnavailableError,
    );
    expect(wrong.logged).toMatchObject([{ vendor: 'unit', status: 200, documented: 201 }]);
    const right = await standIn(201, { data: card });
    expect(await right.client.activateCardInSandbox('7')).toMatchObject({ status: 'Active' });
  });

  it('names what failed: Unit’s 5xx without its errors body, a 4xx without one, no answer', async () => {
    const bare = await standIn(502, { message: 'Bad Gateway' });
    const failed = await bare.client.getAccount('3').catch((e) => e);
    expect(failed).toBeInstanceOf(UnitUnavailableError);
    expect(failed.details).toEqual({ reason: 'http_502' });
    const documented = await standIn(503, { errors: [{ status: '503', title: 'Down' }] });
    expect((await documented.client.getAccount('3').catch((e) => e)).details).toEqual({
      reason: 'http_503',
    });
    const refused = await standIn(404, { message: 'Not Found' });
    expect(await refused.client.getAccount('3').catch((e) => e)).toBeInstanceOf(UnitRefusal);
    const gone = createUnitClient({
      baseUrl: () => 'http://127.0.0.1:1',
      token: 'token',
      log: { error: () => {} },
    });
    expect((await gone.getAccount('3').catch((e) => e)).details).toEqual({ reason: 'unreachable' });
  });

  it('refuses an account whose optional field is null (optional is not nullable)', async () => {
    const { client } = await standIn(200, {
      data: {
        type: 'depositAccount',
        id: '3',
        attributes: {
          createdAt: '2026-11-01T00:00:00.000Z',
          name: 'Pago',
          depositProduct: 'checking',
          routingNumber: '812345678',
          accountNumber: null,
          currency: 'USD',
          balance: 0,
          hold: 0,
          available: 0,
          tags: {},
          status: 'Open',
        },
        relationships: { customer: { data: { type: 'customer', id: '2' } } },
      },
    });
    await expect(client.getAccount('3')).rejects.toBeInstanceOf(UnitUnavailableError);
  });
});
