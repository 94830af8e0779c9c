import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Notification } from '@pago/shared/contracts/notifications';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, listMail, signUp, type TestUser } from '../../../test/accounts-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, servicesOf } from '../../app';
import type { Database } from '../../db/database';
import { totpCode } from './totp';

let app: AppInstance;
let db: Database;

// A local geofeed (RFC 8805) for the sessions' approximate places.
const feed = path.join(mkdtempSync(path.join(tmpdir(), 'pago-geofeed-')), 'geofeed.csv');
writeFileSync(feed, '203.0.113.0/24,US,US-TX,Austin,\n2001:db8::/32,MX,MX-JAL,Guadalajara,\n');

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  app = await buildTestApp(db, { geoipGeofeedPath: feed });
});
afterAll(() => app.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function post(url: string, token: string | null, payload: object, headers: object = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload,
    remoteAddress: '203.0.113.40',
  });
}

async function notices(user: TestUser, type: Notification['type']) {
  const list = await app.inject({
    url: '/api/notifications?limit=100',
    headers: bearer(user.token),
  });
  return (list.json().items as Notification[]).filter((n) => n.type === type);
}

/** Every optional e-mail off: a security notice must go all the same. */
async function everyEmailOff(user: TestUser) {
  const settings = await servicesOf(app).notifications.getSettings(user.id);
  await servicesOf(app).notifications.saveSettings(user.id, {
    email: Object.fromEntries(Object.keys(settings.email).map((k) => [k, false])) as never,
  });
}

async function turnOn(user: TestUser) {
  const setup = await post('/api/security/two-step/setup', user.token, {});
  const { secret } = setup.json() as { secret: string };
  const on = await post(
    '/api/security/two-step/confirm',
    user.token,
    { code: totpCode(secret) },
    { 'user-agent': FIREFOX_LINUX },
  );
  expect(on.statusCode).toBe(200);
  return secret;
}

describe('security changes e-mail the user', () => {
  it('two-step codes on and off: each a notice with the device, e-mailed even with e-mails off', async () => {
    const user = await signUp(app);
    await everyEmailOff(user);
    const settings = await servicesOf(app).notifications.getSettings(user.id);
    expect(settings.email).not.toHaveProperty('two_step_enabled');
    expect(settings.email).not.toHaveProperty('two_step_disabled');
    expect(settings.email).not.toHaveProperty('external_signin_linked');

    const secret = await turnOn(user);
    expect((await notices(user, 'two_step_enabled')).map((n) => n.data)).toEqual([
      { device: 'Firefox (Linux)' },
    ]);
    // A later step, as if time had passed: the code just used is not taken twice.
    await sql`update users set two_step_last_step = two_step_last_step - 10 where id = ${user.id}`.execute(
      db,
    );
    const off = await post(
      '/api/security/two-step/disable',
      user.token,
      { password: user.password, code: totpCode(secret) },
      { 'user-agent': FIREFOX_LINUX },
    );
    expect(off.statusCode).toBe(200);
    expect(await notices(user, 'two_step_disabled')).toHaveLength(1);

    await servicesOf(app).notifications.deliverEmails(1000);
    const mails = await listMail(app, user.email);
    const on = mails.find((m) => m.subject === 'Activaste los códigos de dos pasos');
    const gone = mails.find((m) => m.subject === 'Desactivaste los códigos de dos pasos');
    expect(on?.text).toContain('desde Firefox (Linux) el ');
    expect(gone?.text).toContain('Si no fuiste tú');
    // The time is the user's (no ZIP known to the test: US Eastern), with its zone.
    expect(on?.text).toMatch(/ (EST|EDT)\b/);
    expect(on?.text).not.toContain('dejar de recibir');
  });

  it('a failed change sends nothing', async () => {
    const user = await signUp(app);
    const setup = await post('/api/security/two-step/setup', user.token, {});
    expect(setup.statusCode).toBe(200);
    const wrong = await post('/api/security/two-step/confirm', user.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(await notices(user, 'two_step_enabled')).toEqual([]);
  });
});

describe('the sessions list tells devices apart', () => {
  it('shows how each session signed in and, from the local geofeed, about where', async () => {
    const user = await signUp(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      headers: { 'user-agent': FIREFOX_LINUX },
      remoteAddress: '203.0.113.9',
    });
    expect(login.statusCode).toBe(200);
    const abroad = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: '2001:db8::7',
    });
    expect(abroad.statusCode).toBe(200);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      remoteAddress: '192.0.2.77',
    });
    expect(unknown.statusCode).toBe(200);

    const list = await app.inject({
      url: '/api/security/sessions',
      headers: bearer(login.json().token),
    });
    const sessions = list.json().sessions as Array<{
      method: string | null;
      place: string | null;
      device: string | null;
      current: boolean;
      lastSeenAt: string;
    }>;
    expect(sessions).toHaveLength(4);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({
      method: 'password',
      place: 'Austin, TX, US',
      device: 'Firefox (Linux)',
    });
    expect(sessions.map((s) => s.place).sort()).toEqual(
      ['Austin, TX, US', 'Guadalajara, JAL, MX', null, null].sort(),
    );
    // The sign-up's own session.
    expect(sessions.filter((s) => s.method === 'signup')).toHaveLength(1);
    for (const s of sessions) expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
  });

  it('a two-step sign-in keeps the method it began with', async () => {
    const user = await signUp(app);
    const secret = await turnOn(user);
    await sql`update users set two_step_last_step = two_step_last_step - 10 where id = ${user.id}`.execute(
      db,
    );
    const first = await post('/api/auth/login', null, {
      username: user.username,
      password: user.password,
    });
    expect(first.json().twoStepRequired).toBe(true);
    const second = await post('/api/auth/login/two-step', null, {
      challenge: first.json().challenge,
      code: totpCode(secret),
    });
    expect(second.statusCode).toBe(200);
    const list = await app.inject({
      url: '/api/security/sessions',
      headers: bearer(second.json().token),
    });
    expect(list.json().sessions.find((s: { current: boolean }) => s.current)).toMatchObject({
      method: 'password',
      place: 'Austin, TX, US',
    });
  });
});
