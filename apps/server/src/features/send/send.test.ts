import { P2P_NOTE_MAX } from '@pago/shared/contracts/transfers';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/accounts-helpers';
import {
  balanceOf,
  type MoneyUser,
  moneyPost,
  moneyTestApp,
  nextUsPhone,
  verifiedUser,
} from '../../../test/money-helpers';

const t = moneyTestApp(new Date('2026-11-20T15:00:00Z'));

function get(user: { token: string }, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
}

function pay(from: MoneyUser, to: MoneyUser, amountUsd: number, note?: string) {
  return moneyPost(t.app, from, '/api/transactions/send', {
    recipientUsername: to.username,
    amountUsd,
    ...(note === undefined ? {} : { note }),
  });
}

/** The user's "money received" notifications, newest first. */
async function moneyReceived(user: MoneyUser): Promise<{ type: string; data: object }[]> {
  const { items } = (await get(user, '/api/notifications')).json();
  return items.filter((n: { type: string }) => n.type === 'money_received');
}

/** Moves the app's clock on, so each payment is newer than the last. */
function later(minutes = 1) {
  t.now = new Date(t.now.getTime() + minutes * 60_000);
}

describe('a payment to a Pago user with a note (POST /api/transactions/send)', () => {
  it('keeps the note: in both people’s activity and in the receiver’s notification', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 5_000), await verifiedUser(t.app, t.db)];
    const sent = await pay(ana, beto, 12.5, '  Cena del viernes 🌮  ');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().details).toMatchObject({ note: 'Cena del viernes 🌮' });
    expect(await balanceOf(t.app, beto)).toBe(1250);

    const theirs = (await get(beto, '/api/transactions')).json().items;
    expect(theirs[0]).toMatchObject({
      kind: 'p2p',
      direction: 'in',
      details: { note: 'Cena del viernes 🌮' },
    });
    // The receiver sees the note and nothing else of the sender's details (the phone).
    expect(Object.keys(theirs[0].details)).toEqual(['note']);
    const receipt = (await get(ana, `/api/transactions/${sent.json().id}`)).json();
    expect(receipt.details.note).toBe('Cena del viernes 🌮');

    const notifications = await moneyReceived(beto);
    expect(notifications[0]).toMatchObject({
      type: 'money_received',
      data: { amountCents: 1250, note: 'Cena del viernes 🌮' },
    });
  });

  it('sends without a note, or an empty one, as before: no note anywhere', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 5_000), await verifiedUser(t.app, t.db)];
    for (const note of [undefined, '   ']) {
      const sent = await pay(ana, beto, 1, note);
      expect(sent.statusCode).toBe(201);
      expect(sent.json().details).not.toHaveProperty('note');
    }
    const notifications = await moneyReceived(beto);
    expect(notifications).toHaveLength(2);
    for (const n of notifications) expect(n.data).not.toHaveProperty('note');
    expect((await get(beto, '/api/transactions')).json().items[0].details).toEqual({});
  });

  it('refuses a note too long or with control characters, and a note on a send abroad', async () => {
    const [ana, beto] = [await verifiedUser(t.app, t.db, 5_000), await verifiedUser(t.app, t.db)];
    for (const note of ['x'.repeat(P2P_NOTE_MAX + 1), 'a\u0000b', 'a\u0007b', 42]) {
      const refused = await moneyPost(t.app, ana, '/api/transactions/send', {
        recipientUsername: beto.username,
        amountUsd: 1,
        note,
      });
      expect(refused.statusCode).toBe(400);
    }
    expect((await pay(ana, beto, 1, 'x'.repeat(P2P_NOTE_MAX))).statusCode).toBe(201);
    const abroad = await moneyPost(t.app, ana, '/api/transactions/send', {
      recipientName: '+525512345678',
      recipientCountry: 'MX',
      amountUsd: 5,
      note: 'Para la renta',
    });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().error.code).toBe('validation_failed');
    expect(await balanceOf(t.app, ana)).toBe(5_000 - 100);
  });
});

describe('recent people to pay (GET /api/send/contacts)', () => {
  it('lists whom the user paid and who paid them, newest first, each once', async () => {
    const ana = await verifiedUser(t.app, t.db, 10_000);
    const [beto, carla, dani] = [
      await verifiedUser(t.app, t.db, 1_000),
      await verifiedUser(t.app, t.db, 1_000),
      await verifiedUser(t.app, t.db, 1_000),
    ];
    expect((await get(ana, '/api/send/contacts')).json()).toEqual({ people: [] });
    await pay(ana, beto, 1);
    later();
    await pay(carla, ana, 1);
    later();
    await pay(ana, beto, 2);
    later();
    // Dani paid Carla, not Ana: not Ana's contact.
    await pay(dani, carla, 1);

    const { people } = (await get(ana, '/api/send/contacts')).json();
    expect(people).toEqual([
      { name: 'Test User', username: beto.username },
      { name: 'Test User', username: carla.username },
    ]);
    // Carla's own list: Dani (newest) and Ana; never Carla herself.
    const theirs = (await get(carla, '/api/send/contacts')).json().people;
    expect(theirs.map((p: { username: string }) => p.username)).toEqual([
      dani.username,
      ana.username,
    ]);
  });

  it('answers signed-in users only, each their own list', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/send/contacts' });
    expect(anonymous.statusCode).toBe(401);
    // Signed up, phone not verified, nothing sent: an empty list, not an error.
    const newcomer = await signUp(t.app, { phone: nextUsPhone() });
    const answer = await get(newcomer, '/api/send/contacts');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ people: [] });
    const withQuery = await get(newcomer, '/api/send/contacts?userId=someone-else');
    expect(withQuery.json()).toEqual({ people: [] });
  });
});
