import { describe, expect, it } from 'vitest';
import { owe, walletOf } from '../../../test/debt-helpers';
import { moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { signedInStaff, staffHeaders } from '../../../test/ops-helpers';

/**
 * The queues' routes with the console's four eyes: a write-off above OPS_FOUR_EYES_CENTS waits
 * for a second compliance officer, moves nothing until approved, then runs once, audited with the
 * approval; the requester cannot approve their own.
 */
const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'));

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: staffHeaders({ token }), payload });

describe('four eyes on a debt write-off', () => {
  it('waits above the threshold, runs once when another officer approves, audited', async () => {
    const ana = await verifiedUser(t.app, t.db);
    await owe(t.app, t.db, ana, 60_000);
    const officer = await signedInStaff(t.app, 'compliance');
    const second = await signedInStaff(t.app, 'compliance');

    const asked = await post(officer.token, `/api/ops/queues/debts/${ana.id}/write_off`, {
      reason: 'Cliente fallecido; deuda incobrable',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending', approvalId: expect.any(String) });
    const approvalId = asked.json().approvalId as string;
    expect((await walletOf(t.app, ana)).owedCents).toBe(60_000);

    const own = await post(officer.token, `/api/ops/approvals/${approvalId}/approve`, {
      reason: 'Lo apruebo yo',
    });
    expect(own.statusCode).toBe(403);
    expect((await walletOf(t.app, ana)).owedCents).toBe(60_000);

    const approved = await post(second.token, `/api/ops/approvals/${approvalId}/approve`, {
      reason: 'Revisé el certificado',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await walletOf(t.app, ana)).owedCents).toBe(0);
    const again = await post(second.token, `/api/ops/approvals/${approvalId}/approve`, {
      reason: 'Otra vez',
    });
    expect(again.statusCode).not.toBe(200);
    const writeOffs = await t.db
      .selectFrom('ledger_transfers')
      .select('amount_cents')
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'debt_write_off')
      .execute();
    expect(writeOffs).toEqual([{ amount_cents: 60_000 }]);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/ops/audit?userId=${ana.id}`,
      headers: staffHeaders(second),
    });
    const entry = audit
      .json()
      .items.find((e: { action: string }) => e.action === 'ops_queues.debts.write_off');
    expect(entry).toMatchObject({
      reason: 'Cliente fallecido; deuda incobrable',
      staff: { id: officer.id },
      details: { approvalId, done: true },
    });
  });

  it('a support member is refused (403) before any approval is asked', async () => {
    const ana = await verifiedUser(t.app, t.db);
    await owe(t.app, t.db, ana, 1_000);
    const agent = await signedInStaff(t.app, 'support');
    const refused = await post(agent.token, `/api/ops/queues/debts/${ana.id}/write_off`, {
      reason: 'Quiero ayudar',
    });
    expect(refused.statusCode).toBe(403);
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/ops/approvals?status=pending',
      headers: staffHeaders(agent),
    });
    expect(pending.json().items).toEqual([]);
    expect((await walletOf(t.app, ana)).owedCents).toBe(1_000);

    // A note is support's: recorded with its audit entry, in one transaction.
    const noted = await post(agent.token, `/api/ops/queues/debts/${ana.id}/note`, {
      reason: 'Llamé; paga el lunes',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json()).toMatchObject({ status: 'done', result: { done: false } });
    const notes = await t.db
      .selectFrom('ops_queue_actions')
      .select(['action', 'reason', 'staff_id'])
      .where('item_id', '=', ana.id)
      .execute();
    expect(notes).toEqual([{ action: 'note', reason: 'Llamé; paga el lunes', staff_id: agent.id }]);
    const officer = await signedInStaff(t.app, 'compliance');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/ops/audit?userId=${ana.id}`,
      headers: staffHeaders(officer),
    });
    expect(
      audit.json().items.map((e: { action: string; reason: string }) => [e.action, e.reason]),
    ).toEqual([['ops_queues.debts.note', 'Llamé; paga el lunes']]);
  });
});
