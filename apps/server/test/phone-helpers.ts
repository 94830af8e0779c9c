import type { AppInstance } from '../src/app';
import { bearer, nextIp, type TestUser } from './accounts-helpers';

const listening = new WeakMap<AppInstance, Promise<unknown>>();

/**
 * The SMS client calls the sandbox Twilio over HTTP, as it calls the real one, so the app must
 * listen (on a loopback port) before a code can be sent. Safe to call many times, concurrently.
 */
export function ensureListening(app: AppInstance): Promise<unknown> {
  let started = listening.get(app);
  if (!started) {
    started = app.server.listening ? Promise.resolve() : app.listen({ port: 0, host: '127.0.0.1' });
    listening.set(app, started);
  }
  return started;
}

export type SandboxSms = { to: string; body: string; code?: string; sentAt: string };

/** The newest SMS the sandbox Twilio sent to this number, if any. */
export async function latestSms(app: AppInstance, to: string): Promise<SandboxSms | undefined> {
  const response = await app.inject({
    method: 'GET',
    url: `/sandbox/sms/messages?to=${encodeURIComponent(to)}`,
  });
  return (response.json() as SandboxSms[])[0];
}

export function sendPhoneCode(app: AppInstance, user: TestUser, phone: string, ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/phone/send-code',
    headers: bearer(user.token),
    payload: { phone },
    remoteAddress: ip,
  });
}

export function checkPhoneCode(
  app: AppInstance,
  user: TestUser,
  phone: string,
  code: string,
  ip = nextIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/phone/verify',
    headers: bearer(user.token),
    payload: { phone, code },
    remoteAddress: ip,
  });
}

/** Verifies a phone for a user the way a person does: send the code, read the SMS, enter it. */
export async function verifyPhone(app: AppInstance, user: TestUser, phone: string): Promise<void> {
  await ensureListening(app);
  const sent = await sendPhoneCode(app, user, phone);
  if (sent.statusCode !== 200) throw new Error(`phone send-code: ${sent.body}`);
  const sms = await latestSms(app, phone);
  if (!sms?.code) throw new Error(`No SMS to ${phone}`);
  const verified = await checkPhoneCode(app, user, phone, sms.code);
  if (verified.statusCode !== 200) throw new Error(`phone verify: ${verified.body}`);
}
