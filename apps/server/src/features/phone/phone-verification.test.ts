import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, latestMail, nextIp, signUp, type TestUser } from '../../../test/accounts-helpers';
import { moneyPost, nextUsPhone, verifiedUser } from '../../../test/money-helpers';
import { checkPhoneCode, latestSms, sendPhoneCode, verifyPhone } from '../../../test/phone-helpers';
import { buildTestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import type { Database } from '../../db/database';

let app: AppInstance;
let db: Database;

beforeAll(async () => {
  ({ db } = await createTestDatabase());
  app = await buildTestApp(db);
  // The SMS client reaches the sandbox Twilio over HTTP, as it would reach Twilio.
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const profileOf = async (user: TestUser) =>
  (
    await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(user.token) })
  ).json();

/** Moves a number's codes (ours and the sandbox Twilio's) back in time, as if minutes had passed. */
async function age(phone: string, minutes: number) {
  await sql`update phone_verifications set created_at = created_at - make_interval(mins => ${minutes}),
    expires_at = expires_at - make_interval(mins => ${minutes}) where phone = ${phone}`.execute(db);
  await sql`update sandbox_twilio_verifications set created_at = created_at - make_interval(mins => ${minutes}),
    expires_at = expires_at - make_interval(mins => ${minutes}) where to_number = ${phone}`.execute(
    db,
  );
}

/** A code that is not the one sent. */
const wrongCodeFor = (code: string) => (code === '999999' ? '888888' : '999999');

async function sentCode(user: TestUser, phone: string): Promise<string> {
  const sent = await sendPhoneCode(app, user, phone);
  expect(sent.statusCode).toBe(200);
  const sms = await latestSms(app, phone);
  if (!sms?.code) throw new Error('no SMS');
  return sms.code;
}

describe('verifying a phone by SMS', () => {
  it('sends a code by SMS in the user’s language and marks the phone verified on the profile', async () => {
    const phone = nextUsPhone();
    const user = await signUp(app, { phone });
    expect(await profileOf(user)).toMatchObject({ phone, phone_verified: false });

    const sent = await sendPhoneCode(app, user, phone);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, expiresInSeconds: 600 });
    const sms = await latestSms(app, phone);
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect(sms?.body).toBe(`Tu código de verificación de Pago es: ${sms?.code}`);

    const verified = await checkPhoneCode(app, user, phone, sms?.code as string);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, verified: true, phone });
    expect(await profileOf(user)).toMatchObject({ phone, phone_verified: true });

    const again = await sendPhoneCode(app, user, phone);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('phone_already_verified');
  });

  it('writes the SMS in English for an English-speaking user, and verifies a number not yet on the profile', async () => {
    const user = await signUp(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(user.token),
      payload: { name: 'Test User', username: user.username, email: user.email, language: 'en' },
    });
    expect(put.statusCode).toBe(200);
    const phone = nextUsPhone();
    const code = await sentCode(user, phone);
    expect((await latestSms(app, phone))?.body).toBe(`Your Pago verification code is: ${code}`);
    expect((await checkPhoneCode(app, user, phone, code)).statusCode).toBe(200);
    expect(await profileOf(user)).toMatchObject({ phone, phone_verified: true });
  });

  it('makes a changed phone unverified again', async () => {
    const user = await verifiedUser(app, db);
    expect((await profileOf(user)).phone_verified).toBe(true);
    const other = nextUsPhone();
    await app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: bearer(user.token),
      payload: { name: 'Test User', username: user.username, email: user.email, phone: other },
    });
    expect(await profileOf(user)).toMatchObject({ phone: other, phone_verified: false });
  });

  it('answers "Invalid verification code" for a wrong code, no code sent and an expired code', async () => {
    const phone = nextUsPhone();
    const user = await signUp(app, { phone });
    const nothingSent = await checkPhoneCode(app, user, phone, '123456');
    expect(nothingSent.statusCode).toBe(400);
    expect(nothingSent.json()).toEqual({
      error: { code: 'invalid_verification_code', message: 'Invalid verification code' },
      message: 'Invalid verification code',
    });
    const code = await sentCode(user, phone);
    const wrong = await checkPhoneCode(app, user, phone, wrongCodeFor(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_verification_code');
    await age(phone, 11);
    const expired = await checkPhoneCode(app, user, phone, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid_verification_code');
    expect((await profileOf(user)).phone_verified).toBe(false);
  });

  it('takes a code of another user as wrong: a code proves the number for the one who asked', async () => {
    const phone = nextUsPhone();
    const [asker, other] = [await signUp(app, { phone }), await signUp(app)];
    const code = await sentCode(asker, phone);
    const stolen = await checkPhoneCode(app, other, phone, code);
    expect(stolen.statusCode).toBe(400);
    expect((await profileOf(other)).phone_verified).toBe(false);
  });

  it('locks a code after 5 wrong tries, even against the right one; a new code works', async () => {
    const phone = nextUsPhone();
    const user = await signUp(app, { phone });
    const code = await sentCode(user, phone);
    for (let i = 0; i < 5; i++) {
      expect((await checkPhoneCode(app, user, phone, wrongCodeFor(code))).statusCode).toBe(400);
    }
    const locked = await checkPhoneCode(app, user, phone, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('verification_code_locked');
    expect((await profileOf(user)).phone_verified).toBe(false);

    await age(phone, 11);
    const fresh = await sentCode(user, phone);
    expect((await checkPhoneCode(app, user, phone, fresh)).statusCode).toBe(200);
  });

  it('takes exactly five tries when guesses arrive at once', async () => {
    const phone = nextUsPhone();
    const user = await signUp(app, { phone });
    const code = await sentCode(user, phone);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => checkPhoneCode(app, user, phone, wrongCodeFor(code))),
    );
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(7);
  });

  it('allows one code a minute and five an hour per number, also when asked at once', async () => {
    const phone = nextUsPhone();
    const user = await signUp(app, { phone });
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => sendPhoneCode(app, user, phone)),
    );
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = burst.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      error: { code: 'rate_limited', details: { retryAfterSeconds: 60 } },
      message: 'Please wait a minute before requesting another code.',
    });
    for (let i = 0; i < 4; i++) {
      await age(phone, 2);
      expect((await sendPhoneCode(app, user, phone)).statusCode).toBe(200);
    }
    await age(phone, 2);
    const tooMany = await sendPhoneCode(app, user, phone);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe('Too many codes requested. Try again in an hour.');
  });

  it('limits codes to ten numbers an hour per user, and ten codes an hour to one number whoever asks', async () => {
    const user = await signUp(app);
    for (let i = 0; i < 10; i++) {
      expect((await sendPhoneCode(app, user, nextUsPhone())).statusCode).toBe(200);
    }
    const eleventh = await sendPhoneCode(app, user, nextUsPhone());
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe('Too many codes requested. Try again in an hour.');

    const phone = nextUsPhone();
    const askers = await Promise.all(Array.from({ length: 12 }, () => signUp(app)));
    const ask = async (from: number, to: number) => {
      const answers = [];
      for (const asker of askers.slice(from, to)) {
        answers.push((await sendPhoneCode(app, asker, phone)).json());
      }
      return answers;
    };
    // Twilio resends one pending verification at most five times (60203)...
    const first = await ask(0, 6);
    expect(first.slice(0, 5).every((answer) => answer.success)).toBe(true);
    expect(first[5]).toMatchObject({ error: { code: 'rate_limited' } });
    // ...and once it has expired, our own limit stops the tenth code of the hour.
    await age(phone, 11);
    const second = await ask(6, 12);
    expect(second.slice(0, 5).every((answer) => answer.success)).toBe(true);
    expect(second[5]).toMatchObject({
      error: { code: 'rate_limited' },
      message: 'Too many codes sent to this number. Try again in an hour.',
    });
  });

  it('limits codes sent from one network address', async () => {
    const ip = nextIp();
    const user = await signUp(app);
    const others = await Promise.all(Array.from({ length: 2 }, () => signUp(app)));
    const senders = [user, ...others];
    for (let i = 0; i < 20; i++) {
      const sender = senders[i % senders.length] as TestUser;
      expect((await sendPhoneCode(app, sender, nextUsPhone(), ip)).statusCode).toBe(200);
    }
    const blocked = await sendPhoneCode(app, user, nextUsPhone(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
  });

  it.each([
    [{ phone: '2125551234' }],
    [{ phone: '+33612345678' }],
    [{}],
    [{ phone: '+12125551234', extra: true }],
  ])('refuses the send-code body %o with 400', async (payload) => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/phone/send-code',
      headers: bearer(user.token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it.each([['12345'], ['abcdef'], ['']])('refuses the code %j with 400', async (code) => {
    const user = await signUp(app);
    const response = await checkPhoneCode(app, user, '+12125551234', code);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/phone/send-code', '/api/phone/verify']) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: { phone: '+12125551234', code: '123456' },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('who a phone number reaches', () => {
  const quoteTo = (from: TestUser, phone: string) =>
    app.inject({
      method: 'POST',
      url: '/api/transactions/quote',
      headers: bearer(from.token),
      payload: { recipientCountry: 'MX', amountUsd: 10, recipientPhone: phone },
    });
  const requestFrom = (from: TestUser, phone: string) =>
    moneyPost(app, from, '/api/requests/create', { requestedFrom: phone, amountUsd: 5 });

  it('reaches nobody through an unverified phone, even on the oldest account that has it', async () => {
    const phone = nextUsPhone();
    await signUp(app, { phone }); // the older account, phone never verified
    const sender = await verifiedUser(app, db, 10_000);
    // Not a Pago user's phone: a U.S. number that is nobody's on Pago.
    expect((await quoteTo(sender, phone)).json().error.code).toBe('recipient_not_on_pago');
    const request = await requestFrom(sender, phone);
    expect(request.statusCode).toBe(404);
    expect(request.json().error.code).toBe('recipient_not_found');
  });

  it('moves a verified phone to a new claimant only when they verify it, and tells the old holder', async () => {
    const phone = nextUsPhone();
    const holder = await signUp(app, { phone, name: 'Olga Holder' });
    await verifyPhone(app, holder, phone);
    const claimant = await signUp(app, { phone, name: 'Nico Claimant' });
    const sender = await verifiedUser(app, db, 10_000);

    // Claimed on a profile, asked for a code, but not verified: the holder keeps the number.
    const code = await sentCode(claimant, phone);
    const before = await quoteTo(sender, phone);
    expect(before.json()).toMatchObject({ transferKind: 'p2p' });
    const request = await requestFrom(sender, phone);
    expect(request.statusCode).toBe(201);
    expect((await profileOf(holder)).phone_verified).toBe(true);

    expect((await checkPhoneCode(app, claimant, phone, code)).statusCode).toBe(200);
    expect(await profileOf(claimant)).toMatchObject({ phone, phone_verified: true });
    expect(await profileOf(holder)).toMatchObject({ phone, phone_verified: false });

    const paid = await moneyPost(app, sender, '/api/transactions/send', {
      recipientName: phone,
      recipientCountry: 'MX',
      amountUsd: 10,
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().counterparty).toMatchObject({ userId: claimant.id });

    const mail = await latestMail(app, holder.email);
    expect(mail.subject).toBe('Tu teléfono ya no está vinculado a tu cuenta de Pago');
    expect(mail.text).toContain('Hola, Olga Holder:');
    expect(mail.text).toContain(`El número ${phone} se verificó en otra cuenta de Pago`);
    expect(mail.html).toContain('lang="es"');
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/sandbox/mailbox/messages?to=${encodeURIComponent(claimant.email)}`,
        })
      ).json(),
    ).toHaveLength(1); // only the sign-up code: the claimant is not told anything
  });

  it('keeps one verified owner per number in the database itself', async () => {
    const phone = nextUsPhone();
    const [a, b] = [await signUp(app, { phone }), await signUp(app, { phone })];
    await verifyPhone(app, a, phone);
    const duplicate = sql`update users set phone_verified = true where id = ${b.id}`.execute(db);
    await expect(duplicate).rejects.toMatchObject({
      code: '23505',
      constraint: 'users_verified_phone_key',
    });
    const owners = await db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('phone_verified', '=', true)
      .execute();
    expect(owners).toEqual([{ id: a.id }]);
  });

  it('leaves exactly one owner when two accounts verify the same number at once', async () => {
    const phone = nextUsPhone();
    const [a, b] = [await signUp(app, { phone }), await signUp(app, { phone })];
    // Twilio keeps one pending verification per number, so both receive the same code.
    const codeA = await sentCode(a, phone);
    const codeB = await sentCode(b, phone);
    expect(codeB).toBe(codeA);
    const results = await Promise.all([
      checkPhoneCode(app, a, phone, codeA),
      checkPhoneCode(app, b, phone, codeB),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const owners = await db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('phone_verified', '=', true)
      .execute();
    expect(owners).toHaveLength(1);
  });
});

describe('live mode', () => {
  it('refuses phone verification without Twilio credentials, and serves no SMS sandbox', async () => {
    const live = await buildTestApp(db, {
      mode: 'live',
      smtpUrl: 'smtp://127.0.0.1:1',
      twilio: null,
    });
    try {
      const user = await signUp(app);
      for (const [url, payload] of [
        ['/api/phone/send-code', { phone: '+12125551234' }],
        ['/api/phone/verify', { phone: '+12125551234', code: '123456' }],
      ] as const) {
        const response = await live.inject({
          method: 'POST',
          url,
          headers: bearer(user.token),
          payload,
        });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          error: { code: 'phone_verification_unavailable' },
          message: 'Phone verification is not available: no SMS provider is configured.',
        });
      }
      for (const url of ['/sandbox/sms/messages', '/sandbox/sms']) {
        expect((await live.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      const twilio = await live.inject({
        method: 'POST',
        url: '/sandbox/twilio/v2/Services/VA000000000000000000000000005a4db0/Verifications',
        payload: 'To=%2B12125551234&Channel=sms',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(twilio.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
