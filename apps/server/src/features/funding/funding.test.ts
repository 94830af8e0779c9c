import { addBusinessDays } from '@pago/shared/business-days';
import { cents } from '@pago/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestMail, signUp } from '../../../test/accounts-helpers';
import { gatedPartner, tickUntil, unitSettings, until } from '../../../test/banking-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { linkSandboxBank } from '../../../test/plaid-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import { type Database, poolInUse } from '../../db/database';
import { runPhased } from '../idempotency/idempotency.service';

let app: AppInstance;
let db: Database;
/** The ledger's clock: the real one unless a test sets a time (holds are released by it). */
let clockAt: Date | null = null;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  // The SDKs call the Plaid and Unit fakes over HTTP; ACH moves on quickly here.
  app = await buildTestApp(
    db,
    { sandboxAchSettleMs: 200, sandboxSameDayAchSettleMs: 20 },
    () => clockAt ?? new Date(),
    sandboxPool(test.url),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

type User = Awaited<ReturnType<typeof verifiedUser>>;

/** A verified user with a linked sandbox bank (First Platypus Bank, checking ••0000). */
async function userWithBank(depositCents = 0) {
  const user = await verifiedUser(app, db, depositCents);
  const linked = await linkSandboxBank(app, user);
  const account = linked.accounts.find((a) => a.mask === '0000') ?? linked.accounts[0];
  if (!account) throw new Error('no linked account');
  return { user, bankId: account.id };
}

const get = (user: { token: string }, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.token) });
const wallet = async (user: User) => (await get(user, '/api/wallet/balance')).json();
const addMoney = (user: User, plaidAccountId: string, amountCents: number, key?: string) =>
  moneyPost(app, user, '/api/funding/deposits', { plaidAccountId, amountCents }, key);
/** A send of whole dollars to a Pago user's phone (P2P). */
const sendTo = (from: User, to: User, amountUsd: number) =>
  moneyPost(app, from, '/api/transactions/send', {
    recipientName: to.phone,
    recipientCountry: 'MX',
    amountUsd,
  });
const withdraw = (
  user: User,
  plaidAccountId: string,
  amountCents: number,
  speed: 'standard' | 'instant' = 'standard',
) => moneyPost(app, user, '/api/funding/withdrawals', { plaidAccountId, amountCents, speed });

async function statusOf(id: string) {
  return (
    await db.selectFrom('ledger_transfers').select('status').where('id', '=', id).executeTakeFirst()
  )?.status;
}
const untilStatus = (id: string, status: string) =>
  tickUntil(app, async () => (await statusOf(id)) === status);

/** Runs the job that releases due holds as if at `at`, then gives the real clock back. */
async function releaseHoldsAt(at: Date) {
  clockAt = at;
  try {
    return await servicesOf(app).funding.releaseDueHolds();
  } finally {
    clockAt = null;
  }
}

/** When a deposit's hold ends (set when the bank settles it), null without one. */
async function holdEndOf(transferId: string) {
  const row = await db
    .selectFrom('funding_transfers')
    .select('available_at')
    .where('transfer_id', '=', transferId)
    .executeTakeFirstOrThrow();
  return row.available_at;
}

/** A deposit the bank settled and whose hold (funds availability) has ended: spendable. */
async function availableDeposit(user: User, bankId: string, amountCents: number) {
  const added = await addMoney(user, bankId, amountCents);
  expect(added.statusCode).toBe(201);
  await untilStatus(added.json().id, 'completed');
  const end = await holdEndOf(added.json().id);
  if (end) await releaseHoldsAt(end);
  return added.json();
}

const availability = (user: User, bankId: string, amountCents: number) =>
  get(
    user,
    `/api/funding/deposits/availability?plaidAccountId=${bankId}&amountCents=${amountCents}`,
  );

/** `addBusinessDays(now, days)` for a now between `before` and after this call. */
function businessDaysFromNow(before: Date, days: number) {
  return [addBusinessDays(before, days), addBusinessDays(new Date(), days)].map((d) =>
    d.toISOString(),
  );
}

async function differencesOf(userId: string) {
  const run = await servicesOf(app).banking.reconcile();
  return run.differences.filter((d) => d.userId === userId);
}

describe('adding money from a linked bank', () => {
  it('is pending and not spendable until the bank settles it, then available', async () => {
    const { user, bankId } = await userWithBank();
    const friend = await verifiedUser(app, db);
    const added = await addMoney(user, bankId, 20_000);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      amountCents: 20_000,
      kind: 'bank_deposit',
      direction: 'in',
      status: 'processing',
      feeCents: 0,
      details: { institution: 'First Platypus Bank', mask: '0000' },
    });
    expect(await wallet(user)).toMatchObject({
      balanceCents: 20_000,
      availableBalanceCents: 0,
      pendingCents: 20_000,
      owedCents: 0,
    });
    // Pending money cannot leave: not by a send, not by a withdrawal.
    const send = await sendTo(user, friend, 10);
    expect(send.statusCode).toBe(422);
    expect(send.json().error.code).toBe('insufficient_funds');
    expect((await withdraw(user, bankId, 1_000)).json().error.code).toBe('insufficient_funds');

    // The partner pulls it (Pending → Sent → Settled), each step a signed webhook. A new link's
    // deposit then stays on hold (funds availability) until its day, and then is available.
    await untilStatus(added.json().id, 'completed');
    expect(await wallet(user)).toMatchObject({
      balanceCents: 20_000,
      availableBalanceCents: 0,
      pendingCents: 0,
      holds: [{ amountCents: 20_000, availableAt: expect.any(String) }],
    });
    await releaseHoldsAt((await holdEndOf(added.json().id)) ?? new Date());
    expect(await wallet(user)).toMatchObject({
      balanceCents: 20_000,
      availableBalanceCents: 20_000,
      pendingCents: 0,
      holds: [],
    });
    const activity = (await get(user, '/api/transactions')).json().items;
    expect(activity[0]).toMatchObject({ kind: 'bank_deposit', status: 'completed' });
    // The partner account holds what came in, and reconciliation finds nothing to report.
    expect(await differencesOf(user.id)).toEqual([]);
  });

  it('keeps bank funding limits per day, shown before confirming', async () => {
    const { user, bankId } = await userWithBank();
    const before = (await get(user, '/api/funding/limits')).json();
    expect(before).toEqual({
      perDepositCents: 250_000,
      day: { limitCents: 250_000, usedCents: 0, remainingCents: 250_000 },
      month: { limitCents: 1_000_000, usedCents: 0, remainingCents: 1_000_000 },
    });
    expect((await addMoney(user, bankId, 200_000)).statusCode).toBe(201);
    expect((await get(user, '/api/funding/limits')).json().day.remainingCents).toBe(50_000);
    const over = await addMoney(user, bankId, 50_001);
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatchObject({
      code: 'limit_exceeded',
      details: { limit: 'bank_funding_daily', remainingCents: 50_000 },
    });
    expect((await addMoney(user, bankId, 250_001)).json().error.code).toBe('validation_failed');
  });

  it('reverses a returned deposit (R01) and tells the user by e-mail', async () => {
    const { user, bankId } = await userWithBank();
    const added = await addMoney(user, bankId, 3_001);
    await untilStatus(added.json().id, 'failed');
    expect(await wallet(user)).toMatchObject({
      balanceCents: 0,
      availableBalanceCents: 0,
      pendingCents: 0,
      owedCents: 0,
    });
    const activity = (await get(user, '/api/transactions')).json().items;
    expect(activity[0]).toMatchObject({
      kind: 'bank_deposit_return',
      direction: 'out',
      amountCents: 3_001,
      details: { returnOf: added.json().id, reason: 'R01', owedCents: 0 },
    });
    await servicesOf(app).notifications.deliverEmails(1000);
    const mail = await latestMail(app, user.email, { subject: /devolvió/ });
    expect(mail.text).toContain('$30.01');
    expect(await differencesOf(user.id)).toEqual([]);
  });

  it('leaves a debt the wallet owes when a settled deposit is returned after it was spent', async () => {
    const { user, bankId } = await userWithBank();
    const friend = await verifiedUser(app, db);
    // An amount ending in .03: the sandbox bank settles it, then returns it R10 — here only after
    // its hold ended (a return later than the policy waits for: the debt it leaves is the risk the
    // policy accepts, docs/funds-availability.md).
    const added = await addMoney(user, bankId, 10_003);
    await untilStatus(added.json().id, 'completed');
    await releaseHoldsAt((await holdEndOf(added.json().id)) ?? new Date());
    const sent = await sendTo(user, friend, 80);
    expect(sent.statusCode).toBe(201);
    await untilStatus(added.json().id, 'failed');
    expect(await wallet(user)).toMatchObject({
      balanceCents: -8_000,
      availableBalanceCents: 0,
      owedCents: 8_000,
    });
    await servicesOf(app).notifications.deliverEmails(1000);
    const mail = await latestMail(app, user.email, { subject: /devolvió/ });
    expect(mail.text).toContain('$80.00');
    // Money that comes in while the debt is open cannot leave.
    await sendTo(friend, user, 5);
    const blocked = await sendTo(user, friend, 1);
    expect(blocked.json().error.code).toBe('insufficient_funds');
    // The next deposit covers the debt first: what is available when it settles (the $5; a link
    // with a return is new again, so the deposit is on hold), the rest when its hold ends.
    await availableDeposit(user, bankId, 10_000);
    expect(await wallet(user)).toMatchObject({
      balanceCents: 2_500,
      availableBalanceCents: 2_500,
      owedCents: 0,
    });
    const activity = (await get(user, '/api/transactions')).json().items;
    expect(activity.slice(0, 2)).toMatchObject([
      {
        kind: 'bank_deposit_return',
        amountCents: 7_500,
        details: { reason: 'debt_collected', owedCents: 0 },
      },
      {
        kind: 'bank_deposit_return',
        amountCents: 500,
        details: { reason: 'debt_collected', owedCents: 7_500 },
      },
    ]);
  });
});

describe('funds availability (docs/funds-availability.md)', () => {
  it('keeps a new link’s settled deposit on hold, so a late return (R10) takes it back with no debt', async () => {
    const { user, bankId } = await userWithBank();
    const friend = await verifiedUser(app, db);
    // Shown before confirming: nothing at settlement, all of it 3 banking days after.
    const before = new Date();
    const shown = await availability(user, bankId, 20_003);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      amountCents: 20_003,
      newLink: true,
      atSettlementCents: 0,
      onHoldCents: 20_003,
      holdBusinessDays: 3,
    });
    const settlesBy = addBusinessDays(before, 3);
    expect([settlesBy.toISOString(), addBusinessDays(new Date(), 3).toISOString()]).toContain(
      shown.json().settlesBy,
    );
    expect(shown.json().availableBy).toBe(
      addBusinessDays(new Date(shown.json().settlesBy), 3).toISOString(),
    );

    // $200.03: the sandbox bank settles it, then returns it R10 ("as long again" later).
    const added = await addMoney(user, bankId, 20_003);
    const settling = new Date();
    await untilStatus(added.json().id, 'completed');
    const holdEnd = (await holdEndOf(added.json().id))?.toISOString();
    expect(businessDaysFromNow(settling, 3)).toContain(holdEnd);
    expect(await wallet(user)).toMatchObject({
      balanceCents: 20_003,
      availableBalanceCents: 0,
      pendingCents: 0,
      holds: [{ amountCents: 20_003, availableAt: holdEnd }],
    });

    // Settled, but none of it can leave yet: not to the bank, not to a friend.
    for (const refused of [
      await withdraw(user, bankId, 20_003),
      await withdraw(user, bankId, 19_828, 'instant'),
      await sendTo(user, friend, 200),
    ]) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        code: 'funds_on_hold',
        details: { balanceCents: 0, onHoldCents: 20_003, availableAt: holdEnd },
      });
    }

    // The late return takes the held money back: the wallet owes nothing.
    await untilStatus(added.json().id, 'failed');
    expect(await wallet(user)).toMatchObject({
      balanceCents: 0,
      availableBalanceCents: 0,
      pendingCents: 0,
      owedCents: 0,
      holds: [],
    });
    const activity = (await get(user, '/api/transactions')).json().items;
    expect(activity[0]).toMatchObject({
      kind: 'bank_deposit_return',
      amountCents: 20_003,
      details: { reason: 'R10', owedCents: 0 },
    });
    expect(await differencesOf(user.id)).toEqual([]);
  });

  it('releases a hold on its day, not before; then the link gets up to $500 at settlement', async () => {
    const { user, bankId } = await userWithBank();
    const first = await addMoney(user, bankId, 30_000);
    await untilStatus(first.json().id, 'completed');
    const end = (await holdEndOf(first.json().id)) ?? new Date(0);
    await releaseHoldsAt(new Date(end.getTime() - 60_000));
    expect(await wallet(user)).toMatchObject({ availableBalanceCents: 0 });
    // Two releases at once release it once.
    clockAt = end;
    try {
      await Promise.all([
        servicesOf(app).funding.releaseDueHolds(),
        servicesOf(app).funding.releaseDueHolds(),
      ]);
      expect(await wallet(user)).toMatchObject({
        balanceCents: 30_000,
        availableBalanceCents: 30_000,
        holds: [],
      });

      // The link has seen a deposit through its hold: $500 at settlement, the rest 2 days on.
      expect((await availability(user, bankId, 70_000)).json()).toMatchObject({
        newLink: false,
        atSettlementCents: 50_000,
        onHoldCents: 20_000,
        holdBusinessDays: 2,
      });
      expect((await availability(user, bankId, 40_000)).json()).toMatchObject({
        newLink: false,
        atSettlementCents: 40_000,
        onHoldCents: 0,
        holdBusinessDays: 0,
      });
      const second = await addMoney(user, bankId, 70_000);
      await untilStatus(second.json().id, 'completed');
      const secondEnd = addBusinessDays(end, 2);
      expect(await wallet(user)).toMatchObject({
        balanceCents: 100_000,
        availableBalanceCents: 80_000,
        holds: [{ amountCents: 20_000, availableAt: secondEnd.toISOString() }],
      });
    } finally {
      clockAt = null;
    }
  });

  it('lets out only the available part, however many withdrawals run at once', async () => {
    const { user, bankId } = await userWithBank();
    await availableDeposit(user, bankId, 20_000);
    const added = await addMoney(user, bankId, 100_000);
    await untilStatus(added.json().id, 'completed');
    // 200 + 500 available, 500 on hold: 20 × $50 at once, 14 leave.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(user, bankId, 5_000)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(14);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        code: 'funds_on_hold',
        details: { onHoldCents: 50_000 },
      });
    }
    expect(await wallet(user)).toMatchObject({
      balanceCents: 50_000,
      availableBalanceCents: 0,
      holds: [{ amountCents: 50_000 }],
    });
  });

  it('answers 404 for another user’s bank, and refuses amounts out of range', async () => {
    const { bankId } = await userWithBank();
    const { user: other } = await userWithBank();
    expect((await availability(other, bankId, 1_000)).statusCode).toBe(404);
    expect((await availability(other, bankId, 0)).statusCode).toBe(400);
    expect((await availability(other, bankId, 250_001)).statusCode).toBe(400);
  });
});

describe('withdrawing to a linked bank', () => {
  it('charges the instant fee, shown in the quote, and takes amount and fee at once', async () => {
    const { user, bankId } = await userWithBank();
    await availableDeposit(user, bankId, 20_000);
    // A Wednesday at 10 a.m. Eastern, inside the same-day hours: it arrives today.
    clockAt = new Date('2026-12-02T15:00:00Z');
    const quote = (
      await get(user, '/api/funding/withdrawals/quote?amountCents=5000&speed=instant')
    ).json();
    expect(quote).toEqual({
      amountCents: 5_000,
      feeCents: 175,
      totalCents: 5_175,
      speed: 'instant',
      minDays: 0,
      maxDays: 0,
    });
    // Saturday noon: outside them, the next business day.
    clockAt = new Date('2026-12-05T17:00:00Z');
    expect(
      (await get(user, '/api/funding/withdrawals/quote?amountCents=5000&speed=instant')).json(),
    ).toMatchObject({ minDays: 1, maxDays: 1 });
    clockAt = null;
    expect(
      (await get(user, '/api/funding/withdrawals/quote?amountCents=5000&speed=standard')).json(),
    ).toMatchObject({ feeCents: 0, totalCents: 5_000, minDays: 1, maxDays: 3 });
    const out = await withdraw(user, bankId, 5_000, 'instant');
    expect(out.statusCode).toBe(201);
    // The fee is shown with the amount, and both leave at once.
    expect(out.json()).toMatchObject({ kind: 'bank_withdrawal', status: 'processing' });
    expect(out.json()).toMatchObject({ amountCents: 5_000, feeCents: 175, totalCents: 5_175 });
    expect(out.json()).toMatchObject({ direction: 'out', details: { speed: 'instant' } });
    expect(await wallet(user)).toMatchObject({
      balanceCents: 14_825,
      availableBalanceCents: 14_825,
    });
    await untilStatus(out.json().id, 'completed');
    await tickUntil(app, async () => (await differencesOf(user.id)).length === 0);
  });

  it('makes instant a same-day ACH, on the partner’s faster clock, and standard an ordinary one', async () => {
    const { user, bankId } = await userWithBank();
    await availableDeposit(user, bankId, 20_000);
    const instant = await withdraw(user, bankId, 1_000, 'instant');
    const standard = await withdraw(user, bankId, 1_000, 'standard');
    const atPartner = async (transferId: string) => {
      const mirror = await db
        .selectFrom('unit_payments')
        .select('unit_payment_id')
        .where('transfer_id', '=', transferId)
        .executeTakeFirstOrThrow();
      return db
        .selectFrom('sandbox_unit_payments')
        .select(['same_day', 'created_at', 'due_at'])
        .where('id', '=', mirror.unit_payment_id ?? '')
        .executeTakeFirstOrThrow();
    };
    const [fast, slow] = [await atPartner(instant.json().id), await atPartner(standard.json().id)];
    expect([fast.same_day, slow.same_day]).toEqual([true, false]);
    // Sent (and then settled) after the same-day delay rather than the standard one.
    const wait = (p: typeof fast) => (p.due_at?.getTime() ?? 0) - p.created_at.getTime();
    expect(wait(slow)).toBeGreaterThanOrEqual(200);
    expect(wait(fast)).toBeLessThan(wait(slow));
    await untilStatus(instant.json().id, 'completed');
  });

  it('gives amount and fee back when the bank returns the withdrawal', async () => {
    const { user, bankId } = await userWithBank();
    await availableDeposit(user, bankId, 20_000);
    const out = await withdraw(user, bankId, 1_001, 'instant');
    expect(out.statusCode).toBe(201);
    expect((await wallet(user)).balanceCents).toBe(20_000 - 1_176);
    await untilStatus(out.json().id, 'failed');
    expect(await wallet(user)).toMatchObject({
      balanceCents: 20_000,
      availableBalanceCents: 20_000,
    });
    const activity = (await get(user, '/api/transactions')).json().items;
    expect(activity[0]).toMatchObject({
      kind: 'bank_withdrawal_return',
      direction: 'in',
      amountCents: 1_176,
    });
  });

  it('never takes more than the settled balance, however many run at once', async () => {
    const { user, bankId } = await userWithBank();
    await availableDeposit(user, bankId, 20_000);
    // Pending money is in the balance but must not be withdrawn either.
    expect((await addMoney(user, bankId, 10_000)).statusCode).toBe(201);
    // Twice the pool at once: the sandbox partner has its own connections, so none waits on them.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(user, bankId, 1_500)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(answers.filter((a) => a.statusCode === 503).map((a) => a.body)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(13);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('insufficient_funds');
    }
    expect(await wallet(user)).toMatchObject({
      balanceCents: 10_500,
      availableBalanceCents: 500,
      pendingCents: 10_000,
    });
  });
});

describe('withdrawing money that never went through the partner (the omnibus)', () => {
  /** Reconciliation's differences for this user and for the omnibus (no user). */
  async function differencesWithOmnibus(userId: string) {
    const run = await servicesOf(app).banking.reconcile();
    return run.differences.filter((d) => d.userId === userId || d.userId === null);
  }

  it('withdraws a P2P receipt and test money: the omnibus covers it, and reconciliation is clean', async () => {
    const { user, bankId } = await userWithBank(2_550);
    const friend = await verifiedUser(app, db, 10_000);
    expect((await sendTo(friend, user, 40)).statusCode).toBe(201);
    // 65.50 in the wallet, none of it ever at the user's partner account.
    expect((await wallet(user)).availableBalanceCents).toBe(6_550);
    const out = await withdraw(user, bankId, 6_375, 'instant');
    expect(out.statusCode).toBe(201);
    expect(out.json()).toMatchObject({ status: 'processing', totalCents: 6_550 });
    expect((await wallet(user)).availableBalanceCents).toBe(0);
    // One cover, in whole dollars, keyed by the withdrawal, moved omnibus → user account.
    const covers = await db
      .selectFrom('partner_omnibus_movements')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(covers).toEqual([
      expect.objectContaining({
        kind: 'cover',
        transfer_id: out.json().id,
        amount_cents: 6_400,
        status: 'Sent',
      }),
    ]);
    await untilStatus(out.json().id, 'completed');
    await tickUntil(app, async () => {
      const row = await db
        .selectFrom('unit_payments')
        .select('status')
        .where('transfer_id', '=', out.json().id)
        .executeTakeFirst();
      return row?.status === 'Settled';
    });
    expect(await differencesWithOmnibus(user.id)).toEqual([]);

    // A planted difference is still found: money leaves the omnibus behind Pago's back.
    const omnibus = await db.selectFrom('partner_omnibus').selectAll().executeTakeFirstOrThrow();
    await db
      .updateTable('sandbox_unit_accounts')
      .set((eb) => ({ balance: eb('balance', '-', 100) }))
      .where('id', '=', omnibus.unit_account_id)
      .execute();
    try {
      expect(await differencesWithOmnibus(user.id)).toEqual([
        expect.objectContaining({ kind: 'balance_mismatch', unitId: omnibus.unit_account_id }),
        // And the partner's money in total is 100 short of the wallets'.
        expect.objectContaining({ kind: 'total_mismatch', actual: expect.any(String) }),
      ]);
    } finally {
      await db
        .updateTable('sandbox_unit_accounts')
        .set((eb) => ({ balance: eb('balance', '+', 100) }))
        .where('id', '=', omnibus.unit_account_id)
        .execute();
    }
  });

  it('covers only what the user’s own partner account lacks', async () => {
    const { user, bankId } = await userWithBank();
    const friend = await verifiedUser(app, db, 10_000);
    await availableDeposit(user, bankId, 3_000);
    expect((await sendTo(friend, user, 25)).statusCode).toBe(201);
    const out = await withdraw(user, bankId, 5_450);
    expect(out.statusCode).toBe(201);
    const cover = await db
      .selectFrom('partner_omnibus_movements')
      .select(['amount_cents', 'transfer_id'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(cover).toEqual({ amount_cents: 2_500, transfer_id: out.json().id });
    await untilStatus(out.json().id, 'completed');
    expect(await differencesWithOmnibus(user.id)).toEqual([]);
  });
});

describe('the partner called outside any transaction (reserve → commit → call → settle)', () => {
  const withdrawal = (plaidAccountId: string, amountCents: number) => ({
    plaidAccountId,
    amountCents: cents(amountCents),
    speed: 'standard' as const,
  });
  const post = (target: AppInstance, user: User, body: object, key: string) =>
    moneyPost(target, user, '/api/funding/withdrawals', body, key);
  /** The partner payment the mirror row names, and every payment the fake has under its key. */
  const achAtPartnerFor = async (transferId: string) => {
    const rows = await db
      .selectFrom('unit_payments as m')
      .leftJoin('sandbox_unit_payments as p', 'p.idempotency_key', 'm.idempotency_key')
      .select(['m.unit_payment_id as mirrored', 'p.id as atPartner'])
      .where('m.transfer_id', '=', transferId)
      .execute();
    return {
      mirrored: rows[0]?.mirrored ?? null,
      payments: rows.flatMap((r) => (r.atPartner ? [r.atPartner] : [])),
    };
  };

  it('holds no database connection while the partner is slow; a replay meanwhile is 409, then the one answer', async () => {
    const { user, bankId } = await userWithBank();
    await availableDeposit(user, bankId, 5_000);
    const gate = await gatedPartner(app);
    const slow = await buildTestApp(db, {
      sandboxAchSettleMs: 200,
      unit: { ...unitSettings(app), baseUrl: `${gate.url}` },
    });
    try {
      const key = `slow-${user.id}`;
      const inFlight = post(slow, user, withdrawal(bankId, 1_000), key);
      await until(() => gate.arrived() >= 1);
      // Unit is holding the call: the reservation is committed and no connection is checked out.
      expect(poolInUse(db)).toBe(0);
      expect((await wallet(user)).availableBalanceCents).toBe(4_000);
      const meanwhile = await post(app, user, withdrawal(bankId, 1_000), key);
      expect(meanwhile.statusCode).toBe(409);
      expect(meanwhile.json().error.code).toBe('request_in_progress');
      gate.release();
      const answer = await inFlight;
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ kind: 'bank_withdrawal', status: 'processing' });
      const replay = await post(app, user, withdrawal(bankId, 1_000), key);
      expect(replay.body).toBe(answer.body);
      const { payments } = await achAtPartnerFor(answer.json().id);
      expect(payments).toHaveLength(1);
    } finally {
      await gate.close();
      await slow.close();
    }
  });

  it('finishes a withdrawal whose process died after the partner call, once, and answers its key', async () => {
    // P2P money only: the omnibus's cover and the ACH are both made before the crash.
    const { user, bankId } = await userWithBank(3_000);
    const body = { ...withdrawal(bankId, 2_000), speed: 'instant' as const };
    const key = `crash-${user.id}`;
    const scope = {
      userId: user.id,
      key,
      request: { path: '/api/funding/withdrawals', params: {}, body },
    };
    const { funding, banking } = servicesOf(app);
    let transferId = '';
    await expect(
      runPhased(
        db,
        scope,
        {
          prepare: () => funding.prepare(user.id, bankId, 'withdrawal'),
          reserve: (tx, prepared) => funding.reserveWithdrawal(tx, user.id, body, prepared, key),
          call: async (id) => {
            transferId = id;
            await banking.callPartner(id);
            throw new Error('the process died here');
          },
          settle: (tx, id, outcome) => banking.settleAnswer(tx, id, user.id, outcome),
        },
        JSON.stringify,
      ),
    ).rejects.toThrow('the process died here');
    // Reserved in the ledger and under the key; the partner has it; nothing settled it.
    expect((await wallet(user)).availableBalanceCents).toBe(825);
    expect(await achAtPartnerFor(transferId)).toEqual({
      mirrored: null,
      payments: [expect.any(String)],
    });
    const inProgress = await post(app, user, body, key);
    expect(inProgress.json().error.code).toBe('request_in_progress');
    // Meanwhile the partner sends and settles it (its webhooks name a payment Pago has not recorded).
    await tickUntil(app, async () => {
      const atPartner = await db
        .selectFrom('sandbox_unit_payments')
        .select('status')
        .where('id', '=', (await achAtPartnerFor(transferId)).payments[0] ?? '')
        .executeTakeFirst();
      return atPartner?.status === 'Settled';
    });
    // Nothing is retried before the lease runs out.
    expect(await banking.retryPendingPayments()).toBe(0);
    await db
      .updateTable('unit_payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('transfer_id', '=', transferId)
      .execute();
    await Promise.all([banking.retryPendingPayments(), banking.retryPendingPayments()]);
    const { mirrored, payments } = await achAtPartnerFor(transferId);
    expect(payments).toEqual([mirrored]);
    const covers = await db
      .selectFrom('partner_omnibus_movements')
      .select(['unit_payment_id', 'status'])
      .where('transfer_id', '=', transferId)
      .execute();
    expect(covers).toEqual([{ unit_payment_id: expect.any(String), status: 'Sent' }]);
    // The key now answers with the withdrawal, and the money reaches the bank as usual.
    // Settled at the partner: the instant withdrawal is completed by the job's settling at once.
    const answer = await post(app, user, body, key);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ id: transferId, kind: 'bank_withdrawal' });
    expect(await statusOf(transferId)).toBe('completed');
    expect(await differencesOf(user.id)).toEqual([]);
  });

  it('releases the reservation when the partner refuses when asked, and stores the refusal', async () => {
    const { user, bankId } = await userWithBank();
    await availableDeposit(user, bankId, 5_000);
    // Unit refuses an ACH credit its account cannot pay: take the money away at the partner.
    const account = await db
      .selectFrom('bank_accounts')
      .select('unit_account_id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sandbox_unit_accounts')
      .set({ hold: 5_000 })
      .where('id', '=', account.unit_account_id)
      .execute();
    const key = `refused-${user.id}`;
    const refused = await post(app, user, withdrawal(bankId, 1_500), key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'bank_payment_rejected',
      details: { reason: 'InsufficientFunds' },
    });
    expect((await wallet(user)).availableBalanceCents).toBe(5_000);
    expect((await post(app, user, withdrawal(bankId, 1_500), key)).body).toBe(refused.body);
    await db
      .updateTable('sandbox_unit_accounts')
      .set({ hold: 0 })
      .where('id', '=', account.unit_account_id)
      .execute();
  });
});

describe('the funding routes', () => {
  it('replays a money POST by its Idempotency-Key, and refuses the key for another body', async () => {
    const { user, bankId } = await userWithBank();
    const first = await addMoney(user, bankId, 1_500, 'funding-key-1');
    const again = await addMoney(user, bankId, 1_500, 'funding-key-1');
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const other = await addMoney(user, bankId, 1_600, 'funding-key-1');
    expect(other.statusCode).toBe(409);
    const rows = await db
      .selectFrom('funding_transfers')
      .select('transfer_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await wallet(user)).pendingCents).toBe(1_500);
  });

  it('answers 404 for another user’s linked bank or an unknown one, and needs a verified identity', async () => {
    const { bankId } = await userWithBank();
    const { user: other } = await userWithBank();
    expect((await addMoney(other, bankId, 1_000)).statusCode).toBe(404);
    expect((await withdraw(other, bankId, 1_000)).statusCode).toBe(404);
    expect(
      (await addMoney(other, '3f0b6c1e-8d1a-4c3e-9f5b-2a7d4e6c8b90', 1_000)).json().error.code,
    ).toBe('not_found');
    const unverified = await signUp(app);
    expect(
      (
        await moneyPost(app, unverified, '/api/funding/deposits', {
          plaidAccountId: bankId,
          amountCents: 1_000,
        })
      ).json().error.code,
    ).toBe('identity_not_verified');
  });

  it('is refused in live mode without the banking partner (503), moving nothing', async () => {
    const { user, bankId } = await userWithBank();
    const live = await buildTestApp(db, { mode: 'live', smtpUrl: 'smtp://127.0.0.1:2525' });
    try {
      for (const [url, payload] of [
        ['/api/funding/deposits', { plaidAccountId: bankId, amountCents: 1_000 }],
        [
          '/api/funding/withdrawals',
          { plaidAccountId: bankId, amountCents: 1_000, speed: 'instant' },
        ],
      ] as const) {
        const answer = await moneyPost(live, user, url, payload);
        expect(answer.statusCode).toBe(503);
        expect(answer.json().error).toMatchObject({
          code: 'feature_unavailable_in_live_mode',
          details: { feature: 'bankAccount' },
        });
      }
    } finally {
      await live.close();
    }
    // With the partner but without Pago's omnibus account, a withdrawal is refused up front.
    const noOmnibus = await buildTestApp(db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:2525',
      unit: { baseUrl: 'http://127.0.0.1:9', token: 'live-token', webhookSecret: 'live-secret' },
    });
    try {
      const answer = await moneyPost(noOmnibus, user, '/api/funding/withdrawals', {
        plaidAccountId: bankId,
        amountCents: 1_000,
        speed: 'standard',
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error).toMatchObject({
        code: 'feature_unavailable_in_live_mode',
        details: { feature: 'bankAccount', setting: 'UNIT_FBO_ACCOUNT_ID' },
      });
    } finally {
      await noOmnibus.close();
    }
    expect(
      await db
        .selectFrom('funding_transfers')
        .select('transfer_id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });
});
