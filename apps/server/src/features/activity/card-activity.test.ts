import type { Transfer } from '@pago/shared/contracts/transfers';
import { ATM_FEES } from '@pago/shared/fees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, listMail } from '../../../test/accounts-helpers';
import { tickUntil } from '../../../test/banking-helpers';
import { atm, cardholder, network, purchase, type TestCard } from '../../../test/card-helpers';
import { balanceOf } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { findInvariantViolations } from '../ledger/ledger.repository';

let app: AppInstance;
let db: Database;
let setTime: Date | null = null;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  app = await buildTestApp(
    db,
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

async function approved(card: TestCard, amountCents: number) {
  const answer = await purchase(app, card, amountCents);
  expect(answer.json()).toMatchObject({ approved: true });
  return answer.json().authorizationId as string;
}

const authorizationStatus = async (partnerId: string) =>
  (
    await db
      .selectFrom('card_authorizations')
      .select('status')
      .where('partner_authorization_id', '=', partnerId)
      .executeTakeFirstOrThrow()
  ).status;

const settledAs = (partnerId: string, status: string) =>
  tickUntil(app, async () => (await authorizationStatus(partnerId)) === status);

async function activity(token: string): Promise<Transfer[]> {
  const page = await app.inject({ url: '/api/transactions?limit=100', headers: bearer(token) });
  expect(page.statusCode).toBe(200);
  return page.json().items;
}

describe('one card purchase is one activity row', () => {
  it('a tipped purchase: the final amount, with what was authorized, and no hold or release rows', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const id = await approved(card, 4_000);
    const pending = await activity(user.token);
    expect(pending.filter((t) => t.kind.startsWith('card_'))).toMatchObject([
      { kind: 'card_purchase', status: 'processing', totalCents: 4_000 },
    ]);
    await network(app, 'clear', { authorizationId: id, amountCents: 4_800 });
    await settledAs(id, 'cleared');
    const rows = (await activity(user.token)).filter((t) => t.kind.startsWith('card_'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'card_purchase',
      status: 'completed',
      totalCents: 4_800,
      details: { authorizedCents: 4_000, clearedCents: 4_800, merchantName: 'Café Luna' },
    });
    expect(await balanceOf(app, user)).toBe(5_200);
    // The same one row in the CSV, whose amounts add up to the balance's change.
    const csv = await app.inject({
      url: `/api/transactions/export.csv?from=2020-01-01&to=2030-12-31`,
      headers: bearer(user.token),
    });
    const cardLines = csv.body.split('\r\n').filter((l) => l.includes('Compra con tarjeta'));
    expect(cardLines).toHaveLength(1);
    expect(cardLines[0]).toContain(',-48.00,');
    expect(csv.body).not.toContain('Retención de tarjeta liberada');

    // The purchase e-mail of the final amount.
    await servicesOf(app).notifications.deliverEmails(1000);
    const mails = await listMail(app, user.email);
    const final = mails.find((m) => m.subject === 'Tu compra en Café Luna quedó en $48.00');
    expect(final?.text).toContain('autorizaste $40.00');
  });

  it('a purchase cleared at its authorization: one row, and no second e-mail', async () => {
    const { user, card } = await cardholder(app, db, 10_000);
    const id = await approved(card, 2_500);
    await network(app, 'clear', { authorizationId: id, amountCents: 2_500 });
    await settledAs(id, 'cleared');
    const rows = (await activity(user.token)).filter((t) => t.kind.startsWith('card_'));
    expect(rows).toMatchObject([{ kind: 'card_purchase', status: 'completed', totalCents: 2_500 }]);
    const notices = await app.inject({
      url: '/api/notifications?limit=100',
      headers: bearer(user.token),
    });
    expect(
      notices.json().items.filter((n: { type: string }) => n.type === 'card_purchase_cleared'),
    ).toEqual([]);
  });

  it('a released hold is one row, the hold itself (failed in the ledger), with no release row', async () => {
    const { user, card } = await cardholder(app, db, 5_000);
    const id = await approved(card, 2_000);
    await network(app, 'reverse', { authorizationId: id });
    await settledAs(id, 'reversed');
    const rows = (await activity(user.token)).filter((t) => t.kind.startsWith('card_'));
    expect(rows).toMatchObject([{ kind: 'card_purchase', status: 'failed', totalCents: 2_000 }]);
    expect(await balanceOf(app, user)).toBe(5_000);
  });

  it('a hold that expired and was cleared late is one row: the charge', async () => {
    const { user, card } = await cardholder(app, db, 5_000);
    const id = await approved(card, 1_500);
    setTime = new Date(Date.now() + 61_000);
    try {
      await servicesOf(app).cardAuthorizations.expireHolds();
    } finally {
      setTime = null;
    }
    expect(await authorizationStatus(id)).toBe('expired');
    await network(app, 'clear', { authorizationId: id, amountCents: 1_500 });
    await settledAs(id, 'cleared');
    const rows = (await activity(user.token)).filter((t) => t.kind.startsWith('card_'));
    expect(rows).toMatchObject([{ kind: 'card_purchase', status: 'completed', totalCents: 1_500 }]);
    expect(await balanceOf(app, user)).toBe(3_500);
  });
});

describe('the ATM fee is its own line', () => {
  it('in the CSV: the cash and the fee, each with its amount, adding up to what left the wallet', async () => {
    const { user, card } = await cardholder(app, db, 20_000);
    expect((await atm(app, card, 2_000, 'out')).json()).toMatchObject({ approved: true });
    expect(await balanceOf(app, user)).toBe(20_000 - 2_000 - ATM_FEES.outOfNetwork);
    const csv = await app.inject({
      url: `/api/transactions/export.csv?from=2020-01-01&to=2030-12-31`,
      headers: bearer(user.token),
    });
    const lines = csv.body.split('\r\n');
    const cash = lines.filter((l) => l.includes('Retiro en cajero automático'));
    const fee = lines.filter((l) => l.includes('Comisión de tarjeta'));
    expect(cash).toHaveLength(1);
    expect(fee).toHaveLength(1);
    const fee$ = (ATM_FEES.outOfNetwork / 100).toFixed(2);
    // Amount, fee and total: the cash line carries no fee; the fee line is the fee alone.
    expect(cash[0]).toContain(',-20.00,0.00,-20.00,');
    expect(fee[0]).toContain(`,-${fee$},0.00,-${fee$},`);
    // Both lines carry the withdrawal's reference.
    expect(cash[0]?.split(',')[0]).toBe(fee[0]?.split(',')[0]);
  });
});
