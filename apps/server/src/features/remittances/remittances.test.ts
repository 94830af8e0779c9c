import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { formatReference } from '@pago/shared/reference';
import { REMITTANCE_RIGHTS } from '@pago/shared/remittance-rights';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listMail } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  postQuote,
  verifiedUser,
} from '../../../test/money-helpers';
import {
  CLABE,
  call,
  finishWait,
  GT_IBAN,
  payerOf,
  quoteFor,
  saveRecipient,
  sendHome,
  steps,
  THUNES_TEST_TIMINGS,
  track,
  turn,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { createThunesClient } from '../../providers/thunes/thunes-client';
import { findInvariantViolations } from '../ledger/ledger.repository';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

const mariaMx = { country: 'MX', phone: '+525512345678' } as const;
const gtPhone = '+50222345678';

/** The remittance notifications a user has, oldest first, by type. */
async function notificationTypes(userId: string): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from notifications where user_id = ${userId} and type like 'remittance%'
    order by created_at`.execute(t.db);
  return rows.map((row) => row.type);
}

/** The fake's transactions for a transfer (how often Pago created and confirmed it). */
async function partnerTransactions(transferId: string) {
  return t.db
    .selectFrom('sandbox_thunes_transactions')
    .selectAll()
    .where('external_id', '=', transferId)
    .execute();
}

async function refundsOf(transferId: string) {
  return t.db
    .selectFrom('ledger_transfers')
    .select(['id', 'amount_cents'])
    .where('kind', '=', 'remittance_refund')
    .where('related_transfer_id', '=', transferId)
    .execute();
}

const statusOf = async (user: MoneyUser, id: string) =>
  (await track(t, user, id)).json().transfer.status as string;

describe('payers and saved recipients', () => {
  it('lists the partner’s payers per country and method, with the fields each requires', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const gt = (await call(t, ana, 'GET', '/api/remittances/payers?country=GT')).json().items;
    expect(gt.map((p: { method: string }) => p.method).sort()).toEqual([
      'bank_deposit',
      'cash_pickup',
      'mobile_wallet',
    ]);
    const cash = await payerOf(t, ana, 'GT', 'cash_pickup');
    expect(cash).toMatchObject({ express: true, fields: ['id_type', 'id_number'] });
    expect((await payerOf(t, ana, 'MX', 'bank_deposit')).fields).toEqual(['clabe']);
    expect((await payerOf(t, ana, 'CO', 'bank_deposit')).fields).toEqual([
      'bank_account_number',
      'bank_code',
      'account_type',
      'id_type',
      'id_number',
    ]);
    // A Colombian bank pays in a day or two: not express.
    expect((await payerOf(t, ana, 'CO', 'bank_deposit')).express).toBe(false);
    const bad = await call(t, ana, 'GET', '/api/remittances/payers?country=US');
    expect(bad.statusCode).toBe(400);
  });

  it('saves what the payer requires, masked, its owner only; changes and deletes', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const bank = await payerOf(t, ana, 'MX', 'bank_deposit');
    const created = await call(t, ana, 'POST', '/api/recipients', {
      firstName: 'María',
      lastName: 'López Hernández',
      ...mariaMx,
      payout: {
        method: 'bank_deposit',
        payerId: bank.id,
        fields: { clabe: '002 115 016003269411' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      fullName: 'María López Hernández',
      needsUpdate: false,
      payout: {
        method: 'bank_deposit',
        payerId: bank.id,
        payerName: bank.name,
        accountMask: '••••9411',
        fields: { clabe: '••••9411' },
      },
    });
    expect(JSON.stringify(created.json())).not.toContain(CLABE);
    expect((await call(t, beto, 'GET', '/api/recipients')).json().items).toEqual([]);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(t, beto, method, `/api/recipients/${id}`)).statusCode).toBe(404);
    }
    const cash = await payerOf(t, ana, 'MX', 'cash_pickup');
    const changed = await call(t, ana, 'PUT', `/api/recipients/${id}`, {
      firstName: 'María',
      lastName: 'López',
      ...mariaMx,
      payout: {
        method: 'cash_pickup',
        payerId: cash.id,
        fields: { id_type: 'NATIONAL_ID', id_number: 'LOHM900412', clabe: CLABE },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Only the payer's own fields are kept.
    expect(changed.json().payout.fields).toEqual({ id_type: 'NATIONAL_ID', id_number: '••••0412' });
    expect((await call(t, ana, 'DELETE', `/api/recipients/${id}`)).json()).toEqual({
      removed: true,
    });
  });

  it('refuses a missing required field (422, before any partner call), a bad CLABE, another country’s payer', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const cash = await payerOf(t, ana, 'GT', 'cash_pickup');
    const body = (payout: object) => ({
      firstName: 'José',
      lastName: 'Pérez',
      country: 'GT',
      phone: gtPhone,
      payout,
    });
    const missing = await call(
      t,
      ana,
      'POST',
      '/api/recipients',
      body({
        method: 'cash_pickup',
        payerId: cash.id,
        fields: { id_type: 'NATIONAL_ID' },
      }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatchObject({
      code: 'payer_field_required',
      details: { fields: ['id_number'] },
    });
    const mxBank = await payerOf(t, ana, 'MX', 'bank_deposit');
    const elsewhere = await call(
      t,
      ana,
      'POST',
      '/api/recipients',
      body({
        method: 'bank_deposit',
        payerId: mxBank.id,
        fields: { iban: GT_IBAN },
      }),
    );
    expect(elsewhere.json().error.code).toBe('payer_not_found');
    const badClabe = await call(t, ana, 'POST', '/api/recipients', {
      ...body({}),
      country: 'MX',
      phone: mariaMx.phone,
      payout: {
        method: 'bank_deposit',
        payerId: mxBank.id,
        fields: { clabe: '002115016003269412' },
      },
    });
    expect(badClabe.statusCode).toBe(400);
    const unknownField = await call(t, ana, 'POST', '/api/recipients', {
      ...body({ method: 'cash_pickup', payerId: cash.id, fields: {} }),
      nickname: 'Pepe',
    });
    expect(unknownField.statusCode).toBe(400);
    // Nothing was quoted or created at the partner for any of these.
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from sandbox_thunes_transactions`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('shows a recipient saved before the payers as needing an update, and will not send to it', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const saved = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    // As migration 0036 leaves a recipient of the stand-in partner: no payer.
    await t.db
      .updateTable('remittance_recipients')
      .set({
        payer_id: null,
        payout_details: JSON.stringify({ method: 'cash_pickup', locationId: 'MX-1' }),
      })
      .where('id', '=', saved.id)
      .execute();
    expect((await call(t, ana, 'GET', `/api/recipients/${saved.id}`)).json()).toMatchObject({
      needsUpdate: true,
      payout: { payerId: null },
    });
    const quote = await quoteFor(t, ana, saved);
    expect(quote.json().error.code).toBe('recipient_needs_update');
  });
});

describe('quotes and disclosures', () => {
  it('quotes the partner’s rate less Pago’s spread, bound to the partner’s quotation, with the disclosure', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mx = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const quote = (await quoteFor(t, ana, mx, 100)).json();
    // The sandbox partner's MXN rate is 18.25; Pago's spread on MXN is 2.0%.
    expect(quote).toMatchObject({
      transferKind: 'remittance',
      marketRate: '18.25',
      spreadBps: 200,
      fxRate: '17.885000',
      payoutAmount: '1788.50',
      feeCents: 449,
      payerName: expect.stringContaining('Banco'),
      disclosure: {
        transferAmountCents: 10_000,
        transferFeeCents: 449,
        transferTaxesCents: 0,
        totalCents: 10_449,
        exchangeRate: '17.885000',
        payoutCurrency: 'MXN',
        transferAmountForeign: '1788.50',
        otherFeesForeign: '0.00',
        totalToRecipient: '1788.50',
        recipientMayReceiveLess: true,
      },
    });
    const row = await t.db
      .selectFrom('quotes')
      .select(['partner_quotation_id', 'partner_source_amount', 'recipient_id'])
      .where('id', '=', quote.quoteId)
      .executeTakeFirstOrThrow();
    expect(row.recipient_id).toBe(mx.id);
    const partnerQuote = await t.db
      .selectFrom('sandbox_thunes_quotations')
      .selectAll()
      .where('id', '=', Number(row.partner_quotation_id))
      .executeTakeFirstOrThrow();
    // The recipient receives to the unit what was disclosed; Pago pays the partner its source.
    expect(partnerQuote.mode).toBe('DESTINATION_AMOUNT');
    expect(Number(partnerQuote.destination_amount)).toBe(1788.5);
    expect(Number(row.partner_source_amount)).toBe(Number(partnerQuote.source_amount));

    // Other corridors carry a 2.5% spread; a cash pickup shows no "may receive less" statement.
    const gt = await saveRecipient(t, ana, {
      country: 'GT',
      phone: gtPhone,
      method: 'cash_pickup',
      fields: { id_type: 'NATIONAL_ID', id_number: '1234567890101' },
    });
    const gtQuote = (await quoteFor(t, ana, gt, 100, 'express')).json();
    expect(gtQuote).toMatchObject({
      spreadBps: 250,
      feeCents: 1048,
      totalCents: 11_048,
      deliveryEstimate: 'under_30_minutes',
      disclosure: { recipientMayReceiveLess: false, payoutCurrency: 'GTQ' },
    });
  });

  it('offers express in every region on payers that pay in minutes, not on slow banks', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    for (const [country, phone] of [
      ['SV', '+50372345678'],
      ['CO', '+573001234567'],
    ] as const) {
      const wallet = await saveRecipient(t, ana, { country, phone, method: 'mobile_wallet' });
      const express = await quoteFor(t, ana, wallet, 100, 'express');
      expect(express.statusCode, express.body).toBe(200);
    }
    const coBank = await saveRecipient(t, ana, {
      country: 'CO',
      phone: '+573001234567',
      method: 'bank_deposit',
      fields: {
        bank_account_number: '1234567890',
        bank_code: '007',
        account_type: 'SAVINGS',
        id_type: 'NATIONAL_ID',
        id_number: '1020304050',
      },
    });
    const refused = await quoteFor(t, ana, coBank, 100, 'express');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('express_unavailable');
    // South America's express price: 2.5% + $3.99 + $5.99.
    const co = await saveRecipient(t, ana, {
      country: 'CO',
      phone: '+573001234568',
      method: 'mobile_wallet',
    });
    expect((await quoteFor(t, ana, co, 100, 'express')).json().feeCents).toBe(250 + 399 + 599);
  });

  it('refuses an amount over the payer’s maximum with the partner’s reason, moving nothing', async () => {
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const wallet = await saveRecipient(t, ana, {
      country: 'SV',
      phone: '+50372345678',
      method: 'mobile_wallet',
    });
    const over = await quoteFor(t, ana, wallet, 800);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('amount_outside_payer_limits');
    expect(await balanceOf(t.app, ana)).toBe(100_000);
  });

  it('has every disclosure statement in Spanish and in English', () => {
    for (const language of ['es', 'en'] as const) {
      const rights = REMITTANCE_RIGHTS[language];
      for (const text of [
        rights.cancellation,
        rights.errorResolution,
        rights.recipientMayReceiveLess,
        rights.otherFeesNote,
        ...Object.values(rights.labels),
      ]) {
        expect(text.length).toBeGreaterThan(3);
      }
    }
    expect(REMITTANCE_RIGHTS.es.cancellation).toContain('30 minutos');
    expect(REMITTANCE_RIGHTS.en.cancellation).toContain('30 minutes');
    expect(REMITTANCE_RIGHTS.es.errorResolution).toContain('180 días');
    expect(REMITTANCE_RIGHTS.en.errorResolution).toContain('180 days');
  });
});

describe('sending home through the partner', () => {
  it('sends $100 express to a Guatemala cash pickup: fee $10.48, available with a pickup code, then picked up', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const gt = await saveRecipient(t, ana, {
      country: 'GT',
      phone: gtPhone,
      method: 'cash_pickup',
      fields: { id_type: 'NATIONAL_ID', id_number: '1234567890101' },
    });
    const sent = await sendHome(t, ana, gt, 100, 'express');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      kind: 'remittance',
      status: 'processing',
      feeCents: 1048,
      totalCents: 11_048,
      details: { recipientId: gt.id, payoutMethod: 'cash_pickup' },
    });
    const id = sent.json().id;
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 11_048);
    // Created and confirmed at the partner within the request, once.
    const [partner] = await partnerTransactions(id);
    expect(partner).toMatchObject({ status: '20000' });
    const tracked = (await track(t, ana, id)).json();
    expect(tracked).toMatchObject({
      cancellable: true,
      pickupCode: null,
      disclosure: { totalCents: 11_048, totalToRecipient: expect.any(String) },
      canReport: true,
      recipient: { fullName: 'María López', payout: { method: 'cash_pickup' } },
    });
    expect(new Date(tracked.cancelBy).getTime() - new Date(sent.json().createdAt).getTime()).toBe(
      30 * 60_000,
    );
    // The receipt by e-mail, once, in the sender's language, with the rule's statements, its
    // times in the sender's own zone (chosen: Los Angeles).
    await t.db
      .updateTable('users')
      .set({ time_zone: 'America/Los_Angeles' })
      .where('id', '=', ana.id)
      .execute();
    await servicesOf(t.app).remittances.sendReceipts();
    await servicesOf(t.app).remittances.sendReceipts();
    const receipts = (await listMail(t.app, ana.email)).filter((m) =>
      m.subject.includes(formatReference(sent.json().reference)),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(REMITTANCE_RIGHTS.es.cancellation);
    expect(receipts[0]?.text).toContain(REMITTANCE_RIGHTS.es.errorResolution);
    expect(receipts[0]?.text).toContain('110.48');
    expect(receipts[0]?.text).toMatch(/\d:\d\d\s[ap]\.\s?m\. PST/);
    expect(receipts[0]?.text).not.toMatch(/E[SD]T/);

    await until(t, async () => (await track(t, ana, id)).json().pickupCode !== null);
    const ready = (await track(t, ana, id)).json();
    expect(ready.pickupCode).toMatch(/^\d{10}$/);
    expect(ready.transfer.status).toBe('delivered');
    expect(ready.timeline.map((s: { step: string }) => s.step)).toEqual([
      'created',
      'sent_to_partner',
      'submitted',
      'available_for_pickup',
    ]);
    expect(await notificationTypes(ana.id)).toEqual(['remittance_pickup_ready']);

    await finishWait(t, id);
    await until(t, async () => (await steps(t, ana, id)).includes('picked_up'));
    const done = (await track(t, ana, id)).json();
    expect(done.cancellable).toBe(false);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 11_048);
    const beto = await verifiedUser(t.app, t.db);
    expect((await track(t, beto, id)).statusCode).toBe(404);
  });

  it('deposits to a bank, and refunds a declined beneficiary (0000) in full, once', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const bank = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const closed = await saveRecipient(t, ana, {
      ...mariaMx,
      phone: '+525512340000',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const deposited = (await sendHome(t, ana, bank, 20)).json().id;
    const declined = (await sendHome(t, ana, closed, 20)).json().id;
    await until(t, async () => (await statusOf(ana, declined)) === 'refunded');
    await until(t, async () => (await statusOf(ana, deposited)) === 'delivered');
    expect(await steps(t, ana, deposited)).toEqual([
      'created',
      'sent_to_partner',
      'submitted',
      'deposited',
    ]);
    expect(await steps(t, ana, declined)).toEqual([
      'created',
      'sent_to_partner',
      'failed',
      'refunded',
    ]);
    expect(await refundsOf(declined)).toHaveLength(1);
    // 20 + 1.5% + 2.99 = $23.29 kept for the deposit; the declined one came back whole.
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 2329);
    for (let i = 0; i < 3; i++) await turn(t);
    expect(await refundsOf(declined)).toHaveLength(1);
    expect(await notificationTypes(ana.id)).toEqual([
      'remittance_refunded',
      'remittance_delivered',
    ]);
  });

  it('refunds a payout the payer reversed after completing it (8888), exactly once', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const reversed = await saveRecipient(t, ana, {
      ...mariaMx,
      phone: '+525512348888',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const id = (await sendHome(t, ana, reversed, 20)).json().id;
    await until(t, async () => (await steps(t, ana, id)).includes('deposited'));
    await until(t, async () => (await statusOf(ana, id)) === 'refunded');
    expect(await steps(t, ana, id)).toEqual([
      'created',
      'sent_to_partner',
      'submitted',
      'deposited',
      'reversed',
      'refunded',
    ]);
    for (let i = 0; i < 3; i++) await turn(t);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('refuses an expired quote, and another recipient’s, before any money moves', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const one = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const other = await saveRecipient(t, ana, {
      ...mariaMx,
      phone: '+525512345679',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const quote = (await quoteFor(t, ana, one, 50)).json();
    const mismatched = await moneyPost(t.app, ana, '/api/remittances', {
      recipientId: other.id,
      amountUsd: 50,
      quoteId: quote.quoteId,
    });
    expect(mismatched.json().error.code).toBe('quote_recipient_mismatch');
    t.now = new Date(t.now.getTime() + 11 * 60_000);
    const expired = await moneyPost(t.app, ana, '/api/remittances', {
      recipientId: one.id,
      amountUsd: 50,
      quoteId: quote.quoteId,
    });
    expect(expired.json().error.code).toBe('quote_expired');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('refunds when the partner refuses at create (its quotation expired): 422, money back once', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mx = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const quote = (await quoteFor(t, ana, mx, 30)).json();
    const row = await t.db
      .selectFrom('quotes')
      .select('partner_quotation_id')
      .where('id', '=', quote.quoteId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sandbox_thunes_quotations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', Number(row.partner_quotation_id))
      .execute();
    const key = randomUUID();
    const body = { recipientId: mx.id, amountUsd: 30, quoteId: quote.quoteId };
    const sent = await moneyPost(t.app, ana, '/api/remittances', body, key);
    expect(sent.statusCode).toBe(422);
    expect(sent.json().error.code).toBe('payout_refused');
    const transferId = sent.json().error.details.transferId;
    expect(await statusOf(ana, transferId)).toBe('refunded');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    const replay = await moneyPost(t.app, ana, '/api/remittances', body, key);
    expect(replay.body).toBe(sent.body);
    expect(await refundsOf(transferId)).toHaveLength(1);
  });

  it('finishes a send that died between create and confirm: confirmed once, its answer stored', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mx = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const quote = (await quoteFor(t, ana, mx, 40)).json();
    const key = randomUUID();
    const services = servicesOf(t.app);
    // The request's phases by hand: reserved and created at the partner, then the process died.
    const work = services.remittances.sendPhases(
      ana.id,
      { recipientId: mx.id, amountUsd: 40, quoteId: quote.quoteId },
      key,
    );
    const prepared = await work.prepare();
    const transferId = await t.db.transaction().execute(async (tx) => {
      await sql`insert into idempotency_keys (user_id, key, request_hash, status_code, response)
        values (${ana.id}, ${key}, ${Buffer.alloc(32)}, 0, '')`.execute(tx);
      return work.reserve(tx, prepared);
    });
    const payout = await t.db
      .selectFrom('remittance_payouts')
      .select('partner_quotation_id')
      .where('transfer_id', '=', transferId)
      .executeTakeFirstOrThrow();
    // The dead request had created the transaction at the partner (CREATED), not confirmed it.
    const { port } = t.app.server.address() as AddressInfo;
    const settings = t.app.deps.config.thunes;
    if (!settings) throw new Error('sandbox mode has Thunes settings');
    const client = createThunesClient({
      baseUrl: () => `http://127.0.0.1:${port}/sandbox/thunes`,
      apiKey: settings.apiKey,
      apiSecret: settings.apiSecret,
    });
    const created = await client.createTransaction(payout.partner_quotation_id ?? '', {
      externalId: transferId,
      creditPartyIdentifier: { clabe: CLABE },
      sender: {
        firstname: 'Ana',
        lastname: 'Prueba',
        date_of_birth: '1990-04-12',
        country_iso_code: 'USA',
      },
      beneficiary: { firstname: 'María', lastname: 'López', msisdn: mariaMx.phone },
      purposeOfRemittance: 'FAMILY_SUPPORT',
    });
    expect(created.status).toBe('10000');
    await t.db
      .updateTable('remittance_payouts')
      .set({ submit_after: new Date(0) })
      .where('transfer_id', '=', transferId)
      .execute();
    // Two workers at once, then more turns: one partner transaction, confirmed once.
    await Promise.all([services.remittances.sweepPayouts(), services.remittances.sweepPayouts()]);
    // Created without a callback address: the job hears of its progress by asking, each minute.
    await until(t, async () => {
      t.now = new Date(t.now.getTime() + 61_000);
      return (await statusOf(ana, transferId)) === 'delivered';
    });
    expect(await partnerTransactions(transferId)).toHaveLength(1);
    const stored = await t.db
      .selectFrom('idempotency_keys')
      .select(['status_code', 'response'])
      .where('user_id', '=', ana.id)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(stored.status_code).toBe(201);
    expect(JSON.parse(stored.response)).toMatchObject({ id: transferId, kind: 'remittance' });
    expect(await balanceOf(t.app, ana)).toBe(50_000 - (4000 + 60 + 299));
  });

  it('sends the spec’s way (a phone abroad) to the saved recipient with that phone, and refuses a stranger’s phone', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    await saveRecipient(t, ana, { ...mariaMx, method: 'bank_deposit', fields: { clabe: CLABE } });
    const quote = await postQuote(t.app, ana, {
      recipientCountry: 'MX',
      amountUsd: 10,
      recipientPhone: mariaMx.phone,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: mariaMx.phone,
      recipientCountry: 'MX',
      amountUsd: 10,
      quoteId: quote.json().quoteId,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await until(t, async () => (await statusOf(ana, sent.json().id)) === 'delivered');
    const stranger = await postQuote(t.app, ana, {
      recipientCountry: 'MX',
      amountUsd: 10,
      recipientPhone: '+525599998888',
    });
    expect(stranger.json().error.code).toBe('recipient_details_required');
  });
});

describe('callbacks from the partner', () => {
  const basic = (key: string, secret: string) =>
    `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  const credentials = () => {
    const thunes = t.app.deps.config.thunes;
    if (!thunes) throw new Error('sandbox mode has Thunes settings');
    return basic(thunes.apiKey, thunes.apiSecret);
  };
  const callback = (authorization: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/thunes/callback',
      headers: authorization ? { authorization } : {},
      payload,
    });

  it('refuses a forged callback, believes only what the partner answers, and ignores a replay', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mx = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const id = (await sendHome(t, ana, mx, 10)).json().id;
    const [partner] = await partnerTransactions(id);
    if (!partner) throw new Error('no partner transaction');
    const forgedBody = {
      id: partner.id,
      external_id: id,
      status: '70000',
      status_message: 'COMPLETED',
    };
    expect((await callback(undefined, forgedBody)).statusCode).toBe(401);
    expect((await callback(basic('thunes_sandbox_key', 'wrong'), forgedBody)).statusCode).toBe(401);
    // Right credentials, made-up status: the partner still says CONFIRMED, so nothing changes.
    const believed = await callback(credentials(), forgedBody);
    expect(believed.statusCode).toBe(200);
    expect(await statusOf(ana, id)).toBe('processing');
    // An id the partner does not know: acknowledged, nothing done.
    expect((await callback(credentials(), { id: 987654321 })).statusCode).toBe(200);
    expect((await callback(credentials(), { id: 'x' })).statusCode).toBe(400);
    // The partner's own callbacks (the sandbox tick delivers them) bring it to delivered.
    await until(t, async () => (await statusOf(ana, id)) === 'delivered');
    const history = async () =>
      (
        await t.db
          .selectFrom('remittance_payouts')
          .select('partner_history')
          .where('transfer_id', '=', id)
          .executeTakeFirstOrThrow()
      ).partner_history.length;
    const before = await history();
    expect((await callback(credentials(), forgedBody)).statusCode).toBe(200);
    expect(await history()).toBe(before);
  });
});

describe('cancelling a remittance', () => {
  it('refunds amount and fee through the partner within 30 minutes, once, however often asked', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const held = await saveRecipient(t, ana, {
      ...mariaMx,
      phone: '+525512349999',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const id = (await sendHome(t, ana, held)).json().id;
    await until(t, async () => (await steps(t, ana, id)).includes('under_review'));
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 10_449);
    const key = randomUUID();
    const cancelled = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {}, key);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id, status: 'refunded' });
    const replay = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {}, key);
    expect(replay.body).toBe(cancelled.body);
    const again = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {});
    expect(again.json().error.code).toBe('transfer_not_cancellable');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    const [partner] = await partnerTransactions(id);
    expect(partner?.status).toBe('40000');
    for (let i = 0; i < 3; i++) await turn(t);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await steps(t, ana, id)).toEqual([
      'created',
      'sent_to_partner',
      'under_review',
      'cancelled',
      'refunded',
    ]);
    // A refund the sender asked for is no news.
    expect(await notificationTypes(ana.id)).toEqual([]);
  });

  it('cannot cancel what the payer already paid', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mx = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const id = (await sendHome(t, ana, mx, 10)).json().id;
    await until(t, async () => (await statusOf(ana, id)) === 'delivered');
    expect((await track(t, ana, id)).json().cancellable).toBe(false);
    const late = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('transfer_not_cancellable');
  });

  it('is the owner’s only', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    const mx = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const id = (await sendHome(t, ana, mx, 10)).json().id;
    expect((await moneyPost(t.app, beto, `/api/remittances/${id}/cancel`, {})).statusCode).toBe(
      404,
    );
    expect(
      (await moneyPost(t.app, ana, `/api/remittances/${randomUUID()}/cancel`, {})).statusCode,
    ).toBe(404);
    expect(await statusOf(ana, id)).toBe('processing');
  });

  it('races the partner’s progress: each cancel either wins (refunded once) or finds it paid', async () => {
    const ana = await verifiedUser(t.app, t.db, 200_000);
    const mx = await saveRecipient(t, ana, {
      ...mariaMx,
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await sendHome(t, ana, mx, 10)).json().id);
    const cancels = await Promise.all([
      turn(t),
      ...ids.map((id) => moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {})),
    ]);
    for (let i = 0; i < 5; i++) await turn(t);
    let refunded = 0;
    for (const [i, id] of ids.entries()) {
      const cancel = cancels[i + 1] as Awaited<ReturnType<typeof moneyPost>>;
      const status = await statusOf(ana, id);
      if (cancel.statusCode === 200) {
        refunded += 1;
        expect(status).toBe('refunded');
      } else {
        expect(cancel.json().error.code).toBe('transfer_not_cancellable');
        expect(status).toBe('delivered');
      }
      expect((await refundsOf(id)).length).toBe(cancel.statusCode === 200 ? 1 : 0);
    }
    // $10 + 1.5% + $2.99 = $13.14 a transfer.
    expect(await balanceOf(t.app, ana)).toBe(200_000 - (ids.length - refunded) * 1314);
    expect(await findInvariantViolations(t.db)).toEqual({
      unbalancedTransfers: [],
      driftedAccounts: [],
      negativeUserAccounts: [],
    });
  });
});
