import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers';
import { verifiedUser } from '../../../test/money-helpers';
import {
  createStaff,
  STAFF_PASSWORD,
  signedInStaff,
  signInStaff,
  staffHeaders,
} from '../../../test/ops-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { totpCode, totpStep } from '../accounts/totp';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db, { opsFourEyesCents: 50_000 });
  return () => app.close();
});

/** The body an unknown route answers: what every hidden /api/ops route must answer too. */
const unknownRoute = (method: string, path: string) => ({
  error: { code: 'not_found', message: `No such endpoint: ${method} ${path}` },
  message: `No such endpoint: ${method} ${path}`,
});

describe('staff sign-in', () => {
  it('always takes the password and then a code from the authenticator, each code once', async () => {
    const staff = await createStaff(app, 'support');
    const remoteAddress = nextIp();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      payload: { email: staff.email, password: 'not-the-password' },
      remoteAddress,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');

    const login = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      payload: { email: staff.email.toUpperCase(), password: STAFF_PASSWORD },
      remoteAddress,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(Object.keys(login.json())).toEqual(['challenge']);
    const { challenge } = login.json() as { challenge: string };

    const badCode = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-step',
      payload: { challenge, code: '000000' === totpCode(staff.totpSecret) ? '111111' : '000000' },
      remoteAddress,
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.code).toBe('invalid_two_step_code');

    const code = totpCode(staff.totpSecret);
    const done = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-step',
      payload: { challenge, code },
      remoteAddress,
    });
    expect(done.statusCode, done.body).toBe(200);
    const session = done.json() as { token: string; idleMinutes: number; expiresAt: string };
    expect(session.idleMinutes).toBe(15);
    const hours = (Date.parse(session.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);

    const me = await app.inject({
      method: 'GET',
      url: '/api/ops/me',
      headers: staffHeaders(session),
    });
    expect(me.json()).toEqual({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: 'support',
    });

    // The same code, on a new challenge: refused (a code seen over a shoulder is spent).
    const again = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      payload: { email: staff.email, password: STAFF_PASSWORD },
      remoteAddress,
    });
    const replay = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/two-step',
      payload: { challenge: again.json().challenge, code },
      remoteAddress,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('locks the account after repeated wrong passwords, as customers’ are', async () => {
    const staff = await createStaff(app, 'support');
    const remoteAddress = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/ops/auth/login',
        payload: { email: staff.email, password: `wrong-${i}` },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      payload: { email: staff.email, password: STAFF_PASSWORD },
      remoteAddress,
    });
    expect(right.statusCode).toBe(429);
  });

  it('signs out, and a signed-out or disabled staff member’s token is a stranger’s', async () => {
    const staff = await signedInStaff(app, 'support');
    const out = await app.inject({
      method: 'POST',
      url: '/api/ops/auth/logout',
      headers: staffHeaders(staff),
    });
    expect(out.statusCode).toBe(204);
    const after = await app.inject({
      method: 'GET',
      url: '/api/ops/me',
      headers: staffHeaders(staff),
    });
    expect(after.statusCode).toBe(404);

    const other = await signedInStaff(app, 'admin');
    await db
      .updateTable('staff')
      .set({ disabled_at: new Date() })
      .where('id', '=', other.id)
      .execute();
    const disabled = await app.inject({
      method: 'GET',
      url: '/api/ops/me',
      headers: staffHeaders(other),
    });
    expect(disabled.statusCode).toBe(404);
  });
});

describe('separation of staff and customers', () => {
  it('answers 404 as an unknown route to no token, a customer token, an idle or an expired staff token', async () => {
    const customer = await verifiedUser(app, db);
    const idle = await signedInStaff(app, 'admin');
    const old = await signedInStaff(app, 'admin');
    await sql`update staff_sessions set last_seen_at = now() - interval '16 minutes'
      where staff_id = ${idle.id}`.execute(db);
    await sql`update staff_sessions set expires_at = now() - interval '1 second'
      where staff_id = ${old.id}`.execute(db);
    const unknown = await app.inject({ method: 'GET', url: '/api/ops/no-such-thing' });
    expect(unknown.json()).toEqual(unknownRoute('GET', '/api/ops/no-such-thing'));
    for (const headers of [
      {},
      bearer(customer.token),
      staffHeaders(idle),
      staffHeaders(old),
      { authorization: 'Bearer garbage' },
    ]) {
      const response = await app.inject({ method: 'GET', url: '/api/ops/audit?limit=5', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknownRoute('GET', '/api/ops/audit'));
      // A malformed body does not reveal the route either (the guard runs before validation).
      const post = await app.inject({
        method: 'POST',
        url: '/api/ops/approvals/x/approve',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual(unknownRoute('POST', '/api/ops/approvals/x/approve'));
    }
  });

  it('a staff token is no customer session: 401 on the customer API', async () => {
    const staff = await signedInStaff(app, 'admin');
    for (const url of ['/api/transactions', '/api/wallet/balance', '/api/user/profile']) {
      const response = await app.inject({ method: 'GET', url, headers: staffHeaders(staff) });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('checks the role per route: 403 for a signed-in staff member without it', async () => {
    const support = await signedInStaff(app, 'support');
    const audit = await app.inject({
      method: 'GET',
      url: '/api/ops/audit',
      headers: staffHeaders(support),
    });
    expect(audit.statusCode).toBe(403);
    expect(audit.json().error.code).toBe('forbidden');
    const compliance = await signedInStaff(app, 'compliance');
    const allowed = await app.inject({
      method: 'GET',
      url: '/api/ops/audit',
      headers: staffHeaders(compliance),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('keeps the console out of the public API document', async () => {
    const document = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(document.body).not.toContain('/api/ops');
  });
});

describe('the audit log', () => {
  it('is append-only in the database: UPDATE, DELETE and TRUNCATE fail on the app’s connection', async () => {
    const staff = await signedInStaff(app, 'admin');
    const { audit } = servicesOf(app).ops;
    const entry = await audit.record(db, staff, { action: 'test.kept', reason: 'testing the log' });
    await expect(
      sql`update staff_audit_log set reason = 'changed' where id = ${entry.id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from staff_audit_log where id = ${entry.id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate staff_audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const kept = await db
      .selectFrom('staff_audit_log')
      .select('reason')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(kept.reason).toBe('testing the log');
    // And an empty reason is refused by the table itself, not only by the code.
    await expect(
      sql`insert into staff_audit_log (staff_id, action, reason) values (${staff.id}, 'x', '  ')`.execute(
        db,
      ),
    ).rejects.toThrow(/check/);
  });

  it('lists newest first, filtered by staff, customer and action, in keyset pages', async () => {
    const staff = await signedInStaff(app, 'compliance');
    const customer = await verifiedUser(app, db);
    const { audit } = servicesOf(app).ops;
    for (let i = 0; i < 5; i += 1) {
      await audit.record(db, staff, {
        action: i % 2 === 0 ? 'test.even' : 'test.odd',
        userId: customer.id,
        reason: `reason ${i}`,
      });
    }
    const get = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/ops/audit?${query}`,
        headers: staffHeaders(staff),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { items: { reason: string }[]; nextCursor: string | null };
    };
    const first = await get(`userId=${customer.id}&limit=2`);
    expect(first.items.map((e) => e.reason)).toEqual(['reason 4', 'reason 3']);
    const second = await get(`userId=${customer.id}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.reason)).toEqual(['reason 2', 'reason 1']);
    const last = await get(`userId=${customer.id}&limit=2&cursor=${second.nextCursor}`);
    expect(last.items.map((e) => e.reason)).toEqual(['reason 0']);
    expect(last.nextCursor).toBeNull();
    const even = await get(`userId=${customer.id}&action=test.even`);
    expect(even.items.map((e) => e.reason)).toEqual(['reason 4', 'reason 2', 'reason 0']);
    const byStaff = await get(`staffId=${staff.id}&action=test.odd`);
    expect(byStaff.items).toHaveLength(2);
    expect((await get('userId=not-a-uuid')).items).toEqual([]);
  });
});

describe('four eyes', () => {
  const ran: Array<Record<string, unknown>> = [];
  beforeAll(() => {
    servicesOf(app).ops.approvals.register('test.pay', async (context) => {
      ran.push(context.input);
      await context.audit(db, { subjectType: 'test', subjectId: String(context.input.n) });
      return { paid: context.input.n };
    });
  });

  it('runs an action at once up to the threshold, and waits for a second staff member above it', async () => {
    const support = await signedInStaff(app, 'support');
    const { approvals } = servicesOf(app).ops;
    const now = await approvals.run(support, {
      action: 'test.pay',
      amountCents: 50_000,
      input: { n: 1 },
      reason: 'small refund',
    });
    expect(now).toEqual({ status: 'done', result: { paid: 1 } });
    const waiting = await approvals.run(support, {
      action: 'test.pay',
      amountCents: 50_001,
      input: { n: 2 },
      reason: 'large refund',
    });
    expect(waiting.status).toBe('pending');
    expect(ran).toEqual([{ n: 1 }]);
    const approvalId = waiting.status === 'pending' ? waiting.approvalId : '';

    const list = await app.inject({
      method: 'GET',
      url: '/api/ops/approvals',
      headers: staffHeaders(support),
    });
    expect(list.json().items.map((a: { id: string }) => a.id)).toContain(approvalId);

    // Support may not decide; nor may the requester, whatever their role.
    const bySupport = await app.inject({
      method: 'POST',
      url: `/api/ops/approvals/${approvalId}/approve`,
      headers: staffHeaders(await signedInStaff(app, 'support')),
      payload: { reason: 'looks fine' },
    });
    expect(bySupport.statusCode).toBe(403);
    const adminRequester = await signedInStaff(app, 'admin');
    const own = await approvals.run(adminRequester, {
      action: 'test.pay',
      amountCents: 90_000,
      input: { n: 3 },
      reason: 'own request',
    });
    const ownId = own.status === 'pending' ? own.approvalId : '';
    const self = await app.inject({
      method: 'POST',
      url: `/api/ops/approvals/${ownId}/approve`,
      headers: staffHeaders(adminRequester),
      payload: { reason: 'approving my own' },
    });
    expect(self.statusCode).toBe(403);

    const compliance = await signedInStaff(app, 'compliance');
    const approved = await app.inject({
      method: 'POST',
      url: `/api/ops/approvals/${approvalId}/approve`,
      headers: staffHeaders(compliance),
      payload: { reason: 'checked the receipt' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ id: approvalId, status: 'approved', result: { paid: 2 } });
    expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
    const twice = await app.inject({
      method: 'POST',
      url: `/api/ops/approvals/${approvalId}/approve`,
      headers: staffHeaders(await signedInStaff(app, 'admin')),
      payload: { reason: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(ran).toHaveLength(2);

    const rejected = await app.inject({
      method: 'POST',
      url: `/api/ops/approvals/${ownId}/reject`,
      headers: staffHeaders(compliance),
      payload: { reason: 'no receipt' },
    });
    expect(rejected.json().status).toBe('rejected');
    expect(ran).toHaveLength(2);

    const entries = await db
      .selectFrom('staff_audit_log')
      .select(['action', 'staff_id', 'reason', 'details'])
      .where('action', 'in', [
        'test.pay',
        'approval.requested',
        'approval.approved',
        'approval.rejected',
      ])
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ['test.pay', 'small refund'],
      ['approval.requested', 'large refund'],
      ['approval.requested', 'own request'],
      ['approval.approved', 'checked the receipt'],
      ['test.pay', 'large refund'],
      ['approval.rejected', 'no receipt'],
    ]);
    const paidLater = entries[4];
    expect(paidLater?.staff_id).toBe(support.id);
    expect(paidLater?.details).toMatchObject({ approvalId, approvedBy: compliance.id });
  });

  it('the table itself refuses a decision by the requester', async () => {
    const staff = await signedInStaff(app, 'admin');
    const row = await db
      .insertInto('staff_approvals')
      .values({
        action: 'test.pay',
        amount_cents: 1,
        input: '{}',
        reason: 'r',
        requested_by: staff.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      sql`update staff_approvals set status = 'approved', decided_by = requested_by where id = ${row.id}`.execute(
        db,
      ),
    ).rejects.toThrow(/check/);
  });
});

describe('the sandbox staff route', () => {
  it('answers the TOTP secret a test signs in with, and signs in a second time with the next code', async () => {
    const staff = await createStaff(app, 'compliance');
    await signInStaff(app, staff);
    const next = await signInStaff(app, staff, { step: totpStep() + 1 });
    expect(next.token).toBeTruthy();
  });

  it('is absent in live mode', async () => {
    const live = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:2525' });
    try {
      const response = await live.inject({
        method: 'POST',
        url: '/sandbox/ops/staff',
        payload: { email: 'x@pago.example', name: 'X', role: 'admin', password: STAFF_PASSWORD },
      });
      expect(response.statusCode).toBe(404);
      expect(await db.selectFrom('staff').where('email', '=', 'x@pago.example').execute()).toEqual(
        [],
      );
    } finally {
      await live.close();
    }
  });
});
