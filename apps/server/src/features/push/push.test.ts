import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NotificationSettings } from '@pago/shared/contracts/notifications';
import type { PushPayload } from '@pago/shared/contracts/push';
import { describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../test/accounts-helpers';
import { moneyPost, moneyTestApp, verifiedUser } from '../../../test/money-helpers';
import { servicesOf } from '../../app';
import { decryptPush } from '../../sandbox/push/push-decrypt';

// PUBLIC_URL where nothing listens (port 9, discard): its sandbox push service is unreachable.
const t = moneyTestApp(new Date('2026-11-23T15:00:00Z'), { publicUrl: 'http://127.0.0.1:9' });
const baseUrl = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

/** A browser's subscription keys (what PushManager.subscribe makes) and its sandbox endpoint. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const token = randomBytes(12).toString('base64url');
  return {
    token,
    endpoint: `${baseUrl()}/sandbox/push/send/${token}`,
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    auth: randomBytes(16),
  };
}
type Browser = ReturnType<typeof browserKeys>;

function subscribe(user: TestUser, browser: Browser, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: bearer(user.token),
    payload: {
      endpoint: browser.endpoint,
      expirationTime: null,
      keys: {
        p256dh: browser.publicKey.toString('base64url'),
        auth: browser.auth.toString('base64url'),
      },
      ...extra,
    },
  });
}

/** What the sandbox push service received for this browser, decrypted with its keys, oldest first. */
async function received(browser: Browser): Promise<PushPayload[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/sandbox/push/messages?token=${browser.token}`,
  });
  const rows = response.json() as { body: string; vapidKey: string; ttl: number }[];
  return rows
    .reverse()
    .map((row) => JSON.parse(decryptPush(Buffer.from(row.body, 'base64url'), browser)));
}

const send = (from: TestUser, to: { phone: string }, amountUsd: number) =>
  moneyPost(t.app, from, '/api/transactions/send', {
    recipientName: to.phone,
    recipientCountry: 'MX',
    amountUsd,
  });

const subscriptionsOf = (userId: string) =>
  t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();

describe('web push', () => {
  it('gives the VAPID key, and refuses subscriptions that are malformed or to push services Pago does not use', async () => {
    const ana = await verifiedUser(t.app, t.db);
    const key = await t.app.inject({ url: '/api/push/vapid-key', headers: bearer(ana.token) });
    expect(key.statusCode).toBe(200);
    expect(Buffer.from(key.json().publicKey, 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ url: '/api/push/vapid-key' })).statusCode).toBe(401);

    const browser = browserKeys();
    const evil = await subscribe(ana, { ...browser, endpoint: 'https://169.254.169.254/latest' });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().error.code).toBe('push_endpoint_refused');
    const elsewhere = await subscribe(ana, {
      ...browser,
      endpoint: `http://example.com/sandbox/push/send/${browser.token}`,
    });
    expect(elsewhere.json().error.code).toBe('push_endpoint_refused');
    const shortKey = await subscribe(ana, { ...browser, publicKey: browser.publicKey.subarray(1) });
    expect(shortKey.statusCode).toBe(400);
    const extra = await subscribe(ana, browser, { other: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await subscriptionsOf(ana.id)).toEqual([]);

    const ok = await subscribe(ana, browser, { device: 'Mi teléfono' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().device).toBe('Mi teléfono');
    // Real push services are accepted as they are.
    const fcm = await subscribe(ana, {
      ...browserKeys(),
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
    });
    expect(fcm.statusCode).toBe(200);
    expect(await subscriptionsOf(ana.id)).toHaveLength(2);

    // Another user cannot remove ana's subscription; ana can.
    const beto = await verifiedUser(t.app, t.db);
    const remove = (user: TestUser) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        headers: bearer(user.token),
        payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
      });
    expect((await remove(beto)).statusCode).toBe(404);
    expect((await remove(ana)).statusCode).toBe(200);
    expect(await subscriptionsOf(ana.id)).toHaveLength(1);
  });

  it('pushes a notification once, encrypted for the device and signed with VAPID, in the user’s language with its page', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const browser = browserKeys();
    expect((await subscribe(beto, browser)).statusCode).toBe(200);
    expect((await send(ana, beto, 12.34)).statusCode).toBe(201);
    // Two processes' jobs at once: the outbox row is locked by one, so one push goes.
    const { push } = servicesOf(t.app);
    await Promise.all([push.deliver(), push.deliver()]);
    await push.deliver();
    const pushes = await received(browser);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      title: 'Test User te envió $12.34',
      language: 'es',
    });
    expect(pushes[0]?.body).toContain('Ya está en tu saldo');
    expect(pushes[0]?.url).toMatch(/^\/activity\?receipt=/);
    const vapid = (
      await t.app.inject({ url: '/sandbox/push/messages?token=' + browser.token })
    ).json()[0];
    expect(vapid.vapidKey).toBe(servicesOf(t.app).push.publicKey().publicKey);
    expect(vapid.ttl).toBeGreaterThan(0);
    expect(await t.db.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
    const [subscription] = await subscriptionsOf(beto.id);
    expect(subscription?.last_pushed_at).not.toBeNull();
  });

  it('respects the per-type push setting, shared with the e-mail settings', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const browser = browserKeys();
    await subscribe(beto, browser);
    const settings = await t.app.inject({
      url: '/api/notifications/settings',
      headers: bearer(beto.token),
    });
    const current = settings.json() as NotificationSettings;
    expect(current.push?.money_received).toBe(true);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: bearer(beto.token),
      payload: { ...current, push: { ...current.push, money_received: false } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().push.money_received).toBe(false);
    // The e-mail setting is its own: still on.
    expect(saved.json().email.money_received).toBe(true);
    // A PUT without `push` (an older client) leaves it as it was.
    const emailOnly = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: bearer(beto.token),
      payload: { email: current.email },
    });
    expect(emailOnly.json().push.money_received).toBe(false);

    expect((await send(ana, beto, 5)).statusCode).toBe(201);
    await servicesOf(t.app).push.deliver();
    expect(await received(browser)).toEqual([]);
    expect(await t.db.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
  });

  it('forgets a device whose push service answers 410, and the devices of a session at its sign-out', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const gone = browserKeys();
    const kept = browserKeys();
    await subscribe(beto, gone);
    await subscribe(beto, kept);
    await t.app.inject({ method: 'POST', url: `/sandbox/push/gone/${gone.token}` });
    expect((await send(ana, beto, 3)).statusCode).toBe(201);
    await servicesOf(t.app).push.deliver();
    expect(await received(kept)).toHaveLength(1);
    expect(await received(gone)).toEqual([]);
    expect((await subscriptionsOf(beto.id)).map((s) => s.endpoint)).toEqual([kept.endpoint]);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(beto.token),
    });
    expect(logout.statusCode).toBe(200);
    expect(await subscriptionsOf(beto.id)).toEqual([]);
    // No subscription: a later notification does not even enter the outbox.
    expect((await send(ana, beto, 2)).statusCode).toBe(201);
    expect(await t.db.selectFrom('push_outbox').selectAll().execute()).toEqual([]);
  });

  it('moves a browser to whoever subscribes it last, and stops pushing to a session ended elsewhere', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    const carla = await verifiedUser(t.app, t.db);
    const browser = browserKeys();
    await subscribe(beto, browser);
    await subscribe(carla, browser);
    expect(await subscriptionsOf(beto.id)).toEqual([]);
    expect(await subscriptionsOf(carla.id)).toHaveLength(1);

    // Carla's session ended from another device (sign out others, a password change).
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', carla.id)
      .execute();
    expect((await send(ana, carla, 1)).statusCode).toBe(201);
    await servicesOf(t.app).push.deliver();
    expect(await received(browser)).toEqual([]);
    expect(await subscriptionsOf(carla.id)).toEqual([]);
  });

  it('tries a push no device took again later, and not before', async () => {
    const ana = await verifiedUser(t.app, t.db, 5_000);
    const beto = await verifiedUser(t.app, t.db);
    // PUBLIC_URL's own fake (allowed in sandbox mode), unreachable in this file.
    const down = browserKeys();
    const origin = new URL(t.app.deps.config.publicUrl).origin;
    expect(origin).not.toBe(baseUrl());
    const endpoint = `${origin}/sandbox/push/send/${down.token}`;
    expect((await subscribe(beto, { ...down, endpoint })).statusCode).toBe(200);
    expect((await send(ana, beto, 4)).statusCode).toBe(201);
    await servicesOf(t.app).push.deliver();
    const [row] = await t.db.selectFrom('push_outbox').selectAll().execute();
    expect(row?.attempts).toBe(1);
    expect(row?.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: a run now leaves it as it is; the subscription stays (not gone, only down).
    await servicesOf(t.app).push.deliver();
    expect((await t.db.selectFrom('push_outbox').selectAll().execute())[0]?.attempts).toBe(1);
    expect(await subscriptionsOf(beto.id)).toHaveLength(1);
    await t.db.deleteFrom('push_outbox').execute();
  });
});
