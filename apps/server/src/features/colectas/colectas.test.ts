import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { markIdentityVerified, signUp } from '../../../test/accounts-helpers';
import {
  balanceOf,
  deposit,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  verifiedUser,
} from '../../../test/money-helpers';
import { verifyPhone } from '../../../test/phone-helpers';
import {
  CLABE,
  call,
  type SavedRecipient,
  saveRecipient,
  THUNES_TEST_TIMINGS,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { ledgerTotal } from '../banking/reconciliation-total';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);

type Family = { ana: MoneyUser; beto: MoneyUser; caro: MoneyUser; recipient: SavedRecipient };

/** Ana organises (a saved recipient in Mexico); Beto and Caro have $500 each. */
async function family(anaCents = 5_000): Promise<Family> {
  const ana = await verifiedUser(t.app, t.db, anaCents);
  const [beto, caro] = [
    await verifiedUser(t.app, t.db, 50_000),
    await verifiedUser(t.app, t.db, 50_000),
  ];
  const recipient = await saveRecipient(t, ana, {
    country: 'MX',
    phone: '+525512345678',
    method: 'bank_deposit',
    fields: { clabe: CLABE },
  });
  return { ana, beto, caro, recipient };
}

async function open(f: Family, targetCents = 30_000) {
  const created = await call(t, f.ana, 'POST', '/api/colectas', {
    title: 'Renta de mamá',
    targetCents,
    recipientId: f.recipient.id,
    sendBy: '2026-12-15',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const invitee of [f.beto.username, f.caro.phone]) {
    const invited = await call(t, f.ana, 'POST', `/api/colectas/${id}/invites`, { invitee });
    expect(invited.statusCode, invited.body).toBe(200);
  }
  return id;
}

const contribute = (user: MoneyUser, id: string, amountCents: number, key?: string) =>
  moneyPost(t.app, user, `/api/colectas/${id}/contributions`, { amountCents }, key);

async function holding(): Promise<number> {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('system_role', '=', 'colecta_holding')
    .executeTakeFirstOrThrow();
  return row.balance_cents;
}

async function transfersOfKind(colectaId: string, kind: string) {
  const { rows } = await sql<{ user_id: string; amount_cents: number }>`
    select user_id, amount_cents from ledger_transfers
    where kind = ${kind} and metadata ->> 'colectaId' = ${colectaId}`.execute(t.db);
  return rows;
}

async function typesOf(userId: string): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`
    select type from notifications where user_id = ${userId} and type like 'colecta%'
    order by created_at, id`.execute(t.db);
  return rows.map((r) => r.type);
}

describe('colectas', () => {
  it('invites by @username and phone, holds contributions, and shows the colecta to members only', async () => {
    const f = await family();
    const stranger = await verifiedUser(t.app, t.db, 1_000);
    const id = await open(f);
    const before = await holding();
    expect((await contribute(f.beto, id, 10_000)).statusCode).toBe(201);
    const second = await contribute(f.caro, id, 5_000);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      collectedCents: 15_000,
      myContributionCents: 5_000,
      isOrganiser: false,
      status: 'open',
      recipient: { name: 'María López', country: 'MX' },
    });
    // Held, not sent: out of the wallets, in Pago's holding account, not counted toward limits.
    expect(await balanceOf(t.app, f.beto)).toBe(40_000);
    expect(await holding()).toBe(before + 15_000);
    const limits = (await call(t, f.beto, 'GET', '/api/limits')).json();
    expect(limits.day.usedCents).toBe(0);
    const list = (await call(t, f.beto, 'GET', '/api/colectas')).json();
    expect(list.heldCents).toBe(10_000);
    // The wallet shows it beside the balance.
    expect((await call(t, f.beto, 'GET', '/api/wallet/balance')).json()).toMatchObject({
      balanceCents: 40_000,
      inColectasCents: 10_000,
    });
    expect(list.items.map((c: { id: string }) => c.id)).toEqual([id]);
    // Over the target, refused with what is left.
    const over = await contribute(f.beto, id, 20_000);
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({
      code: 'colecta_over_target',
      details: { remainingCents: 15_000 },
    });
    // Anyone else: 404, as for an id that does not exist; the same for money and invites.
    for (const url of [
      `/api/colectas/${id}`,
      '/api/colectas/00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await call(t, stranger, 'GET', url)).statusCode).toBe(404);
    }
    expect((await contribute(stranger, id, 100)).statusCode).toBe(404);
    expect(
      (await call(t, stranger, 'POST', `/api/colectas/${id}/invites`, { invitee: f.beto.username }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, stranger, 'GET', '/api/colectas')).json().items).toEqual([]);
    // A member who is not the organiser cannot send or cancel.
    for (const action of ['send', 'cancel']) {
      const refused = await moneyPost(t.app, f.beto, `/api/colectas/${id}/${action}`, {});
      expect(refused.statusCode).toBe(403);
    }
    expect(await typesOf(f.beto.id)).toEqual(['colecta_invited']);
    // Each invite took from the organiser's look-up budget (two invites, found by name and phone).
    const budget = await t.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', `payee-lookup:user:${f.ana.id}`)
      .executeTakeFirstOrThrow();
    expect(budget.hits).toHaveLength(2);
    expect(await typesOf(f.ana.id)).toEqual(['colecta_contribution', 'colecta_contribution']);
    // The same contribution sent twice with its key moves the money once.
    const key = `again-${id}`;
    const first = await contribute(f.caro, id, 1_000, key);
    const replay = await contribute(f.caro, id, 1_000, key);
    expect(replay.body).toBe(first.body);
    expect(await balanceOf(t.app, f.caro)).toBe(44_000);
  });

  it('cancel gives every contribution back exactly once, also with two cancels at once', async () => {
    const f = await family();
    const id = await open(f);
    const before = await holding();
    await contribute(f.beto, id, 7_000);
    await contribute(f.caro, id, 3_000);
    await contribute(f.beto, id, 2_000);
    const [a, b] = await Promise.all([
      moneyPost(t.app, f.ana, `/api/colectas/${id}/cancel`, {}),
      moneyPost(t.app, f.ana, `/api/colectas/${id}/cancel`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = a.statusCode === 200 ? a : b;
    expect(done.json()).toMatchObject({ status: 'cancelled', cancelledReason: 'organiser' });
    expect(await balanceOf(t.app, f.beto)).toBe(50_000);
    expect(await balanceOf(t.app, f.caro)).toBe(50_000);
    expect(await holding()).toBe(before);
    const releases = await transfersOfKind(id, 'colecta_release');
    expect(releases.map((r) => r.amount_cents).sort((x, y) => x - y)).toEqual([
      2_000, 3_000, 7_000,
    ]);
    const statuses = await t.db
      .selectFrom('colecta_contributions')
      .select('status')
      .where('colecta_id', '=', id)
      .execute();
    expect(statuses.every((s) => s.status === 'released')).toBe(true);
    // Cancelled: no more money in, nothing to send.
    expect((await contribute(f.beto, id, 100)).json().error.code).toBe('colecta_not_open');
    expect((await typesOf(f.caro.id)).filter((x) => x === 'colecta_cancelled')).toHaveLength(1);
  });

  it('a cancel that dies before it commits gives nothing back; the next cancel gives all back once', async () => {
    const f = await family();
    const id = await open(f);
    await contribute(f.beto, id, 4_000);
    await contribute(f.caro, id, 6_000);
    const { colectas } = servicesOf(t.app);
    await expect(
      t.db.transaction().execute(async (tx) => {
        await colectas.cancel(tx, f.ana.id, id);
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await balanceOf(t.app, f.beto)).toBe(46_000);
    expect((await call(t, f.ana, 'GET', `/api/colectas/${id}`)).json().status).toBe('open');
    expect(await transfersOfKind(id, 'colecta_release')).toEqual([]);
    const again = await moneyPost(t.app, f.ana, `/api/colectas/${id}/cancel`, {});
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(t.app, f.beto)).toBe(50_000);
    expect(await balanceOf(t.app, f.caro)).toBe(50_000);
    expect(await transfersOfKind(id, 'colecta_release')).toHaveLength(2);
  });

  it('cancels by itself after its date, once, even with two workers', async () => {
    const f = await family();
    const id = await open(f);
    await contribute(f.beto, id, 4_000);
    const { colectas } = servicesOf(t.app);
    const start = t.now;
    try {
      // Still its day (US Eastern) at 23:59 on Dec 15: nothing happens.
      t.now = new Date('2026-12-16T04:59:00Z');
      await colectas.sweep();
      expect((await call(t, f.ana, 'GET', `/api/colectas/${id}`)).json().status).toBe('open');
      t.now = new Date('2026-12-16T05:00:00Z');
      await Promise.all([colectas.sweep(), colectas.sweep()]);
    } finally {
      t.now = start;
    }
    const view = (await call(t, f.beto, 'GET', `/api/colectas/${id}`)).json();
    expect(view).toMatchObject({ status: 'cancelled', cancelledReason: 'expired' });
    expect(await transfersOfKind(id, 'colecta_release')).toHaveLength(1);
    expect(await balanceOf(t.app, f.beto)).toBe(50_000);
  });

  it('refuses a contribution from a frozen account, with nothing moved', async () => {
    const f = await family();
    const id = await open(f);
    await t.db
      .updateTable('users')
      .set({ frozen_at: new Date(), frozen_reason: 'review' })
      .where('id', '=', f.caro.id)
      .execute();
    const refused = await contribute(f.caro, id, 1_000);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().error.code).toBe('account_frozen');
    expect(await balanceOf(t.app, f.caro)).toBe(50_000);
  });

  it('screens a contribution as a payment to the organiser: an open hit waits, cleared it is taken', async () => {
    const f = await family();
    const id = await open(f);
    // A member whose name is on the sandbox list (a possible match: an open hit).
    const phone = nextUsPhone();
    const signed = await signUp(t.app, { phone, name: 'Ana Lucía Noexiste Ramírez' });
    await verifyPhone(t.app, signed, phone);
    await markIdentityVerified(t.db, signed.id);
    const listed = { ...signed, phone };
    await deposit(t.app, listed, 20_000);
    const invited = await call(t, f.ana, 'POST', `/api/colectas/${id}/invites`, {
      invitee: listed.username,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const waiting = await contribute(listed, id, 1_000);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.code).toBe('colecta_under_review');
    expect(await balanceOf(t.app, listed)).toBe(20_000);
    // The screening and its hit stayed, for staff, though the contribution was refused.
    const hits = await t.db
      .selectFrom('sanctions_hits')
      .select('id')
      .where('subject_id', '=', listed.id)
      .where('status', '=', 'open')
      .execute();
    expect(hits).toHaveLength(1);
    await servicesOf(t.app).sanctions.decide(hits[0]?.id ?? '', 'clear', 'staff-1', 'Not them');
    const taken = await contribute(listed, id, 1_000);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await balanceOf(t.app, listed)).toBe(19_000);
  });

  it('keeps the reconciliation total: held money is still the partner’s to hold', async () => {
    const f = await family();
    const id = await open(f);
    const before = await ledgerTotal(t.db);
    await contribute(f.beto, id, 9_000);
    expect(await ledgerTotal(t.db)).toEqual(before);
  });

  it('reaching the target pays once: two contributions racing to complete it make one remittance', async () => {
    const f = await family();
    const id = await open(f, 20_000);
    await contribute(f.beto, id, 10_000);
    const [x, y] = await Promise.all([
      contribute(f.beto, id, 10_000),
      contribute(f.caro, id, 10_000),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 422]);
    const { colectas } = servicesOf(t.app);
    await Promise.all([colectas.sweep(), colectas.sweep()]);
    const view = (await call(t, f.ana, 'GET', `/api/colectas/${id}`)).json();
    expect(view.status).toBe('sent');
    expect(view.remittance).toMatchObject({ amountCents: 20_000, status: 'processing' });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ledger_transfers
      where kind = 'remittance' and user_id = ${f.ana.id}`.execute(t.db);
    expect(rows[0]?.n).toBe(1);
    expect(await transfersOfKind(id, 'colecta_collected')).toHaveLength(1);
    // The organiser paid the one fee; the collected money went home.
    expect(await balanceOf(t.app, f.ana)).toBe(5_000 - view.remittance.feeCents);
    expect(await typesOf(f.beto.id)).toContain('colecta_sent');
    // Delivered: every contributor is told, once.
    await until(t, async () => {
      await colectas.sweep();
      return (await typesOf(f.beto.id)).includes('colecta_delivered');
    });
    await colectas.sweep();
    expect((await typesOf(f.beto.id)).filter((x) => x === 'colecta_delivered')).toHaveLength(1);
    const seen = (await call(t, f.caro, 'GET', `/api/colectas/${id}`)).json();
    expect(seen.remittance.status).toBe('delivered');
    expect((await moneyPost(t.app, f.ana, `/api/colectas/${id}/cancel`, {})).statusCode).toBe(409);
  });

  it('an automatic send the organiser cannot pay the fee of moves nothing, is told, and waits for the organiser', async () => {
    // Ana has nothing: the fee cannot come from her wallet.
    const f = await family(0);
    const id = await open(f, 10_000);
    const before = await holding();
    await contribute(f.beto, id, 10_000);
    const { colectas } = servicesOf(t.app);
    await colectas.sweep();
    const view = (await call(t, f.ana, 'GET', `/api/colectas/${id}`)).json();
    expect(view).toMatchObject({
      status: 'open',
      lastSendError: 'insufficient_funds',
      remittance: null,
    });
    expect(await holding()).toBe(before + 10_000);
    expect(await transfersOfKind(id, 'colecta_collected')).toEqual([]);
    expect(await typesOf(f.ana.id)).toContain('colecta_send_failed');
    // Tried once: the next turns leave it to the organiser.
    await colectas.sweep();
    expect((await typesOf(f.ana.id)).filter((x) => x === 'colecta_send_failed')).toHaveLength(1);
    await deposit(t.app, f.ana, 2_000);
    const sent = await moneyPost(t.app, f.ana, `/api/colectas/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', lastSendError: null });
    expect(await holding()).toBe(before);
  });

  it('the organiser sends what was collected before the target', async () => {
    const f = await family();
    const id = await open(f);
    await contribute(f.beto, id, 12_000);
    const sent = await moneyPost(t.app, f.ana, `/api/colectas/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', remittance: { amountCents: 12_000 } });
    const again = await moneyPost(t.app, f.ana, `/api/colectas/${id}/send`, {});
    expect(again.json().error.code).toBe('colecta_not_open');
  });
});
