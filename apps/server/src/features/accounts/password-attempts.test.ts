import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ageRateLimits,
  bearer,
  latestMail,
  listMail,
  nextIp,
  signUp,
  type TestUser,
  uniqueName,
} from '../../../test/accounts-helpers';
import { externalSignInRedirect, postCallback } from '../../../test/oidc-helpers';
import { buildTestApp, listeningTestApp } from '../../../test/test-app';
import { totpCode } from './totp';

// Every place a password is checked draws on one budget per account,
// taken before the hash is computed; a network is locked at an account, not the account for
// everyone; guessing spread over many networks meets a slower back-off, which the owner passes
// with a link e-mailed to the account (docs/security.md, "Password attempts and lockout").

const ctx = listeningTestApp();

const post = (url: string, payload: object, ip: string, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    ...(token ? { headers: bearer(token) } : {}),
  });

const login = (user: TestUser, ip: string, password = user.password) =>
  post('/api/auth/login', { username: user.username, password }, ip);

/** A link ticket of the external sign-in for the password account of `user`'s e-mail. */
async function linkTicket(user: TestUser): Promise<string> {
  const query = (await externalSignInRedirect(ctx.app, user.email)).query;
  const answer = (await postCallback(ctx.app, query)).json();
  expect(answer.status).toBe('link_required');
  return answer.ticket;
}

const linkWith = (ticket: string, password: string, ip: string) =>
  post('/api/auth/external/link', { ticket, password }, ip);

/** Fires the requests at once and tallies their status codes. */
async function tally(requests: Array<Promise<{ statusCode: number }>>) {
  const statuses: Record<number, number> = {};
  for (const r of await Promise.all(requests)) {
    statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
  }
  return statuses;
}

const linkMail = (user: TestUser) =>
  latestMail(ctx.app, user.email, { subject: /iniciar sesión|sign in/i });
const tokenOf = (mail: { text: string }) => {
  const token = /\/sign-in-link#token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no sign-in link in: ${mail.text}`);
  return token;
};

describe('one budget of wrong passwords per account, wherever a password is checked', () => {
  it('is the only way the server checks a password', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const callers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /\bverify(Dummy)?Password\(/.test(readFileSync(path.join(src, file), 'utf8')),
      )
      .map((file) => path.basename(file))
      .sort();
    expect(callers).toEqual(['password-attempts.ts', 'passwords.ts']);
  });

  it('checks at most 5 of 20 parallel wrong passwords on one link ticket', async () => {
    const owner = await signUp(ctx.app);
    const ticket = await linkTicket(owner);
    const ip = nextIp();
    const statuses = await tally(
      Array.from({ length: 20 }, (_, i) => linkWith(ticket, `Wrong-guess-${i}`, ip)),
    );
    // 401 is a password checked and found wrong; the rest were refused before any hash.
    expect(statuses[401]).toBe(5);
    expect((statuses[429] ?? 0) + (statuses[400] ?? 0)).toBe(15);
  });

  it('checks at most the account’s 20 of 30 parallel guesses spread over tickets and networks', async () => {
    const owner = await signUp(ctx.app);
    const tickets = await Promise.all(Array.from({ length: 6 }, () => linkTicket(owner)));
    const statuses = await tally(
      Array.from({ length: 30 }, (_, i) =>
        linkWith(tickets[i % 6] ?? '', `Wrong-guess-${i}`, nextIp()),
      ),
    );
    expect(statuses).toEqual({ 401: 20, 429: 10 });
    // And sign-in, from yet another network, is held back alike.
    const held = await login(owner, nextIp());
    expect(held.statusCode).toBe(429);
    expect(held.json().error.details.scope).toBe('account');
  });

  it('refuses the link step while sign-in is locked for that network', async () => {
    const owner = await signUp(ctx.app);
    const ticket = await linkTicket(owner);
    const attacker = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(owner, attacker, `Wrong-guess-${i}`)).statusCode).toBe(401);
    }
    expect((await login(owner, attacker)).statusCode).toBe(429);
    const link = await linkWith(ticket, owner.password, attacker);
    expect(link.statusCode).toBe(429);
    expect(link.json().error.code).toBe('rate_limited');
    // The owner, from their own network, links with the same ticket.
    const own = await linkWith(ticket, owner.password, nextIp());
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().user._id).toBe(owner.id);
  });

  it('locks sign-in after wrong passwords at the link step', async () => {
    const owner = await signUp(ctx.app);
    const ticket = await linkTicket(owner);
    const attacker = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await linkWith(ticket, `Wrong-guess-${i}`, attacker)).statusCode).toBe(401);
    }
    const blocked = await login(owner, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed log-in attempts. Try again in 15 minutes.',
    );
  });

  it('counts wrong passwords at the change of password and at turning codes off against sign-in', async () => {
    const owner = await signUp(ctx.app);
    const ip = nextIp();
    for (let i = 0; i < 3; i++) {
      const change = await post(
        '/api/security/password',
        { currentPassword: `Wrong-guess-${i}`, newPassword: 'Brand-New-Secret-77' },
        ip,
        owner.token,
      );
      expect(change.statusCode).toBe(400);
    }
    for (let i = 0; i < 2; i++) {
      const disable = await post(
        '/api/security/two-step/disable',
        { password: `Wrong-guess-${i}`, code: '123456' },
        ip,
        owner.token,
      );
      expect(disable.statusCode).toBe(400);
    }
    const change = await post(
      '/api/security/password',
      { currentPassword: owner.password, newPassword: 'Brand-New-Secret-77' },
      ip,
      owner.token,
    );
    expect(change.statusCode).toBe(429);
    expect((await login(owner, ip)).statusCode).toBe(429);
    expect((await login(owner, nextIp())).statusCode).toBe(200);
  });

  it('checks exactly 5 of 20 parallel wrong passwords at the change of password', async () => {
    const owner = await signUp(ctx.app);
    const ip = nextIp();
    const statuses = await tally(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/security/password',
          { currentPassword: `Wrong-guess-${i}`, newPassword: 'Brand-New-Secret-77' },
          ip,
          owner.token,
        ),
      ),
    );
    expect(statuses).toEqual({ 400: 5, 429: 15 });
  });
});

describe('a lock that stops guessing without locking the owner out', () => {
  it('locks the attacker’s network at the account; the owner signs in from theirs', async () => {
    const owner = await signUp(ctx.app);
    const attacker = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(owner, attacker, `Wrong-guess-${i}`)).statusCode).toBe(401);
    }
    const refused = await login(owner, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.details).toMatchObject({ scope: 'network' });
    const home = nextIp();
    expect((await login(owner, home)).statusCode).toBe(200);
    // By e-mail too: the account is the same, whatever name it is signed in with.
    expect(
      (await post('/api/auth/login', { username: owner.email, password: owner.password }, home))
        .statusCode,
    ).toBe(200);
    const byEmail = await post(
      '/api/auth/login',
      { username: owner.email, password: owner.password },
      attacker,
    );
    expect(byEmail.statusCode).toBe(429);
  });

  it('holds the account back for everyone after 20 wrong passwords from many networks, for an hour', async () => {
    const owner = await signUp(ctx.app);
    for (let i = 0; i < 20; i++) {
      expect((await login(owner, nextIp(), `Wrong-guess-${i}`)).statusCode).toBe(401);
    }
    const held = await login(owner, nextIp());
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({
      error: { code: 'rate_limited', details: { scope: 'account' } },
      message:
        'Too many failed attempts on this account. Try again later, or sign in with a link sent to your e-mail.',
    });
    const wait = held.json().error.details.retryAfterSeconds;
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    // An unknown name meets the same back-off: the answers tell nothing about who exists.
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 20; i++) {
      const guess = { username: ghost, password: `Wrong-guess-${i}` };
      expect((await post('/api/auth/login', guess, nextIp())).statusCode).toBe(401);
    }
    const ghostHeld = await post(
      '/api/auth/login',
      { username: ghost, password: 'Wrong-guess-x' },
      nextIp(),
    );
    expect(ghostHeld.statusCode).toBe(429);
    // (The wait differs by the seconds between the two runs of guesses.)
    const withoutWait = (body: { error: { details: Record<string, unknown> } }) => {
      const { retryAfterSeconds: _wait, ...details } = body.error.details;
      return { ...body, error: { ...body.error, details } };
    };
    expect(withoutWait(ghostHeld.json())).toEqual(withoutWait(held.json()));

    await ageRateLimits(ctx.db, `password-fail:user:${owner.id}:%`, 61);
    expect((await login(owner, nextIp())).statusCode).toBe(200);
  });

  it('grows the back-off to a day after 60 wrong passwords', async () => {
    const owner = await signUp(ctx.app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 20; i++) {
        expect((await login(owner, nextIp(), `Wrong-${round}-${i}`)).statusCode).toBe(401);
      }
      await ageRateLimits(ctx.db, `password-fail:user:${owner.id}:%`, 61);
    }
    const held = await login(owner, nextIp());
    expect(held.statusCode).toBe(429);
    expect(held.json().error.details.scope).toBe('account');
    expect(held.json().error.details.retryAfterSeconds).toBeGreaterThan(20 * 60 * 60);
  });

  it('lets the owner in once with a link e-mailed to the account', async () => {
    const owner = await signUp(ctx.app);
    for (let i = 0; i < 20; i++) await login(owner, nextIp(), `Wrong-guess-${i}`);
    expect((await login(owner, nextIp())).statusCode).toBe(429);

    const asked = await post('/api/auth/sign-in-link', { username: owner.username }, nextIp());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true });
    const mail = await linkMail(owner);
    expect(mail.subject).toBe('Tu enlace para iniciar sesión en Pago');
    expect(mail.text).toContain('vence en 60 minutos');
    const token = tokenOf(mail);

    const redeemed = await post('/api/auth/sign-in-link/redeem', { token }, nextIp());
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().user._id).toBe(owner.id);
    const profile = await ctx.app.inject({
      url: '/api/user/profile',
      headers: bearer(redeemed.json().token),
    });
    expect(profile.statusCode).toBe(200);

    const again = await post('/api/auth/sign-in-link/redeem', { token }, nextIp());
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('sign_in_link_expired');
  });

  it('takes a link once when it is used twice at the same moment', async () => {
    const owner = await signUp(ctx.app);
    await post('/api/auth/sign-in-link', { username: owner.email, language: 'en' }, nextIp());
    const mail = await linkMail(owner);
    expect(mail.subject).toBe('Your link to sign in to Pago');
    const token = tokenOf(mail);
    const statuses = await tally(
      Array.from({ length: 5 }, () => post('/api/auth/sign-in-link/redeem', { token }, nextIp())),
    );
    expect(statuses).toEqual({ 200: 1, 400: 4 });
  });

  it('refuses an expired link, and a made-up one alike', async () => {
    const owner = await signUp(ctx.app);
    await post('/api/auth/sign-in-link', { username: owner.username }, nextIp());
    const token = tokenOf(await linkMail(owner));
    await sql`update sign_in_links set expires_at = now() - interval '1 second'
      where user_id = ${owner.id}`.execute(ctx.db);
    const late = await post('/api/auth/sign-in-link/redeem', { token }, nextIp());
    expect(late.statusCode).toBe(400);
    const made = await post('/api/auth/sign-in-link/redeem', { token: 'A'.repeat(43) }, nextIp());
    expect(made.json()).toEqual(late.json());
  });

  it('answers the same for an unknown name and sends nothing; a second ask within a minute waits', async () => {
    const ghost = `${uniqueName('ghost')}@example.com`;
    const asked = await post('/api/auth/sign-in-link', { username: ghost }, nextIp());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true });
    expect(await listMail(ctx.app, ghost)).toEqual([]);

    const owner = await signUp(ctx.app);
    expect(
      (await post('/api/auth/sign-in-link', { username: owner.username }, nextIp())).statusCode,
    ).toBe(200);
    const soon = await post('/api/auth/sign-in-link', { username: owner.email }, nextIp());
    expect(soon.statusCode).toBe(429);
  });

  it('still asks for the two-step code after the link when codes are on', async () => {
    const owner = await signUp(ctx.app);
    const setup = await post('/api/security/two-step/setup', {}, nextIp(), owner.token);
    const { secret } = setup.json() as { secret: string };
    await post('/api/security/two-step/confirm', { code: totpCode(secret) }, nextIp(), owner.token);
    await post('/api/auth/sign-in-link', { username: owner.username }, nextIp());
    const redeemed = await post(
      '/api/auth/sign-in-link/redeem',
      { token: tokenOf(await linkMail(owner)) },
      nextIp(),
    );
    expect(redeemed.json()).toEqual({ twoStepRequired: true, challenge: expect.any(String) });
  });
});

describe('the network behind a load balancer (TRUST_PROXY)', () => {
  it('keys the network lock on the address the balancer saw, not on what the client wrote', async () => {
    // One balancer in front (TRUST_PROXY=1): it appends the address it saw to X-Forwarded-For.
    const behind = await buildTestApp(ctx.db, { trustProxy: 1 });
    try {
      const owner = await signUp(ctx.app);
      const attacker = nextIp();
      const balancer = '10.0.0.2';
      const viaBalancer = (client: string, forged: string, password: string) =>
        behind.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: owner.username, password },
          remoteAddress: balancer,
          headers: { 'x-forwarded-for': `${forged}, ${client}` },
        });
      for (let i = 0; i < 5; i++) {
        const guess = await viaBalancer(attacker, `203.0.113.${i}`, `Wrong-guess-${i}`);
        expect(guess.statusCode).toBe(401);
      }
      const forged = await viaBalancer(attacker, '203.0.113.99', owner.password);
      expect(forged.statusCode).toBe(429);
      expect(forged.json().error.details.scope).toBe('network');
      expect((await viaBalancer(nextIp(), attacker, owner.password)).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });
});
