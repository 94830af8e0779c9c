import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageRateLimits,
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

const post = (url: string, payload: object, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

/** Fires `count` requests at once and tallies their status codes. */
async function inParallel(count: number, request: (i: number) => ReturnType<typeof post>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => request(i)));
  const statuses: Record<number, number> = {};
  for (const r of responses) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
  return { statuses, responses };
}

// Every limit is taken in one atomic statement before the work it guards: requests that arrive
// together are counted one by one, never all against the same count.
describe('limits under parallel requests', () => {
  it('checks exactly 5 of 20 parallel wrong passwords from one address', async () => {
    const ip = nextIp();
    const user = await signUp(app);
    const { statuses, responses } = await inParallel(20, () =>
      post('/api/auth/login', { username: user.username, password: 'Wrong-guess-1' }, ip),
    );
    expect(statuses).toEqual({ 401: 5, 429: 15 });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      error: { code: 'rate_limited', details: { retryAfterSeconds: expect.any(Number) } },
      message: 'Too many failed log-in attempts. Try again in 15 minutes.',
    });
    const wait = refused?.json().error.details.retryAfterSeconds;
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });

  // From many networks, the account's own back-off (20 an hour) is the limit (docs/security.md).
  it('checks exactly 20 of 30 parallel guesses at one username from many addresses', async () => {
    const user = await signUp(app);
    const { statuses } = await inParallel(30, () =>
      post('/api/auth/login', { username: user.username, password: 'Wrong-guess-1' }),
    );
    expect(statuses).toEqual({ 401: 20, 429: 10 });
  });

  it('counts only failures: successful log-ins give their place back', async () => {
    const ip = nextIp();
    const user = await signUp(app);
    const other = await signUp(app);
    for (let i = 0; i < 4; i++) {
      const guess = { username: uniqueName('ghost'), password: 'Wrong-guess-1' };
      expect((await post('/api/auth/login', guess, ip)).statusCode).toBe(401);
    }
    const good = { username: user.username, password: user.password };
    for (let i = 0; i < 3; i++)
      expect((await post('/api/auth/login', good, ip)).statusCode).toBe(200);
    const fifth = { username: other.username, password: 'Wrong-guess-1' };
    expect((await post('/api/auth/login', fifth, ip)).statusCode).toBe(401);
    expect((await post('/api/auth/login', good, ip)).statusCode).toBe(429);
    // The window slides: once the failures are 15 minutes old, the address may try again.
    await ageRateLimits(db, `password-fail:%ip:${ip}`, 16);
    expect((await post('/api/auth/login', good, ip)).statusCode).toBe(200);
  });

  it('checks exactly 30 of 40 parallel wrong codes from one address', async () => {
    const ip = nextIp();
    const { statuses } = await inParallel(40, () =>
      post(
        '/api/email/verify-code',
        { email: `${uniqueName('guess')}@example.com`, code: '123456' },
        ip,
      ),
    );
    expect(statuses).toEqual({ 400: 30, 429: 10 });
  });

  it('sends exactly 20 of 25 parallel codes from one address', async () => {
    const ip = nextIp();
    const { statuses } = await inParallel(25, () =>
      post(
        '/api/email/send-verification',
        { email: `${uniqueName('many')}@example.com`, name: 'Ana' },
        ip,
      ),
    );
    expect(statuses).toEqual({ 200: 20, 429: 5 });
  });

  it('sends one code for 5 parallel requests to one e-mail address', async () => {
    const email = `${uniqueName('once')}@example.com`;
    const { statuses } = await inParallel(5, () =>
      post('/api/email/send-verification', { email, name: 'Ana' }),
    );
    expect(statuses).toEqual({ 200: 1, 429: 4 });
    expect(await listMail(app, email)).toHaveLength(1);
  });

  it('lets exactly 20 of 30 parallel sign-up attempts from one address reach the password hash', async () => {
    const ip = nextIp();
    const taken = await signUp(app);
    // A verified address survives a refused sign-up, so one code could be replayed at will.
    const email = `${uniqueName('replay')}@example.com`;
    await post('/api/email/send-verification', { email, name: 'Ana' });
    const { code } = await latestMail(app, email);
    await post('/api/email/verify-code', { email, code });
    const attempt = {
      name: 'Ana',
      email,
      username: taken.username,
      password: 'Una-clave-muy-buena-7',
      zipCode: '10001',
      termsVersion: TERMS_VERSION,
    };
    const { statuses, responses } = await inParallel(30, () =>
      post('/api/auth/signup', attempt, ip),
    );
    expect(statuses).toEqual({ 409: 20, 429: 10 });
    expect(responses.find((r) => r.statusCode === 429)?.json().message).toBe(
      'Too many sign-up attempts from this network. Try again later.',
    );
    // Unverified addresses are refused before the limit is touched.
    const unverified = { ...attempt, email: `${uniqueName('no')}@example.com` };
    expect((await post('/api/auth/signup', unverified, ip)).statusCode).toBe(403);
  });

  it('sends one reset code for 5 parallel requests to one account', async () => {
    const user = await signUp(app);
    const { statuses } = await inParallel(5, () =>
      post('/api/auth/password-reset/request', { email: user.email }),
    );
    expect(statuses).toEqual({ 200: 1, 429: 4 });
    await latestMail(app, user.email, { subject: RESET_SUBJECT });
    const resets = (await listMail(app, user.email)).filter((m) => RESET_SUBJECT.test(m.subject));
    expect(resets).toHaveLength(1);
  });
});
