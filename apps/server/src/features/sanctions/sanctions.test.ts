import { describe, expect, it } from 'vitest';
import { markIdentityVerified, signUp } from '../../../test/accounts-helpers';
import {
  balanceOf,
  deposit,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  verifiedUser,
} from '../../../test/money-helpers';
import { verifyPhone } from '../../../test/phone-helpers';
import {
  CLABE,
  saveRecipient,
  sendHome,
  THUNES_TEST_TIMINGS,
  track,
  turn,
  until,
} from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'), THUNES_TEST_TIMINGS);
const sanctions = () => servicesOf(t.app).sanctions;

let phoneCounter = 0;
const mxPhone = () => `+5255123${String(40000 + ++phoneCounter).padStart(5, '0')}`;

async function listedRecipient(user: MoneyUser, first = 'Juan Carlos', last = 'Testcartel') {
  return saveRecipient(t, user, {
    country: 'MX',
    phone: mxPhone(),
    method: 'bank_deposit',
    fields: { clabe: CLABE },
    firstName: first,
    lastName: last,
  });
}

async function openHits(subjectId: string) {
  return t.db
    .selectFrom('sanctions_hits')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'open')
    .execute();
}

async function partnerTransactions(transferId: string) {
  return t.db
    .selectFrom('sandbox_thunes_transactions')
    .select('id')
    .where('external_id', '=', transferId)
    .execute();
}

const statusOf = async (user: MoneyUser, id: string) =>
  (await track(t, user, id)).json().transfer.status as string;

/** A signed-up, verified user with a phone, named `name`, with `cents` of test money. */
async function person(name: string, cents = 0): Promise<MoneyUser> {
  const phone = nextUsPhone();
  const user = await signUp(t.app, { phone, name });
  await verifyPhone(t.app, user, phone);
  await markIdentityVerified(t.db, user.id);
  if (cents > 0) await deposit(t.app, user, cents);
  return { ...user, phone };
}

describe('a remittance recipient on the list', () => {
  it('is screened when saved, and the send is held: reserved, never handed to the partner', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const recipient = await listedRecipient(ana);
    const [hit] = await openHits(recipient.id);
    expect(hit?.matches[0]).toMatchObject({
      source: 'sdn',
      listedName: 'TESTCARTEL GARCIA, Juan Carlos',
    });
    const screenings = await t.db
      .selectFrom('sanctions_screenings')
      .selectAll()
      .where('subject_id', '=', recipient.id)
      .execute();
    expect(screenings.map((s) => [s.reason, s.result])).toEqual([
      ['recipient_saved', 'possible_match'],
    ]);

    const sent = await sendHome(t, ana, recipient, 100);
    expect(sent.statusCode, sent.body).toBe(202);
    const transfer = sent.json();
    expect(transfer).toMatchObject({ status: 'processing', details: { underReview: true } });
    // The money is reserved (amount and fee out of the balance) …
    expect(await balanceOf(t.app, ana)).toBe(50_000 - transfer.totalCents);
    // … and the partner never hears of it, however often the job runs.
    for (let i = 0; i < 3; i++) await turn(t);
    expect(await partnerTransactions(transfer.id)).toEqual([]);
    expect(await statusOf(ana, transfer.id)).toBe('processing');
    const payout = await t.db
      .selectFrom('remittance_payouts')
      .select(['compliance_hold', 'submit_after'])
      .where('transfer_id', '=', transfer.id)
      .executeTakeFirstOrThrow();
    expect(payout).toEqual({ compliance_hold: true, submit_after: null });
    // The sender's tracking: sent, not handed to the partner.
    const steps = (await track(t, ana, transfer.id))
      .json()
      .timeline.map((s: { step: string }) => s.step);
    expect(steps).toEqual(['created']);
    // Screened again at the send (same open hit, not a second one).
    expect(await openHits(recipient.id)).toHaveLength(1);
  });

  it('cleared: the held send pays out, and the recipient is not held again', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const recipient = await listedRecipient(ana);
    const held = (await sendHome(t, ana, recipient, 100)).json();
    const [hit] = await openHits(recipient.id);
    const decided = await sanctions().decide(hit?.id ?? '', 'clear', 'staff-1', 'Different person');
    expect(decided).toMatchObject({ status: 'cleared', released: 1 });
    await until(t, async () => (await partnerTransactions(held.id)).length === 1);
    await until(t, async () => (await statusOf(ana, held.id)) === 'delivered');
    const view = (await track(t, ana, held.id)).json().transfer;
    expect(view.details.underReview).toBeUndefined();

    const again = await sendHome(t, ana, recipient, 50);
    expect(again.statusCode, again.body).toBe(201);
    expect(await openHits(recipient.id)).toEqual([]);
    await expect(
      sanctions().decide(hit?.id ?? '', 'block', 'staff-1', 'twice'),
    ).rejects.toMatchObject({ code: 'sanctions_hit_decided' });
  });

  it('blocked: the sender is refunded in full (fee included), the recipient blocked, a report owed', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    const recipient = await listedRecipient(ana, 'Pedro', 'Simulado Hernández');
    const held = (await sendHome(t, ana, recipient, 100)).json();
    expect(held.feeCents).toBeGreaterThan(0);
    expect(await balanceOf(t.app, ana)).toBe(50_000 - held.totalCents);
    const [hit] = await openHits(recipient.id);
    const decided = await sanctions().decide(hit?.id ?? '', 'block', 'staff-1', 'True match');
    expect(decided).toMatchObject({ status: 'blocked', refunded: 1, reportDueOn: '2026-12-07' });
    expect(await balanceOf(t.app, ana)).toBe(50_000);
    expect(await statusOf(ana, held.id)).toBe('refunded');
    for (let i = 0; i < 2; i++) await turn(t);
    expect(await partnerTransactions(held.id)).toEqual([]);
    const again = await sendHome(t, ana, recipient, 50);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('sanctions_blocked');
    const report = await t.db
      .selectFrom('sanctions_reports')
      .selectAll()
      .where('hit_id', '=', hit?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(report.details).toMatchObject({
      reason: 'True match',
      movements: [{ transferId: held.id, movement: 'remittance', amountCents: 10_000 }],
    });
  });
});

describe('a person on the list', () => {
  it('signs up and gets in, and each of their sends is held until cleared', async () => {
    const listed = await person('Juan Carlos Testcartel García', 20_000);
    const friend = await verifiedUser(t.app, t.db);
    const sent = await moneyPost(t.app, listed, '/api/transactions/send', {
      recipientName: friend.phone,
      amountUsd: 25,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toMatchObject({ kind: 'p2p', status: 'processing' });
    expect(await balanceOf(t.app, listed)).toBe(17_500);
    expect(await balanceOf(t.app, friend)).toBe(0);
    const screenings = await t.db
      .selectFrom('sanctions_screenings')
      .select(['reason', 'result'])
      .where('subject_id', '=', listed.id)
      .execute();
    expect(screenings).toEqual([{ reason: 'send', result: 'possible_match' }]);
    const received = async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('type')
          .where('user_id', '=', friend.id)
          .where('type', '=', 'money_received')
          .execute()
      ).length;
    // The payee hears of it only once it is released.
    expect(await received()).toBe(0);
    const [hit] = await openHits(listed.id);
    await sanctions().decide(hit?.id ?? '', 'clear', 'staff-1', 'Born 1990, not the listed DOB');
    expect(await balanceOf(t.app, friend)).toBe(2_500);
    expect(await received()).toBe(1);
    // Cleared: the next payment goes through at once, by the one statement.
    const next = await moneyPost(t.app, listed, '/api/transactions/send', {
      recipientName: friend.phone,
      amountUsd: 5,
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().status).toBe('completed');
    expect(await balanceOf(t.app, friend)).toBe(3_000);
  });

  it('is screened by the job after sign-up, whatever path made the account', async () => {
    const user = await signUp(t.app, { name: 'Maria Jose Ficticio' });
    await sanctions().screenChangedUsers();
    expect(await openHits(user.id)).toHaveLength(1);
    const plain = await signUp(t.app, { name: 'María José Hernández' });
    await sanctions().screenChangedUsers();
    expect(await openHits(plain.id)).toEqual([]);
  });

  it('screens a burst of sign-ups in one run of the job, batch after batch', async () => {
    await sanctions().screenChangedUsers();
    const users = [];
    for (const name of [
      'Ana Uno',
      'Beto Dos',
      'Carla Tres',
      'Dario Cuatro',
      'Maria Jose Ficticio',
    ]) {
      users.push(await signUp(t.app, { name }));
    }
    expect(await sanctions().screenChangedUsers(2)).toBe(5);
    const left = await t.db
      .selectFrom('users')
      .select('id')
      .where('sanctions_name_changed_at', 'is not', null)
      .execute();
    expect(left).toEqual([]);
    expect(await openHits((users[4] as { id: string }).id)).toHaveLength(1);
  });

  it('is screened again when a verification writes a legal name, and held from then on', async () => {
    const user = await person('Carmen Ruiz', 5_000);
    await sanctions().screenChangedUsers();
    expect(await openHits(user.id)).toEqual([]);
    // What the identity feature writes when a vendor verifies the person (identity.service.ts).
    await t.db
      .updateTable('users')
      .set({ legal_name: 'Carmen Falsedad Martínez' })
      .where('id', '=', user.id)
      .execute();
    await sanctions().screenChangedUsers();
    const [hit] = await openHits(user.id);
    expect(hit).toMatchObject({ name: 'Carmen Falsedad Martínez' });
    expect(hit?.matches[0]).toMatchObject({
      source: 'cons',
      listedName: 'FALSEDAD MARTINEZ, Carmen',
    });
    const friend = await verifiedUser(t.app, t.db);
    const sent = await moneyPost(t.app, user, '/api/transactions/send', {
      recipientName: friend.phone,
      amountUsd: 10,
    });
    expect(sent.statusCode, sent.body).toBe(202);
  });

  it('as a P2P payee: held, and blocked returns the money to the sender and freezes the listed account', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const listed = await person('Ana Lucía Noexiste Ramírez');
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: listed.phone,
      amountUsd: 40,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(await balanceOf(t.app, ana)).toBe(6_000);
    expect(await balanceOf(t.app, listed)).toBe(0);
    const [hit] = await openHits(listed.id);
    await sanctions().decide(hit?.id ?? '', 'block', 'staff-1', 'Listed person');
    expect(await balanceOf(t.app, ana)).toBe(10_000);
    expect(await balanceOf(t.app, listed)).toBe(0);
    const frozen = await t.db
      .selectFrom('users')
      .select(['frozen_at', 'frozen_reason'])
      .where('id', '=', listed.id)
      .executeTakeFirstOrThrow();
    expect(frozen.frozen_at).not.toBeNull();
    expect(frozen.frozen_reason).toContain('Sanctions');
    // A frozen account moves no money out (the console's freeze).
    await deposit(t.app, listed, 1_000);
    const out = await moneyPost(t.app, listed, '/api/transactions/send', {
      recipientName: ana.phone,
      amountUsd: 5,
    });
    expect(out.statusCode).toBeGreaterThanOrEqual(403);
    const again = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: listed.phone,
      amountUsd: 1,
    });
    expect(again.statusCode).toBe(403);
    const activity = await t.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const rows = activity.json().items as { kind: string; status: string }[];
    expect(rows.filter((r) => r.kind === 'p2p').map((r) => r.status)).toContain('refunded');
    expect(rows.some((r) => r.kind === 'sanctions_release')).toBe(false);
  });
});

describe('the payee of a held P2P payment', () => {
  const activityOf = async (user: MoneyUser) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/transactions',
        headers: { authorization: `Bearer ${user.token}` },
      })
    ).json().items as { id: string; kind: string; status: string }[];
  const receipt = (user: MoneyUser, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/transactions/${id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });

  it('does not see it while held nor when blocked; sees it once cleared', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const listed = await person('Carmen Falsedad Martínez');
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: listed.phone,
      amountUsd: 10,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const id = sent.json().id as string;
    // The sender sees it under review; the payee sees nothing: not in activity, no receipt.
    expect((await activityOf(ana)).find((r) => r.id === id)?.status).toBe('processing');
    expect((await activityOf(listed)).some((r) => r.id === id)).toBe(false);
    expect((await receipt(listed, id)).statusCode).toBe(404);
    expect((await receipt(ana, id)).statusCode).toBe(200);
    const [hit] = await openHits(listed.id);
    await sanctions().decide(hit?.id ?? '', 'clear', 'staff-1', 'Another Carmen');
    expect((await activityOf(listed)).find((r) => r.id === id)?.status).toBe('completed');
    expect((await receipt(listed, id)).statusCode).toBe(200);
  });

  it('blocked: the payee never sees the payment', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const listed = await person('Pedro Simulado Hernández');
    const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: listed.phone,
      amountUsd: 10,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [hit] = await openHits(listed.id);
    await sanctions().decide(hit?.id ?? '', 'block', 'staff-1', 'Listed person');
    expect((await activityOf(ana)).find((r) => r.id === sent.json().id)?.status).toBe('refunded');
    expect((await activityOf(listed)).some((r) => r.id === sent.json().id)).toBe(false);
  });
});

describe('a money request from a person on the list', () => {
  it('is paid into the hold, and reaches the requester once cleared', async () => {
    const listed = await person('José Luis Inventado López');
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const asked = await moneyPost(t.app, listed, '/api/requests/create', {
      requestedFrom: ana.phone,
      amountUsd: 20,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const paid = await moneyPost(t.app, ana, `/api/requests/${id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    // Paid, but not the requester's yet: both see it under review, not "paid".
    expect(paid.json().status).toBe('under_review');
    const asRequester = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/requests/${id}`,
        headers: { authorization: `Bearer ${listed.token}` },
      });
    expect((await asRequester()).json().status).toBe('under_review');
    expect(await balanceOf(t.app, ana)).toBe(3_000);
    expect(await balanceOf(t.app, listed)).toBe(0);
    const payment = await t.db
      .selectFrom('ledger_transfers')
      .select(['status', 'metadata'])
      .where('kind', '=', 'request_payment')
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'processing', metadata: { underReview: true } });
    const [hit] = await openHits(listed.id);
    await sanctions().decide(hit?.id ?? '', 'clear', 'staff-1', 'Another José Luis');
    expect(await balanceOf(t.app, listed)).toBe(2_000);
    expect((await asRequester()).json().status).toBe('paid');
    const told = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', listed.id)
      .where('type', '=', 'request_paid')
      .execute();
    expect(told).toHaveLength(1);
  });
});

describe('a money request paid into the hold, then blocked', () => {
  it('is cancelled (no longer paid) and the payer gets the money back', async () => {
    const listed = await person('Juan Carlos Testcartel García');
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const asked = await moneyPost(t.app, listed, '/api/requests/create', {
      requestedFrom: ana.phone,
      amountUsd: 15,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;
    const paid = await moneyPost(t.app, ana, `/api/requests/${id}/pay`, {});
    expect(paid.json().status).toBe('under_review');
    expect(await balanceOf(t.app, ana)).toBe(3_500);
    const [hit] = await openHits(listed.id);
    await sanctions().decide(hit?.id ?? '', 'block', 'staff-1', 'Listed person');
    expect(await balanceOf(t.app, ana)).toBe(5_000);
    expect(await balanceOf(t.app, listed)).toBe(0);
    const request = await t.app.inject({
      method: 'GET',
      url: `/api/requests/${id}`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(request.json()).toMatchObject({
      status: 'cancelled',
      transferId: paid.json().transferId,
    });
    const payment = await t.db
      .selectFrom('ledger_transfers')
      .select('status')
      .where('id', '=', paid.json().transferId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
  });
});

describe('ordinary names', () => {
  it('are not held: sends go through at once', async () => {
    const ana = await person('Juan Carlos García López', 50_000);
    const luis = await person('José Luis Martínez');
    const p2p = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: luis.phone,
      amountUsd: 10,
    });
    expect(p2p.statusCode, p2p.body).toBe(201);
    const recipient = await listedRecipient(ana, 'María', 'López Hernández');
    const home = await sendHome(t, ana, recipient, 100);
    expect(home.statusCode, home.body).toBe(201);
    expect(await openHits(ana.id)).toEqual([]);
    expect(await openHits(recipient.id)).toEqual([]);
  });
});
