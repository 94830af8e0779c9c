import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp, signUp, type TestUser } from '../../../test/accounts-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';
import { totpCode, totpStep } from './totp';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  app = await buildTestApp(db);
});
afterAll(() => app.close());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function post(url: string, token: string | null, payload?: object) {
  return app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

const profile = (token: string) => app.inject({ url: '/api/user/profile', headers: bearer(token) });
const endSession = (token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/security/sessions/${id}`, headers: bearer(token) });

const login = (user: TestUser, userAgent = CHROME_WINDOWS) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: nextIp(),
  });

/** A later 30-second step, as if time had passed: the last accepted step is forgotten. */
const timePasses = (userId: string) =>
  sql`update users set two_step_last_step = two_step_last_step - 10 where id = ${userId}`.execute(
    db,
  );

/** Turns two-step codes on; the secret (as the person copied it) and the recovery codes. */
async function turnOn(user: TestUser) {
  const setup = await post('/api/security/two-step/setup', user.token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri } = setup.json() as { secret: string; otpauthUri: string };
  expect(otpauthUri).toContain(`secret=${secret}`);
  const confirmed = await post('/api/security/two-step/confirm', user.token, {
    code: totpCode(secret),
  });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

describe('two-step codes', () => {
  it('turns on with a first code, stores the secret sealed and the recovery codes hashed', async () => {
    const user = await signUp(app);
    const before = await app.inject({ url: '/api/security', headers: bearer(user.token) });
    expect(before.json()).toEqual({ twoStepEnabled: false, recoveryCodesLeft: 0 });

    const setup = await post('/api/security/two-step/setup', user.token);
    const { secret } = setup.json() as { secret: string };
    const wrong = await post('/api/security/two-step/confirm', user.token, {
      code: totpCode(secret, totpStep() - 5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_two_step_code');
    expect(
      (await app.inject({ url: '/api/security', headers: bearer(user.token) })).json(),
    ).toMatchObject({ twoStepEnabled: false });

    const ok = await post('/api/security/two-step/confirm', user.token, { code: totpCode(secret) });
    expect(ok.statusCode).toBe(200);
    const { recoveryCodes } = ok.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const row = await db
      .selectFrom('users')
      .select(['two_step_secret', 'two_step_enabled_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.two_step_enabled_at).not.toBeNull();
    expect(row.two_step_secret).not.toContain(secret);
    const stored = await db
      .selectFrom('two_step_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      for (const code of recoveryCodes) expect(code_hash.toString('utf8')).not.toContain(code);
    }
    const after = await app.inject({ url: '/api/security', headers: bearer(user.token) });
    expect(after.json()).toEqual({ twoStepEnabled: true, recoveryCodesLeft: 10 });
    // A second set-up while on is refused.
    expect((await post('/api/security/two-step/setup', user.token)).statusCode).toBe(409);
  });

  it('signs in with a code after the password: no session before it, and the code once', async () => {
    const user = await signUp(app);
    const { secret } = await turnOn(user);

    const first = await login(user);
    expect(first.statusCode).toBe(200);
    const answer = first.json() as {
      twoStepRequired?: boolean;
      challenge?: string;
      token?: string;
    };
    expect(answer.twoStepRequired).toBe(true);
    expect(answer.token).toBeUndefined();
    const challenge = answer.challenge as string;

    const wrong = await post('/api/auth/login/two-step', null, {
      challenge,
      code: totpCode(secret, totpStep() + 5),
    });
    expect(wrong.statusCode).toBe(400);
    // The code used to turn two-step codes on is not accepted again (same step).
    const replay = await post('/api/auth/login/two-step', null, {
      challenge,
      code: totpCode(secret),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('invalid_two_step_code');

    const next = totpCode(secret, totpStep() + 1);
    const ok = await post('/api/auth/login/two-step', null, { challenge, code: next });
    expect(ok.statusCode).toBe(200);
    const { token } = ok.json() as { token: string };
    expect(
      (await app.inject({ url: '/api/user/profile', headers: bearer(token) })).statusCode,
    ).toBe(200);
    // The challenge is used up, and the same code does not sign in again.
    expect(
      (await post('/api/auth/login/two-step', null, { challenge, code: next })).statusCode,
    ).toBe(401);
    const again = (await login(user)).json() as { challenge: string };
    const replayed = await post('/api/auth/login/two-step', null, {
      challenge: again.challenge,
      code: next,
    });
    expect(replayed.statusCode).toBe(400);
  });

  it('takes each recovery code once', async () => {
    const user = await signUp(app);
    const { recoveryCodes } = await turnOn(user);
    const code = recoveryCodes[3] as string;
    const first = (await login(user)).json() as { challenge: string };
    const ok = await post('/api/auth/login/two-step', null, {
      challenge: first.challenge,
      code: code.toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    const second = (await login(user)).json() as { challenge: string };
    const reused = await post('/api/auth/login/two-step', null, {
      challenge: second.challenge,
      code,
    });
    expect(reused.statusCode).toBe(400);
    const status = await app.inject({ url: '/api/security', headers: bearer(user.token) });
    expect(status.json()).toEqual({ twoStepEnabled: true, recoveryCodesLeft: 9 });
  });

  it('limits wrong codes like passwords: the sixth attempt in 15 minutes is 429, right or wrong', async () => {
    const user = await signUp(app);
    const { secret } = await turnOn(user);
    const { challenge } = (await login(user)).json() as { challenge: string };
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await post('/api/auth/login/two-step', null, { challenge, code: '000000' });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await post('/api/auth/login/two-step', null, {
      challenge,
      code: totpCode(secret, totpStep() + 1),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('turns off with the password and a code', async () => {
    const user = await signUp(app);
    const { secret } = await turnOn(user);
    await timePasses(user.id);
    const badPassword = await post('/api/security/two-step/disable', user.token, {
      password: 'not-the-password',
      code: totpCode(secret),
    });
    expect(badPassword.statusCode).toBe(400);
    const noCode = await post('/api/security/two-step/disable', user.token, {
      password: user.password,
      code: '123456',
    });
    expect(noCode.statusCode).toBe(400);
    const off = await post('/api/security/two-step/disable', user.token, {
      password: user.password,
      code: totpCode(secret),
    });
    expect(off.statusCode).toBe(200);
    const plain = await login(user);
    expect(plain.json().token).toEqual(expect.any(String));
  });

  it('asks a current code to change the e-mail or phone, or the password', async () => {
    const user = await signUp(app);
    const { secret } = await turnOn(user);
    const current = (await profile(user.token)).json();
    const change = (extra: object) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: bearer(user.token),
        payload: { name: current.name, username: current.username, email: current.email, ...extra },
      });
    const noCode = await change({ phone: '+12025550143' });
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json().error.code).toBe('two_step_required');
    // Other changes need no code.
    expect((await change({ name: 'New Name' })).statusCode).toBe(200);
    await timePasses(user.id);
    const withCode = await change({ phone: '+12025550143', twoStepCode: totpCode(secret) });
    expect(withCode.statusCode).toBe(200);

    const password = await post('/api/security/password', user.token, {
      currentPassword: user.password,
      newPassword: 'Brand-New-Secret-77',
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().error.code).toBe('two_step_required');
  });
  it('refuses to verify by SMS a number not on the profile: a new number takes a code first', async () => {
    const user = await signUp(app, { phone: '+12025550144' });
    await turnOn(user);
    const send = (phone: string) =>
      app.inject({
        method: 'POST',
        url: '/api/phone/send-code',
        headers: bearer(user.token),
        payload: { phone },
        remoteAddress: nextIp(),
      });
    const other = await send('+12025550145');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('two_step_required');
    // The profile's own number is not refused for want of a code (the SMS fake is not listening
    // in this file, so it goes no further).
    expect((await send('+12025550144')).json().error?.code).not.toBe('two_step_required');
  });
});

describe('change of password', () => {
  it('ends the other sessions and keeps this one', async () => {
    const user = await signUp(app);
    const other = (await login(user)).json() as { token: string };
    const wrong = await post('/api/security/password', user.token, {
      currentPassword: 'wrong-password',
      newPassword: 'Brand-New-Secret-77',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    const weak = await post('/api/security/password', user.token, {
      currentPassword: user.password,
      newPassword: 'password',
    });
    expect(weak.statusCode).toBe(400);

    const ok = await post('/api/security/password', user.token, {
      currentPassword: user.password,
      newPassword: 'Brand-New-Secret-77',
    });
    expect(ok.statusCode).toBe(200);
    expect((await profile(user.token)).statusCode).toBe(200);
    expect((await profile(other.token)).statusCode).toBe(401);
    const relogin = await login({ ...user, password: 'Brand-New-Secret-77' });
    expect(relogin.statusCode).toBe(200);
  });
});

describe('active sessions', () => {
  it('lists the user’s own sessions with their device, this one marked', async () => {
    const user = await signUp(app);
    await login(user);
    const list = await app.inject({ url: '/api/security/sessions', headers: bearer(user.token) });
    expect(list.statusCode).toBe(200);
    const { sessions } = list.json() as {
      sessions: Array<{ id: string; device: string | null; current: boolean }>;
    };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => !s.current)?.device).toBe('Chrome (Windows)');
  });

  it('ends one session by id; another user’s session id is 404', async () => {
    const user = await signUp(app);
    const stranger = await signUp(app);
    const other = (await login(user)).json() as { token: string };
    const { sessions } = (
      await app.inject({ url: '/api/security/sessions', headers: bearer(user.token) })
    ).json() as { sessions: Array<{ id: string; current: boolean }> };
    const otherId = sessions.find((s) => !s.current)?.id as string;

    expect((await endSession(stranger.token, otherId)).statusCode).toBe(404);
    expect((await endSession(user.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await profile(other.token)).statusCode).toBe(200);

    expect((await endSession(user.token, otherId)).statusCode).toBe(200);
    expect((await profile(other.token)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(200);
  });

  it('signs out everywhere else', async () => {
    const user = await signUp(app);
    const a = (await login(user)).json() as { token: string };
    const b = (await login(user)).json() as { token: string };
    const done = await post('/api/security/sessions/sign-out-others', user.token);
    expect(done.statusCode).toBe(200);
    expect((await profile(a.token)).statusCode).toBe(401);
    expect((await profile(b.token)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(200);
    const { sessions } = (
      await app.inject({ url: '/api/security/sessions', headers: bearer(user.token) })
    ).json() as { sessions: unknown[] };
    expect(sessions).toHaveLength(1);
  });
});
