import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageRateLimits,
  bearer,
  latestMail,
  listMail,
  nextIp,
  RESET_SUBJECT,
  signUp,
  uniqueName,
} from '../../../test/accounts-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
});
afterAll(() => app.close());

const post = (
  url: string,
  payload: unknown,
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: extra.remoteAddress ?? nextIp(),
    headers: extra.headers ?? {},
  });

async function verifiedEmail(): Promise<string> {
  const email = `${uniqueName('v')}@example.com`;
  const ip = nextIp();
  await post('/api/email/send-verification', { email, name: 'Ana' }, { remoteAddress: ip });
  const { code } = await latestMail(app, email);
  await post('/api/email/verify-code', { email, code }, { remoteAddress: ip });
  return email;
}

const signupPayload = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ana López',
  email,
  username: uniqueName('ana_'),
  password: 'Una-clave-muy-buena-7',
  zipCode: '10001',
  emailVerified: true,
  termsVersion: TERMS_VERSION,
  ...extra,
});

describe('POST /api/auth/signup', () => {
  it('refuses an account without the terms accepted, and records the version and time', async () => {
    const email = await verifiedEmail();
    const { termsVersion: _, ...withoutTerms } = signupPayload(email);
    const missing = await post('/api/auth/signup', withoutTerms);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('termsVersion');
    const oldVersion = await post('/api/auth/signup', {
      ...withoutTerms,
      termsVersion: '2020-01-01',
    });
    expect(oldVersion.statusCode).toBe(400);
    expect(await db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual(
      [],
    );

    const before = Date.now();
    const made = await post('/api/auth/signup', signupPayload(email));
    expect(made.statusCode).toBe(201);
    const row = await db
      .selectFrom('users')
      .select(['terms_version', 'terms_accepted_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.terms_version).toBe(TERMS_VERSION);
    expect(row.terms_accepted_at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.terms_accepted_at?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('creates the account for a verified e-mail and returns a session and the profile', async () => {
    const email = await verifiedEmail();
    const response = await post(
      '/api/auth/signup',
      signupPayload(email, { phone: '+12125550123', username: 'Ana.Lopez_1' }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.testMode).toBe(false);
    expect(body.verificationNeeded).toBe(false);
    expect(body.user).toMatchObject({
      name: 'Ana López',
      username: 'Ana.Lopez_1',
      email,
      phone: '+12125550123',
      phone_verified: false,
      address: null,
      zipCode: '10001',
      verificationService: 'plaid',
      kyc_status: null,
      balanceCents: 0,
      balance: 0,
      language: 'es',
    });
    expect(Date.parse(body.user.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.user).not.toHaveProperty('password_hash');
    const profile = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(body.token),
    });
    expect(profile.json()).toEqual(body.user);
  });

  it('chooses the identity provider from the ZIP code and phone on the server', async () => {
    const mx = await post(
      '/api/auth/signup',
      signupPayload(await verifiedEmail(), { zipCode: '06700', phone: '+525512345678' }),
    );
    expect(mx.json().user.verificationService).toBe('persona');
    const ca = await post(
      '/api/auth/signup',
      signupPayload(await verifiedEmail(), { zipCode: 'M5V 2T6', verificationService: 'persona' }),
    );
    expect(ca.json().user.verificationService).toBe('plaid');
  });

  it('refuses an e-mail without a verified code, whatever the client says', async () => {
    const response = await post(
      '/api/auth/signup',
      signupPayload(`${uniqueName('x')}@example.com`, { emailVerified: true }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('email_not_verified');
  });

  it('refuses a code verified more than 30 minutes ago, and uses a verification only once', async () => {
    const stale = await verifiedEmail();
    await sql`update verification_codes set verified_at = now() - interval '31 minutes' where email = ${stale}`.execute(
      db,
    );
    expect((await post('/api/auth/signup', signupPayload(stale))).statusCode).toBe(403);

    const email = await verifiedEmail();
    expect((await post('/api/auth/signup', signupPayload(email))).statusCode).toBe(201);
    const { rows } = await sql<{
      open: number;
    }>`select count(*)::int as open from verification_codes where email = ${email} and consumed_at is null`.execute(
      db,
    );
    expect(rows[0]?.open).toBe(0);
  });

  it('refuses a taken e-mail or username (any case) with 409 and a clear message', async () => {
    const first = await signUp(app, { username: uniqueName('Taken_') });
    const sameUsername = await post(
      '/api/auth/signup',
      signupPayload(await verifiedEmail(), { username: first.username.toUpperCase() }),
    );
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json()).toMatchObject({
      error: { code: 'username_taken' },
      message: 'This username is already taken.',
    });

    const ip = nextIp();
    await ageRateLimits(db, `code-send:%:${first.email}`, 2);
    await post(
      '/api/email/send-verification',
      { email: first.email, name: 'Ana' },
      { remoteAddress: ip },
    );
    const { code } = await latestMail(app, first.email);
    await post('/api/email/verify-code', { email: first.email, code }, { remoteAddress: ip });
    const sameEmail = await post('/api/auth/signup', signupPayload(first.email.toUpperCase()));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      error: { code: 'email_taken' },
      message: 'An account with this e-mail already exists.',
    });
  });

  it('says an e-mail is taken only after its code is verified, then tells the owner', async () => {
    const owner = await signUp(app, { name: 'Ana López' });
    const unknown = `${uniqueName('nobody')}@example.com`;
    // Without a verified code, a taken address and a free one get the same refusal.
    for (const email of [owner.email, owner.email.toUpperCase(), unknown]) {
      const response = await post('/api/auth/signup', signupPayload(email));
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('email_not_verified');
    }
    // The same with a taken username: nothing is said before the address is proven.
    const takenUsername = await post(
      '/api/auth/signup',
      signupPayload(unknown, { username: owner.username }),
    );
    expect(takenUsername.json().error.code).toBe('email_not_verified');
    expect((await listMail(app, owner.email)).map((m) => m.subject)).toEqual([
      `${(await latestMail(app, owner.email)).code} es tu código de verificación de Pago`,
    ]);

    await ageRateLimits(db, `code-send:%:${owner.email}`, 2);
    const ip = nextIp();
    await post(
      '/api/email/send-verification',
      { email: owner.email, name: 'Alguien' },
      { remoteAddress: ip },
    );
    const { code } = await latestMail(app, owner.email);
    await post('/api/email/verify-code', { email: owner.email, code }, { remoteAddress: ip });
    const taken = await post('/api/auth/signup', signupPayload(owner.email));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');
    const notice = await latestMail(app, owner.email);
    expect(notice.subject).toBe('Alguien intentó crear una cuenta de Pago con tu correo');
    expect(notice.text).toContain('Hola, Ana López:');
    expect(notice.text).toContain('No creamos ninguna cuenta nueva.');
    expect(notice.code).toBeUndefined();
  });

  it('refuses one of the most common passwords', async () => {
    const response = await post(
      '/api/auth/signup',
      signupPayload(await verifiedEmail(), { password: 'Password123' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'weak_password' } });
  });

  it.each([
    ['a username of 2 characters', { username: 'ab' }, 'username'],
    ['a username of 31 characters', { username: 'a'.repeat(31) }, 'username'],
    ['a username with a space', { username: 'ana lopez' }, 'username'],
    ['a username with a dash', { username: 'ana-lopez' }, 'username'],
    ['a password of 7 characters', { password: 'Abc-123' }, 'password'],
    ['a password of 129 characters', { password: 'x'.repeat(129) }, 'password'],
    ['a phone without country code', { phone: '5512345678' }, 'phone'],
    ['a phone of a country we do not serve', { phone: '+33612345678' }, 'phone'],
    ['an empty ZIP code', { zipCode: '  ' }, 'zipCode'],
    ['an unknown field', { role: 'admin' }, ''],
  ])('refuses %s with 400 naming the field', async (_label, extra, field) => {
    const response = await post('/api/auth/signup', signupPayload('someone@example.com', extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.details.fields.map((f: { path: string }) => f.path)).toContain(
      field,
    );
  });
});

describe('log-in, sessions and log-out', () => {
  it('logs in by username in any case or by e-mail, with the verification service', async () => {
    const user = await signUp(app);
    for (const username of [user.username, user.username.toUpperCase(), user.email.toUpperCase()]) {
      const response = await post('/api/auth/login', { username, password: user.password });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ _id: user.id, verificationService: 'plaid' });
      expect(response.json().token).not.toBe(user.token);
    }
  });

  it('answers an unknown user and a wrong password alike, in body and in time', async () => {
    const user = await signUp(app);
    const times = { unknown: [] as number[], wrong: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const [kind, username] of [
        ['unknown', uniqueName('ghost')],
        ['wrong', user.username],
      ] as const) {
        const started = performance.now();
        const response = await post('/api/auth/login', {
          username,
          password: 'Not-the-password-1',
        });
        times[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(401);
        bodies.add(response.body);
      }
      await sql`delete from rate_limits`.execute(db);
    }
    expect([...bodies]).toEqual([
      JSON.stringify({
        error: { code: 'invalid_credentials', message: 'Invalid username or password' },
        message: 'Invalid username or password',
      }),
    ]);
    // Both paths compute one argon2id hash; without the dummy hash an unknown user answers far faster.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    expect(median(times.unknown)).toBeGreaterThan(median(times.wrong) * 0.5);
  });

  // The lock is per account and network, so the owner's own network is not locked.
  it('blocks a username for a network after 5 failures in 15 minutes, even with the right password, not for others', async () => {
    const user = await signUp(app);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await post(
            '/api/auth/login',
            { username: user.username, password: 'wrong-password' },
            { remoteAddress: ip },
          )
        ).statusCode,
      ).toBe(401);
    }
    const right = { username: user.username, password: user.password };
    const blocked = await post('/api/auth/login', right, { remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      error: { code: 'rate_limited', details: { scope: 'network' } },
      message: 'Too many failed log-in attempts. Try again in 15 minutes.',
    });
    // The owner, from another network, is not locked out.
    expect((await post('/api/auth/login', right)).statusCode).toBe(200);
    await ageRateLimits(db, `password-fail:%ip:${ip}`, 16);
    expect((await post('/api/auth/login', right, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('blocks an address after 5 failures in 15 minutes, whichever usernames it tries', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      await post(
        '/api/auth/login',
        { username: uniqueName('guess'), password: 'whatever-1' },
        { remoteAddress: ip },
      );
    }
    const blocked = await post(
      '/api/auth/login',
      { username: uniqueName('guess'), password: 'whatever-1' },
      { remoteAddress: ip },
    );
    expect(blocked.statusCode).toBe(429);
  });

  it('revokes the session on logout, which takes a JSON content type and no body', async () => {
    const user = await signUp(app);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    const after = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(user.token),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session expired. Please log in again.');
  });

  it('expires a session after 30 idle minutes and after 12 hours in all', async () => {
    const idle = await signUp(app);
    await sql`update sessions set last_used_at = now() - interval '31 minutes' where user_id = ${idle.id}`.execute(
      db,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(idle.token) }))
        .statusCode,
    ).toBe(401);

    const old = await signUp(app);
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${old.id}`.execute(
      db,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(old.token) }))
        .statusCode,
    ).toBe(401);

    const active = await signUp(app);
    await sql`update sessions set last_used_at = now() - interval '29 minutes' where user_id = ${active.id}`.execute(
      db,
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(active.token) }))
        .statusCode,
    ).toBe(200);
    const { rows } = await sql<{
      idle: boolean;
    }>`select last_used_at > now() - interval '1 minute' as idle from sessions where user_id = ${active.id}`.execute(
      db,
    );
    expect(rows[0]?.idle).toBe(true);
  });

  it('stores session tokens hashed', async () => {
    const user = await signUp(app);
    const { rows } = await sql<{
      hex: string;
    }>`select encode(token_hash, 'hex') as hex from sessions where user_id = ${user.id}`.execute(
      db,
    );
    expect(rows[0]?.hex).toHaveLength(64);
    expect(rows[0]?.hex).not.toBe(Buffer.from(user.token).toString('hex'));
  });

  it.each([
    ['no header', {}, 'Not authenticated'],
    ['a malformed header', { authorization: 'Token abc' }, 'Not authenticated'],
    [
      'an unknown token',
      { authorization: `Bearer ${'A'.repeat(43)}` },
      'Session expired. Please log in again.',
    ],
  ])('answers %s with 401', async (_label, headers, message) => {
    const response = await app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' }, message });
  });
});

describe('GET/PUT /api/user/profile', () => {
  it('updates name, username, phone, address and ZIP, and a changed phone is unverified', async () => {
    const user = await signUp(app);
    await sql`update users set phone_verified = true where id = ${user.id}`.execute(db);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(user.token),
      payload: {
        name: 'Ana María',
        username: `${user.username}x`,
        email: user.email,
        phone: '+50370001234',
        address: 'Calle 1 #23, San Salvador',
        zipCode: '01101',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Ana María',
      username: `${user.username}x`,
      phone: '+50370001234',
      phone_verified: false,
      address: 'Calle 1 #23, San Salvador',
      zipCode: '01101',
    });
  });

  it('changes the e-mail only after the new address is verified by code', async () => {
    const user = await signUp(app);
    const newEmail = `${uniqueName('new')}@example.com`;
    const payload = { name: 'Test User', username: user.username, email: newEmail };
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(user.token),
      payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_not_verified');

    const ip = nextIp();
    await post(
      '/api/email/send-verification',
      { email: newEmail, name: 'Test User' },
      { remoteAddress: ip },
    );
    const { code } = await latestMail(app, newEmail);
    await post('/api/email/verify-code', { email: newEmail, code }, { remoteAddress: ip });
    const accepted = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(user.token),
      payload,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().email).toBe(newEmail);
  });

  it('refuses a username or e-mail another user holds', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(b.token),
      payload: { name: 'B', username: a.username.toUpperCase(), email: b.email },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('username_taken');
  });

  it('says another account holds an e-mail only after the new address is verified', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const change = (email: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: bearer(b.token),
        payload: { name: 'B', username: b.username, email },
      });
    for (const email of [a.email, `${uniqueName('free')}@example.com`]) {
      const response = await change(email);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('email_not_verified');
    }
    await ageRateLimits(db, `code-send:%:${a.email}`, 2);
    const ip = nextIp();
    await post(
      '/api/email/send-verification',
      { email: a.email, name: 'B' },
      { remoteAddress: ip },
    );
    const { code } = await latestMail(app, a.email);
    await post('/api/email/verify-code', { email: a.email, code }, { remoteAddress: ip });
    const taken = await change(a.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');
  });

  it('lets each user see and change only their own profile', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const asB = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(b.token),
    });
    expect(asB.json()._id).toBe(b.id);
    await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(b.token),
      payload: { name: 'Changed by B', username: b.username, email: b.email },
    });
    const aAfter = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(a.token),
    });
    expect(aAfter.json().name).toBe('Test User');
  });

  it.each([
    [{ name: '', username: 'ok_name', email: 'a@example.com' }],
    [{ username: 'ok_name', email: 'a@example.com' }],
    [{ name: 'A', username: 'ok_name', email: 'a@example.com', balanceCents: 100000 }],
    [{ name: 'A', username: 'ok_name', email: 'a@example.com', kyc_status: 'completed' }],
  ])('refuses %o with 400', async (payload) => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(user.token),
      payload,
    });
    expect(response.statusCode).toBe(400);
  });

  it('shows another user only their public card, to signed-in users', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const card = await app.inject({
      method: 'GET',
      url: `/api/users/${a.id}/public`,
      headers: bearer(b.token),
    });
    expect(card.json()).toEqual({ _id: a.id, name: 'Test User', username: a.username });
    expect((await app.inject({ method: 'GET', url: `/api/users/${a.id}/public` })).statusCode).toBe(
      401,
    );
    const missing = await app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-0000-0000-000000000000/public',
      headers: bearer(b.token),
    });
    expect(missing.statusCode).toBe(404);
    const junk = await app.inject({
      method: 'GET',
      url: '/api/users/not-an-id/public',
      headers: bearer(b.token),
    });
    expect(junk.statusCode).toBe(404);
  });
});

describe('password reset', () => {
  it('sends a code, sets the new password with it and ends every session', async () => {
    const user = await signUp(app);
    const second = await post('/api/auth/login', {
      username: user.username,
      password: user.password,
    });
    const request = await post('/api/auth/password-reset/request', {
      email: user.email,
      language: 'en',
    });
    expect(request.json()).toEqual({ success: true });
    const mail = await latestMail(app, user.email, { subject: RESET_SUBJECT });
    expect(mail.subject).toBe(`${mail.code} is your Pago password reset code`);

    const wrong = await post('/api/auth/password-reset/confirm', {
      email: user.email,
      code: mail.code === '000000' ? '111111' : '000000',
      password: 'Brand-new-secret-9',
    });
    expect(wrong.statusCode).toBe(400);
    const done = await post('/api/auth/password-reset/confirm', {
      email: user.email,
      code: mail.code,
      password: 'Brand-new-secret-9',
    });
    expect(done.json()).toEqual({ success: true });

    for (const token of [user.token, second.json().token]) {
      expect(
        (await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
    }
    expect(
      (await post('/api/auth/login', { username: user.username, password: user.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { username: user.username, password: 'Brand-new-secret-9' }))
        .statusCode,
    ).toBe(200);
    const reuse = await post('/api/auth/password-reset/confirm', {
      email: user.email,
      code: mail.code,
      password: 'Another-secret-10',
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const email = `${uniqueName('ghost')}@example.com`;
    const response = await post('/api/auth/password-reset/request', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const mail = await app.inject({ method: 'GET', url: `/sandbox/mailbox/messages?to=${email}` });
    expect(mail.json()).toEqual([]);
  });

  it('limits known and unknown addresses alike, with the same answers', async () => {
    const user = await signUp(app);
    const unknown = `${uniqueName('ghost')}@example.com`;
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 2; i++) {
        const response = await post('/api/auth/password-reset/request', { email });
        seen.push({ status: response.statusCode, body: response.json() });
      }
      return seen;
    };
    const known = await answers(user.email);
    expect(known).toEqual(await answers(unknown));
    expect(known).toEqual([
      { status: 200, body: { success: true } },
      {
        status: 429,
        body: {
          error: {
            code: 'rate_limited',
            message: 'Please wait a minute before requesting another code.',
            details: { retryAfterSeconds: 60 },
          },
          message: 'Please wait a minute before requesting another code.',
        },
      },
    ]);
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    const users = [];
    for (let i = 0; i < 7; i++) users.push(await signUp(app));
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (const user of users) {
      for (const [kind, email] of [
        ['unknown', `${uniqueName('ghost')}@example.com`],
        ['known', user.email],
      ] as const) {
        const started = performance.now();
        const response = await post('/api/auth/password-reset/request', { email });
        times[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(200);
      }
    }
    // The same statements run for both; the e-mail leaves after the answer.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[3] ?? 0;
    expect(median(times.unknown)).toBeGreaterThan(median(times.known) * 0.5);
    expect(median(times.known)).toBeLessThan(median(times.unknown) * 2);
  });

  it('refuses a common password as the new one', async () => {
    const user = await signUp(app);
    await post('/api/auth/password-reset/request', { email: user.email });
    const { code } = await latestMail(app, user.email, { subject: RESET_SUBJECT });
    const response = await post('/api/auth/password-reset/confirm', {
      email: user.email,
      code,
      password: 'Qwertyuiop',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('weak_password');
  });
});
