import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { tickUntil } from '../../../test/banking-helpers';
import { cardholder, network, purchase } from '../../../test/card-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { signedInStaff, staffHeaders, type TestStaff } from '../../../test/ops-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';

let app: AppInstance;
let db: Database;
let support: TestStaff;
let officer: TestStaff;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(
    db,
    { opsFourEyesCents: 50_000, cardAuthorizationTimeoutMs: 10_000 },
    undefined,
    sandboxPool(test.url),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  support = await signedInStaff(app, 'support', 'Sara Soporte');
  officer = await signedInStaff(app, 'compliance', 'Lucía Cumplimiento');
});
afterAll(async () => {
  expect(await findInvariantViolations(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeUserAccounts: [],
  });
  await app.close();
});

const get = (staff: TestStaff, url: string, reason?: string) =>
  app.inject({ method: 'GET', url, headers: staffHeaders(staff, reason) });
const act = (staff: TestStaff, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: staffHeaders(staff), payload });
const auditOf = (userId: string) =>
  db
    .selectFrom('staff_audit_log')
    .select(['action', 'reason', 'staff_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('finding a customer', () => {
  it('by e-mail, phone, username, name, a transfer’s reference or id', async () => {
    const ana = await verifiedUser(app, db, 10_000);
    const beto = await verifiedUser(app, db);
    await db
      .updateTable('users')
      .set({ name: 'Ana Zapata Quintero' })
      .where('id', '=', ana.id)
      .execute();
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 3,
    });
    const transfer = sent.json() as { id: string; reference?: string };
    const receipt = await app.inject({
      url: `/api/transactions/${transfer.id}`,
      headers: bearer(ana.token),
    });
    const reference = (receipt.json() as { reference: string }).reference;
    const found = async (q: string) => {
      const response = await get(support, `/api/ops/customers?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: { id: string }[] }).items.map((c) => c.id);
    };
    expect(await found(ana.email.toUpperCase())).toEqual([ana.id]);
    expect(await found(ana.phone)).toEqual([ana.id]);
    expect(await found(`@${ana.username}`)).toEqual([ana.id]);
    expect(await found('zapata quint')).toEqual([ana.id]);
    expect(await found(`${reference.slice(0, 5)}-${reference.slice(5)}`.toLowerCase())).toEqual(
      expect.arrayContaining([ana.id, beto.id]),
    );
    expect(await found(transfer.id)).toEqual(expect.arrayContaining([ana.id, beto.id]));
    expect(await found('%')).toEqual([]);
  });
});

describe('a customer’s page', () => {
  it('asks the reason, records the view with it, and shows profile, balances, activity, sessions and notes', async () => {
    const ana = await verifiedUser(app, db, 12_345);
    const url = `/api/ops/customers/${ana.id}`;
    const noReason = await get(support, url);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.code).toBe('reason_required');
    for (const raw of ['%00%00%00abc', 'a%0Ab%0Dc%07', '%E0%A4%A', 'ab']) {
      const bad = await app.inject({
        method: 'GET',
        url,
        headers: { ...staffHeaders(support), 'x-ops-reason': raw },
      });
      expect(bad.statusCode, raw).toBe(400);
    }

    const note = await act(support, `${url}/notes`, { text: 'Llamó por un cobro que no reconoce' });
    expect(note.statusCode, note.body).toBe(201);
    const page = await get(support, url, 'Llamada del cliente, ticket 4411: revisión de saldo');
    const twoLines = await get(support, url, 'Llamada del cliente\nticket 4412');
    expect(twoLines.statusCode).toBe(200);
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json();
    expect(view.profile).toMatchObject({ id: ana.id, email: ana.email, frozen: false });
    expect(view.balances).toEqual({
      balanceCents: 12_345,
      heldCents: 0,
      owedCents: 0,
      availableCents: 12_345,
    });
    expect(view.activity[0]).toMatchObject({ kind: 'deposit', direction: 'in', refundable: false });
    expect(view.sessions.some((s: { live: boolean }) => s.live)).toBe(true);
    expect(
      view.notes.map((n: { text: string; staffName: string }) => [n.text, n.staffName]),
    ).toEqual([['Llamó por un cobro que no reconoce', 'Sara Soporte']]);
    expect(await auditOf(ana.id)).toEqual([
      {
        action: 'customer.note',
        reason: 'Llamó por un cobro que no reconoce',
        staff_id: support.id,
      },
      {
        action: 'customer.view',
        reason: 'Llamada del cliente, ticket 4411: revisión de saldo',
        staff_id: support.id,
      },
      { action: 'customer.view', reason: 'Llamada del cliente\nticket 4412', staff_id: support.id },
    ]);
    const unknown = await get(
      support,
      '/api/ops/customers/00000000-0000-4000-8000-000000000000',
      'x y z',
    );
    expect(unknown.statusCode).toBe(404);
    const garbage = await get(support, '/api/ops/customers/not-an-id', 'x y z');
    expect(garbage.statusCode).toBe(404);
  });
});

describe('freeze', () => {
  it('is for compliance: no money leaves a frozen account, money in lands, unfreezing restores it', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const beto = await verifiedUser(app, db, 20_000);
    const url = `/api/ops/customers/${ana.id}`;
    const bySupport = await act(support, `${url}/freeze`, { reason: 'posible fraude' });
    expect(bySupport.statusCode).toBe(403);

    const frozen = await act(officer, `${url}/freeze`, { reason: 'Actividad inusual: revisión' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect((await act(officer, `${url}/freeze`, { reason: 'otra vez' })).statusCode).toBe(409);
    const profile = await app.inject({ url: '/api/user/profile', headers: bearer(ana.token) });
    expect(profile.json().accountFrozen).toBe(true);

    const send = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 5,
    });
    expect(send.statusCode).toBe(423);
    expect(send.json().error.code).toBe('account_frozen');
    // A request to Ana: she cannot pay it while frozen.
    const asked = await moneyPost(app, beto, '/api/requests/create', {
      requestedFrom: ana.phone,
      amountUsd: 4,
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const paid = await moneyPost(app, ana, `/api/requests/${asked.json().id}/pay`, {});
    expect(paid.statusCode).toBe(423);
    // Money in still lands.
    const toAna = await moneyPost(app, beto, '/api/transactions/send', {
      recipientName: ana.phone,
      amountUsd: 10,
    });
    expect(toAna.statusCode, toAna.body).toBeLessThan(300);
    expect(await balanceOf(app, ana)).toBe(21_000);

    const thawed = await act(officer, `${url}/unfreeze`, { reason: 'Revisado: todo en orden' });
    expect(thawed.json()).toEqual({ frozen: false });
    const again = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 5,
    });
    expect(again.statusCode, again.body).toBeLessThan(300);
    expect((await auditOf(ana.id)).map((e) => [e.action, e.reason])).toEqual([
      ['customer.freeze', 'Actividad inusual: revisión'],
      ['customer.unfreeze', 'Revisado: todo en orden'],
    ]);
  });

  it('declines the card of a frozen account and orders it no card', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    await act(officer, `/api/ops/customers/${user.id}/freeze`, { reason: 'Revisión de tarjeta' });
    const answer = await purchase(app, card, 1_000);
    expect(answer.json()).toMatchObject({ approved: false, declineReason: 'card_frozen' });
    expect(await balanceOf(app, user)).toBe(10_000);
    const order = await moneyPost(app, user, '/api/cards', { type: 'physical' });
    expect(order.statusCode).toBe(423);
  });

  it('still lets the network clear a purchase approved before the freeze, at another amount', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const approved = await purchase(app, card, 2_000);
    expect(approved.json()).toMatchObject({ approved: true });
    await act(officer, `/api/ops/customers/${user.id}/freeze`, {
      reason: 'Revisión tras la compra',
    });
    const cleared = await network(app, 'clear', {
      authorizationId: approved.json().authorizationId,
      amountCents: 2_400,
    });
    expect(cleared.statusCode, cleared.body).toBeLessThan(300);
    // The fake delivers the clearing as a card event on its clock.
    await tickUntil(app, async () => (await balanceOf(app, user)) === 10_000 - 2_400);
    const charged = await db
      .selectFrom('ledger_transfers')
      .select(['status', 'amount_cents'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'card_purchase')
      .where('status', '=', 'completed')
      .execute();
    expect(charged.map((t) => Number(t.amount_cents))).toEqual([2_400]);
  });
});

describe('force sign-out', () => {
  it('ends every session of the customer', async () => {
    const ana = await verifiedUser(app, db);
    const before = await app.inject({ url: '/api/user/profile', headers: bearer(ana.token) });
    expect(before.statusCode).toBe(200);
    const out = await act(support, `/api/ops/customers/${ana.id}/sign-out`, {
      reason: 'El cliente perdió su teléfono',
    });
    expect(out.json()).toEqual({ sessionsEnded: 1 });
    const after = await app.inject({ url: '/api/user/profile', headers: bearer(ana.token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('closing an account', () => {
  it('is for compliance, refused while money is in it, and then ends sign-in, audited', async () => {
    const ana = await verifiedUser(app, db, 2_000);
    const beto = await verifiedUser(app, db);
    const url = `/api/ops/customers/${ana.id}/close`;
    const reason = 'El cliente pidió cerrar su cuenta por teléfono';

    expect((await act(support, url, { reason })).statusCode).toBe(403);
    const refused = await act(officer, url, { reason });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'account_not_closable',
      details: { blockers: [{ code: 'balance', amountCents: 2_000 }] },
    });

    // Ana sends her whole balance to Beto, then staff close her account.
    const sent = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 20,
    });
    expect(sent.statusCode).toBe(201);
    const closed = await act(officer, url, { reason });
    expect(closed.statusCode).toBe(200);
    expect(Date.parse(closed.json().recordsKeptUntil)).toBeGreaterThan(Date.now());
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ana.email, password: ana.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('account_closed');
    const view = await get(officer, `/api/ops/customers/${ana.id}`, 'Comprobar el cierre');
    expect(view.json().profile.closedAt).toBe(closed.json().closedAt);
    expect((await auditOf(ana.id)).filter((e) => e.action === 'customer.close')).toEqual([
      { action: 'customer.close', reason, staff_id: officer.id },
    ]);
    expect((await act(officer, '/api/ops/customers/nope/close', { reason })).statusCode).toBe(404);
  });
});

describe('refunds', () => {
  it('gives back a sent transfer once; above the threshold only after a second staff member', async () => {
    const ana = await verifiedUser(app, db, 200_000);
    const beto = await verifiedUser(app, db);
    const small = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 20,
    });
    const large = await moneyPost(app, ana, '/api/transactions/send', {
      recipientName: beto.phone,
      amountUsd: 800,
    });
    const url = `/api/ops/customers/${ana.id}/refunds`;
    expect(await balanceOf(app, ana)).toBe(200_000 - 2_000 - 80_000);

    const done = await act(support, url, {
      transferId: small.json().id,
      reason: 'Cobro duplicado',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', result: { amountCents: 2_000 } });
    expect(await balanceOf(app, ana)).toBe(200_000 - 80_000);
    const twice = await act(support, url, { transferId: small.json().id, reason: 'Otra vez' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_refunded');

    const waiting = await act(support, url, {
      transferId: large.json().id,
      reason: 'Fraude confirmado',
    });
    expect(waiting.json().status).toBe('pending');
    expect(await balanceOf(app, ana)).toBe(200_000 - 80_000);
    const approvalId = waiting.json().approvalId as string;
    const approved = await act(officer, `/api/ops/approvals/${approvalId}/approve`, {
      reason: 'Revisé el caso con el banco',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balanceOf(app, ana)).toBe(200_000);
    const view = await get(officer, `/api/ops/customers/${ana.id}`, 'Verificar los reembolsos');
    const refunds = view.json().activity.filter((t: { kind: string }) => t.kind === 'staff_refund');
    expect(refunds).toHaveLength(2);
    expect(refunds[0]).toMatchObject({ direction: 'in' });

    // Money that came in is not refundable; another customer's transfer is not found.
    const deposit = view.json().activity.find((t: { kind: string }) => t.kind === 'deposit');
    expect(
      (await act(support, url, { transferId: deposit.id, reason: 'no aplica' })).statusCode,
    ).toBe(409);
    const other = await act(support, `/api/ops/customers/${beto.id}/refunds`, {
      transferId: large.json().id,
      reason: 'no es suyo',
    });
    expect(other.statusCode).toBe(404);
  });
});
