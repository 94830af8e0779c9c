import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestMail } from '../../../test/accounts-helpers';
import { openBankAccount, tickUntil, unitFake, unitSettings } from '../../../test/banking-helpers';
import { moneyPost, verifiedUser } from '../../../test/money-helpers';
import { buildTestApp, sandboxPool } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { reviewDueCheckDeposits } from '../../sandbox/unit/unit-check-deposit-review';
import { findInvariantViolations } from '../ledger/ledger.repository';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  const test = await createTestDatabase();
  db = test.db;
  // The tests take the sandbox's review steps themselves (no review on the fake's clock); a
  // returned check (.14) comes back 200 ms after it was credited.
  app = await buildTestApp(
    db,
    { sandboxAchSettleMs: 200, sandboxCheckReviewMs: 0 },
    undefined,
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

type User = Awaited<ReturnType<typeof verifiedUser>>;

/** A verified user with their account at the banking partner open. */
async function banked(depositCents = 0) {
  const user = await verifiedUser(app, db, depositCents);
  await openBankAccount(app, user);
  return user;
}

/** A small JPEG (or PNG) that is different every time (the fake rejects a repeated front). */
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const png = () => Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), randomBytes(64)]);

const get = (user: User, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(user.token) });
const wallet = async (user: User) => (await get(user, '/api/wallet/balance')).json();
const create = (user: User, amountCents: number, key?: string) =>
  moneyPost(app, user, '/api/check-deposits', { amountCents, description: 'Payroll' }, key);
const upload = (
  user: User,
  id: string,
  side: 'front' | 'back',
  body: Buffer | string,
  type = 'image/jpeg',
) =>
  app.inject({
    method: 'PUT',
    url: `/api/check-deposits/${id}/${side}`,
    headers: { ...bearer(user.token), 'content-type': type },
    payload: body,
  });
const confirm = (user: User, id: string) =>
  moneyPost(app, user, `/api/check-deposits/${id}/confirm`, {});

/** A deposit of `amountCents` with both photos, not confirmed yet. */
async function withPhotos(user: User, amountCents: number) {
  const created = await create(user, amountCents);
  expect(created.statusCode).toBe(201);
  const { id } = created.json();
  expect((await upload(user, id, 'front', jpeg())).statusCode).toBe(200);
  const back = await upload(user, id, 'back', png(), 'image/png');
  expect(back.statusCode).toBe(200);
  expect(back.json()).toMatchObject({ status: 'AwaitingCustomerConfirmation' });
  return id as string;
}

async function unitIdOf(id: string) {
  const row = await db
    .selectFrom('check_deposits')
    .select('unit_deposit_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.unit_deposit_id as string;
}

/** Unit's documented sandbox steps: approve, transmit, clear. */
async function review(id: string, steps = ['approve', 'transmit', 'clear']) {
  const unitId = await unitIdOf(id);
  for (const step of steps) {
    const answer = await unitFake(app, 'POST', `/sandbox/check-deposits/${unitId}/${step}`);
    expect(answer.statusCode).toBe(200);
  }
}

/** Runs the sandbox's clock (webhooks delivered) until the deposit is in `funds`. */
const untilFunds = (user: User, id: string, funds: string) =>
  tickUntil(app, async () => {
    const view = (await get(user, `/api/check-deposits/${id}`)).json();
    return view.funds === funds ? view : false;
  });

async function notificationTypes(user: User) {
  const list = (await get(user, '/api/notifications')).json();
  return (list.items as { type: string }[]).map((n) => n.type);
}

describe('a mobile check deposit', () => {
  it('is pending in the wallet under review and available once the bank sends it', async () => {
    const user = await banked();
    const limits = (await get(user, '/api/check-deposits/limits')).json();
    expect(limits).toMatchObject({
      perCheckCents: 250_000,
      day: { limitCents: 250_000, usedCents: 0, remainingCents: 250_000 },
      month: { limitCents: 500_000, usedCents: 0, remainingCents: 500_000 },
      availabilityBusinessDays: 2,
    });
    const created = await create(user, 12_000);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      amountCents: 12_000,
      status: 'AwaitingImages',
      funds: 'none',
      frontUploaded: false,
      backUploaded: false,
      availableBy: null,
    });
    const { id } = created.json();
    const front = await upload(user, id, 'front', jpeg());
    expect(front.json()).toMatchObject({ status: 'AwaitingBackImage', frontUploaded: true });
    const back = await upload(user, id, 'back', png(), 'image/png');
    expect(back.json()).toMatchObject({
      status: 'AwaitingCustomerConfirmation',
      backUploaded: true,
    });
    // Nothing in the wallet before it is confirmed.
    expect(await wallet(user)).toMatchObject({ balanceCents: 0, pendingCents: 0 });

    const confirmed = await confirm(user, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'PendingReview', funds: 'held' });
    expect(confirmed.json().availableBy).toBe(limits.availableBy);
    expect(await wallet(user)).toMatchObject({
      balanceCents: 12_000,
      availableBalanceCents: 0,
      pendingCents: 12_000,
    });
    expect((await get(user, '/api/check-deposits/limits')).json().day).toMatchObject({
      usedCents: 12_000,
      remainingCents: 238_000,
    });

    await review(id, ['approve', 'transmit']);
    const clearing = await tickUntil(app, async () => {
      const view = (await get(user, `/api/check-deposits/${id}`)).json();
      return view.status === 'Clearing' ? view : false;
    });
    expect(clearing.funds).toBe('held');
    expect((await wallet(user)).availableBalanceCents).toBe(0);

    await review(id, ['clear']);
    const sent = await untilFunds(user, id, 'available');
    expect(sent).toMatchObject({ status: 'Sent', owedCents: 0 });
    expect(await wallet(user)).toMatchObject({
      balanceCents: 12_000,
      availableBalanceCents: 12_000,
      pendingCents: 0,
    });
    const activity = await db
      .selectFrom('ledger_transfers')
      .select(['kind', 'status'])
      .where('id', '=', sent.transferId)
      .executeTakeFirstOrThrow();
    expect(activity).toEqual({ kind: 'check_deposit', status: 'completed' });
    expect(await notificationTypes(user)).toEqual(
      expect.arrayContaining(['check_deposit_received', 'check_deposit_available']),
    );
    // The partner's balance has the check, and so does Pago's expectation of it.
    const run = await servicesOf(app).banking.reconcile();
    expect(run.differences.filter((d) => d.userId === user.id)).toEqual([]);
    // Listed, newest first.
    const list = (await get(user, '/api/check-deposits')).json();
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([id]);
    expect(list.hasMore).toBe(false);
  });

  it('an unreadable check (.13) is rejected with its reason, and nothing reaches the wallet', async () => {
    const user = await banked();
    const id = await withPhotos(user, 5_013);
    const confirmed = await confirm(user, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'Rejected',
      reason: 'ImageQuality',
      funds: 'failed',
      transferId: null,
    });
    expect(await wallet(user)).toMatchObject({ balanceCents: 0, pendingCents: 0 });
    // A rejected check does not use up the limits.
    expect((await get(user, '/api/check-deposits/limits')).json().day.usedCents).toBe(0);
    // The webhook of the rejection changes nothing more.
    await tickUntil(app, async () =>
      (await notificationTypes(user)).includes('check_deposit_rejected'),
    );
    expect((await notificationTypes(user)).filter((t) => t.startsWith('check_'))).toEqual([
      'check_deposit_rejected',
    ]);
  });

  it('a returned check (.14) is taken back; what was already spent is owed', async () => {
    const user = await banked();
    const friend = await verifiedUser(app, db);
    const id = await withPhotos(user, 10_014);
    expect((await confirm(user, id)).statusCode).toBe(200);
    await review(id);
    await untilFunds(user, id, 'available');
    // Spends $80 of it before the bank returns the check.
    const sent = await moneyPost(app, user, '/api/transactions/send', {
      recipientName: friend.phone,
      recipientCountry: 'MX',
      amountUsd: 80,
    });
    expect(sent.statusCode).toBe(201);
    const returned = await untilFunds(user, id, 'returned');
    expect(returned).toMatchObject({
      status: 'Returned',
      reason: 'InsufficientFunds',
      owedCents: 8_000,
    });
    expect(await wallet(user)).toMatchObject({
      balanceCents: -8_000,
      availableBalanceCents: 0,
      owedCents: 8_000,
    });
    const transfer = await db
      .selectFrom('ledger_transfers')
      .select('status')
      .where('id', '=', returned.transferId)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('failed');
    expect(await notificationTypes(user)).toContain('check_deposit_returned');
    // Told by e-mail too, in Spanish, with what is owed.
    await servicesOf(app).notifications.deliverEmails(1000);
    const mail = await latestMail(app, user.email, { subject: /fue devuelto/ });
    expect(mail.subject).toBe('Tu cheque de $100.14 fue devuelto');
    expect(mail.text).toContain('Tu cuenta debe $80.00');
    // The next check that becomes available pays the debt first.
    const next = await withPhotos(user, 10_000);
    expect((await confirm(user, next)).statusCode).toBe(200);
    await review(next);
    await untilFunds(user, next, 'available');
    expect(await wallet(user)).toMatchObject({
      balanceCents: 2_000,
      availableBalanceCents: 2_000,
      owedCents: 0,
    });
    const run = await servicesOf(app).banking.reconcile();
    expect(run.differences.filter((d) => d.userId === user.id)).toEqual([]);
  });
});

describe('the sandbox bank’s own review', () => {
  it('moves a confirmed check one documented step at a time once each has waited its time', async () => {
    const user = await banked();
    const id = await withPhotos(user, 7_500);
    expect((await confirm(user, id)).statusCode).toBe(200);
    // Off (0): nothing moves by itself.
    expect(await reviewDueCheckDeposits(db, 0, 200)).toBe(0);
    expect((await get(user, `/api/check-deposits/${id}`)).json().status).toBe('PendingReview');
    // On: approve, transmit and clear follow by themselves, and the wallet gets it.
    const sent = await tickUntil(app, async () => {
      await reviewDueCheckDeposits(db, 1, 200);
      const view = (await get(user, `/api/check-deposits/${id}`)).json();
      return view.funds === 'available' ? view : false;
    });
    expect(sent.status).toBe('Sent');
    expect((await wallet(user)).availableBalanceCents).toBe(7_500);
  });
});

describe('check deposit limits', () => {
  it('refuses a check over what is left today, at creation and again at confirmation', async () => {
    const user = await banked();
    const first = await withPhotos(user, 200_000);
    // Not confirmed yet: nothing used, so a second one may be started.
    const second = await withPhotos(user, 100_000);
    expect((await confirm(user, first)).statusCode).toBe(200);
    const refused = await confirm(user, second);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'limit_exceeded',
      details: { limit: 'check_deposit_daily', limitCents: 250_000, remainingCents: 50_000 },
    });
    expect((await get(user, `/api/check-deposits/${second}`)).json()).toMatchObject({
      status: 'AwaitingCustomerConfirmation',
      confirmedAt: null,
    });
    const over = await create(user, 50_001);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.details.limit).toBe('check_deposit_daily');
    expect((await create(user, 50_000)).statusCode).toBe(201);
    // Over the per-check amount: the body's own limit.
    expect((await create(user, 250_001)).statusCode).toBe(400);
  });
});

describe('check deposit requests', () => {
  it('another user’s deposit is not found, for reading, photos and confirming', async () => {
    const owner = await banked();
    const other = await banked();
    const id = await withPhotos(owner, 3_000);
    expect((await get(other, `/api/check-deposits/${id}`)).statusCode).toBe(404);
    expect((await upload(other, id, 'front', jpeg())).statusCode).toBe(404);
    expect((await confirm(other, id)).statusCode).toBe(404);
    expect((await get(other, '/api/check-deposits')).json().items).toEqual([]);
    expect((await get(other, `/api/check-deposits/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('a replayed Idempotency-Key answers the same deposit, made once', async () => {
    const user = await banked();
    const key = randomUUID();
    const [a, b] = await Promise.all([create(user, 4_500, key), create(user, 4_500, key)]);
    const again = await create(user, 4_500, key);
    expect(again.statusCode).toBe(201);
    // A twin sent while the other is with the partner is told to ask again; else it is answered
    // the same, byte for byte.
    for (const twin of [a, b]) {
      if (twin.statusCode === 409) expect(twin.json().error.code).toBe('request_in_progress');
      else expect(twin.body).toBe(again.body);
    }
    expect([a.statusCode, b.statusCode]).toContain(201);
    const rows = await db
      .selectFrom('check_deposits')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    // The same key with another amount is a different request: refused.
    expect((await create(user, 4_600, key)).statusCode).toBe(409);
  });

  it('takes only JPEG or PNG photos up to 10 MB (400 otherwise), before both it cannot confirm', async () => {
    const user = await banked();
    const { id } = (await create(user, 2_000)).json();
    const refusals = [
      await upload(user, id, 'front', 'not an image', 'text/plain'),
      await upload(user, id, 'front', png(), 'image/jpeg'),
      await upload(user, id, 'front', Buffer.from('GIF89a....'), 'image/gif'),
      await upload(user, id, 'front', Buffer.alloc(0), 'image/png'),
      await upload(user, id, 'front', '{"a":1}', 'application/json'),
    ];
    for (const answer of refusals) {
      expect(answer.statusCode).toBe(400);
      expect(['invalid_image', 'validation_failed', 'bad_request']).toContain(
        answer.json().error.code,
      );
    }
    const big = Buffer.concat([jpeg(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(user, id, 'front', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.code).toBe('image_too_large');
    const early = await confirm(user, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('check_deposit_not_ready');
    expect((await upload(user, id, 'front', jpeg())).statusCode).toBe(200);
    expect((await upload(user, id, 'back', jpeg())).statusCode).toBe(200);
    // Both in: no more photos.
    expect((await upload(user, id, 'back', jpeg())).statusCode).toBe(409);
  });

  it('confirms a check whose last photo reached the bank though its answer did not', async () => {
    const user = await banked();
    const { id } = (await create(user, 6_000)).json();
    expect((await upload(user, id, 'front', jpeg())).statusCode).toBe(200);
    // The back reaches the partner, but Pago never hears its answer.
    const atPartner = await app.inject({
      method: 'PUT',
      url: `/sandbox/unit/check-deposits/${await unitIdOf(id)}/back`,
      headers: {
        authorization: `Bearer ${unitSettings(app).token}`,
        'content-type': 'image/jpeg',
      },
      payload: jpeg(),
    });
    expect(atPartner.statusCode).toBe(200);
    expect((await get(user, `/api/check-deposits/${id}`)).json().status).toBe('AwaitingBackImage');
    const confirmed = await confirm(user, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'PendingReview', funds: 'held' });
  });

  it('needs the partner account, and a verified identity to move money', async () => {
    const user = await verifiedUser(app, db);
    const refused = await create(user, 1_000);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('bank_account_required');
    const features = (await app.inject({ method: 'GET', url: '/api/features' })).json();
    expect(features.checkDeposits).toBe(true);
  });
});
