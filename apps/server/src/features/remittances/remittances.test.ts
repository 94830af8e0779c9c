import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  postQuote,
  verifiedUser,
} from '../../../test/money-helpers';
import { servicesOf } from '../../app';
import { findInvariantViolations } from '../ledger/ledger.repository';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), { sandboxPayoutDelayMs: 1000 });

const CLABE = '002115016003269411';
const maria = {
  fullName: 'María López',
  country: 'MX',
  phone: '+525512345678',
  payout: { method: 'cash_pickup', locationId: 'MX-1' },
};

function call(
  user: MoneyUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: bearer(user.token),
    ...(payload ? { payload } : {}),
  });
}

async function saveRecipient(user: MoneyUser, body: object = maria) {
  const response = await call(user, 'POST', '/api/recipients', body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; phone: string; country: string };
}

/** Quotes and sends home to a saved recipient; answers the send's response. */
async function sendHome(
  user: MoneyUser,
  recipient: { id: string; phone: string; country: string },
  amountUsd = 100,
  speed: 'standard' | 'express' = 'standard',
) {
  const quote = await postQuote(t.app, user, {
    recipientCountry: recipient.country,
    amountUsd,
    speed,
    recipientPhone: recipient.phone,
  });
  expect(quote.statusCode).toBe(200);
  return moneyPost(t.app, user, '/api/remittances', {
    recipientId: recipient.id,
    amountUsd,
    speed,
    quoteId: quote.json().quoteId,
  });
}

const track = (user: MoneyUser, id: string) => call(user, 'GET', `/api/remittances/${id}`);

/** The remittance notifications a user has, oldest first, by type. */
async function notificationTypes(userId: string): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from notifications where user_id = ${userId} and type like 'remittance%'
    order by created_at`.execute(t.db);
  return rows.map((row) => row.type);
}

describe('saved recipients', () => {
  it('creates, lists, reads, changes and deletes a recipient, its owner only', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db), await verifiedUser(t.app, t.db)];
    const created = await call(ana, 'POST', '/api/recipients', {
      ...maria,
      payout: { method: 'bank_deposit', accountNumber: '002 115 016003269411' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      fullName: 'María López',
      country: 'MX',
      payout: { method: 'bank_deposit', accountMask: '••••9411', location: null },
    });
    expect(JSON.stringify(created.json())).not.toContain(CLABE);
    expect((await call(ana, 'GET', '/api/recipients')).json().items).toHaveLength(1);
    expect((await call(beto, 'GET', '/api/recipients')).json().items).toEqual([]);

    for (const [method, payload] of [['GET'], ['PUT', maria], ['DELETE']] as const) {
      const response = await call(beto, method, `/api/recipients/${id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('recipient_not_found');
    }

    const changed = await call(ana, 'PUT', `/api/recipients/${id}`, maria);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().payout).toMatchObject({
      method: 'cash_pickup',
      accountMask: null,
      location: { id: 'MX-1', country: 'MX' },
    });
    expect((await call(ana, 'DELETE', `/api/recipients/${id}`)).json()).toEqual({ removed: true });
    expect((await call(ana, 'GET', `/api/recipients/${id}`)).statusCode).toBe(404);
    expect((await call(ana, 'GET', '/api/recipients/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a bad CLABE, a method the country lacks, a location elsewhere, unknown fields', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const refused = async (body: object) => {
      const response = await call(ana, 'POST', '/api/recipients', body);
      return [response.statusCode, response.json().error.code];
    };
    expect(
      await refused({
        ...maria,
        payout: { method: 'bank_deposit', accountNumber: '002115016003269412' },
      }),
    ).toEqual([400, 'validation_failed']);
    expect(
      await refused({ ...maria, payout: { method: 'mobile_wallet', walletPhone: maria.phone } }),
    ).toEqual([400, 'validation_failed']);
    expect(
      await refused({ ...maria, payout: { method: 'cash_pickup', locationId: 'GT-1' } }),
    ).toEqual([422, 'pickup_location_not_found']);
    expect(await refused({ ...maria, nickname: 'Mamá' })).toEqual([400, 'validation_failed']);
    expect(await refused({ ...maria, fullName: undefined })).toEqual([400, 'validation_failed']);
    // Guatemala: an IBAN, and a Tigo-style mobile wallet on a Guatemalan phone.
    const gt = { fullName: 'José Pérez', country: 'GT', phone: '+50222345678' };
    expect(
      (
        await call(ana, 'POST', '/api/recipients', {
          ...gt,
          payout: { method: 'bank_deposit', accountNumber: 'GT82 TRAJ 0102 0000 0012 1002 9690' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(ana, 'POST', '/api/recipients', {
          ...gt,
          payout: { method: 'mobile_wallet', walletPhone: '+50251234567' },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('lists the sandbox partner’s pickup locations per country', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const mx = (await call(ana, 'GET', '/api/remittances/pickup-locations?country=MX')).json();
    expect(mx.items.map((l: { id: string }) => l.id)).toEqual(['MX-1', 'MX-2']);
    const cl = (await call(ana, 'GET', '/api/remittances/pickup-locations?country=CL')).json();
    expect(cl.items).toEqual([]);
  });
});

describe('sending home', () => {
  it('offers express only to Mexico', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mx = await postQuote(t.app, ana, {
      recipientCountry: 'MX',
      amountUsd: 100,
      speed: 'express',
    });
    expect(mx.json()).toMatchObject({ deliveryEstimate: 'under_30_minutes', feeCents: 848 });
    for (const country of ['GT', 'SV', 'CO']) {
      const refused = await postQuote(t.app, ana, {
        recipientCountry: country,
        amountUsd: 100,
        speed: 'express',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('express_unavailable');
    }
  });

  it('sends to a saved cash-pickup recipient, tracks it, and shows the pickup code once available', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const recipient = await saveRecipient(ana);
    const sent = await sendHome(ana, recipient, 100, 'express');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      kind: 'remittance',
      status: 'processing',
      totalCents: 10_848,
      counterparty: { name: 'María López', phone: maria.phone },
      details: {
        recipientId: recipient.id,
        recipientName: 'María López',
        payoutMethod: 'cash_pickup',
      },
    });
    const id = sent.json().id;
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 10_848);

    const before = (await track(ana, id)).json();
    expect(before).toMatchObject({
      cancellable: true,
      pickupCode: null,
      expectedBy: '2026-11-20T15:30:00.000Z',
      recipient: { fullName: 'María López', payout: { location: { id: 'MX-1' } } },
    });
    expect(before.timeline.map((s: { step: string }) => s.step)).toEqual([
      'created',
      'sent_to_partner',
    ]);

    t.now = new Date(t.now.getTime() + 1500);
    await servicesOf(t.app).transfers.settleDuePayouts();
    const after = (await track(ana, id)).json();
    expect(after.pickupCode).toMatch(/^\d{8}$/);
    expect(after.cancellable).toBe(false);
    expect(after.timeline).toEqual([
      { step: 'created', at: sent.json().createdAt },
      { step: 'sent_to_partner', at: sent.json().createdAt },
      { step: 'available_for_pickup', at: t.now.toISOString() },
    ]);

    // Cash ready to pick up is what the sender is told, not "deposited".
    expect(await notificationTypes(ana.id)).toEqual(['remittance_pickup_ready']);

    const beto = await verifiedUser(t.app, t.db);
    expect((await track(beto, id)).statusCode).toBe(404);
    const late = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('transfer_not_cancellable');
  });

  it('tracks a bank deposit as deposited, and a failed payout as failed and refunded', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const bank = await saveRecipient(ana, {
      ...maria,
      payout: { method: 'bank_deposit', accountNumber: CLABE },
    });
    const closed = await saveRecipient(ana, { ...maria, phone: '+525512340000' });
    const deposited = (await sendHome(ana, bank, 20)).json().id;
    const failed = (await sendHome(ana, closed, 20)).json().id;
    t.now = new Date(t.now.getTime() + 5000);
    await servicesOf(t.app).transfers.settleDuePayouts();
    const steps = async (id: string) =>
      (await track(ana, id)).json().timeline.map((s: { step: string }) => s.step);
    expect(await steps(deposited)).toEqual(['created', 'sent_to_partner', 'deposited']);
    expect(await steps(failed)).toEqual(['created', 'sent_to_partner', 'failed', 'refunded']);
    expect((await track(ana, deposited)).json().pickupCode).toBeNull();
  });

  it('refuses another user’s recipient with 404', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    const recipient = await saveRecipient(beto);
    const sent = await sendHome(ana, recipient);
    expect(sent.statusCode).toBe(404);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });
});

describe('cancelling a remittance', () => {
  it('refunds amount and fee through the ledger, once, however often it is asked', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const recipient = await saveRecipient(ana);
    const id = (await sendHome(ana, recipient)).json().id;
    expect(await balanceOf(t.app, ana)).toBe(50_000 - 10_449);
    const key = randomUUID();
    const cancelled = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {}, key);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id, status: 'refunded' });
    const replay = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {}, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(cancelled.json());
    const again = await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {});
    expect(again.json().error.code).toBe('transfer_not_cancellable');
    expect(await balanceOf(t.app, ana)).toBe(50_000);

    const tracking = (await track(ana, id)).json();
    expect(tracking.timeline.map((s: { step: string }) => s.step)).toEqual([
      'created',
      'sent_to_partner',
      'cancelled',
      'refunded',
    ]);
    // The worker later finds nothing to pay.
    t.now = new Date(t.now.getTime() + 5000);
    await servicesOf(t.app).transfers.settleDuePayouts();
    expect((await track(ana, id)).json().transfer.status).toBe('refunded');
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    // A refund the sender asked for is no news: no "could not deliver" notification.
    expect(await notificationTypes(ana.id)).toEqual([]);
  });

  it('holds a payout to a phone ending in 9999 for a day (sandbox), cancellable all along', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const held = await saveRecipient(ana, { ...maria, phone: '+525512349999' });
    const id = (await sendHome(ana, held)).json().id;
    t.now = new Date(t.now.getTime() + 60 * 60 * 1000);
    await servicesOf(t.app).transfers.settleDuePayouts();
    expect((await track(ana, id)).json()).toMatchObject({
      cancellable: true,
      transfer: { status: 'processing' },
    });
    expect((await moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {})).statusCode).toBe(200);
    expect(await balanceOf(t.app, ana)).toBe(50_000);
  });

  it('is the owner’s only, and never needs a body', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 50_000), await verifiedUser(t.app, t.db)];
    const id = (await sendHome(ana, await saveRecipient(ana))).json().id;
    const byBeto = await moneyPost(t.app, beto, `/api/remittances/${id}/cancel`, {});
    expect(byBeto.statusCode).toBe(404);
    expect(
      (await moneyPost(t.app, ana, `/api/remittances/${randomUUID()}/cancel`, {})).statusCode,
    ).toBe(404);
    expect((await track(ana, id)).json().transfer.status).toBe('processing');
  });

  it('races the settlement worker: exactly one wins, and the ledger holds', async () => {
    const ana = await verifiedUser(t.app, t.db, 200_000);
    const recipient = await saveRecipient(ana);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await sendHome(ana, recipient, 10)).json().id);
    t.now = new Date(t.now.getTime() + 5000);
    const [settled, ...cancels] = await Promise.all([
      servicesOf(t.app).transfers.settleDuePayouts(),
      ...ids.map((id) => moneyPost(t.app, ana, `/api/remittances/${id}/cancel`, {})),
    ]);
    // A remittance the worker skipped while a cancel held it is settled by no later run either.
    await servicesOf(t.app).transfers.settleDuePayouts();
    let refunded = 0;
    for (const [i, id] of ids.entries()) {
      const tracking = (await track(ana, id)).json();
      const cancel = cancels[i] as Awaited<ReturnType<typeof moneyPost>>;
      if (cancel.statusCode === 200) {
        refunded += 1;
        expect(tracking.transfer.status).toBe('refunded');
        expect(tracking.pickupCode).toBeNull();
      } else {
        expect(cancel.json().error.code).toBe('transfer_not_cancellable');
        expect(tracking.transfer.status).toBe('delivered');
        expect(tracking.pickupCode).toMatch(/^\d{8}$/);
      }
    }
    expect(settled).toBeGreaterThanOrEqual(0);
    // Each cancel that won gave back amount and fee (10 + 3.14 = $13.14); the others stayed paid.
    expect(await balanceOf(t.app, ana)).toBe(200_000 - (ids.length - refunded) * 1314);
    const refunds = await t.db
      .selectFrom('ledger_transfers')
      .select(['related_transfer_id'])
      .where('kind', '=', 'remittance_refund')
      .where('related_transfer_id', 'in', ids)
      .execute();
    expect(refunds).toHaveLength(refunded);
    expect(await findInvariantViolations(t.db)).toEqual({
      unbalancedTransfers: [],
      driftedAccounts: [],
      negativeUserAccounts: [],
    });
  });
});
