import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageRateLimits,
  latestMail,
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

const send = (email: string, extra: Record<string, unknown> = {}, remoteAddress = nextIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/email/send-verification',
    payload: { email, name: 'Ana', ...extra },
    remoteAddress,
  });
const verify = (email: string, code: string, remoteAddress = nextIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/email/verify-code',
    payload: { email, code },
    remoteAddress,
  });

/** Moves every code of this address back in time, as if the minutes had passed. */
const age = async (email: string, minutes: number) => {
  await sql`update verification_codes set created_at = created_at - make_interval(mins => ${minutes}),
      expires_at = expires_at - make_interval(mins => ${minutes}) where email = ${email}`.execute(
    db,
  );
  await ageRateLimits(db, `code-send:%:${email}`, minutes);
};

describe('POST /api/email/send-verification', () => {
  it('sends a 6-digit code in Spanish by default, as text and HTML', async () => {
    const email = `${uniqueName('es')}@example.com`;
    const response = await send(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const mail = await latestMail(app, email);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`${mail.code} es tu código de verificación de Pago`);
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain('El código vence en 10 minutos.');
    expect(mail.html).toContain(`>${mail.code}</p>`);
    expect(mail.html).toContain('lang="es"');
  });

  it('writes in English when asked, and stores the address lower-cased', async () => {
    const email = `${uniqueName('EN')}@Example.COM`;
    expect((await send(email, { language: 'en' })).statusCode).toBe(200);
    const mail = await latestMail(app, email.toLowerCase());
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toBe(`${mail.code} is your Pago verification code`);
    expect(mail.text).toContain('The code expires in 10 minutes.');
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['a bare domain', 'Gana dinero en evil.com'],
    ['a URL', 'Ana https://evil.example'],
    ['an e-mail address', 'ana@evil.example'],
    ['digits', 'Llama al 5551234'],
    ['a control character', 'Ana\u0000López'],
    ['a direction override', 'Ana\u202eLópez'],
    ['a line break', 'Ana\nVisita nuestra tienda'],
    ['81 characters', 'A'.repeat(81)],
  ])('refuses a name with %s, so no e-mail carries it', async (_label, name) => {
    const email = `${uniqueName('name')}@example.com`;
    const response = await send(email, { name });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields.map((f: { path: string }) => f.path)).toEqual([
      'name',
    ]);
    const mailbox = await app.inject({
      method: 'GET',
      url: `/sandbox/mailbox/messages?to=${email}`,
    });
    expect(mailbox.json()).toEqual([]);
  });

  it.each(['María José O’Brien-López', 'J. R. Smith Jr.', 'Zoë D’Angelo'])(
    'accepts the plain name %s',
    async (name) => {
      const email = `${uniqueName('plain')}@example.com`;
      expect((await send(email, { name })).statusCode).toBe(200);
      expect((await latestMail(app, email)).text).toContain(`Hola, ${name}:`);
    },
  );

  it('never lets a stored name become a link or markup in an e-mail', async () => {
    const user = await signUp(app);
    // A name stored before the name rule existed.
    await sql`update users set name = ${'Ana <b>evil.com</b> http://x.io'} where id = ${user.id}`.execute(
      db,
    );
    await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    const mail = await latestMail(app, user.email, { subject: RESET_SUBJECT });
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/evil\.com|http:\/\/|x\.io/);
    }
    expect(mail.text).toContain('evil.\u2060com');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&#60;b&#62;');
  });

  it('allows one code a minute and five an hour per address', async () => {
    const email = `${uniqueName('throttle')}@example.com`;
    expect((await send(email)).statusCode).toBe(200);
    const tooSoon = await send(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('rate_limited');
    expect(tooSoon.json().message).toBe('Please wait a minute before requesting another code.');
    for (let i = 0; i < 4; i++) {
      await age(email, 2);
      expect((await send(email)).statusCode).toBe(200);
    }
    await age(email, 2);
    const tooMany = await send(email);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe('Too many codes requested. Try again in an hour.');
    await age(email, 60);
    expect((await send(email)).statusCode).toBe(200);
  });

  it('limits codes sent from one network address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await send(`${uniqueName('ip')}@example.com`, {}, ip)).statusCode).toBe(200);
    }
    const blocked = await send(`${uniqueName('ip')}@example.com`, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it.each([
    [{ email: 'not-an-email', name: 'Ana' }],
    [{ email: 'ana@example.com' }],
    [{ email: 'ana@example.com', name: '' }],
    [{ email: 'ana@example.com', name: 'Ana', language: 'fr' }],
    [{ email: 'ana@example.com', name: 'Ana', admin: true }],
  ])('refuses %o with 400', async (payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/email/send-verification',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});

describe('POST /api/email/verify-code', () => {
  it('accepts the right code once and says verified', async () => {
    const email = `${uniqueName('ok')}@example.com`;
    await send(email);
    const { code } = await latestMail(app, email);
    const response = await verify(email, code as string);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, verified: true });
  });

  it('answers "Invalid verification code" for a wrong code, an unknown address and an expired code', async () => {
    const email = `${uniqueName('bad')}@example.com`;
    await send(email);
    const { code } = await latestMail(app, email);
    const wrong = await verify(email, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: { code: 'invalid_verification_code', message: 'Invalid verification code' },
      message: 'Invalid verification code',
    });
    expect((await verify(`${uniqueName('nobody')}@example.com`, '123456')).json().message).toBe(
      'Invalid verification code',
    );
    await age(email, 11);
    const expired = await verify(email, code as string);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Invalid verification code');
  });

  it('locks a code after 5 wrong tries, even against the right one; a new code works', async () => {
    const email = `${uniqueName('lock')}@example.com`;
    await send(email);
    const { code } = await latestMail(app, email);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) expect((await verify(email, wrongCode)).statusCode).toBe(400);
    const locked = await verify(email, code as string);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('verification_code_locked');
    expect(locked.json().message).toBe('Too many wrong codes. Request a new code.');

    await age(email, 2);
    await send(email);
    const fresh = await latestMail(app, email);
    expect((await verify(email, fresh.code as string)).statusCode).toBe(200);
  });

  it('takes exactly five tries when guesses arrive at once', async () => {
    const email = `${uniqueName('race')}@example.com`;
    await send(email);
    const { code } = await latestMail(app, email);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const results = await Promise.all(Array.from({ length: 12 }, () => verify(email, wrongCode)));
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });

  it('makes an earlier code useless once a new one is sent', async () => {
    const email = `${uniqueName('replace')}@example.com`;
    await send(email);
    const first = await latestMail(app, email);
    await age(email, 2);
    await send(email);
    const second = await latestMail(app, email);
    if (first.code !== second.code) {
      expect((await verify(email, first.code as string)).statusCode).toBe(400);
    }
    expect((await verify(email, second.code as string)).statusCode).toBe(200);
  });

  it('stores codes hashed, never as sent', async () => {
    const email = `${uniqueName('hash')}@example.com`;
    await send(email);
    const { code } = await latestMail(app, email);
    const { rows } = await sql<{
      hex: string;
    }>`select encode(code_hash, 'hex') as hex from verification_codes where email = ${email}`.execute(
      db,
    );
    expect(rows[0]?.hex).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.hex).not.toContain(Buffer.from(code as string).toString('hex'));
  });

  it.each([['12345'], ['1234567'], ['abcdef'], ['']])(
    'refuses the code %j with 400 validation_failed',
    async (code) => {
      const response = await verify('ana@example.com', code);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    },
  );
});
