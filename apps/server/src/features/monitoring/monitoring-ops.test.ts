import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { signedInStaff, staffHeaders } from '../../../test/ops-helpers';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date());

type Staff = Awaited<ReturnType<typeof signedInStaff>>;
const get = (staff: { token: string }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: staffHeaders(staff) });
const post = (staff: { token: string }, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: staffHeaders(staff), payload });
const patch = (staff: { token: string }, url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers: staffHeaders(staff), payload });

/** A new account that loads $1,500 and sends $1,100 to others: one open hit about it. */
async function newAccountHit() {
  t.now = new Date(Date.now() + 48 * 3_600_000);
  const ana = await verifiedUser(t.app, t.db, 150_000);
  const beto = await verifiedUser(t.app, t.db);
  for (const amountUsd of [600, 500]) {
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientUsername: beto.username,
      amountUsd,
    });
    expect(sent.statusCode).toBe(201);
  }
  expect(await servicesOf(t.app).monitoring.scan()).toBe(1);
  return { ana, beto };
}

async function auditOf(officer: Staff, action: string) {
  const answer = await get(officer, `/api/ops/audit?action=${action}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().items as Array<{
    subjectId: string;
    reason: string;
    userId: string | null;
    details: Record<string, unknown>;
  }>;
}

describe('the monitoring queue (/api/ops/monitoring/hits)', () => {
  it('shows compliance the hit with its reason, customer and transfers; dismissing is audited, once', async () => {
    const { ana, beto } = await newAccountHit();
    const officer = await signedInStaff(t.app, 'compliance');
    const queue = await get(officer, '/api/ops/monitoring/hits');
    expect(queue.statusCode).toBe(200);
    const hit = queue
      .json()
      .items.find((h: { customer: { id: string } | null }) => h.customer?.id === ana.id);
    expect(hit).toMatchObject({
      rule: 'new_account_outflow',
      status: 'open',
      customer: { id: ana.id, email: ana.email, username: ana.username, name: 'Test User' },
      figures: { sentCents: 110_000, receivedCents: 0 },
    });
    expect(hit.reason).toContain('sent $1,100.00 and received $0.00 from others');
    expect(
      hit.transfers.map((x: { amountCents: number; kind: string }) => [x.kind, x.amountCents]),
    ).toEqual([
      ['p2p', 60_000],
      ['p2p', 50_000],
    ]);

    // Support does not work this queue; a customer does not even see that it exists.
    const support = await signedInStaff(t.app, 'support');
    expect((await get(support, '/api/ops/monitoring/hits')).statusCode).toBe(403);
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/api/ops/monitoring/hits',
      headers: bearer(beto.token),
    });
    expect(asCustomer.statusCode).toBe(404);

    // A decision needs a reason.
    expect((await post(officer, `/api/ops/monitoring/hits/${hit.id}/dismiss`, {})).statusCode).toBe(
      400,
    );
    const reason = 'Ahorros propios; la clienta lo confirmó por teléfono';
    const dismissed = await post(officer, `/api/ops/monitoring/hits/${hit.id}/dismiss`, { reason });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({
      status: 'dismissed',
      decidedBy: officer.id,
      decisionReason: reason,
    });
    const [entry] = await auditOf(officer, 'monitoring.dismiss');
    expect(entry).toMatchObject({ subjectId: hit.id, reason, userId: ana.id });
    expect(entry?.details).toMatchObject({ rule: 'new_account_outflow' });

    // Decided once: a second decision is refused, and the queue of open hits no longer has it.
    const again = await post(officer, `/api/ops/monitoring/hits/${hit.id}/escalate`, { reason });
    expect(again.statusCode).toBe(409);
    const open = (await get(officer, '/api/ops/monitoring/hits')).json().items;
    expect(open.map((h: { id: string }) => h.id)).not.toContain(hit.id);
    const closed = (await get(officer, '/api/ops/monitoring/hits?status=dismissed')).json().items;
    expect(closed.map((h: { id: string }) => h.id)).toContain(hit.id);
  });

  it('escalates with a reason; an unknown hit is 404, a malformed id 400', async () => {
    const { ana } = await newAccountHit();
    const officer = await signedInStaff(t.app, 'admin');
    const hit = (await get(officer, '/api/ops/monitoring/hits'))
      .json()
      .items.find((h: { customer: { id: string } | null }) => h.customer?.id === ana.id);
    const reason = 'Patrón de cuenta mula: revisar para reporte SAR';
    const escalated = await post(officer, `/api/ops/monitoring/hits/${hit.id}/escalate`, {
      reason,
    });
    expect(escalated.json()).toMatchObject({ status: 'escalated', decisionReason: reason });
    expect((await auditOf(officer, 'monitoring.escalate'))[0]).toMatchObject({ subjectId: hit.id });
    const unknown = '0190a1b2-0000-7000-8000-000000000001';
    expect(
      (await post(officer, `/api/ops/monitoring/hits/${unknown}/dismiss`, { reason })).statusCode,
    ).toBe(404);
    expect(
      (await post(officer, '/api/ops/monitoring/hits/nope/dismiss', { reason })).statusCode,
    ).toBe(400);
  });
});

describe('the rules (/api/ops/monitoring/rules)', () => {
  it('lists the rules to compliance; only an admin changes one, audited with before and after', async () => {
    const officer = await signedInStaff(t.app, 'compliance');
    const admin = await signedInStaff(t.app, 'admin');
    const list = await get(officer, '/api/ops/monitoring/rules');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((r: { code: string }) => r.code)
        .sort(),
    ).toEqual([
      'credential_change_then_send',
      'many_senders_one_recipient',
      'new_account_outflow',
      'structuring',
    ]);
    expect(list.json().items.every((r: { action: string }) => r.action === 'alert')).toBe(true);

    const url = '/api/ops/monitoring/rules/many_senders_one_recipient';
    const reason = 'Más remitentes para evitar falsas alertas de arrendadores';
    expect(
      (await patch(officer, url, { thresholds: { minUnrelatedSenders: 6 }, reason })).statusCode,
    ).toBe(403);
    const bad = await patch(admin, url, { thresholds: { minUnrelatedSenders: 0 }, reason });
    expect(bad.statusCode).toBe(400);
    const changed = await patch(admin, url, { thresholds: { minUnrelatedSenders: 6 }, reason });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().thresholds).toEqual({
      windowDays: 7,
      minUnrelatedSenders: 6,
      minTotalCents: 100_000,
    });
    const [entry] = await auditOf(admin, 'monitoring.rule_update');
    expect(entry).toMatchObject({ subjectId: 'many_senders_one_recipient', reason });
    expect(entry?.details).toMatchObject({
      before: { thresholds: { minUnrelatedSenders: 5 } },
      after: { thresholds: { minUnrelatedSenders: 6 } },
    });
    const off = await patch(admin, url, { enabled: false, reason: 'Pausa durante la prueba' });
    expect(off.json()).toMatchObject({ enabled: false });
    expect(
      (await patch(admin, '/api/ops/monitoring/rules/unknown_rule', { enabled: true, reason }))
        .statusCode,
    ).toBe(400);
    expect((await patch(admin, url, { reason })).statusCode).toBe(400);
  });
});
