import type { Notification, NotificationList } from '@pago/shared/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { bearer, listMail, nextIp, type TestUser } from '../../../test/accounts-helpers';
import { moneyPost, moneyTestApp, postQuote, verifiedUser } from '../../../test/money-helpers';
import { saveAbroad, THUNES_TEST_TIMINGS, until } from '../../../test/remittance-helpers';
import { servicesOf } from '../../app';

const t = moneyTestApp(new Date('2026-11-23T15:00:00Z'), THUNES_TEST_TIMINGS);

async function list(user: TestUser, query = ''): Promise<NotificationList> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: bearer(user.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The user's notifications of one type, newest first. */
async function ofType(user: TestUser, type: Notification['type']): Promise<Notification[]> {
  return (await list(user, '?limit=100')).items.filter((n) => n.type === type);
}

function send(from: TestUser, to: { phone: string }, amountUsd: number) {
  return moneyPost(t.app, from, '/api/transactions/send', {
    recipientName: to.phone,
    recipientCountry: 'MX',
    amountUsd,
  });
}

describe('notifications', () => {
  it('tells the receiver of a P2P send once, with who sent how much, and no one for a refused send', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    expect((await send(ana, beto, 12.34)).statusCode).toBe(201);
    // More than the balance: refused, its transfer rolled back with its notification.
    expect((await send(ana, beto, 900)).statusCode).toBe(422);

    const received = await ofType(beto, 'money_received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      actorName: 'Test User',
      data: { amountCents: 1234 },
      readAt: null,
    });
    expect(await ofType(ana, 'money_received')).toEqual([]);
  });

  it('pages newest first with the unread count, marks one and all read, and hides other users’ ones', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    // The ledger's clock after the real one that dated Beto's phone verification.
    t.now = new Date(Math.max(Date.now(), t.now.getTime()));
    for (const amount of [1, 2, 3]) {
      t.now = new Date(t.now.getTime() + 1000);
      expect((await send(ana, beto, amount)).statusCode).toBe(201);
    }
    // Beto's phone verification is a notification too: four in all.
    const first = await list(beto, '?limit=2');
    expect(first.unreadCount).toBe(4);
    expect(first.items.map((n) => n.data.amountCents)).toEqual([300, 200]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(beto, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.type)).toEqual(['money_received', 'phone_changed']);
    expect(second.items[0]?.data.amountCents).toBe(100);
    expect(second.nextCursor).toBeNull();

    const target = first.items[0] as Notification;
    const read = (url: string, user: TestUser) =>
      t.app.inject({ method: 'POST', url, headers: bearer(user.token) });
    // Someone else's notification, or no notification at all: 404, and nothing changes.
    expect((await read(`/api/notifications/${target.id}/read`, ana)).statusCode).toBe(404);
    expect((await read('/api/notifications/not-an-id/read', beto)).statusCode).toBe(404);
    expect((await list(beto)).unreadCount).toBe(4);

    const one = await read(`/api/notifications/${target.id}/read`, beto);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ unreadCount: 3 });
    expect((await list(beto)).items[0]?.readAt).not.toBeNull();
    expect((await read('/api/notifications/read-all', beto)).json()).toEqual({ unreadCount: 0 });
    expect((await list(beto)).unreadCount).toBe(0);
  });

  it('refuses a malformed cursor and anyone signed out', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?cursor=nonsense',
      headers: bearer(ana.token),
    });
    expect(bad.statusCode).toBe(400);
    for (const url of ['/api/notifications', '/api/notifications/settings']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('tells of requests: received by the payer, paid or declined to the requester', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db, 5_000);
    const ask = async (amountUsd: number) => {
      const response = await moneyPost(t.app, beto, '/api/requests/create', {
        requestedFrom: ana.username,
        requestNote: 'Cena',
        amountUsd,
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const paid = await ask(10);
    const declined = await ask(7);
    expect(
      (await ofType(ana, 'request_received')).map((n) => [n.data.requestId, n.data.note]),
    ).toEqual([
      [declined, 'Cena'],
      [paid, 'Cena'],
    ]);
    expect((await moneyPost(t.app, ana, `/api/requests/${paid}/pay`, {})).statusCode).toBe(200);
    expect((await moneyPost(t.app, ana, `/api/requests/${declined}/decline`, {})).statusCode).toBe(
      200,
    );
    expect(await ofType(beto, 'request_paid')).toMatchObject([
      { data: { amountCents: 1000, requestId: paid }, actorName: 'Test User' },
    ]);
    expect(await ofType(beto, 'request_declined')).toMatchObject([
      { data: { amountCents: 700, requestId: declined } },
    ]);
    // Paying a request is not also "money received".
    expect(await ofType(beto, 'money_received')).toEqual([]);
  });

  it('tells the sender of a remittance when it is delivered, or failed and refunded', async () => {
    const ana = await verifiedUser(t.app, t.db, 50_000);
    for (const phone of ['+525598765432', '+525512340000']) {
      await saveAbroad(t, ana, phone, 'MX');
      const quote = (
        await postQuote(t.app, ana, {
          recipientCountry: 'MX',
          amountUsd: 100,
          recipientPhone: phone,
        })
      ).json();
      const sent = await moneyPost(t.app, ana, '/api/transactions/send', {
        recipientName: phone,
        recipientCountry: 'MX',
        amountUsd: 100,
        quoteId: quote.quoteId,
      });
      expect(sent.statusCode).toBe(201);
    }
    await until(
      t,
      async () =>
        (await ofType(ana, 'remittance_delivered')).length === 1 &&
        (await ofType(ana, 'remittance_refunded')).length === 1,
    );
    expect(await ofType(ana, 'remittance_delivered')).toMatchObject([
      { data: { amountCents: 10_000, phone: '+525598765432', country: 'MX' } },
    ]);
    const refunded = await ofType(ana, 'remittance_refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.data.phone).toBe('+525512340000');
    expect(refunded[0]?.data.amountCents).toBeGreaterThan(10_000);
  });

  it('tells of a new sign-in with the device read from the User-Agent', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      },
      payload: { username: ana.username, password: ana.password },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    expect(await ofType(ana, 'new_sign_in')).toMatchObject([
      { data: { device: 'Chrome (Android)' } },
    ]);
  });

  it('keeps e-mail settings per type; e-mails go in the user’s language, only for types left on', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: bearer(beto.token),
    });
    expect(settings.json().email).toMatchObject({ money_received: true, new_sign_in: true });
    expect(settings.json().email).not.toHaveProperty('password_changed');

    await send(ana, beto, 5);
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const spanish = (await listMail(t.app, beto.email)).find((m) => /te envió/.test(m.subject));
    expect(spanish?.subject).toBe('Test User te envió $5.00');
    expect(spanish?.text).toContain('Ya está en tu saldo.');

    const off = { ...settings.json().email, money_received: false };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: bearer(beto.token),
      payload: { email: off },
    });
    expect(saved.statusCode).toBe(200);
    const unknownType = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: bearer(beto.token),
      payload: { email: { ...off, password_changed: false } },
    });
    expect(unknownType.statusCode).toBe(400);
    await send(ana, beto, 6);
    await servicesOf(t.app).notifications.deliverEmails(1000);
    expect(
      (await listMail(t.app, beto.email)).filter((m) => /te envió/.test(m.subject)),
    ).toHaveLength(1);
    // Still in the app, though.
    expect(await ofType(beto, 'money_received')).toHaveLength(2);

    // English, for an English-speaking user.
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', ana.id).execute();
    await moneyPost(t.app, beto, '/api/requests/create', {
      requestedFrom: ana.username,
      amountUsd: 3,
    });
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const english = (await listMail(t.app, ana.email)).find((m) => /requested/.test(m.subject));
    expect(english?.subject).toBe('Test User requested $3.00 from you');
  });

  it('always e-mails a password change, even with every other e-mail off', async () => {
    const ana = await verifiedUser(t.app, t.db);
    await servicesOf(t.app).notifications.saveSettings(ana.id, {
      email: Object.fromEntries(
        Object.keys((await servicesOf(t.app).notifications.getSettings(ana.id)).email).map((k) => [
          k,
          false,
        ]),
      ) as never,
    });
    await servicesOf(t.app).notifications.notify(t.db, {
      userId: ana.id,
      type: 'password_changed',
    });
    await servicesOf(t.app).notifications.notify(t.db, { userId: ana.id, type: 'new_sign_in' });
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const subjects = (await listMail(t.app, ana.email)).map((m) => m.subject);
    expect(subjects).toContain('Tu contraseña cambió');
    expect(subjects).not.toContain('Nuevo inicio de sesión en tu cuenta');
  });

  it('e-mails a backlog bigger than a round in one run, each notification once', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const pending = async () =>
      Number(
        (
          await t.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', ana.id)
            .where('email_status', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const signIns = async () =>
      (await listMail(t.app, ana.email)).filter(
        (m) => m.subject === 'Nuevo inicio de sesión en tu cuenta',
      ).length;
    await servicesOf(t.app).notifications.deliverEmails(1000);
    const before = await signIns();
    for (let i = 0; i < 7; i++) {
      await servicesOf(t.app).notifications.notify(t.db, { userId: ana.id, type: 'new_sign_in' });
    }
    expect(await pending()).toBe(7);
    // Rounds of 3: 3, 3, then 1 (short, so the run ends there).
    expect(await servicesOf(t.app).notifications.deliverEmails(3)).toBeGreaterThanOrEqual(7);
    expect(await pending()).toBe(0);
    expect((await signIns()) - before).toBe(7);
  });
});
