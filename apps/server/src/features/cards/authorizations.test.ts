import { randomUUID } from 'node:crypto';
import { ATM_FEES } from '@pago/shared/fees';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tickUntil, unitFake, unitSettings, unitSignature } from '../../../test/banking-helpers';
import {
  atm,
  cardholder,
  insertCard,
  network,
  purchase,
  type TestCard,
} from '../../../test/card-helpers';
import { balanceOf } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';

let app: AppInstance;
let db: Database;
/**
 * The app's clock (the ledger's, the limits' and the fee's days and months): the real one, unless
 * a test sets a time (and clears it after), so the race tests run on the real clock.
 */
let setTime: Date | null = null;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(
    db,
    // The network's wait for Pago's answer at its most patient: 50 authorizations of one card
    // queue on its lock, and on a busy machine 2 s (Unit's budget) can pass before the last.
    { cardHoldExpiryMs: 60_000, cardAuthorizationTimeoutMs: 10_000 },
    () => setTime ?? new Date(),
    sandboxPool(test.url),
  );
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

async function authorizationOf(partnerId: string) {
  return db
    .selectFrom('card_authorizations')
    .selectAll()
    .where('partner_authorization_id', '=', partnerId)
    .executeTakeFirstOrThrow();
}
async function transferOf(partnerId: string) {
  const auth = await authorizationOf(partnerId);
  return db
    .selectFrom('ledger_transfers')
    .selectAll()
    .where('id', '=', auth.transfer_id ?? '')
    .executeTakeFirstOrThrow();
}
async function systemBalance(role: string) {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_cents')
    .where('system_role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}
/** Delivers the Unit fake's webhooks until the authorization reaches `status`. */
function settledAs(partnerId: string, status: string) {
  return tickUntil(app, async () => (await authorizationOf(partnerId)).status === status);
}
async function approvedPurchase(card: TestCard, amountCents: number) {
  const answer = await purchase(app, card, amountCents);
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toMatchObject({ approved: true, declineReason: null });
  return answer.json().authorizationId as string;
}

describe('a purchase through the network, the Unit fake and Pago’s ledger', () => {
  it('holds the amount (pending, not spendable), then clears it', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const id = await approvedPurchase(card, 2_500);
    // The hold: out of the wallet, pending in activity, with the merchant in its details.
    expect(await balanceOf(app, user)).toBe(7_500);
    const held = await transferOf(id);
    expect(held).toMatchObject({ kind: 'card_purchase', status: 'processing' });
    expect(held.metadata).toMatchObject({
      merchantName: 'Café Luna',
      merchantCity: 'Miami, FL',
      last4: card.last4,
      authorizedCents: 2_500,
    });
    // At the partner: an authorization holding the amount.
    const atPartner = await db
      .selectFrom('sandbox_unit_authorizations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(atPartner).toMatchObject({ status: 'Authorized', amount: 2500 });

    const cleared = await network(app, 'clear', { authorizationId: id, amountCents: 2_500 });
    expect(cleared.json()).toEqual({ authorizationId: id, clearedCents: 2_500 });
    await settledAs(id, 'cleared');
    expect((await transferOf(id)).status).toBe('completed');
    expect(await balanceOf(app, user)).toBe(7_500);
  });

  it('clears at another amount: a tip is taken, a smaller bill gives the rest back', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const tipped = await approvedPurchase(card, 4_000);
    await network(app, 'clear', { authorizationId: tipped, amountCents: 4_800 });
    await settledAs(tipped, 'cleared');
    expect(await balanceOf(app, user)).toBe(5_200);
    // The charge is one completed transfer of the cleared amount; the hold was given back.
    const charged = await transferOf(tipped);
    expect(charged).toMatchObject({ status: 'completed', amount_cents: 4_800 });
    expect(charged.metadata).toMatchObject({ authorizedCents: 4_000, clearedCents: 4_800 });
    const { rows: transfers } = await sql<{ kind: string; status: string; amount_cents: string }>`
      select kind, status, amount_cents from ledger_transfers
      where metadata ->> 'authorizationId' = ${tipped} order by kind, amount_cents`.execute(db);
    expect(transfers.map((t) => [t.kind, t.status, Number(t.amount_cents)])).toEqual([
      ['card_purchase', 'failed', 4_000],
      ['card_purchase', 'completed', 4_800],
      ['card_release', 'completed', 4_000],
    ]);

    const smaller = await approvedPurchase(card, 3_000);
    expect(await balanceOf(app, user)).toBe(2_200);
    await network(app, 'clear', { authorizationId: smaller, amountCents: 1_000 });
    await settledAs(smaller, 'cleared');
    expect(await balanceOf(app, user)).toBe(4_200);
  });

  it('a clearing larger than the wallet can cover becomes a debt, not a negative balance', async () => {
    const { user, card } = await cardholder(app, db, 1_000);
    const id = await approvedPurchase(card, 1_000);
    // A restaurant's tip, within the network's 20%.
    await network(app, 'clear', { authorizationId: id, amountCents: 1_200 });
    await settledAs(id, 'cleared');
    const wallet = await db
      .selectFrom('ledger_accounts')
      .select(['balance_cents', 'owed_cents'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(wallet.balance_cents)).toBe(0);
    expect(Number(wallet.owed_cents)).toBe(200);
    // The wallet shows what it owes, as for a returned deposit.
    expect(await balanceOf(app, user)).toBe(-200);
  });

  it('a reversal gives the hold back and fails the transfer', async () => {
    const { user, card } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 2_000);
    const reversed = await network(app, 'reverse', { authorizationId: id });
    expect(reversed.json()).toEqual({ authorizationId: id, reversed: true });
    await settledAs(id, 'reversed');
    expect((await transferOf(id)).status).toBe('failed');
    expect(await balanceOf(app, user)).toBe(5_000);
    // Reversed once: clearing it now is refused by the partner.
    const late = await network(app, 'clear', { authorizationId: id, amountCents: 2_000 });
    expect(late.statusCode).toBe(409);
  });

  it('a hold not cleared in its time expires: money back', async () => {
    const { user, card } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 1_500);
    expect(await servicesOf(app).cardAuthorizations.expireHolds()).toBe(0);
    setTime = new Date(Date.now() + 61_000);
    try {
      expect(await servicesOf(app).cardAuthorizations.expireHolds()).toBeGreaterThanOrEqual(1);
    } finally {
      setTime = null;
    }
    expect((await authorizationOf(id)).status).toBe('expired');
    expect((await transferOf(id)).status).toBe('failed');
    expect(await balanceOf(app, user)).toBe(5_000);
    // The merchant clears it late anyway: the network's clearing stands, the amount is taken.
    await network(app, 'clear', { authorizationId: id, amountCents: 1_500 });
    await settledAs(id, 'cleared');
    expect(await balanceOf(app, user)).toBe(3_500);
  });

  it('a backlog larger than one batch is released in one run of the expiry job', async () => {
    const { user, card } = await cardholder(app, db, 100_000, { dailyPurchaseCents: 100_000 });
    const ids: string[] = [];
    for (let i = 0; i < 13; i += 1) {
      ids.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => approvedPurchase(card, 100)))),
      );
    }
    expect(await balanceOf(app, user)).toBe(100_000 - 13_000);
    setTime = new Date(Date.now() + 61_000);
    try {
      expect(await servicesOf(app).cardAuthorizations.expireHolds()).toBeGreaterThanOrEqual(130);
    } finally {
      setTime = null;
    }
    const statuses = await db
      .selectFrom('card_authorizations')
      .select('status')
      .where('partner_authorization_id', 'in', ids)
      .execute();
    expect(statuses.filter((s) => s.status === 'expired')).toHaveLength(130);
    expect(await balanceOf(app, user)).toBe(100_000);
  });

  it('a refund of a cleared purchase credits the wallet, once per refund message', async () => {
    const { user, card } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 3_000);
    await network(app, 'clear', { authorizationId: id, amountCents: 3_000 });
    await settledAs(id, 'cleared');
    const refund = { authorizationId: id, amountCents: 1_000, refundId: `r-${id}` };
    const first = await network(app, 'refund', refund);
    const again = await network(app, 'refund', refund);
    expect(first.json()).toEqual({ authorizationId: id, refundedCents: 1_000 });
    expect(again.json()).toEqual(first.json());
    await tickUntil(app, async () => (await balanceOf(app, user)) === 3_000);
    await servicesOf(app).sandboxVendors?.tick();
    const refunds = await db
      .selectFrom('ledger_transfers')
      .select(['kind', 'amount_cents'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'card_refund')
      .execute();
    expect(refunds).toHaveLength(1);
    // More than was cleared cannot be refunded.
    const over = await network(app, 'refund', {
      ...refund,
      refundId: `r2-${id}`,
      amountCents: 2_500,
    });
    expect(over.statusCode).toBe(409);
  });

  it('duplicate network messages post once (clearing, reversal)', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const a = await approvedPurchase(card, 1_000);
    const clears = await Promise.all(
      [1, 2, 3].map(() => network(app, 'clear', { authorizationId: a, amountCents: 1_200 })),
    );
    for (const c of clears) expect(c.json()).toEqual({ authorizationId: a, clearedCents: 1_200 });
    const b = await approvedPurchase(card, 2_000);
    const reversals = await Promise.all(
      [1, 2, 3].map(() => network(app, 'reverse', { authorizationId: b })),
    );
    for (const r of reversals) expect(r.statusCode).toBe(200);
    await settledAs(a, 'cleared');
    await settledAs(b, 'reversed');
    expect(await balanceOf(app, user)).toBe(8_800);
    const transactions = await db
      .selectFrom('sandbox_unit_transactions')
      .select('type')
      .where('type', '=', 'purchaseTransaction')
      .where('summary', 'like', 'Café Luna%')
      .where('account_id', '=', (await authorizationAtPartner(a)).account_id)
      .execute();
    expect(transactions).toHaveLength(1);
  });
});

/** Posts Unit's webhook, signed with the real secret: what someone holding the secret can send. */
async function signedWebhook(...events: unknown[]) {
  const body = JSON.stringify({ data: events });
  const answer = await app.inject({
    method: 'POST',
    url: '/api/unit/webhook',
    headers: {
      'content-type': 'application/json',
      'x-unit-signature': unitSignature(unitSettings(app).webhookSecret, body),
    },
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
}
const event = (
  type: string,
  accountId: string,
  authorizationId: string,
  transaction?: { id: string; amount: number; direction: 'Debit' | 'Credit' },
) => ({
  id: `evt-${randomUUID()}`,
  type,
  attributes: {
    createdAt: new Date().toISOString(),
    ...(transaction ? { amount: transaction.amount, direction: transaction.direction } : {}),
  },
  relationships: {
    authorization: { data: { type: 'authorization', id: authorizationId } },
    account: { data: { type: 'depositAccount', id: accountId } },
    ...(transaction
      ? { transaction: { data: { type: 'purchaseTransaction', id: transaction.id } } }
      : {}),
  },
});
/** A Unit id no object has yet. */
async function freshPartnerId() {
  const { rows } = await sql<{
    id: string;
  }>`select nextval('sandbox_unit_ids')::text as id`.execute(db);
  return (rows[0] as { id: string }).id;
}
/**
 * A purchase transaction the partner really has on the authorization, written at the fake as the
 * network would leave it (the sandbox network itself never clears twice nor over-refunds), and its
 * event: what a partner that passes on whatever the network sends would deliver.
 */
async function atPartner(
  accountId: string,
  authorizationId: string,
  amount: number,
  direction: 'Debit' | 'Credit',
) {
  const id = await freshPartnerId();
  await db
    .insertInto('sandbox_unit_transactions')
    .values({
      id,
      type: 'purchaseTransaction',
      account_id: accountId,
      payment_id: null,
      amount,
      direction,
      balance: 0,
      summary: 'Café Luna',
      authorization_id: authorizationId,
    })
    .execute();
  return event('transaction.created', accountId, authorizationId, { id, amount, direction });
}
async function walletOf(userId: string) {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['balance_cents', 'owed_cents'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { balance: Number(row.balance_cents), owed: Number(row.owed_cents) };
}

describe('card events are read back from the partner and bounded by their authorization', () => {
  it('a signed Credit the partner does not have credits nothing', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 2_000);
    await network(app, 'clear', { authorizationId: id, amountCents: 2_000 });
    await settledAs(id, 'cleared');
    const transaction = {
      id: await freshPartnerId(),
      amount: 100_000,
      direction: 'Credit' as const,
    };
    await signedWebhook(event('transaction.created', account.accountId, id, transaction));
    expect(await balanceOf(app, user)).toBe(3_000);
  });

  it('a signed second Debit the partner does not have charges nothing', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 2_000);
    await network(app, 'clear', { authorizationId: id, amountCents: 2_000 });
    await settledAs(id, 'cleared');
    const transaction = { id: await freshPartnerId(), amount: 2_000, direction: 'Debit' as const };
    await signedWebhook(event('transaction.created', account.accountId, id, transaction));
    expect(await walletOf(user.id)).toEqual({ balance: 3_000, owed: 0 });
  });

  it('a signed reversal of an authorization the partner still holds releases nothing', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 2_000);
    await signedWebhook(event('authorization.canceled', account.accountId, id));
    expect((await authorizationOf(id)).status).toBe('pending');
    expect(await balanceOf(app, user)).toBe(3_000);
  });

  it('a clearing far above the hold is charged up to the hold; reconciliation shows the rest', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const shop = { name: 'Tienda Sol', city: 'Austin, TX', category: 'retail' };
    const answer = await purchase(app, card, 2_000, shop);
    const id = answer.json().authorizationId as string;
    await network(app, 'clear', { authorizationId: id, amountCents: 50_000 });
    await settledAs(id, 'cleared');
    expect(await walletOf(user.id)).toEqual({ balance: 3_000, owed: 0 });
    expect(await authorizationOf(id)).toMatchObject({ cleared_cents: 2_000 });
    const message = await db
      .selectFrom('card_network_messages')
      .selectAll()
      .where('authorization_id', '=', (await authorizationOf(id)).id)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ amount_cents: 2_000, partner_amount_cents: 50_000 });
    // The partner took $500: the $480 Pago did not charge is a difference for staff to dispute.
    const result = await servicesOf(app).banking.reconcile();
    const mine = result.differences.filter((d) => d.unitId === account.accountId);
    expect(mine).toMatchObject([{ kind: 'balance_mismatch' }]);
    expect(Number(mine[0]?.expected) - Number(mine[0]?.actual)).toBe(48_000);
  });

  it('a restaurant’s tip up to 20% is charged, beyond it only the 20%', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const id = await approvedPurchase(card, 4_000);
    await network(app, 'clear', { authorizationId: id, amountCents: 6_000 });
    await settledAs(id, 'cleared');
    expect(await balanceOf(app, user)).toBe(5_200);
  });

  it('fuel: a pump’s $1 authorization clears at what was pumped, up to $175', async () => {
    const { user, card } = await cardholder(app, db, 30_000);
    const pump = { name: 'Gasolinera Sol', city: 'Austin, TX', category: 'gas' };
    const fill = (await purchase(app, card, 100, pump)).json().authorizationId as string;
    await network(app, 'clear', { authorizationId: fill, amountCents: 6_000 });
    await settledAs(fill, 'cleared');
    expect(await balanceOf(app, user)).toBe(24_000);
    const over = (await purchase(app, card, 100, pump)).json().authorizationId as string;
    await network(app, 'clear', { authorizationId: over, amountCents: 20_000 });
    await settledAs(over, 'cleared');
    expect(await balanceOf(app, user)).toBe(24_000 - 17_500);
  });

  it('one charge per authorization: a second clearing at the partner is not charged', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 2_000);
    await network(app, 'clear', { authorizationId: id, amountCents: 2_000 });
    await settledAs(id, 'cleared');
    await signedWebhook(await atPartner(account.accountId, id, 2_000, 'Debit'));
    expect(await walletOf(user.id)).toEqual({ balance: 3_000, owed: 0 });
  });

  it('a partner transaction is applied to its own authorization, not to one the event names', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const a = await approvedPurchase(card, 1_000);
    const b = await approvedPurchase(card, 1_000);
    for (const id of [a, b]) {
      await network(app, 'clear', { authorizationId: id, amountCents: 1_000 });
      await settledAs(id, 'cleared');
    }
    const onA = await atPartner(account.accountId, a, 500, 'Credit');
    onA.relationships.authorization.data.id = b;
    await signedWebhook(onA);
    expect(await balanceOf(app, user)).toBe(3_000);
  });

  it('refunds at the partner never add up to more than was charged', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 2_000);
    await network(app, 'clear', { authorizationId: id, amountCents: 2_000 });
    await settledAs(id, 'cleared');
    await signedWebhook(await atPartner(account.accountId, id, 1_500, 'Credit'));
    expect(await balanceOf(app, user)).toBe(4_500);
    await signedWebhook(await atPartner(account.accountId, id, 1_500, 'Credit'));
    expect(await balanceOf(app, user)).toBe(5_000);
    await signedWebhook(await atPartner(account.accountId, id, 100_000, 'Credit'));
    expect(await balanceOf(app, user)).toBe(5_000);
  });
});

async function authorizationAtPartner(id: string) {
  return db
    .selectFrom('sandbox_unit_authorizations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('declines', () => {
  it.each([
    ['frozen', 'card_frozen'],
    ['closed', 'card_closed'],
    ['lost', 'card_closed'],
    ['inactive', 'card_inactive'],
  ] as const)('a %s card is declined (%s), nothing moves', async (status, reason) => {
    const { user, card } = await cardholder(app, db, 5_000, { status });
    const answer = await purchase(app, card, 1_000);
    expect(answer.json()).toMatchObject({ approved: false, declineReason: reason });
    expect(await balanceOf(app, user)).toBe(5_000);
    const auth = await authorizationOf(answer.json().authorizationId);
    expect(auth).toMatchObject({ status: 'declined', decline_reason: reason, transfer_id: null });
    const notification = await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('type', '=', 'card_declined')
      .executeTakeFirstOrThrow();
    expect(notification.data).toMatchObject({ declineReason: reason, amountCents: 1_000 });
  });

  it('insufficient funds', async () => {
    const { user, card } = await cardholder(app, db, 1_000);
    const answer = await purchase(app, card, 1_001);
    expect(answer.json()).toMatchObject({ approved: false, declineReason: 'insufficient_funds' });
    expect(await balanceOf(app, user)).toBe(1_000);
  });

  it('the card’s daily limit: what is approved and not reversed counts', async () => {
    const { card } = await cardholder(app, db, 20_000, { dailyPurchaseCents: 5_000 });
    const first = await approvedPurchase(card, 4_000);
    const over = await purchase(app, card, 1_500);
    expect(over.json()).toMatchObject({ approved: false, declineReason: 'card_limit_exceeded' });
    await network(app, 'reverse', { authorizationId: first });
    await settledAs(first, 'reversed');
    await approvedPurchase(card, 1_500);
  });

  it('a wrong number, expiry or CVV is an invalid_card decline, not an error', async () => {
    const { card } = await cardholder(app, db, 5_000);
    for (const wrong of [
      { ...card, cvv: card.cvv === '999' ? '998' : '999' },
      { ...card, expYear: card.expYear + 1 },
      { ...card, pan: `${card.pan.slice(0, -1)}${(Number(card.pan.slice(-1)) + 1) % 10}` },
    ]) {
      const answer = await purchase(app, wrong, 1_000);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        authorizationId: null,
        approved: false,
        declineReason: 'invalid_card',
      });
    }
  });
});

describe('ATM withdrawals and their fees', () => {
  it('out-of-network and international cost their fee; only on approval', async () => {
    const { user, card } = await cardholder(app, db, 20_000);
    const out = await atm(app, card, 2_000, 'out');
    expect(out.json()).toMatchObject({ approved: true });
    expect(await balanceOf(app, user)).toBe(20_000 - 2_000 - ATM_FEES.outOfNetwork);
    const abroad = await atm(app, card, 3_000, 'international');
    expect(abroad.json()).toMatchObject({ approved: true });
    const afterTwo = 20_000 - 5_000 - ATM_FEES.outOfNetwork - ATM_FEES.international;
    expect(await balanceOf(app, user)).toBe(afterTwo);
    expect((await transferOf(abroad.json().authorizationId)).metadata).toMatchObject({
      network: 'international',
    });
    // A declined withdrawal costs nothing.
    const tooMuch = await atm(app, card, 50_000, 'out');
    expect(tooMuch.json()).toMatchObject({ approved: false });
    expect(await balanceOf(app, user)).toBe(afterTwo);
    // A reversed one gives the fee back too.
    await network(app, 'reverse', { authorizationId: out.json().authorizationId });
    await settledAs(out.json().authorizationId, 'reversed');
    expect(await balanceOf(app, user)).toBe(afterTwo + 2_000 + ATM_FEES.outOfNetwork);
  });

  it('the card’s daily withdrawal limit declines, purchases have their own', async () => {
    const { card } = await cardholder(app, db, 20_000, { dailyWithdrawalCents: 3_000 });
    expect((await atm(app, card, 2_000, 'out')).json()).toMatchObject({ approved: true });
    expect((await atm(app, card, 1_500, 'out')).json()).toMatchObject({
      approved: false,
      declineReason: 'card_limit_exceeded',
    });
    await approvedPurchase(card, 5_000);
  });

  it('in-network: the first four of the US Eastern month are free, then $2.50', async () => {
    const { user, card } = await cardholder(app, db, 40_000, { dailyWithdrawalCents: 50_000 });
    // 23:30 Eastern on Jan 31 (04:30 UTC on Feb 1): still January there.
    setTime = new Date('2027-02-01T04:30:00Z');
    try {
      const revenueBefore = await systemBalance('fee_revenue');
      for (let i = 0; i < 4; i += 1) {
        expect((await atm(app, card, 1_000, 'in')).json()).toMatchObject({ approved: true });
      }
      expect(await balanceOf(app, user)).toBe(36_000);
      const fifth = await atm(app, card, 1_000, 'in');
      expect(fifth.json()).toMatchObject({ approved: true });
      expect(await balanceOf(app, user)).toBe(35_000 - ATM_FEES.inNetworkAfterFree);
      expect(await systemBalance('fee_revenue')).toBe(revenueBefore + ATM_FEES.inNetworkAfterFree);
      // 00:30 Eastern on Feb 1: a new month, free again.
      setTime = new Date('2027-02-01T05:30:00Z');
      expect((await atm(app, card, 1_000, 'in')).json()).toMatchObject({ approved: true });
      expect(await balanceOf(app, user)).toBe(34_000 - ATM_FEES.inNetworkAfterFree);
    } finally {
      setTime = null;
    }
  });
});

describe('the month’s free in-network withdrawals under parallel load', () => {
  it('8 parallel in-network withdrawals on two cards of one wallet: exactly 4 are free', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { user, card, account } = await cardholder(app, db, 40_000);
      const second = await insertCard(db, user, account, { type: 'physical' });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => atm(app, i % 2 ? second : card, 1_000, 'in')),
      );
      for (const a of answers) expect(a.json()).toMatchObject({ approved: true });
      const fees = await db
        .selectFrom('card_authorizations')
        .select('fee_cents')
        .where('user_id', '=', user.id)
        .execute();
      expect(fees.filter((f) => Number(f.fee_cents) === 0)).toHaveLength(4);
      expect(await balanceOf(app, user)).toBe(32_000 - 4 * ATM_FEES.inNetworkAfterFree);
    }
  });
});

describe('Pago’s authorization endpoint', () => {
  function signedRequest(body: string, signature?: string) {
    return app.inject({
      method: 'POST',
      url: '/api/unit/card-authorizations',
      headers: {
        'content-type': 'application/vnd.api+json',
        'x-unit-signature': signature ?? unitSignature(unitSettings(app).webhookSecret, body),
      },
      payload: body,
    });
  }
  function requestFor(card: TestCard, id: string, amount: number) {
    return JSON.stringify({
      data: {
        type: 'purchaseAuthorizationRequest',
        id,
        attributes: { amount, merchant: { name: 'Tienda', type: 5999, location: 'Austin, TX' } },
        relationships: { card: { data: { type: 'card', id: card.partnerCardId } } },
      },
    });
  }

  it('refuses a bad signature (401) and moves nothing', async () => {
    const { user, card } = await cardholder(app, db, 5_000);
    const body = requestFor(card, '990000000001', 1_000);
    const answer = await signedRequest(body, unitSignature('not-the-secret', body));
    expect(answer.statusCode).toBe(401);
    expect((await signedRequest(body, '')).statusCode).toBe(401);
    expect(await balanceOf(app, user)).toBe(5_000);
  });

  it('the same authorization id twice answers the same and posts once', async () => {
    const { user, card } = await cardholder(app, db, 5_000);
    const body = requestFor(card, '990000000002', 1_000);
    const answers = await Promise.all([
      signedRequest(body),
      signedRequest(body),
      signedRequest(body),
    ]);
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual({
        data: { type: 'approveAuthorizationRequest', attributes: { amount: 1_000 } },
      });
    }
    expect(await balanceOf(app, user)).toBe(4_000);
    // Declined the same way: the second answer is the first decision.
    const big = requestFor(card, '990000000003', 9_000);
    const declined = [await signedRequest(big), await signedRequest(big)];
    for (const d of declined) {
      expect(d.json()).toEqual({
        data: { type: 'declineAuthorizationRequest', attributes: { reason: 'InsufficientFunds' } },
      });
    }
  });

  it('50 parallel authorizations against a balance that covers 10 approve exactly 10', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => purchase(app, card, 1_000)));
    const approved = answers.filter((a) => a.json().approved);
    expect(approved).toHaveLength(10);
    for (const a of answers.filter((x) => !x.json().approved)) {
      expect(a.json().declineReason).toBe('insufficient_funds');
    }
    expect(await balanceOf(app, user)).toBe(0);
    expect(await findInvariantViolations(db)).toEqual({
      unbalancedTransfers: [],
      driftedAccounts: [],
      negativeUserAccounts: [],
    });
  });
  it('50 parallel signed requests straight from Unit against a balance for 10 approve exactly 10', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const before = servicesOf(app).cardAuthorizations.batching();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signedRequest(requestFor(card, String(991_000_000_000 + i), 1_000)),
      ),
    );
    const after = servicesOf(app).cardAuthorizations.batching();
    // They arrived together: decided in fewer statements than requests (card_authorize_batch).
    expect(after.authorizations - before.authorizations).toBe(50);
    expect(after.statements - before.statements).toBeLessThan(50);
    const types = answers.map((a) => a.json().data.type);
    expect(types.filter((t) => t === 'approveAuthorizationRequest')).toHaveLength(10);
    for (const a of answers.filter((x) => x.json().data.type !== 'approveAuthorizationRequest')) {
      expect(a.json().data.attributes.reason).toBe('InsufficientFunds');
    }
    expect(await balanceOf(app, user)).toBe(0);
    const rows = await db
      .selectFrom('card_authorizations')
      .select(({ fn }) => ['status', fn.countAll<string>().as('n')])
      .where('card_id', '=', card.id)
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))).toEqual({
      pending: 10,
      declined: 40,
    });
  });

  it('an authorization is one statement: no transaction of several round trips', async () => {
    const { card } = await cardholder(app, db, 5_000);
    // Warm: the first call of a new connection may prepare things of its own.
    await signedRequest(requestFor(card, '992000000000', 100));
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const answer = await signedRequest(requestFor(card, '992000000001', 100));
      expect(answer.json().data.type).toBe('approveAuthorizationRequest');
      const texts = query.mock.calls.map(([q]) =>
        typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''),
      );
      // What the authorization itself sent (background jobs of the test app may query too).
      const ours = texts.filter((t) =>
        /card_authoriz|ledger_|\bcards\b|\busers\b|^\s*(begin|commit|rollback)\b/i.test(t),
      );
      expect(ours).toEqual([expect.stringContaining('card_authorize(')]);
    } finally {
      query.mockRestore();
    }
  });
});

describe('reconciliation with card activity', () => {
  it('cleared purchases and refunds at the partner are no false differences', async () => {
    const { card, account } = await cardholder(app, db, 10_000);
    const id = await approvedPurchase(card, 2_000);
    await network(app, 'clear', { authorizationId: id, amountCents: 2_400 });
    await settledAs(id, 'cleared');
    await network(app, 'refund', { authorizationId: id, amountCents: 500, refundId: `rec-${id}` });
    await tickUntil(app, async () => {
      const n = await db
        .selectFrom('card_network_messages')
        .select('kind')
        .where('authorization_id', '=', (await authorizationOf(id)).id)
        .where('kind', '=', 'refund')
        .executeTakeFirst();
      return n !== undefined;
    });
    const result = await servicesOf(app).banking.reconcile();
    const mine = result.differences.filter(
      (d) => d.unitId === account.accountId || d.kind === 'balance_mismatch',
    );
    expect(mine.filter((d) => d.unitId === account.accountId)).toEqual([]);
  });
});

describe('Unit’s own sandbox card simulations (org token, JSON:API)', () => {
  it('an authorization asks Pago; a purchase transaction clears it, a Credit one refunds it', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const accountRef = { account: { data: { type: 'depositAccount', id: account.accountId } } };
    const created = await unitFake(app, 'POST', '/sandbox/authorizations', {
      type: 'authorization',
      attributes: {
        amount: 1_200,
        cardLast4Digits: card.last4,
        merchantName: 'Librería Sol',
        merchantType: 5942,
        merchantLocation: 'Chicago, IL',
      },
      relationships: accountRef,
    });
    expect(created.statusCode).toBe(201);
    const authorization = created.json().data;
    expect(authorization.attributes).toMatchObject({ status: 'Authorized', amount: 1_200 });
    expect(await balanceOf(app, user)).toBe(3_800);
    const relationships = {
      ...accountRef,
      authorization: { data: { type: 'authorization', id: authorization.id } },
    };
    const purchased = await unitFake(app, 'POST', '/sandbox/purchases', {
      type: 'purchaseTransaction',
      attributes: { amount: 1_200, direction: 'Debit' },
      relationships,
    });
    expect(purchased.statusCode).toBe(201);
    await settledAs(authorization.id, 'cleared');
    const refunded = await unitFake(app, 'POST', '/sandbox/purchases', {
      type: 'purchaseTransaction',
      attributes: { amount: 200, direction: 'Credit' },
      relationships,
    });
    expect(refunded.statusCode).toBe(201);
    await tickUntil(app, async () => (await balanceOf(app, user)) === 4_000);
    // Without the org token, Unit's 401.
    const anonymous = await app.inject({
      method: 'POST',
      url: '/sandbox/unit/sandbox/card-reversals',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a reversal through Unit’s simulation releases the hold', async () => {
    const { user, card, account } = await cardholder(app, db, 5_000);
    const id = await approvedPurchase(card, 700);
    const reversed = await unitFake(app, 'POST', '/sandbox/card-reversals', {
      type: 'cardReversalTransaction',
      relationships: {
        account: { data: { type: 'depositAccount', id: account.accountId } },
        authorization: { data: { type: 'authorization', id } },
      },
    });
    expect(reversed.statusCode).toBe(201);
    await settledAs(id, 'reversed');
    expect(await balanceOf(app, user)).toBe(5_000);
  });
});

describe('card notifications', () => {
  it('a purchase, an ATM withdrawal and a refund each notify, with the merchant and fee', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const id = await approvedPurchase(card, 1_000);
    await atm(app, card, 2_000, 'out');
    await network(app, 'clear', { authorizationId: id, amountCents: 1_000 });
    await settledAs(id, 'cleared');
    await network(app, 'refund', { authorizationId: id, amountCents: 400, refundId: `n-${id}` });
    const notes = await tickUntil(app, async () => {
      const rows = await db
        .selectFrom('notifications')
        .select(['type', 'data'])
        .where('user_id', '=', user.id)
        .where('type', 'in', ['card_purchase', 'card_atm_withdrawal', 'card_refund'])
        .orderBy('created_at')
        .execute();
      return rows.length >= 3 ? rows : undefined;
    });
    expect(notes).toEqual([
      {
        type: 'card_purchase',
        data: expect.objectContaining({ amountCents: 1_000, merchant: 'Café Luna' }),
      },
      {
        type: 'card_atm_withdrawal',
        data: expect.objectContaining({ amountCents: 2_000, feeCents: ATM_FEES.outOfNetwork }),
      },
      {
        type: 'card_refund',
        data: expect.objectContaining({ amountCents: 400, merchant: 'Café Luna' }),
      },
    ]);
    // The refund's notification names its own transfer, whose receipt it opens.
    const refund = await db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'card_refund')
      .executeTakeFirstOrThrow();
    expect(notes[2]?.data).toMatchObject({ transferId: refund.id });
  });
});
