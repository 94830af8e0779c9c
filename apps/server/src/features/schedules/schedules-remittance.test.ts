import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { balanceOf, moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import {
  CLABE,
  call,
  saveRecipient,
  THUNES_TEST_TIMINGS,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

// Monday, Nov 2 2026, 10:00 in New York. The sandbox partner's quotations expire on the
// database's own clock, so the test's clock stays in the past of the real one.
const START = new Date('2026-11-02T15:00:00Z');
const t = moneyTestApp(START, THUNES_TEST_TIMINGS);

/** The fake partner's transactions for a transfer (how often Pago created it). */
async function partnerTransactions(transferId: string) {
  return t.db
    .selectFrom('sandbox_thunes_transactions')
    .select('id')
    .where('external_id', '=', transferId)
    .execute();
}

describe('a scheduled transfer home (sandbox Thunes)', () => {
  it('a due run quotes, sends the remittance exactly once, and the partner pays it', async () => {
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const mama = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const made = await moneyPost(t.app, ana, '/api/schedules', {
      recipientId: mama.id,
      amountUsd: 200,
      frequency: 'twice_monthly',
      dayOfMonth: 1,
      secondDay: 15,
    });
    expect(made.statusCode, made.body).toBe(201);
    const schedule = made.json();
    expect(schedule).toMatchObject({
      kind: 'remittance',
      recipientName: 'María López',
      recipientCountry: 'MX',
      nextRunDate: '2026-11-15',
    });
    const services = servicesOf(t.app);
    // The day before: the notice with the quote's estimate.
    t.now = new Date(new Date(schedule.nextRunAt).getTime() - 20 * 3_600_000);
    expect(await services.schedules.sendReminders()).toBe(1);
    expect(await services.schedules.sendReminders()).toBe(0);
    const { rows: upcoming } = await sql<{ data: Record<string, unknown> }>`
      select data from notifications where user_id = ${ana.id} and type = 'schedule_upcoming'`.execute(
      t.db,
    );
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]?.data).toMatchObject({ payoutCurrency: 'MXN', amountCents: 20_000 });
    expect(upcoming[0]?.data.fxRate).toEqual(expect.any(String));
    expect(upcoming[0]?.data.totalCents).toBeGreaterThan(20_000);

    // Due: two workers at once; one remittance.
    t.now = new Date(new Date(schedule.nextRunAt).getTime() + 1000);
    await Promise.all([
      services.schedules.runOne(schedule.id),
      services.schedules.runOne(schedule.id),
    ]);
    await services.schedules.runDue();
    const runs = await t.db
      .selectFrom('schedule_runs')
      .selectAll()
      .where('schedule_id', '=', schedule.id)
      .execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'sent',
      due_date: '2026-11-15',
      payout_currency: 'MXN',
    });
    const transferId = runs[0]?.transfer_id as string;
    const transfer = await t.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount_cents', 'fee_cents', 'metadata'])
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ kind: 'remittance', amount_cents: 20_000 });
    expect(transfer.metadata).toMatchObject({ origin: { kind: 'schedule', id: schedule.id } });
    expect(await balanceOf(t.app, ana)).toBe(100_000 - 20_000 - Number(transfer.fee_cents));
    // The payout job hands it to the partner once; the partner pays it.
    await until(t, async () => {
      const view = await call(t, ana, 'GET', `/api/remittances/${transferId}`);
      return view.json().transfer.status === 'delivered';
    });
    expect(await partnerTransactions(transferId)).toHaveLength(1);
    const view = (await call(t, ana, 'GET', `/api/schedules/${schedule.id}`)).json();
    expect(view).toMatchObject({
      nextRunDate: '2026-12-01',
      runs: [{ status: 'sent', transferId }],
    });
  });

  it('a recipient who may be on the sanctions list: the run sends, under review', async () => {
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const held = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345670',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
      firstName: 'Carmen',
      lastName: 'Falsedad Martínez',
    });
    t.now = START;
    const made = await moneyPost(t.app, ana, '/api/schedules', {
      recipientId: held.id,
      amountUsd: 50,
      frequency: 'monthly',
      dayOfMonth: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
    const schedule = made.json();
    t.now = new Date(new Date(schedule.nextRunAt).getTime() + 1000);
    expect(await servicesOf(t.app).schedules.runOne(schedule.id)).toBe(true);
    const view = (await call(t, ana, 'GET', `/api/schedules/${schedule.id}`)).json();
    expect(view).toMatchObject({
      nextRunDate: '2026-12-10',
      runs: [{ status: 'under_review', failureReason: null }],
    });
    expect(view.runs[0].transferId).toEqual(expect.any(String));
  });

  it('a deleted recipient fails the run with its reason; nothing moves', async () => {
    const ana = await verifiedUser(t.app, t.db, 100_000);
    const tio = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345679',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    t.now = START;
    const made = await moneyPost(
      t.app,
      ana,
      '/api/schedules',
      { recipientId: tio.id, amountUsd: 50, frequency: 'once', startDate: '2026-11-05' },
      randomUUID(),
    );
    expect(made.statusCode, made.body).toBe(201);
    const schedule = made.json();
    expect((await call(t, ana, 'DELETE', `/api/recipients/${tio.id}`)).statusCode).toBeLessThan(
      300,
    );
    t.now = new Date(new Date(schedule.nextRunAt).getTime() + 1000);
    expect(await servicesOf(t.app).schedules.runOne(schedule.id)).toBe(true);
    const view = (await call(t, ana, 'GET', `/api/schedules/${schedule.id}`)).json();
    expect(view).toMatchObject({
      status: 'done',
      recipientId: null,
      recipientName: 'María López',
      runs: [{ status: 'failed', failureReason: 'recipient_deleted', transferId: null }],
    });
    expect(await balanceOf(t.app, ana)).toBe(100_000);
  });
});
