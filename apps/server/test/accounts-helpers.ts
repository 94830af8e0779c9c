import { randomBytes } from 'node:crypto';
import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { sql } from 'kysely';
import type { AppInstance } from '../src/app';

let ipCounter = 0;
/** A distinct client address per call, so per-IP limits of one test don't spill into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export type SandboxMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  code?: string;
  sentAt: string;
  /** The headers Pago set, names in lower case. */
  headers: Record<string, string>;
};

export async function listMail(app: AppInstance, to: string): Promise<SandboxMail[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/sandbox/mailbox/messages?to=${encodeURIComponent(to)}`,
  });
  return response.json() as SandboxMail[];
}

/**
 * The newest message to `to` (whose subject matches `subject`, when given). Some mail (password
 * resets) leaves after the answer, so this waits for it, polling, up to `timeoutMs`.
 */
export async function latestMail(
  app: AppInstance,
  to: string,
  { subject, timeoutMs = 10_000 }: { subject?: RegExp; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const latest = (await listMail(app, to)).find((m) => !subject || subject.test(m.subject));
    if (latest) return latest;
    if (Date.now() > deadline) throw new Error(`No mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Moves the counted events of rate-limit keys matching `pattern` (SQL LIKE) back in time. */
export async function ageRateLimits(
  db: import('../src/db/database').Database,
  pattern: string,
  minutes: number,
) {
  await sql`update rate_limits
    set hits = array(select h - make_interval(mins => ${minutes}) from unnest(hits) h)
    where key like ${pattern}`.execute(db);
}

export type TestUser = {
  email: string;
  username: string;
  password: string;
  token: string;
  id: string;
};

/** Signs a new user up the way the web app does: code, verify, sign up. */
export async function signUp(
  app: AppInstance,
  overrides: Partial<{
    email: string;
    username: string;
    password: string;
    zipCode: string;
    phone: string;
    name: string;
  }> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `${uniqueName('user')}@example.com`;
  const username = overrides.username ?? uniqueName('user_');
  const password = overrides.password ?? 'Correct-Horse-42';
  const remoteAddress = nextIp();
  const sent = await app.inject({
    method: 'POST',
    url: '/api/email/send-verification',
    payload: { email, name: overrides.name ?? 'Test User' },
    remoteAddress,
  });
  if (sent.statusCode !== 200) throw new Error(`send-verification: ${sent.body}`);
  const { code } = await latestMail(app, email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/email/verify-code',
    payload: { email, code },
    remoteAddress,
  });
  if (verified.statusCode !== 200) throw new Error(`verify-code: ${verified.body}`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      name: overrides.name ?? 'Test User',
      email,
      username,
      password,
      zipCode: overrides.zipCode ?? '10001',
      ...(overrides.phone ? { phone: overrides.phone } : {}),
      emailVerified: true,
      termsVersion: TERMS_VERSION,
    },
    remoteAddress,
  });
  if (response.statusCode !== 201) throw new Error(`signup: ${response.body}`);
  const body = response.json() as { token: string; user: { _id: string } };
  return { email, username, password, token: body.token, id: body.user._id };
}

/** Password reset mails, in either language. */
export const RESET_SUBJECT = /restablecer|reset/;

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/**
 * Marks a user's identity verified the way the identity feature does: kyc_status completed, and
 * the birth date the vendor would have read from the ID (the legal name stays unset, so the
 * profile's name is used), and a
 * street address and a phone (the bank needs both to open an account).
 */
export async function markIdentityVerified(
  db: import('../src/db/database').Database,
  userId: string,
) {
  await db
    .updateTable('users')
    .set((eb) => ({
      kyc_status: 'completed',
      legal_birth_date: '1990-04-12',
      address: eb.fn.coalesce('address', eb.val('350 Fifth Avenue, New York, NY 10118')),
      address_street: eb.fn.coalesce('address_street', eb.val('350 Fifth Avenue')),
      address_city: eb.fn.coalesce('address_city', eb.val('New York')),
      address_state: eb.fn.coalesce('address_state', eb.val('NY')),
      address_postal_code: eb.fn.coalesce('address_postal_code', eb.val('10118')),
      // The bank needs a phone too: an unverified stand-in when the user gave none.
      phone: eb.fn.coalesce('phone', eb.val('+12125550199')),
    }))
    .where('id', '=', userId)
    .execute();
}
