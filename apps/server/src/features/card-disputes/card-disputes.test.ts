import type { AddressInfo } from 'node:net';
import { addBusinessDays } from '@pago/shared/business-days';
import { cents } from '@pago/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { tickUntil, unitFake, unitSettings } from '../../../test/banking-helpers';
import { cardholder, network, purchase, type TestCard } from '../../../test/card-helpers';
import { owe, walletOf } from '../../../test/debt-helpers';
import { balanceOf, moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { notificationEmail } from '../../providers/email/notification-templates';
import { createUnitClient } from '../../providers/unit/unit-client';
import { findInvariantViolations } from '../ledger/ledger.repository';
import { reportDeadline } from './card-disputes.service';

let app: AppInstance;
let db: Database;
/** The app's clock: the real one unless a test moves it (the deadlines are read from it). */
let setTime: Date | null = null;
const clock = () => setTime ?? new Date();

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(db, {}, clock, sandboxPool(test.url));
  await app.listen({ port: 0, host: '127.0.0.1' });
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

/** A cleared card purchase: its Pago transfer id and the partner's transaction id. */
async function clearedPurchase(card: TestCard, amountCents: number) {
  const answer = await purchase(app, card, amountCents, {
    name: 'Tienda Sol',
    city: 'Miami, FL',
    category: 'retail',
  });
  expect(answer.json()).toMatchObject({ approved: true });
  const authorizationId = answer.json().authorizationId as string;
  await network(app, 'clear', { authorizationId, amountCents });
  const auth = await tickUntil(app, async () => {
    const row = await db
      .selectFrom('card_authorizations')
      .selectAll()
      .where('partner_authorization_id', '=', authorizationId)
      .executeTakeFirst();
    return row?.status === 'cleared' ? row : undefined;
  });
  return auth.transfer_id as string;
}

function openDispute(user: User, body: object) {
  return moneyPost(app, user, '/api/cards/disputes', body);
}
async function getDispute(user: User, id: string) {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/cards/disputes/${id}`,
    headers: bearer(user.token),
  });
  return { status: answer.statusCode, body: answer.json() };
}
async function partnerDisputeOf(disputeId: string) {
  const row = await tickUntil(app, async () => {
    const found = await db
      .selectFrom('card_disputes')
      .select('partner_dispute_id')
      .where('id', '=', disputeId)
      .executeTakeFirst();
    return found?.partner_dispute_id ? found : undefined;
  });
  return row.partner_dispute_id as string;
}
/** The fake's own status move, then the webhooks delivered until Pago shows `status`. */
async function partnerMoves(user: User, disputeId: string, status: string, pagoStatus: string) {
  const partnerId = await partnerDisputeOf(disputeId);
  const moved = await unitFake(app, 'POST', `/sandbox/disputes/${partnerId}/status`, {
    type: 'disputeStatus',
    attributes: { status },
  });
  expect(moved.statusCode).toBe(200);
  await tickUntil(app, async () => (await getDispute(user, disputeId)).body.status === pagoStatus);
}
async function notificationTypes(user: User): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('type')
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.type).filter((t) => t.startsWith('card_dispute'));
}

describe('opening a dispute', () => {
  it('opens one on the owner’s card purchase, at the partner too, and refuses a second', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 2_500);
    const opened = await openDispute(user, {
      transferId,
      reason: 'unauthorized',
      description: 'No hice esta compra',
    });
    expect(opened.statusCode).toBe(201);
    const dispute = opened.json();
    expect(dispute).toMatchObject({
      transferId,
      reason: 'unauthorized',
      status: 'open',
      disputedCents: 2_500,
      merchant: 'Tienda Sol',
      last4: card.last4,
      steps: [{ step: 'opened' }],
    });
    // Pago's deadline: 10 business days.
    expect(new Date(dispute.creditDueAt).getTime()).toBe(
      addBusinessDays(new Date(dispute.createdAt), 10).getTime(),
    );
    // At the partner: a dispute of the card transaction, for the amount.
    const partnerId = await partnerDisputeOf(dispute.id);
    const atPartner = await unitFake(app, 'GET', `/disputes/${partnerId}`);
    expect(atPartner.json().data.attributes).toMatchObject({
      amount: 2_500,
      status: 'InvestigationStarted',
      source: 'DebitCard',
    });

    const again = await openDispute(user, {
      transferId,
      reason: 'wrong_amount',
      description: 'Otra vez',
      correctAmountCents: 100,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('dispute_already_open');
    expect(await notificationTypes(user)).toEqual(['card_dispute_opened']);
  });

  it('a wrong amount disputes the difference; the right amount must be less', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 4_000);
    const more = await openDispute(user, {
      transferId,
      reason: 'wrong_amount',
      description: 'Me cobraron de más',
      correctAmountCents: 4_000,
    });
    expect(more.statusCode).toBe(422);
    expect(more.json().error.code).toBe('correct_amount_not_less');
    const missing = await openDispute(user, {
      transferId,
      reason: 'wrong_amount',
      description: 'Me cobraron de más',
    });
    expect(missing.statusCode).toBe(400);
    const opened = await openDispute(user, {
      transferId,
      reason: 'wrong_amount',
      description: 'Me cobraron de más',
      correctAmountCents: 3_000,
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json()).toMatchObject({ disputedCents: 1_000, correctAmountCents: 3_000 });
  });

  it('another user’s charge is 404; a transfer that is not a card charge is refused', async () => {
    const { card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 1_000);
    const stranger = await verifiedUser(app, db, 5_000);
    const theirs = await openDispute(stranger, {
      transferId,
      reason: 'unauthorized',
      description: 'x',
    });
    expect(theirs.statusCode).toBe(404);
    const deposit = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('user_id', '=', stranger.id)
      .where('kind', '=', 'deposit')
      .executeTakeFirstOrThrow();
    const notCard = await openDispute(stranger, {
      transferId: deposit.id,
      reason: 'unauthorized',
      description: 'x',
    });
    expect(notCard.statusCode).toBe(422);
    expect(notCard.json().error.code).toBe('not_a_card_charge');
    const list = await app.inject({
      method: 'GET',
      url: '/api/cards/disputes',
      headers: bearer(stranger.token),
    });
    expect(list.json()).toEqual({ disputes: [] });
  });

  it('refuses a charge more than 60 days past its statement', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 1_000);
    const charged = await db
      .selectFrom('ledger_transfers')
      .select('created_at')
      .where('id', '=', transferId)
      .executeTakeFirstOrThrow();
    const deadline = reportDeadline(charged.created_at);
    // The statement closes the month's last day; 60 days from the next month's first.
    expect(deadline.getTime() - charged.created_at.getTime()).toBeGreaterThan(60 * 86_400_000);
    setTime = new Date(deadline.getTime() + 1_000);
    try {
      const late = await openDispute(user, {
        transferId,
        reason: 'unauthorized',
        description: 'x',
      });
      expect(late.statusCode).toBe(422);
      expect(late.json().error.code).toBe('dispute_too_late');
    } finally {
      setTime = null;
    }
  });
});

describe('provisional credit and the outcome', () => {
  it('credits by Pago’s deadline; won keeps the credit without moving money again', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 2_500);
    expect(await balanceOf(app, user)).toBe(7_500);
    const dispute = (
      await openDispute(user, { transferId, reason: 'unauthorized', description: 'No fui yo' })
    ).json();
    await partnerDisputeOf(dispute.id);
    // Before the deadline: nothing.
    await servicesOf(app).cardDisputes.sweep();
    expect(await balanceOf(app, user)).toBe(7_500);
    // At the deadline: the provisional credit, once.
    setTime = new Date(dispute.creditDueAt);
    try {
      await servicesOf(app).cardDisputes.sweep();
      await servicesOf(app).cardDisputes.sweep();
    } finally {
      setTime = null;
    }
    expect(await balanceOf(app, user)).toBe(10_000);
    const credited = await getDispute(user, dispute.id);
    expect(credited.body.status).toBe('provisionally_credited');
    expect(credited.body.steps.map((s: { step: string }) => s.step)).toEqual([
      'opened',
      'provisionally_credited',
    ]);
    const credit = await db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('kind', '=', 'card_dispute_credit')
      .where('user_id', '=', user.id)
      .execute();
    expect(credit).toHaveLength(1);
    expect(credit[0]?.metadata).toMatchObject({ disputeId: dispute.id, provisional: true });

    await partnerMoves(user, dispute.id, 'ResolvedWon', 'won');
    expect(await balanceOf(app, user)).toBe(10_000);
    const won = await getDispute(user, dispute.id);
    expect(won.body.steps.map((s: { step: string }) => s.step)).toEqual([
      'opened',
      'provisionally_credited',
      'won',
    ]);
    expect(await notificationTypes(user)).toEqual([
      'card_dispute_opened',
      'card_dispute_credited',
      'card_dispute_won',
    ]);
  });

  it('the partner’s ProvisionallyCredited credits at once; Pago’s deadline then gives nothing more', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 1_200);
    const dispute = (
      await openDispute(user, { transferId, reason: 'unauthorized', description: 'No fui yo' })
    ).json();
    await partnerMoves(user, dispute.id, 'ProvisionallyCredited', 'provisionally_credited');
    expect(await balanceOf(app, user)).toBe(10_000);
    setTime = new Date(dispute.creditDueAt);
    try {
      await servicesOf(app).cardDisputes.sweep();
    } finally {
      setTime = null;
    }
    expect(await balanceOf(app, user)).toBe(10_000);
  });

  it('won before any credit: the credit is given, final', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const transferId = await clearedPurchase(card, 900);
    const dispute = (
      await openDispute(user, { transferId, reason: 'unauthorized', description: 'No fui yo' })
    ).json();
    await partnerMoves(user, dispute.id, 'ResolvedWon', 'won');
    expect(await balanceOf(app, user)).toBe(10_000);
    const credit = await db
      .selectFrom('ledger_transfers')
      .select('metadata')
      .where('kind', '=', 'card_dispute_credit')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(credit.metadata).toMatchObject({ provisional: false });
  });

  it('won: what the wallet owes is paid first from the credit', async () => {
    const { user, card } = await cardholder(app, db, 900);
    const transferId = await clearedPurchase(card, 900);
    await owe(app, db, user, 500);
    expect(await walletOf(app, user)).toMatchObject({ availableBalanceCents: 0, owedCents: 500 });
    const dispute = (
      await openDispute(user, { transferId, reason: 'unauthorized', description: 'No fui yo' })
    ).json();
    await partnerMoves(user, dispute.id, 'ResolvedWon', 'won');
    expect(await walletOf(app, user)).toMatchObject({
      balanceCents: 400,
      availableBalanceCents: 400,
      owedCents: 0,
    });
  });

  it('lost: notice first, the credit taken back 5 business days later, what was spent owed', async () => {
    const { user, card } = await cardholder(app, db, 3_000);
    const transferId = await clearedPurchase(card, 2_000);
    expect(await balanceOf(app, user)).toBe(1_000);
    const dispute = (
      await openDispute(user, { transferId, reason: 'unauthorized', description: 'No fui yo' })
    ).json();
    await partnerMoves(user, dispute.id, 'ProvisionallyCredited', 'provisionally_credited');
    expect(await balanceOf(app, user)).toBe(3_000);
    // The credit spent (all but $5.00).
    await clearedPurchase(card, 2_500);
    expect(await balanceOf(app, user)).toBe(500);

    await partnerMoves(user, dispute.id, 'ResolvedLost', 'lost');
    const lost = await getDispute(user, dispute.id);
    expect(lost.body.reversalDueAt).not.toBeNull();
    expect(lost.body.steps.map((s: { step: string }) => s.step)).toEqual([
      'opened',
      'provisionally_credited',
      'lost',
      'reversal_scheduled',
    ]);
    const notice = await db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', user.id)
      .where('type', '=', 'card_dispute_lost')
      .executeTakeFirstOrThrow();
    expect(notice.data).toMatchObject({ amountCents: 2_000, date: expect.any(String) });
    // During the notice period the money stays.
    await servicesOf(app).cardDisputes.sweep();
    expect(await balanceOf(app, user)).toBe(500);

    setTime = new Date(lost.body.reversalDueAt);
    try {
      await servicesOf(app).cardDisputes.sweep();
      await servicesOf(app).cardDisputes.sweep();
    } finally {
      setTime = null;
    }
    const reversed = await getDispute(user, dispute.id);
    expect(reversed.body).toMatchObject({ owedCents: 1_500 });
    expect(reversed.body.steps.at(-1)).toMatchObject({ step: 'reversed', amountCents: 2_000 });
    const wallet = await app.inject({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: bearer(user.token),
    });
    expect(wallet.json()).toMatchObject({ balanceCents: -1_500, owedCents: 1_500 });
    const reversals = await db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('kind', '=', 'card_dispute_reversal')
      .where('user_id', '=', user.id)
      .execute();
    expect(reversals).toHaveLength(1);
    expect(reversals[0]?.metadata).toMatchObject({ owedCents: 1_500 });
    expect((await notificationTypes(user)).at(-1)).toBe('card_dispute_reversed');
  });
});

describe('the Unit client against the fake', () => {
  it('creates, reads, lists and moves a dispute as Unit documents them', async () => {
    const { card, account } = await cardholder(app, db, 5_000);
    const transferId = await clearedPurchase(card, 700);
    const message = await db
      .selectFrom('card_network_messages as m')
      .innerJoin('card_authorizations as a', 'a.id', 'm.authorization_id')
      .select('m.partner_transaction_id')
      .where('a.transfer_id', '=', transferId)
      .executeTakeFirstOrThrow();
    const unit = createUnitClient({
      baseUrl: () => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/sandbox/unit`,
      token: unitSettings(app).token,
    });
    const created = await unit.createDisputeInSandbox({
      accountId: account.accountId,
      transactionId: message.partner_transaction_id,
      amount: 500,
    });
    expect(created).toMatchObject({
      status: 'InvestigationStarted',
      amount: 500,
      transactionId: message.partner_transaction_id,
    });
    expect((await unit.getDispute(created.id)).id).toBe(created.id);
    expect((await unit.listDisputes({ limit: 10, offset: 0 })).map((d) => d.id)).toContain(
      created.id,
    );
    const moved = await unit.moveDisputeInSandbox(created.id, 'ResolvedLost', 'Merchant proved it');
    expect(moved).toMatchObject({ status: 'ResolvedLost', decisionReason: 'Merchant proved it' });
    expect(moved.statusHistory.map((h) => h.type)).toEqual([
      'InvestigationStarted',
      'ResolvedLost',
    ]);
    // A final status does not move again; more than the transaction is refused.
    await expect(unit.moveDisputeInSandbox(created.id, 'ResolvedWon')).rejects.toThrow();
    await expect(
      unit.createDisputeInSandbox({
        accountId: account.accountId,
        transactionId: message.partner_transaction_id,
        amount: 701,
      }),
    ).rejects.toThrow();
  });
});

describe('the notices, in the holder’s language', () => {
  const base = { createdAt: new Date('2026-11-27T15:00:00Z'), name: 'Ana', actorName: null };
  const text = (email: { text?: string; subject: string }) =>
    `${email.subject}\n${email.text ?? ''}`;
  it('a lost dispute names the day the credit is taken back, and offers the documents', () => {
    const es = notificationEmail('es', {
      ...base,
      type: 'card_dispute_lost',
      data: { amountCents: cents(2_000), merchant: 'Tienda Sol', date: '2026-12-04' },
    });
    expect(text(es)).toContain(
      'Retiraremos el crédito provisional de $20.00 de tu saldo el 4 de diciembre de 2026',
    );
    expect(text(es)).toContain('documentos');
    const en = notificationEmail('en', {
      ...base,
      type: 'card_dispute_lost',
      data: { amountCents: cents(2_000), merchant: 'Tienda Sol', date: '2026-12-04' },
    });
    expect(text(en)).toContain('on December 4, 2026');
    // Lost before any credit: nothing to take back is announced.
    const none = notificationEmail('es', {
      ...base,
      type: 'card_dispute_lost',
      data: { amountCents: cents(0), merchant: 'Tienda Sol' },
    });
    expect(text(none)).not.toContain('Retiraremos');
  });
});
