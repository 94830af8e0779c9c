import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { tickUntil } from '../../../test/banking-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';
import { createSanctionsQueue } from '../sanctions/sanctions-queue';

let app: AppInstance;
let db: Database;
/** The ledger's clock: a Tuesday, 10 a.m. Eastern. */
const now = new Date('2026-12-01T15:00:00Z');

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(
    db,
    { sandboxAchSettleMs: 200, sandboxSameDayAchSettleMs: 100 },
    () => now,
    sandboxPool(test.url),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const services = servicesOf(app);
  await services.billPay.searchBillers({}); // the sandbox directory seeded first
  // Two payees named like the sandbox list's entries (features/sanctions/sandbox-list): a
  // company paid by ACH, and a landlord who is a person, paid by check.
  await services.billPay.importBillers([
    {
      id: 'rent-listed-company',
      name: 'Empresa Ficticia de Pruebas S.A. de C.V.',
      billType: 'rent',
      category: 'housing',
      method: 'ach',
      routingNumber: '011401533',
      accountNumber: '90990001',
    },
    {
      id: 'rent-listed-person',
      name: 'Juan Carlos Testcartel',
      billType: 'rent',
      category: 'housing',
      method: 'check',
      address: { street: '12 Main St', city: 'Houston', state: 'TX', postalCode: '77002' },
    },
  ]);
});
afterAll(async () => {
  expect(await findInvariantViolations(db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeUserAccounts: [],
  });
  await app.close();
});

type User = Awaited<ReturnType<typeof verifiedUser>>;
const payNow = (user: User, payeeId: string, amount: number, paymentType = 'rent') =>
  moneyPost(app, user, '/api/unit/bill-payment', {
    paymentType,
    payeeId,
    amount,
    accountId: '7788-1234-9',
    memo: 'Diciembre',
  });
const transfer = (id: string) =>
  db.selectFrom('ledger_transfers').selectAll().where('id', '=', id).executeTakeFirst();
const hold = (transferId: string) =>
  db
    .selectFrom('sanctions_holds')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
const openHit = (payeeId: string) =>
  db
    .selectFrom('sanctions_hits')
    .selectAll()
    .where('subject_kind', '=', 'bill_payee')
    .where('subject_id', '=', payeeId)
    .where('status', '=', 'open')
    .executeTakeFirst();
const mirrorOf = (transferId: string) =>
  db
    .selectFrom('unit_payments')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .executeTakeFirst();
async function payment(user: User, transferId: string) {
  const list = await app.inject({
    method: 'GET',
    url: '/api/billpay/payments',
    headers: bearer(user.token),
  });
  return (list.json() as Array<{ transferId: string; status: string }>).find(
    (p) => p.transferId === transferId,
  );
}

describe('bill payees screened, payments held', () => {
  it('an ordinary biller is not held', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const paid = await payNow(ana, 'electricity-1', 3000, 'electricity');
    expect(paid.statusCode).toBe(201);
    expect(paid.json().details.underReview).toBeUndefined();
    expect(await hold(paid.json().id)).toBeUndefined();
    const screened = await db
      .selectFrom('sanctions_screenings')
      .selectAll()
      .where('subject_kind', '=', 'bill_payee')
      .where('subject_id', '=', 'electricity-1')
      .execute();
    expect(screened.map((s) => s.result)).toEqual(['clear']);
  });

  it('a listed payee holds the payment (reserved, not sent); cleared, it is sent and paid', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const paid = await payNow(ana, 'rent-listed-company', 4000);
    expect(paid.statusCode).toBe(202);
    const id = paid.json().id as string;
    expect(paid.json()).toMatchObject({ status: 'processing', details: { underReview: true } });
    expect(await balanceOf(app, ana)).toBe(16_000);
    // The bill pay screen says it is under review, not merely processing.
    expect(await payment(ana, id)).toMatchObject({ status: 'processing', underReview: true });
    // Nothing asked of the partner: no ACH mirror row, so no job can send it.
    expect(await mirrorOf(id)).toBeUndefined();
    const hit = await openHit('rent-listed-company');
    expect(hit?.name).toBe('Empresa Ficticia de Pruebas S.A. de C.V.');
    expect(await hold(id)).toMatchObject({ movement: 'bill_payment', status: 'held' });
    // The sanctions queue lists the hit with the money it holds.
    const queue = await createSanctionsQueue({ db }).list('open');
    expect(queue.find((h) => h.id === hit?.id)).toMatchObject({
      subject: { kind: 'bill_payee', id: 'rent-listed-company' },
      held: [
        expect.objectContaining({ transferId: id, movement: 'bill_payment', amountCents: 4000 }),
      ],
    });
    // A second payment to the same payee waits on the same hit.
    const second = await payNow(ana, 'rent-listed-company', 1000);
    expect(second.statusCode).toBe(202);
    expect((await hold(second.json().id))?.hit_ids).toEqual([hit?.id]);

    const decided = await servicesOf(app).sanctions.decide(
      hit?.id ?? '',
      'clear',
      'staff-1',
      'A real landlord company, not the listed one',
    );
    expect(decided).toMatchObject({ status: 'cleared', released: 2 });
    expect(await hold(id)).toMatchObject({ status: 'released' });
    expect((await transfer(id))?.metadata).not.toHaveProperty('underReview');
    expect(await payment(ana, id)).toMatchObject({ status: 'processing', underReview: false });
    // Reserved with the partner now; the retry job sends it once its lease passes.
    const mirror = await mirrorOf(id);
    expect(mirror).toMatchObject({ payment_type: 'achPayment', direction: 'Credit' });
    await db
      .updateTable('unit_payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('transfer_id', 'in', [id, second.json().id])
      .execute();
    expect(await servicesOf(app).banking.retryPendingPayments()).toBe(2);
    await tickUntil(app, async () => (await transfer(id))?.status === 'completed');
    expect(await payment(ana, id)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(app, ana)).toBe(15_000);
    // Cleared is remembered: the next payment to that payee goes straight out.
    const third = await payNow(ana, 'rent-listed-company', 500);
    expect(third.statusCode).toBe(201);
  });

  it('blocked: the held check is never sent, the money comes back in full, the payee is blocked', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const paid = await payNow(ana, 'rent-listed-person', 7000);
    expect(paid.statusCode).toBe(202);
    const id = paid.json().id as string;
    expect(await balanceOf(app, ana)).toBe(13_000);
    // The unsent-checks job skips a held check (it would otherwise send it).
    await db
      .updateTable('bill_payments')
      .set({ updated_at: new Date('2026-01-01T00:00:00Z') })
      .where('transfer_id', '=', id)
      .execute();
    await servicesOf(app).billPay.retryUnsentChecks();
    const row = await db
      .selectFrom('bill_payments')
      .selectAll()
      .where('transfer_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.unit_check_payment_id).toBeNull();

    const hit = await openHit('rent-listed-person');
    const decided = await servicesOf(app).sanctions.decide(
      hit?.id ?? '',
      'block',
      'staff-1',
      'True match',
    );
    expect(decided).toMatchObject({ status: 'blocked', refunded: 1 });
    expect(await balanceOf(app, ana)).toBe(20_000);
    expect(await payment(ana, id)).toMatchObject({ status: 'failed', underReview: false });
    expect(await hold(id)).toMatchObject({ status: 'refunded' });
    // The customer is not the match: not frozen; the payee is blocked for everyone.
    const user = await db
      .selectFrom('users')
      .select('frozen_at')
      .where('id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(user.frozen_at).toBeNull();
    const again = await payNow(ana, 'rent-listed-person', 100);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('sanctions_blocked');
    expect(await balanceOf(app, ana)).toBe(20_000);
    // Nothing ever reached the partner for it.
    const atFake = await db
      .selectFrom('sandbox_unit_check_payments')
      .select('id')
      .where('idempotency_key', 'like', `%${id}%`)
      .execute();
    expect(atFake).toEqual([]);
  });

  it('a schedule screens its payee when saved', async () => {
    const ana = await verifiedUser(app, db, 20_000);
    const made = await moneyPost(app, ana, '/api/billpay/schedules', {
      paymentType: 'rent',
      payeeId: 'rent-listed-company',
      amount: 100,
      accountId: '7788-1234-9',
      memo: 'Enero',
      payDate: '2026-12-15',
      repeat: 'once',
    });
    expect(made.statusCode).toBe(201);
    const screened = await db
      .selectFrom('sanctions_screenings')
      .select('reason')
      .where('subject_kind', '=', 'bill_payee')
      .where('subject_id', '=', 'rent-listed-company')
      .where('user_id', '=', ana.id)
      .execute();
    expect(screened.map((s) => s.reason)).toContain('save');
  });
});
