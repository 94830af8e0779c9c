import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextUsPhone } from '../../../test/money-helpers';
import { latestSms } from '../../../test/phone-helpers';
import { buildTestApp, testConfig } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { AppInstance } from '../../app';
import { createTwilioVerify, TwilioApiError, type TwilioVerifySettings } from './twilio-verify';

let app: AppInstance;
let baseUrl: string;
const sandbox = testConfig().twilio;
if (!sandbox) throw new Error('sandbox mode has Twilio settings');

beforeAll(async () => {
  const { db } = await createTestDatabase();
  app = await buildTestApp(db);
  baseUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/sandbox/twilio`;
});
afterAll(() => app.close());

const client = (overrides: Partial<TwilioVerifySettings> = {}) =>
  createTwilioVerify({ ...sandbox, baseUrl: () => baseUrl, ...overrides });

async function twilioError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TwilioApiError);
  const { httpStatus, code } = error as TwilioApiError;
  return { httpStatus, code };
}

describe('the Twilio Verify client against the sandbox Twilio', () => {
  it('starts an SMS verification and approves the code the SMS carried', async () => {
    const to = nextUsPhone();
    const started = await client().startVerification(to, 'es');
    expect(started).toMatchObject({ to, status: 'pending' });
    expect(started.sid).toMatch(/^VE[0-9a-f]{32}$/);
    const sms = await latestSms(app, to);
    expect(sms?.body).toBe(`Tu código de verificación de Pago es: ${sms?.code}`);

    const wrong = sms?.code === '000000' ? '111111' : '000000';
    expect((await client().checkVerification(to, wrong)).status).toBe('pending');
    const approved = await client().checkVerification(to, sms?.code as string);
    expect(approved).toMatchObject({ sid: started.sid, status: 'approved' });
    // Once approved the verification is over: Twilio answers 20404.
    expect(await twilioError(client().checkVerification(to, sms?.code as string))).toEqual({
      httpStatus: 404,
      code: 20404,
    });
  });

  it('speaks the wire format Twilio documents: form-encoded, Basic auth, 201 and its JSON', async () => {
    const to = nextUsPhone();
    const response = await fetch(`${baseUrl}/v2/Services/${sandbox.serviceSid}/Verifications`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${sandbox.accountSid}:${sandbox.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, Channel: 'sms', Locale: 'en' }).toString(),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      service_sid: sandbox.serviceSid,
      account_sid: sandbox.accountSid,
      to,
      channel: 'sms',
      status: 'pending',
      valid: false,
    });
    expect((await latestSms(app, to))?.body).toMatch(/^Your Pago verification code is: \d{6}$/);
  });

  it('resends the same code while a verification is pending, at most five sends (60203)', async () => {
    const to = nextUsPhone();
    const first = await client().startVerification(to, 'en');
    const code = (await latestSms(app, to))?.code;
    for (let i = 0; i < 4; i++) {
      expect((await client().startVerification(to, 'en')).sid).toBe(first.sid);
      expect((await latestSms(app, to))?.code).toBe(code);
    }
    expect(await twilioError(client().startVerification(to, 'en'))).toEqual({
      httpStatus: 429,
      code: 60203,
    });
  });

  it('allows five checks per verification (60202)', async () => {
    const to = nextUsPhone();
    await client().startVerification(to, 'en');
    const code = (await latestSms(app, to))?.code as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await client().checkVerification(to, wrong)).status).toBe('pending');
    }
    expect(await twilioError(client().checkVerification(to, code))).toEqual({
      httpStatus: 429,
      code: 60202,
    });
  });

  it('refuses wrong credentials (20003), another service (20404) and a bad number (60200)', async () => {
    const to = nextUsPhone();
    expect(await twilioError(client({ authToken: 'wrong' }).startVerification(to, 'en'))).toEqual({
      httpStatus: 401,
      code: 20003,
    });
    expect(
      await twilioError(
        client({ serviceSid: 'VA11111111111111111111111111111111' }).startVerification(to, 'en'),
      ),
    ).toEqual({ httpStatus: 404, code: 20404 });
    expect(await twilioError(client().startVerification('12345', 'en'))).toEqual({
      httpStatus: 400,
      code: 60200,
    });
    expect(await twilioError(client().checkVerification(nextUsPhone(), '123456'))).toEqual({
      httpStatus: 404,
      code: 20404,
    });
    expect(await latestSms(app, to)).toBeUndefined();
  });

  it('reports an unreachable Twilio as status 0', async () => {
    const unreachable = client({ baseUrl: () => 'http://127.0.0.1:1', timeoutMs: 2000 });
    expect(await twilioError(unreachable.startVerification(nextUsPhone(), 'en'))).toEqual({
      httpStatus: 0,
      code: 0,
    });
  });
});

describe('the sandbox SMS outbox', () => {
  it('lists messages by number, and shows a page in Spanish or English', async () => {
    const to = nextUsPhone();
    await client().startVerification(to, 'es');
    // An unencoded + arrives as a space; the outbox still finds the number.
    const unencoded = await app.inject({ method: 'GET', url: `/sandbox/sms/messages?to=${to}` });
    expect(unencoded.json()).toHaveLength(1);
    expect(Object.keys(unencoded.json()[0]).sort()).toEqual(['body', 'code', 'sentAt', 'to']);

    const es = await app.inject({
      method: 'GET',
      url: `/sandbox/sms?to=${encodeURIComponent(to)}`,
    });
    expect(es.headers['content-type']).toContain('text/html');
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('<h1>SMS de prueba</h1>');
    expect(es.body).toContain('Tu código de verificación de Pago es:');
    const en = await app.inject({ method: 'GET', url: '/sandbox/sms?lang=en' });
    expect(en.body).toContain('<h1>Sandbox SMS</h1>');
  });
});
