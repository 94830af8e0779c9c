import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, listMail, signUp, type TestUser } from '../../../test/accounts-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, servicesOf } from '../../app';

let app: AppInstance;

beforeAll(async () => {
  app = await buildTestApp((await createTestDatabase()).db);
});
afterAll(() => app.close());

const profile = async (user: TestUser) =>
  (await app.inject({ url: '/api/user/profile', headers: bearer(user.token) })).json();

const save = (user: TestUser, fields: object) =>
  app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: bearer(user.token),
    payload: { name: 'Test User', username: user.username, email: user.email, ...fields },
  });

describe('a time zone per user', () => {
  it('defaults from the ZIP code, is chosen in the profile, and goes back to the ZIP’s on null', async () => {
    const user = await signUp(app, { zipCode: '60601' });
    expect(await profile(user)).toMatchObject({
      timeZone: 'America/Chicago',
      timeZoneChosen: false,
    });
    const chosen = await save(user, { timeZone: 'America/Bogota' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ timeZone: 'America/Bogota', timeZoneChosen: true });
    // Saving the profile without the field keeps the zone.
    expect((await save(user, {})).json().timeZone).toBe('America/Bogota');
    const back = await save(user, { timeZone: null });
    expect(back.json()).toMatchObject({ timeZone: 'America/Chicago', timeZoneChosen: false });
  });

  it('refuses a zone not on the list (400, nothing saved)', async () => {
    const user = await signUp(app, { zipCode: '90001' });
    for (const timeZone of ['Europe/Paris', 'Not/AZone', '', 42]) {
      const refused = await save(user, { timeZone });
      expect(refused.statusCode).toBe(400);
    }
    expect((await profile(user)).timeZone).toBe('America/Los_Angeles');
  });

  it('writes e-mail times in the user’s zone', async () => {
    const user = await signUp(app, { zipCode: '90001' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36' },
    });
    await servicesOf(app).notifications.deliverEmails(1000);
    const signIn = (await listMail(app, user.email)).find(
      (m) => m.subject === 'Nuevo inicio de sesión en tu cuenta',
    );
    expect(signIn?.text).toMatch(/ (PST|PDT)\b/);
  });
});
