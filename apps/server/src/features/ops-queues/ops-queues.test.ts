import type { AddressInfo } from 'node:net';
import type { OpsQueue } from '@pago/shared/contracts/ops-queues';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts-helpers';
import { owe, walletOf } from '../../../test/debt-helpers';
import { submitPersonaFlow } from '../../../test/identity-helpers';
import {
  balanceOf,
  type MoneyTestApp,
  type MoneyUser,
  moneyPost,
  verifiedUser,
} from '../../../test/money-helpers';
import {
  CLABE,
  finishWait,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
  track,
  until,
} from '../../../test/remittance-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { servicesOf } from '../../app';
import { createThunesClient } from '../../providers/thunes/thunes-client';
import { decideDueInquiries } from '../../sandbox/persona/persona-fake.routes';
import { advanceThunesTransactions } from '../../sandbox/thunes/thunes-fake';
import { collectDebt } from '../ledger/debt-collection';
import { findInvariantViolations } from '../ledger/ledger.repository';
import { opsQueuesOf } from './ops-queues.compose';
import type { QueueActor } from './ops-queues.roles';

/**
 * The operations queues against real PostgreSQL and the sandbox vendors over HTTP: each item is
 * made through the real flows (a send the Thunes fake holds, a claim the sender opens, a returned
 * deposit, a reconciliation run, a failed pg-boss job, a Persona inquiry in review), appears in its
 * queue, and its action does what it says (the money checked in the ledger) and takes it away.
 */
const start = new Date('2026-11-20T15:00:00Z');
const t = { now: start } as MoneyTestApp & { url: string };
beforeAll(async () => {
  ({ db: t.db, url: t.url } = await createTestDatabase());
  t.app = await buildTestApp(t.db, THUNES_TEST_TIMINGS, () => t.now);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  expect(await findInvariantViolations(t.db)).toEqual({
    unbalancedTransfers: [],
    driftedAccounts: [],
    negativeUserAccounts: [],
  });
  await t.app.close();
});

const support: QueueActor = { staffId: 'staff-support', role: 'support' };
const compliance: QueueActor = { staffId: 'staff-compliance', role: 'compliance' };
const admin: QueueActor = { staffId: 'staff-admin', role: 'admin' };

const thunes = () => {
  const settings = t.app.deps.config.thunes;
  if (!settings) throw new Error('sandbox mode has Thunes settings');
  const { port } = t.app.server.address() as AddressInfo;
  return createThunesClient({
    baseUrl: () => `http://127.0.0.1:${port}/sandbox/thunes`,
    apiKey: settings.apiKey,
    apiSecret: settings.apiSecret,
  });
};

const queues = () => opsQueuesOf(servicesOf(t.app), t.db, thunes(), t.app.log);

const itemsOf = async (queue: OpsQueue, role = 'support') =>
  (await queues().list(queue, role)).items;

const refundsOf = (transferId: string) =>
  t.db
    .selectFrom('ledger_transfers')
    .select(['id', 'amount_cents'])
    .where('related_transfer_id', '=', transferId)
    .where('kind', '=', 'remittance_refund')
    .execute();

/** A $100 send to a Mexican bank account whose CLABE-less phone ends in 9999: the fake holds it. */
async function heldSend(user: MoneyUser) {
  const recipient = await saveRecipient(t, user, {
    country: 'MX',
    phone: '+525512349999',
    method: 'bank_deposit',
    fields: { clabe: CLABE },
  });
  const sent = await sendHome(t, user, recipient);
  expect(sent.statusCode, sent.body).toBe(201);
  const { id } = sent.json() as { id: string };
  await until(t, async () =>
    (await track(t, user, id))
      .json()
      .timeline.some((s: { step: string }) => s.step === 'under_review'),
  );
  return sent.json() as { id: string; totalCents: number; amountCents: number; feeCents: number };
}

const statusOf = async (user: MoneyUser, id: string) =>
  (await track(t, user, id)).json().transfer.status as string;

describe('payouts held by the partner', () => {
  it('lists a held payout with its customer, money and history; support cannot cancel it, compliance can (refunded once)', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await heldSend(ana);
    const balanceAfterSend = await balanceOf(t.app, ana);
    expect(balanceAfterSend).toBe(50_000 - sent.totalCents);

    const [item] = (await itemsOf('held_payouts')).filter((i) => i.id === sent.id);
    expect(item).toMatchObject({
      queue: 'held_payouts',
      customer: { id: ana.id, email: ana.email },
      money: { amountCents: 10_000, currency: 'USD' },
      overdue: false,
      actions: ['refresh'],
    });
    expect(item?.title).toContain('20110');
    expect(item?.history.map((h) => h.status)).toContain('20110');
    expect((await queues().list('held_payouts', 'compliance')).items[0]?.actions).toEqual([
      'refresh',
      'cancel',
    ]);

    // Support: refused, and no money moved.
    await expect(
      queues().act(support, 'held_payouts', sent.id, 'cancel', { reason: 'Cliente lo pidió' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await balanceOf(t.app, ana)).toBe(balanceAfterSend);

    const done = await queues().act(compliance, 'held_payouts', sent.id, 'cancel', {
      reason: 'El socio no lo libera; el cliente pidió su dinero',
    });
    expect(done).toMatchObject({ done: true });
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    expect(await refundsOf(sent.id)).toEqual([
      expect.objectContaining({ amount_cents: sent.totalCents }),
    ]);
    expect(await statusOf(ana, sent.id)).toBe('refunded');
    expect((await thunes().getTransactionByExternalId(sent.id)).status).toBe('40000');
    expect((await itemsOf('held_payouts')).map((i) => i.id)).not.toContain(sent.id);
    // Again: no longer in the queue, nothing moves twice.
    await expect(
      queues().act(compliance, 'held_payouts', sent.id, 'cancel', { reason: 'otra vez' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await refundsOf(sent.id)).toHaveLength(1);
  });

  it('asks the partner again: once it releases the payout, it is delivered and leaves the queue', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await heldSend(ana);
    expect((await itemsOf('held_payouts')).map((i) => i.id)).toContain(sent.id);
    const still = await queues().act(support, 'held_payouts', sent.id, 'refresh', {
      reason: 'Revisar estado',
    });
    expect(still.done).toBe(false);
    // The partner's review ends and it pays (the fake's steps, its callbacks not delivered).
    await finishWait(t, sent.id);
    const timings = THUNES_TEST_TIMINGS.sandboxThunes;
    if (!timings) throw new Error('test timings');
    for (let i = 0; i < 3; i++) await advanceThunesTransactions(t.db, timings);
    const released = await queues().act(support, 'held_payouts', sent.id, 'refresh', {
      reason: 'Revisar estado',
    });
    expect(released.done).toBe(true);
    expect(await statusOf(ana, sent.id)).toBe('delivered');
    expect(await balanceOf(t.app, ana)).toBe(50_000 - sent.totalCents);
  });
});

describe('remittance error claims', () => {
  const openClaim = (user: MoneyUser, transferId: string, body: object) =>
    moneyPost(t.app, user, `/api/remittances/${transferId}/cases`, body);

  it('lists open claims by their legal deadline, overdue marked; compliance resolves one with a refund', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const first = await heldSend(ana);
    const opened = await openClaim(ana, first.id, { reason: 'not_received', remedy: 'refund' });
    expect(opened.statusCode, opened.body).toBe(201);
    const claimId = opened.json().id as string;
    const later = new Date(t.now.getTime() + 60_000);
    const saved = t.now;
    t.now = later;
    const second = await heldSend(ana);
    const other = await openClaim(ana, second.id, { reason: 'late', remedy: 'refund' });
    t.now = saved;
    const items = (await itemsOf('error_claims')).filter((i) =>
      [claimId, other.json().id].includes(i.id),
    );
    // The nearest deadline first.
    expect(items.map((i) => i.id)).toEqual([claimId, other.json().id]);
    expect(items[0]).toMatchObject({
      customer: { id: ana.id },
      money: { amountCents: 10_000 },
      dueBy: opened.json().decideBy,
      overdue: false,
    });
    // Past the decision deadline: overdue.
    t.now = new Date(new Date(opened.json().decideBy).getTime() + 1000);
    try {
      const overdue = (await itemsOf('error_claims')).find((i) => i.id === claimId);
      expect(overdue?.overdue).toBe(true);
      const summary = await queues().summary();
      expect(summary.queues.find((q) => q.queue === 'error_claims')).toMatchObject({
        count: expect.any(Number),
        overdue: expect.any(Number),
      });
      expect(
        summary.queues.find((q) => q.queue === 'error_claims')?.overdue,
      ).toBeGreaterThanOrEqual(1);
    } finally {
      t.now = saved;
    }

    await expect(
      queues().act(support, 'error_claims', claimId, 'resolve', {
        reason: 'No llegó',
        finding: 'not_paid',
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const before = await balanceOf(t.app, ana);
    const resolved = await queues().act(compliance, 'error_claims', claimId, 'resolve', {
      reason: 'El socio retuvo el pago y no lo liberó',
      finding: 'not_paid',
    });
    expect(resolved.done).toBe(true);
    expect(await balanceOf(t.app, ana)).toBe(before + first.totalCents);
    expect(await refundsOf(first.id)).toHaveLength(1);
    expect((await thunes().getTransactionByExternalId(first.id)).status_class).toBe('4');
    const decided = await t.db
      .selectFrom('remittance_error_cases')
      .select(['status', 'resolution'])
      .where('id', '=', claimId)
      .executeTakeFirstOrThrow();
    expect(decided.status).toBe('resolved');
    expect(decided.resolution).toMatch(
      /^Encontramos un error: el dinero no llegó al destinatario\./,
    );
    expect((await itemsOf('error_claims')).map((i) => i.id)).not.toContain(claimId);
  });

  it('decides no error with the explanation the sender reads; no money moves', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const sent = await heldSend(ana);
    const opened = await openClaim(ana, sent.id, { reason: 'not_received', remedy: 'refund' });
    const claimId = opened.json().id as string;
    const before = await balanceOf(t.app, ana);
    const explanation =
      'Tu envío está en revisión de cumplimiento de nuestro socio; no es un error y llegará cuando termine.';
    const answer = await queues().act(admin, 'error_claims', claimId, 'no_error', {
      reason: 'Revisión del socio dentro del plazo',
      explanation,
    });
    expect(answer.done).toBe(true);
    expect(await balanceOf(t.app, ana)).toBe(before);
    const cases = await t.app.inject({
      method: 'GET',
      url: '/api/remittance-cases',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(cases.json().items.find((c: { id: string }) => c.id === claimId)).toMatchObject({
      status: 'no_error',
      resolution: explanation,
    });
  });
});

describe('returned deposits that left a debt', () => {
  /** Money in, and the debt collected from it first, as each way money arrives does. */
  async function receive(user: MoneyUser, amount: number) {
    const answer = await moneyPost(t.app, user, '/api/wallet/test-deposit', { amount });
    expect(answer.statusCode).toBe(201);
    const { ledger } = servicesOf(t.app);
    await t.db
      .transaction()
      .execute((tx) => collectDebt(ledger, tx, user.id, 'bank_deposit_return'));
  }

  it('lists what is owed, since when and what was collected; a note stays in its history', async () => {
    const ana = await verifiedUser(t.app, t.db);
    await owe(t.app, t.db, ana, 2_500);
    const [item] = (await itemsOf('debts')).filter((i) => i.id === ana.id);
    expect(item).toMatchObject({
      customer: { id: ana.id, email: ana.email },
      money: { amountCents: 2_500 },
      details: { owedCents: 2_500, collectedCents: 0 },
      actions: ['note'],
    });
    // Money arrives: part of the debt is collected first.
    await receive(ana, 1_000);
    expect((await walletOf(t.app, ana)).owedCents).toBe(1_500);
    const after = (await itemsOf('debts')).find((i) => i.id === ana.id);
    expect(after?.details).toMatchObject({ owedCents: 1_500, collectedCents: 1_000 });
    expect(after?.history.map((h) => h.status)).toEqual(['bank_deposit_return', 'collected']);

    const noted = await queues().act(support, 'debts', ana.id, 'note', {
      reason: 'Llamamos al cliente; pagará el viernes',
    });
    expect(noted.done).toBe(false);
    const withNote = (await itemsOf('debts')).find((i) => i.id === ana.id);
    expect(withNote?.history.at(-1)).toMatchObject({
      status: 'note',
      note: 'Llamamos al cliente; pagará el viernes',
    });
    // Paid in full: it leaves the queue.
    await receive(ana, 2_000);
    expect((await itemsOf('debts')).map((i) => i.id)).not.toContain(ana.id);
  });
});

describe('writing a debt off', () => {
  const systemBalance = async (role: string) =>
    Number(
      (
        await t.db
          .selectFrom('ledger_accounts')
          .select('balance_cents')
          .where('system_role', '=', role)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    );

  const walletAccount = async (userId: string) =>
    Number(
      (
        await t.db
          .selectFrom('ledger_accounts')
          .select('balance_cents')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).balance_cents,
    );

  it('compliance writes off part, then the rest, as Pago’s loss; the balance is untouched; support may not', async () => {
    const ana = await verifiedUser(t.app, t.db);
    await owe(t.app, t.db, ana, 3_000);
    const losses = await systemBalance('debt_write_offs');
    const receivable = await systemBalance('funding_receivable');
    const item = (await queues().list('debts', 'compliance')).items.find((i) => i.id === ana.id);
    expect(item?.actions).toEqual(['note', 'write_off']);
    await expect(
      queues().act(support, 'debts', ana.id, 'write_off', { reason: 'No va a pagar' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      queues().act(compliance, 'debts', ana.id, 'write_off', {
        reason: 'Más de lo que debe',
        amountCents: 3_001,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });

    const part = await queues().act(compliance, 'debts', ana.id, 'write_off', {
      reason: 'Acuerdo: perdonamos la mitad',
      amountCents: 1_000,
    });
    expect(part.done).toBe(false);
    expect((await walletOf(t.app, ana)).owedCents).toBe(2_000);
    // The person's own ledger account did not move: the debt was Pago's receivable.
    expect(await walletAccount(ana.id)).toBe(0);
    expect(await systemBalance('debt_write_offs')).toBe(losses - 1_000);
    expect(await systemBalance('funding_receivable')).toBe(receivable + 1_000);
    const history = (await itemsOf('debts')).find((i) => i.id === ana.id)?.history;
    expect(history?.at(-1)).toMatchObject({
      status: 'write_off',
      note: 'Acuerdo: perdonamos la mitad',
    });

    const rest = await queues().act(admin, 'debts', ana.id, 'write_off', {
      reason: 'Cuenta incobrable',
    });
    expect(rest.done).toBe(true);
    expect(await walletOf(t.app, ana)).toMatchObject({ balanceCents: 0, owedCents: 0 });
    expect(await walletAccount(ana.id)).toBe(0);
    expect(await systemBalance('debt_write_offs')).toBe(losses - 3_000);
    const written = await t.db
      .selectFrom('ledger_transfers')
      .select(['amount_cents', 'metadata'])
      .where('user_id', '=', ana.id)
      .where('kind', '=', 'debt_write_off')
      .orderBy('created_at')
      .execute();
    expect(written.map((w) => w.amount_cents)).toEqual([1_000, 2_000]);
    // Not a row of the person's activity: none of their money moved.
    const activity = await t.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(JSON.stringify(activity.json())).not.toContain('debt_write_off');
  });
});

describe('reconciliation differences', () => {
  it('shows the latest run’s differences; acknowledging needs compliance; a clean re-run clears them', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const mx = await saveRecipient(t, ana, {
      country: 'MX',
      phone: '+525512345678',
      method: 'bank_deposit',
      fields: { clabe: CLABE },
    });
    const open = (await sendHome(t, ana, mx, 40)).json().id as string;
    await t.db
      .updateTable('sandbox_thunes_transactions')
      .set({ next_status_at: null })
      .where('external_id', '=', open)
      .execute();
    const { partner_source_amount: amount } = await t.db
      .selectFrom('remittance_payouts')
      .select('partner_source_amount')
      .where('transfer_id', '=', open)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('remittance_payouts')
      .set({ partner_source_amount: '39.99' })
      .where('transfer_id', '=', open)
      .execute();
    await servicesOf(t.app).payoutReconciliation.reconcile();
    const found = (await itemsOf('reconciliation')).filter((i) => i.details.transferId === open);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      customer: { id: ana.id },
      details: { source: 'payout', expected: '39.99' },
    });
    const id = found[0]?.id ?? '';
    await expect(
      queues().act(support, 'reconciliation', id, 'acknowledge', { reason: 'Visto' }),
    ).rejects.toMatchObject({ statusCode: 403 });

    // Fixed at the source; the re-run no longer finds it.
    await t.db
      .updateTable('remittance_payouts')
      .set({ partner_source_amount: amount })
      .where('transfer_id', '=', open)
      .execute();
    const rerun = await queues().act(support, 'reconciliation', id, 'rerun', {
      reason: 'Corregido el monto',
    });
    expect(rerun.done).toBe(true);
    expect((await itemsOf('reconciliation')).map((i) => i.details.transferId)).not.toContain(open);
  });

  it('acknowledges a broken ledger check with an explanation, append-only', async () => {
    // A check that found something, as the job stores it.
    await t.db
      .insertInto('ledger_invariant_checks')
      .values({
        source: 'job',
        unbalanced_transfers: 0,
        drifted_accounts: 1,
        negative_user_accounts: 0,
        found: JSON.stringify({
          unbalancedTransfers: [],
          driftedAccounts: ['1'],
          negativeUserAccounts: [],
        }),
      })
      .execute();
    const [item] = (await itemsOf('reconciliation')).filter((i) => i.id.startsWith('ledger:'));
    expect(item).toMatchObject({ overdue: true, details: { driftedAccounts: 1 } });
    const id = item?.id ?? '';
    const done = await queues().act(compliance, 'reconciliation', id, 'acknowledge', {
      reason: 'Cuenta de prueba corregida a mano; ver nota 12',
    });
    expect(done.done).toBe(true);
    await expect(
      t.db.deleteFrom('ops_queue_actions').where('item_id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db
        .updateTable('ops_queue_actions')
        .set({ reason: 'x' })
        .where('item_id', '=', id)
        .execute(),
    ).rejects.toThrow(/append-only/);
  });
});

describe('failed jobs', () => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = new PgBoss({ connectionString: t.url, supervise: false, schedule: false });
    await boss.start();
  });
  afterAll(() => boss?.stop({ graceful: false }));

  it('lists a failed job with its data and error; retry queues it again; dismiss is admin’s', async () => {
    await boss.createQueue('ops-queues-test', { retryLimit: 0 });
    const id = await boss.send('ops-queues-test', { transferId: 'abc' });
    const [job] = await boss.fetch('ops-queues-test');
    expect(job?.id).toBe(id);
    await boss.fail('ops-queues-test', job?.id ?? '', { message: 'partner timed out' });

    const [item] = (await itemsOf('failed_jobs')).filter((i) => i.id === id);
    expect(item).toMatchObject({
      title: 'ops-queues-test',
      details: { data: { transferId: 'abc' }, error: { message: 'partner timed out' } },
      actions: ['retry'],
    });
    const retried = await queues().act(support, 'failed_jobs', id ?? '', 'retry', {
      reason: 'El socio ya responde',
    });
    expect(retried.done).toBe(true);
    expect((await boss.getJobById('ops-queues-test', id ?? ''))?.state).toBe('retry');

    // Fails again; dismissed by an admin (support may not).
    const [again] = await boss.fetch('ops-queues-test');
    await boss.fail('ops-queues-test', again?.id ?? '', { message: 'still down' });
    await expect(
      queues().act(support, 'failed_jobs', id ?? '', 'dismiss', { reason: 'Ya no aplica' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const dismissed = await queues().act(admin, 'failed_jobs', id ?? '', 'dismiss', {
      reason: 'El envío se reembolsó a mano',
    });
    expect(dismissed.done).toBe(true);
  });
});

describe('identities in manual review', () => {
  it('lists an inquiry Persona has in review with the vendor’s result; refresh applies the decision', async () => {
    const lucia = await signUp(t.app);
    const { inquiryId } = await submitPersonaFlow(t.app, lucia);
    // The app asks for its status after the flow, as the web does: in review.
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/persona/status/${inquiryId}`,
      headers: { authorization: `Bearer ${lucia.token}` },
    });
    expect(status.json()).toMatchObject({ status: 'completed' });
    const [item] = (await itemsOf('identity_reviews')).filter((i) => i.id === inquiryId);
    expect(item).toMatchObject({
      customer: { id: lucia.id },
      details: { vendor: 'persona' },
      actions: ['refresh'],
    });
    const still = await queues().act(support, 'identity_reviews', inquiryId, 'refresh', {
      reason: 'Revisar',
    });
    expect(still.done).toBe(false);
    // Persona's review ends (approved by its test data); its webhook is not delivered yet.
    await t.db
      .updateTable('sandbox_persona_inquiries')
      .set({ decide_at: new Date(0) })
      .where('id', '=', inquiryId)
      .execute();
    await decideDueInquiries(t.db);
    const done = await queues().act(support, 'identity_reviews', inquiryId, 'refresh', {
      reason: 'Revisar',
    });
    expect(done.done).toBe(true);
    // The vendor's decision is applied as its webhook would apply it.
    expect(
      await t.db
        .selectFrom('identity_attempts')
        .select('vendor_status')
        .where('id', '=', inquiryId)
        .executeTakeFirst(),
    ).toEqual({ vendor_status: 'approved' });
  });
});

describe('a manual identity decision', () => {
  it('compliance declines an inquiry Persona has in review (support may not); it leaves the queue', async () => {
    const pedro = await signUp(t.app);
    const { inquiryId } = await submitPersonaFlow(t.app, pedro);
    await t.app.inject({
      method: 'GET',
      url: `/api/persona/status/${inquiryId}`,
      headers: { authorization: `Bearer ${pedro.token}` },
    });
    const item = (await queues().list('identity_reviews', 'compliance')).items.find(
      (i) => i.id === inquiryId,
    );
    expect(item?.actions).toEqual(['refresh', 'approve', 'decline']);
    await expect(
      queues().act(support, 'identity_reviews', inquiryId, 'decline', { reason: 'Foto borrosa' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const declined = await queues().act(compliance, 'identity_reviews', inquiryId, 'decline', {
      reason: 'El documento no coincide con la selfie',
    });
    expect(declined.done).toBe(true);
    expect(
      await t.db
        .selectFrom('identity_attempts')
        .select('vendor_status')
        .where('id', '=', inquiryId)
        .executeTakeFirst(),
    ).toEqual({ vendor_status: 'declined' });
    expect(
      await t.db
        .selectFrom('sandbox_persona_inquiries')
        .select('status')
        .where('id', '=', inquiryId)
        .executeTakeFirst(),
    ).toEqual({ status: 'declined' });
    // Persona's webhook arrives afterwards and changes nothing.
    await servicesOf(t.app).sandboxVendors?.tick();
    expect((await itemsOf('identity_reviews')).map((i) => i.id)).not.toContain(inquiryId);
  });
});

describe('the summary', () => {
  it('counts each queue', async () => {
    const summary = await queues().summary();
    expect(summary.queues.map((q) => q.queue)).toEqual([
      'held_payouts',
      'identity_reviews',
      'error_claims',
      'card_disputes',
      'debts',
      'reconciliation',
      'failed_jobs',
    ]);
    for (const q of summary.queues) expect(q.overdue).toBeLessThanOrEqual(q.count);
  });
});
