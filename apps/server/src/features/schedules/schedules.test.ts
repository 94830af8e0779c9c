import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  verifiedUser,
} from '../../../test/money-helpers';
import { call } from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';
import { createScheduleRuns } from './schedule-runs';

// Friday, Nov 27 2026, 10:00 in New York (the test users' ZIP is in US Eastern or near it).
const START = new Date('2026-11-27T15:00:00Z');
const t = moneyTestApp(START);
beforeEach(() => {
  t.now = START;
});

async function schedule(user: MoneyUser, body: object, key = randomUUID()) {
  return moneyPost(t.app, user, '/api/schedules', body, key);
}

/** A P2P schedule of `amountUsd` due now-ish: once, tomorrow; the clock then moves past it. */
async function dueP2p(from: MoneyUser, to: MoneyUser, amountUsd = 25) {
  const made = await schedule(from, {
    payeeUsername: to.username,
    amountUsd,
    frequency: 'weekly',
    startDate: '2026-11-28',
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: string; nextRunAt: string; nextRunDate: string };
}

async function runsOf(scheduleId: string) {
  return t.db
    .selectFrom('schedule_runs')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .orderBy('due_at')
    .execute();
}

async function scheduleTransfers(scheduleId: string) {
  return t.db
    .selectFrom('ledger_transfers')
    .select(['id', 'amount_cents'])
    .where('kind', '=', 'p2p')
    .where(sql<boolean>`metadata ->> 'scheduleId' = ${scheduleId}`)
    .execute();
}

describe('making and changing schedules', () => {
  it('makes a twice-monthly schedule to a Pago user with its next date, idempotently', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const beto = await verifiedUser(t.app, t.db);
    const key = randomUUID();
    const body = {
      payeeUsername: beto.username,
      amountUsd: 200,
      frequency: 'twice_monthly',
      dayOfMonth: 15,
      secondDay: 1,
    };
    const first = await schedule(ana, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json();
    expect(made).toMatchObject({
      kind: 'p2p',
      amountCents: 20000,
      frequency: 'twice_monthly',
      status: 'active',
      nextRunDate: '2026-12-01',
      payeeUsername: beto.username,
      runs: [],
    });
    // The same key answers the same schedule; none is made twice.
    const again = await schedule(ana, body, key);
    expect(again.json().id).toBe(made.id);
    const list = (await call(t, ana, 'GET', '/api/schedules')).json().items;
    expect(list.map((s: { id: string }) => s.id)).toEqual([made.id]);
  });

  it('refuses rules that cannot run, and another user’s schedule is a 404', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const beto = await verifiedUser(t.app, t.db);
    const base = { payeeUsername: beto.username, amountUsd: 10 };
    const past = await schedule(ana, { ...base, frequency: 'once', startDate: '2026-11-01' });
    expect(past.statusCode).toBe(422);
    const sameDays = await schedule(ana, {
      ...base,
      frequency: 'twice_monthly',
      dayOfMonth: 5,
      secondDay: 5,
    });
    expect(sameDays.statusCode).toBe(400);
    const noDate = await schedule(ana, { ...base, frequency: 'weekly' });
    expect(noDate.statusCode).toBe(400);
    const feb30 = await schedule(ana, { ...base, frequency: 'once', startDate: '2027-02-30' });
    expect(feb30.statusCode).toBe(422);
    const mine = (await dueP2p(ana, beto)).id;
    for (const url of [`/api/schedules/${mine}`]) {
      expect((await call(t, beto, 'GET', url)).statusCode).toBe(404);
    }
    for (const action of ['pause', 'resume', 'skip', 'cancel']) {
      const r = await call(t, beto, 'POST', `/api/schedules/${mine}/${action}`, {});
      expect(r.statusCode, action).toBe(404);
    }
  });

  it('edits, skips the next run only, pauses, resumes and cancels', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const beto = await verifiedUser(t.app, t.db);
    const { id } = await dueP2p(ana, beto);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/schedules/${id}`,
      headers: { authorization: `Bearer ${ana.token}` },
      payload: { amountUsd: 40, frequency: 'monthly', dayOfMonth: 31 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ amountCents: 4000, nextRunDate: '2026-11-30' });
    const skipped = (await call(t, ana, 'POST', `/api/schedules/${id}/skip`, {})).json();
    expect(skipped.nextRunDate).toBe('2026-12-31');
    expect(skipped.runs).toMatchObject([{ status: 'skipped', dueDate: '2026-11-30' }]);
    const paused = (await call(t, ana, 'POST', `/api/schedules/${id}/pause`, {})).json();
    expect(paused).toMatchObject({ status: 'paused', nextRunDate: null });
    const resumed = (await call(t, ana, 'POST', `/api/schedules/${id}/resume`, {})).json();
    expect(resumed).toMatchObject({ status: 'active', nextRunDate: '2026-11-30' });
    const canceled = (await call(t, ana, 'POST', `/api/schedules/${id}/cancel`, {})).json();
    expect(canceled).toMatchObject({ status: 'canceled', nextRunDate: null });
    const late = await call(t, ana, 'POST', `/api/schedules/${id}/resume`, {});
    expect(late.statusCode).toBe(409);
  });
});

describe('runs', () => {
  it('runs a due schedule once under two concurrent workers, and moves on to the next date', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
    const { id, nextRunAt } = await dueP2p(ana, beto, 25);
    const services = servicesOf(t.app);
    // Not due yet: nothing happens.
    expect(await services.schedules.runOne(id)).toBe(false);
    t.now = new Date(new Date(nextRunAt).getTime() + 1000);
    // Two workers on this schedule, and the job's pass over every due one, at the same time.
    const [one, two] = await Promise.all([
      services.schedules.runOne(id),
      services.schedules.runOne(id),
      services.schedules.runDue(),
    ]);
    expect(one && two).toBe(false);
    expect(await runsOf(id)).toMatchObject([{ status: 'sent', due_date: '2026-11-28' }]);
    expect(await scheduleTransfers(id)).toHaveLength(1);
    expect(await balanceOf(t.app, beto)).toBe(2500);
    const view = (await call(t, ana, 'GET', `/api/schedules/${id}`)).json();
    expect(view).toMatchObject({ nextRunDate: '2026-12-05', runs: [{ status: 'sent' }] });
    const told = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', ana.id)
      .where(sql<boolean>`type like 'schedule_%'`)
      .execute();
    expect(told.map((n) => n.type)).toEqual(['schedule_sent']);
  });

  it('a crash between the claim and the commit rolls back; the next pass runs it once', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
    const { id, nextRunAt } = await dueP2p(ana, beto, 30);
    t.now = new Date(new Date(nextRunAt).getTime() + 1000);
    const services = servicesOf(t.app);
    // A worker whose process dies after the money moved, before its transaction commits.
    const dying = createScheduleRuns({
      db: t.db,
      clock: () => t.now,
      ledger: services.ledger,
      notifications: {
        notify: async () => {
          throw new Error('killed');
        },
      },
      sanctions: () => services.sanctions,
      people: services.accounts,
      sender: () => services.remittances,
      bills: () => services.billPay,
    });
    await expect(dying.runOne(id)).rejects.toThrow('killed');
    expect(await runsOf(id)).toEqual([]);
    expect(await scheduleTransfers(id)).toEqual([]);
    expect(await balanceOf(t.app, ana)).toBe(10_000);
    expect(await services.schedules.runDue()).toBeGreaterThanOrEqual(1);
    expect(await services.schedules.runOne(id)).toBe(false);
    expect(await runsOf(id)).toMatchObject([{ status: 'sent' }]);
    expect(await scheduleTransfers(id)).toHaveLength(1);
    expect(await balanceOf(t.app, ana)).toBe(7000);
  });

  it('a run the balance cannot cover fails with its reason, tells the user, and moves on', async () => {
    const ana = await verifiedUser(t.app, t.db, 1000);
    const beto = await verifiedUser(t.app, t.db);
    const { id, nextRunAt } = await dueP2p(ana, beto, 25);
    t.now = new Date(new Date(nextRunAt).getTime() + 1000);
    expect(await servicesOf(t.app).schedules.runOne(id)).toBe(true);
    expect(await runsOf(id)).toMatchObject([
      { status: 'failed', failure_reason: 'insufficient_funds', transfer_id: null },
    ]);
    expect(await balanceOf(t.app, ana)).toBe(1000);
    const view = (await call(t, ana, 'GET', `/api/schedules/${id}`)).json();
    expect(view).toMatchObject({
      status: 'active',
      nextRunDate: '2026-12-05',
      runs: [{ status: 'failed', failureReason: 'insufficient_funds' }],
    });
    const told = await t.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', ana.id)
      .where('type', '=', 'schedule_failed')
      .execute();
    expect(told).toMatchObject([{ data: { failureReason: 'insufficient_funds' } }]);
  });

  it('a closed account ends the schedule: no run, no money', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
    const { id, nextRunAt } = await dueP2p(ana, beto, 25);
    await t.db
      .updateTable('users')
      .set({ closed_at: START, closed_by: 'user' })
      .where('id', '=', beto.id)
      .execute();
    t.now = new Date(new Date(nextRunAt).getTime() + 1000);
    expect(await servicesOf(t.app).schedules.runOne(id)).toBe(false);
    expect(await runsOf(id)).toEqual([]);
    expect(await balanceOf(t.app, ana)).toBe(10_000);
    const view = (await call(t, ana, 'GET', `/api/schedules/${id}`)).json();
    expect(view).toMatchObject({ status: 'canceled', nextRunDate: null });
  });

  it('reminds the day before, once per run day', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const beto = await verifiedUser(t.app, t.db);
    const { id, nextRunAt } = await dueP2p(ana, beto, 25);
    const services = servicesOf(t.app);
    t.now = new Date(new Date(nextRunAt).getTime() - 23 * 3_600_000);
    await Promise.all([services.schedules.sendReminders(), services.schedules.sendReminders()]);
    await services.schedules.sendReminders();
    const told = await t.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('user_id', '=', ana.id)
      .where('type', '=', 'schedule_upcoming')
      .execute();
    expect(told).toMatchObject([{ data: { scheduleId: id, payDate: '2026-11-28' } }]);
  });
});
