import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import {
  tickUntil,
  unitFake,
  unitSettings,
  unitSignature,
  until,
} from '../../../test/banking-helpers';
import { owe, walletOf } from '../../../test/debt-helpers';
import { balanceOf, deposit, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { servicesOf } from '../../app';
import type { AppInstance } from '../../app-instance';
import { easternMonth } from './cash-deposits.service';

// Cash at stores end to end in one process: the Unit fake over HTTP, its signed events through
// the sandbox outbox, the credit applied once with the month's fee rule (US Eastern months).
const t = moneyTestApp(new Date('2026-03-10T15:00:00Z'));

const get = (app: AppInstance, token: string, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

/** A user with a barcode for the first store near 10001. */
async function depositor() {
  const user = await verifiedUser(t.app, t.db);
  const stores = await get(t.app, user.token, '/api/cash-deposits/stores?postalCode=10001');
  expect(stores.statusCode).toBe(200);
  const store = stores.json().items[0];
  const barcode = await get(
    t.app,
    user.token,
    `/api/cash-deposits/barcode?storeId=${store.storeId}`,
  );
  expect(barcode.statusCode).toBe(200);
  return { user, store, barcode: barcode.json() as { barcodeNumber: string; expiresAt: string } };
}

/** Cash paid in at the register with the barcode (the fake's sandbox payment). */
function payIn(barcodeNumber: string, amount: number) {
  return unitFake(t.app, 'POST', '/sandbox/cash-deposits', {
    type: 'cashDeposit',
    attributes: { barcodeNumber, amount },
  });
}

/** Waits until the user's cash deposits number `count` (the webhook delivered and applied). */
async function depositsOf(token: string, count: number) {
  return tickUntil(t.app, async () => {
    const list = (await get(t.app, token, '/api/cash-deposits')).json();
    return list.items.length >= count ? list : undefined;
  });
}

describe('cash deposits', () => {
  it('lists fictional stores and in-network ATMs near a ZIP, nearest first', async () => {
    const user = await verifiedUser(t.app, t.db);
    const stores = (
      await get(t.app, user.token, '/api/cash-deposits/stores?postalCode=10001')
    ).json();
    expect(stores.items.length).toBeGreaterThan(2);
    expect(stores.items[0].name).toBe('Tienda Esquina');
    const distances = stores.items.map((s: { distanceMiles: number }) => s.distanceMiles);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const atms = (await get(t.app, user.token, '/api/cards/atms?postalCode=60608')).json();
    expect(atms.items.length).toBe(3);
    expect(atms.items.every((a: { network: string }) => a.network === 'RedLibre')).toBe(true);
    expect(
      (await get(t.app, user.token, '/api/cash-deposits/stores?postalCode=99999')).json(),
    ).toEqual({
      items: [],
    });
    expect(
      (await get(t.app, user.token, '/api/cash-deposits/stores?postalCode=1234')).statusCode,
    ).toBe(400);
    expect((await get(t.app, user.token, '/api/cards/atms')).statusCode).toBe(400);
  });

  it('gives the same barcode until it expires, and refuses an unverified identity', async () => {
    const { user, store, barcode } = await depositor();
    expect(barcode.barcodeNumber).toMatch(/^\d{16}$/);
    const again = await get(
      t.app,
      user.token,
      `/api/cash-deposits/barcode?storeId=${store.storeId}`,
    );
    expect(again.json().barcodeNumber).toBe(barcode.barcodeNumber);
    // Expired at Pago: a fresh one from the partner.
    await t.db
      .updateTable('cash_deposit_barcodes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const fresh = await get(
      t.app,
      user.token,
      `/api/cash-deposits/barcode?storeId=${store.storeId}`,
    );
    expect(fresh.json().barcodeNumber).not.toBe(barcode.barcodeNumber);
    const unknown = await get(t.app, user.token, '/api/cash-deposits/barcode?storeId=nope');
    expect(unknown.statusCode).toBe(404);
    const { signUp } = await import('../../../test/accounts-helpers');
    const stranger = await signUp(t.app);
    const refused = await get(
      t.app,
      stranger.token,
      `/api/cash-deposits/barcode?storeId=${store.storeId}`,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('credits a cash deposit once, spendable at once, and tells the user', async () => {
    const { user, barcode } = await depositor();
    const paid = await payIn(barcode.barcodeNumber, 4000);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data.type).toBe('cashDepositTransaction');
    const list = await depositsOf(user.token, 1);
    expect(list.items[0]).toMatchObject({ amountCents: 4000, feeCents: 0 });
    expect(list.month).toEqual({ depositedCents: 4000, freeLeftCents: 46000 });
    expect(await balanceOf(t.app, user)).toBe(4000);
    // The same event delivered again (Unit retries): applied once.
    const outbox = await t.db
      .selectFrom('sandbox_webhook_outbox')
      .selectAll()
      .where('vendor', '=', 'unit')
      .where('body', 'like', '%cashDepositTransaction%')
      .execute();
    expect(outbox.length).toBeGreaterThan(0);
    for (const row of outbox) {
      await t.db
        .updateTable('sandbox_webhook_outbox')
        .set({ delivered_at: null, next_attempt_at: new Date(0) })
        .where('id', '=', row.id)
        .execute();
    }
    await servicesOf(t.app).sandboxVendors?.tick();
    expect(await balanceOf(t.app, user)).toBe(4000);
    expect((await get(t.app, user.token, '/api/cash-deposits')).json().total).toBe(1);
    const notes = (await get(t.app, user.token, '/api/notifications')).json();
    expect(notes.items[0]).toMatchObject({
      type: 'cash_deposit_received',
      data: { amountCents: 4000, feeCents: 0 },
    });
    // Another user's deposit is a 404, as a missing one.
    const other = await verifiedUser(t.app, t.db);
    const mine = list.items[0].id;
    expect((await get(t.app, user.token, `/api/cash-deposits/${mine}`)).statusCode).toBe(200);
    expect((await get(t.app, other.token, `/api/cash-deposits/${mine}`)).statusCode).toBe(404);
    expect((await get(t.app, other.token, '/api/cash-deposits')).json().items).toEqual([]);
    // Reconciliation: the partner's balance counts the cash; nothing missing in the ledger.
    const run = await servicesOf(t.app).banking.reconcile();
    const mineDiffs = run.differences.filter((d) => d.userId === user.id);
    expect(mineDiffs).toEqual([]);
  });

  it('pays what the wallet owes first: the debt from the cash, the rest spendable', async () => {
    const { user, barcode } = await depositor();
    await owe(t.app, t.db, user, 2_500);
    expect(await walletOf(t.app, user)).toMatchObject({
      availableBalanceCents: 0,
      owedCents: 2_500,
    });
    expect((await payIn(barcode.barcodeNumber, 4_000)).statusCode).toBe(201);
    await depositsOf(user.token, 1);
    expect(await walletOf(t.app, user)).toMatchObject({
      balanceCents: 1_500,
      availableBalanceCents: 1_500,
      owedCents: 0,
    });
    const collected = await t.db
      .selectFrom('ledger_transfers')
      .select(['amount_cents', 'metadata'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'bank_deposit_return')
      .where(sql<string>`metadata->>'reason'`, '=', 'debt_collected')
      .execute();
    expect(collected).toMatchObject([{ amount_cents: 2_500, metadata: { owedCents: 0 } }]);
    // A debt larger than what is available: the $15 left and the $10 of cash pay $25 of the
    // $30, the rest stays owed.
    await owe(t.app, t.db, user, 3_000);
    expect((await payIn(barcode.barcodeNumber, 1_000)).statusCode).toBe(201);
    await depositsOf(user.token, 2);
    expect(await walletOf(t.app, user)).toMatchObject({
      balanceCents: -500,
      availableBalanceCents: 0,
      owedCents: 500,
    });
  });

  it('charges $1.99 from the deposit that crosses $500 in the Eastern month, and each after', async () => {
    const { user, barcode } = await depositor();
    expect((await payIn(barcode.barcodeNumber, 45_000)).statusCode).toBe(201);
    await depositsOf(user.token, 1);
    // 450 + 60 = 510 crosses the free $500: this one pays the fee.
    expect((await payIn(barcode.barcodeNumber, 6_000)).statusCode).toBe(201);
    const crossed = await depositsOf(user.token, 2);
    expect(crossed.items[0]).toMatchObject({ amountCents: 6_000, feeCents: 199 });
    expect((await payIn(barcode.barcodeNumber, 1_000)).statusCode).toBe(201);
    const after = await depositsOf(user.token, 3);
    expect(after.items[0]).toMatchObject({ amountCents: 1_000, feeCents: 199 });
    expect(after.month).toEqual({ depositedCents: 52_000, freeLeftCents: 0 });
    expect(await balanceOf(t.app, user)).toBe(52_000 - 2 * 199);
    const transfer = await t.db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', after.items[0].transferId)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'cash_deposit', fee_cents: 199, status: 'completed' });
  });

  it('counts two deposits that arrive at once under the user’s lock: only one is free past $500', async () => {
    const { user, barcode } = await depositor();
    await deposit(t.app, user, 100);
    expect((await payIn(barcode.barcodeNumber, 30_000)).statusCode).toBe(201);
    expect((await payIn(barcode.barcodeNumber, 30_000)).statusCode).toBe(201);
    // Unit's two events, held back from the clock and delivered both at the same moment.
    const events = await t.db
      .updateTable('sandbox_webhook_outbox')
      .set({ delivered_at: new Date() })
      .where('vendor', '=', 'unit')
      .where('delivered_at', 'is', null)
      .where('body', 'like', '%cashDepositTransaction%')
      .returning('body')
      .execute();
    expect(events).toHaveLength(2);
    // The wallet is held while both arrive: each gets as far as its posting, so without the
    // user's lock both would have counted the month before the other's deposit.
    const held = await t.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      await sql`select id from ledger_accounts where user_id = ${user.id} for update`.execute(
        connection,
      );
      const sent = Promise.all(
        events.map(({ body }) =>
          t.app.inject({
            method: 'POST',
            url: '/api/unit/webhook',
            headers: {
              'content-type': 'application/json',
              'x-unit-signature': unitSignature(unitSettings(t.app).webhookSecret, body),
            },
            payload: body,
          }),
        ),
      );
      await until(async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`.execute(t.db);
        return (rows[0]?.n ?? 0) >= 2;
      });
      await sql`commit`.execute(connection);
      return sent;
    });
    const answers = held;
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const list = await depositsOf(user.token, 2);
    expect(list.items.map((d: { feeCents: number }) => d.feeCents).sort()).toEqual([0, 199]);
    expect(await balanceOf(t.app, user)).toBe(100 + 60_000 - 199);
  });

  it('counts a new US Eastern month from zero', async () => {
    const { user, barcode } = await depositor();
    // 23:30 in New York on March 31 is already April in UTC: still March here.
    t.now = new Date('2026-04-01T03:30:00Z');
    expect(easternMonth(t.now)).toBe('2026-03');
    expect((await payIn(barcode.barcodeNumber, 50_000)).statusCode).toBe(201);
    await depositsOf(user.token, 1);
    t.now = new Date('2026-04-01T04:30:00Z');
    expect(easternMonth(t.now)).toBe('2026-04');
    // The fake's register counts by the real clock: its month limit is not reached by 500.
    expect((await payIn(barcode.barcodeNumber, 10_000)).statusCode).toBe(201);
    const list = await depositsOf(user.token, 2);
    expect(list.items[0]).toMatchObject({ amountCents: 10_000, feeCents: 0 });
    expect(list.month).toEqual({ depositedCents: 10_000, freeLeftCents: 40_000 });
    t.now = new Date('2026-03-10T15:00:00Z');
  });

  it('the register refuses an expired barcode and cash over the daily limit', async () => {
    const { barcode } = await depositor();
    expect((await payIn(barcode.barcodeNumber, 100_001)).statusCode).toBe(400);
    expect((await payIn(barcode.barcodeNumber, 60_000)).statusCode).toBe(201);
    const over = await payIn(barcode.barcodeNumber, 50_000);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].detail).toMatch(/daily/);
    expect((await payIn('4000000000000000', 100)).statusCode).toBe(404);
    await t.db
      .updateTable('sandbox_unit_cash_barcodes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('barcode_number', '=', barcode.barcodeNumber)
      .execute();
    const expired = await payIn(barcode.barcodeNumber, 100);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].detail).toMatch(/expired/);
  });
});
