import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../test/accounts-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../test/money-helpers';
import { buildTestApp } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import type { AppInstance } from './app';
import { buildApp, servicesOf } from './app';
import { loadConfig } from './config';
import type { Database } from './db/database';

// One database, seen by a sandbox app (to make a funded, verified user and a quote) and by a live
// app, whose partners for payouts, bill pay and bank accounts have no live integration yet.
let sandbox: AppInstance;
let live: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  sandbox = await buildTestApp(db);
  // Listening: its sandbox fakes (the payout partner's) answer over HTTP.
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  // Live mode sends e-mail over SMTP only; nothing here sends any.
  live = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:2525' });
});
afterAll(async () => {
  await Promise.all([sandbox.close(), live.close()]);
});

async function ledgerRows(): Promise<{ transfers: number; entries: number }> {
  const { rows } = await sql<{ transfers: number; entries: number }>`
    select (select count(*)::int from ledger_transfers) as transfers,
           (select count(*)::int from ledger_entries) as entries`.execute(db);
  return rows[0] as { transfers: number; entries: number };
}

function expectRefused(response: { statusCode: number; json(): unknown }, feature: string) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({
    error: {
      code: 'feature_unavailable_in_live_mode',
      message: expect.stringContaining('live mode'),
      details: { feature },
    },
  });
}

describe('live mode with a fake partner is impossible', () => {
  it('says which partner features it has, and sandbox mode has them all', async () => {
    expect((await live.inject({ url: '/api/features' })).json()).toMatchObject({
      mode: 'live',
      remittances: false,
      billPay: false,
      bankAccount: false,
      cards: false,
      cardSecureData: false,
      externalSignIn: null,
      checkDeposits: false,
    });
    expect((await sandbox.inject({ url: '/api/features' })).json()).toEqual({
      mode: 'sandbox',
      remittances: true,
      billPay: true,
      bankAccount: true,
      cards: true,
      cardSecureData: true,
      cardActivation: true,
      externalSignIn: { providerName: 'Pago Sandbox ID' },
      identityVerification: true,
      linkedBanks: true,
      phoneVerification: true,
      cardFunding: true,
      checkDeposits: true,
    });
  });

  it('refuses external sign-in without a configured issuer, and serves no sandbox provider', async () => {
    expectRefused(await live.inject({ url: '/api/auth/external/start' }), 'externalSignIn');
    expectRefused(
      await live.inject({
        method: 'POST',
        url: '/api/auth/external/callback',
        payload: { code: 'abc', state: 'def' },
      }),
      'externalSignIn',
    );
    const discovery = await live.inject({ url: '/sandbox/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
  });

  it('refuses a remittance, a bill payment and opening a bank account, writing nothing', async () => {
    const ana = await verifiedUser(sandbox, db, 50_000);
    const quote = {
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'express',
      recipientPhone: '+525598765432',
    };
    const payers = await sandbox.inject({
      url: '/api/remittances/payers?country=MX&method=bank_deposit',
      headers: bearer(ana.token),
    });
    const maria = {
      firstName: 'María',
      lastName: 'López',
      country: 'MX',
      phone: quote.recipientPhone,
      payout: {
        method: 'bank_deposit',
        payerId: payers.json().items[0].id,
        fields: { clabe: '002115016003269411' },
      },
    };
    const saved = await sandbox.inject({
      method: 'POST',
      url: '/api/recipients',
      headers: bearer(ana.token),
      payload: maria,
    });
    expect(saved.statusCode).toBe(201);
    const q = (
      await sandbox.inject({
        method: 'POST',
        url: '/api/transactions/quote',
        headers: bearer(ana.token),
        payload: quote,
      })
    ).json();
    const before = await ledgerRows();

    const quoted = await live.inject({
      method: 'POST',
      url: '/api/transactions/quote',
      headers: bearer(ana.token),
      payload: quote,
    });
    expectRefused(quoted, 'remittances');
    const sent = await moneyPost(live, ana, '/api/transactions/send', {
      recipientName: quote.recipientPhone,
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'express',
      quoteId: q.quoteId,
    });
    expectRefused(sent, 'remittances');
    // Sending home: a recipient saved in sandbox mode cannot be paid, nor a new one saved.
    expectRefused(
      await live.inject({
        method: 'POST',
        url: '/api/recipients',
        headers: bearer(ana.token),
        payload: maria,
      }),
      'remittances',
    );
    expectRefused(
      await live.inject({
        url: '/api/remittances/payers?country=MX',
        headers: bearer(ana.token),
      }),
      'remittances',
    );
    expectRefused(
      await moneyPost(live, ana, '/api/remittances', {
        recipientId: saved.json().id,
        amountUsd: 100,
        speed: 'express',
        quoteId: q.quoteId,
      }),
      'remittances',
    );

    const billers = await live.inject({ url: '/api/billers', headers: bearer(ana.token) });
    expectRefused(billers, 'billPay');
    const paid = await moneyPost(live, ana, '/api/unit/bill-payment', {
      paymentType: 'electricity',
      payeeId: 'electricity-1',
      amount: 8450,
      accountId: '7788-1234-9',
    });
    expectRefused(paid, 'billPay');

    expectRefused(await moneyPost(live, ana, '/api/unit/accounts/create', {}), 'bankAccount');
    expectRefused(await moneyPost(live, ana, '/api/cards', { type: 'virtual' }), 'cards');
    expectRefused(
      await moneyPost(live, ana, '/api/check-deposits', { amountCents: 12_000 }),
      'checkDeposits',
    );
    expectRefused(
      await live.inject({ url: '/api/check-deposits/limits', headers: bearer(ana.token) }),
      'checkDeposits',
    );
    // The wallet's statement is Pago's, from the ledger: it needs no partner.
    const statements = await live.inject({
      method: 'GET',
      url: '/api/unit/statements',
      headers: bearer(ana.token),
    });
    expect(statements.statusCode).toBe(200);
    for (const url of ['/api/direct-deposit', '/api/direct-deposit/form.pdf']) {
      expectRefused(
        await live.inject({ method: 'GET', url, headers: bearer(ana.token) }),
        'bankAccount',
      );
    }
    const bankAccounts = await db
      .selectFrom('bank_accounts')
      .select('id')
      .where('user_id', '=', ana.id)
      .execute();
    expect(bankAccounts).toEqual([]);
    // The sandbox's "my employer paid me" is not mounted in live mode.
    const payroll = await live.inject({
      method: 'POST',
      url: '/sandbox/direct-deposit/payroll',
      payload: { accountNumber: '123456789', amountCents: 25_000 },
    });
    expect(payroll.statusCode).toBe(404);

    expect(await ledgerRows()).toEqual(before);
    expect(await balanceOf(live, ana)).toBe(50_000);
    // Nothing to hand to a payout partner either: there is none.
    expect(await servicesOf(live).remittances.sweepPayouts()).toBe(0);
  });

  it('sends remittances in live mode when THUNES_* point at a server speaking the API', async () => {
    const { port } = sandbox.server.address() as AddressInfo;
    const sandboxThunes = sandbox.deps.config.thunes;
    if (!sandboxThunes) throw new Error('sandbox mode has Thunes settings');
    const withPartner = await buildTestApp(db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:2525',
      thunes: { ...sandboxThunes, baseUrl: `http://127.0.0.1:${port}/sandbox/thunes` },
    });
    try {
      expect((await withPartner.inject({ url: '/api/features' })).json().remittances).toBe(true);
      // Its own sandbox fake is not served in live mode.
      expect((await withPartner.inject({ url: '/sandbox/thunes/ping' })).statusCode).toBe(404);
      const ana = await verifiedUser(sandbox, db, 50_000);
      const payers = await withPartner.inject({
        url: '/api/remittances/payers?country=GT&method=cash_pickup',
        headers: bearer(ana.token),
      });
      expect(payers.statusCode).toBe(200);
      const saved = await withPartner.inject({
        method: 'POST',
        url: '/api/recipients',
        headers: bearer(ana.token),
        payload: {
          firstName: 'José',
          lastName: 'Pérez',
          country: 'GT',
          phone: '+50222345678',
          payout: {
            method: 'cash_pickup',
            payerId: payers.json().items[0].id,
            fields: { id_type: 'NATIONAL_ID', id_number: '1234567890101' },
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const quote = await withPartner.inject({
        method: 'POST',
        url: '/api/transactions/quote',
        headers: bearer(ana.token),
        payload: {
          recipientCountry: 'GT',
          amountUsd: 100,
          speed: 'express',
          recipientId: saved.json().id,
        },
      });
      expect(quote.json()).toMatchObject({ feeCents: 1048, transferKind: 'remittance' });
      const sent = await moneyPost(withPartner, ana, '/api/remittances', {
        recipientId: saved.json().id,
        amountUsd: 100,
        speed: 'express',
        quoteId: quote.json().quoteId,
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const partner = await db
        .selectFrom('sandbox_thunes_transactions')
        .select(['status', 'callback_url'])
        .where('external_id', '=', sent.json().id)
        .executeTakeFirstOrThrow();
      // Confirmed at the partner, which will call back at the live server's public address.
      expect(partner.status).toBe('20000');
      expect(partner.callback_url).toBe(`${withPartner.deps.config.publicUrl}/api/thunes/callback`);
      expect(await balanceOf(withPartner, ana)).toBe(50_000 - 11_048);
    } finally {
      await withPartner.close();
    }
  });

  it('still moves money between Pago users in live mode', async () => {
    const [ana, beto] = [await verifiedUser(sandbox, db, 10_000), await verifiedUser(sandbox, db)];
    const sent = await moneyPost(live, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      recipientCountry: 'MX',
      amountUsd: 5,
    });
    expect(sent.statusCode).toBe(201);
    expect(await balanceOf(live, beto)).toBe(500);
  });
});

describe('card authorizations in live mode without the partner', () => {
  it('are refused (503), and the sandbox card network does not exist', async () => {
    const bare = await buildTestApp(db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:2525',
      unit: null,
    });
    const body = JSON.stringify({ data: { type: 'purchaseAuthorizationRequest', id: '1' } });
    const answer = await bare.inject({
      method: 'POST',
      url: '/api/unit/card-authorizations',
      headers: { 'content-type': 'application/json', 'x-unit-signature': 'x' },
      payload: body,
    });
    expectRefused(answer, 'bankAccount');
    const network = await live.inject({ method: 'POST', url: '/sandbox/cards/network/purchase' });
    expect(network.statusCode).toBe(404);
    expect((await live.inject({ url: '/sandbox/cards' })).statusCode).not.toBe(200);
    await bare.close();
  });
});

describe('live mode with only the database, APP_SECRET and SMTP', () => {
  let bare: AppInstance;
  beforeAll(async () => {
    const config = loadConfig({
      PAGO_MODE: 'live',
      APP_SECRET: 'z'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      LOG_LEVEL: 'silent',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_POOL_WAITING: '0',
    });
    bare = await buildApp({ config, db });
  });
  afterAll(() => bare.close());

  it('starts, answers health, and lists every vendor feature as refused', async () => {
    expect((await bare.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await bare.inject({ url: '/api/features' })).json()).toEqual({
      mode: 'live',
      remittances: false,
      billPay: false,
      bankAccount: false,
      cards: false,
      cardSecureData: false,
      cardActivation: false,
      externalSignIn: null,
      identityVerification: false,
      linkedBanks: false,
      phoneVerification: false,
      cardFunding: false,
      checkDeposits: false,
    });
  });

  it('refuses identity verification, bank linking and phone checks, each on its own', async () => {
    const ana = await signUp(sandbox, { name: 'Ana Bare' });
    const auth = bearer(ana.token);
    const settings = await bare.inject({ url: '/api/identity/settings', headers: auth });
    expect(settings.statusCode).toBe(200);
    expectRefused(
      await bare.inject({
        method: 'POST',
        url: '/api/plaid/identity-verification/create',
        headers: auth,
        payload: {},
      }),
      'identityVerification',
    );
    expectRefused(
      await bare.inject({
        method: 'POST',
        url: '/api/persona/create-inquiry',
        headers: auth,
        payload: { firstName: 'Ana', lastName: 'Bare', email: 'ana.bare@example.com' },
      }),
      'identityVerification',
    );
    expectRefused(
      await bare.inject({
        method: 'POST',
        url: '/api/webhooks/persona',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      }),
      'identityVerification',
    );
    expectRefused(
      await bare.inject({
        method: 'POST',
        url: '/api/plaid/link-token',
        headers: auth,
        payload: {},
      }),
      'linkedBanks',
    );
    const phone = await bare.inject({
      method: 'POST',
      url: '/api/phone/send-code',
      headers: auth,
      payload: { phone: '+12025550123' },
    });
    expect(phone.statusCode).toBe(503);
  });
});
