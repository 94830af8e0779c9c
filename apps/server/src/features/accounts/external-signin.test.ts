import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, listMail, nextIp, signUp } from '../../../test/accounts-helpers';
import {
  externalSignInRedirect,
  postCallback,
  signInAtSandboxProvider,
} from '../../../test/oidc-helpers';
import { listeningTestApp } from '../../../test/test-app';
import { servicesOf } from '../../app';
import { createOidcClient, OidcExchangeError } from '../../providers/oidc/oidc-client';
import { sandboxIssuer } from '../../sandbox/oidc/oidc-fake.routes';
import { totpCode, totpStep } from './totp';

const ctx = listeningTestApp();
const freshEmail = () => `oidc.${randomUUID().slice(0, 8)}@example.com`;

/** A client of the sandbox provider like the app's, whose fetch a test may change. */
function directClient(
  transform?: (url: string, body: Record<string, unknown>) => void | Promise<void>,
  beforeToken?: () => void,
) {
  const { config } = ctx.app.deps;
  const settings = config.oidc;
  if (!settings) throw new Error('no OIDC settings');
  const publicUrl = config.publicUrl;
  return createOidcClient({
    issuerUrl: sandboxIssuer(config),
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUri: `${publicUrl}/callback`,
    allowHttp: true,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/token')) beforeToken?.();
      const address = ctx.app.server.address() as AddressInfo;
      const response = await fetch(
        url.replace(publicUrl, `http://127.0.0.1:${address.port}`),
        init,
      );
      if (!transform || !url.endsWith('/token')) return response;
      const body = (await response.json()) as Record<string, unknown>;
      await transform(url, body);
      return new Response(JSON.stringify(body), {
        status: response.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}

async function directAuthorize(client: ReturnType<typeof directClient>, email: string) {
  const checks = await client.newChecks();
  const url = await client.authorizationUrl({ ...checks, uiLocales: 'es' });
  const query = await signInAtSandboxProvider(ctx.app, url.toString(), { email });
  const response = {
    code: query.get('code') ?? '',
    state: query.get('state') ?? '',
    iss: query.get('iss') ?? undefined,
  };
  return { checks, response };
}

describe('the sandbox OpenID provider', () => {
  it('publishes discovery and its keys under /sandbox/oidc', async () => {
    const discovery = await ctx.app.inject({
      url: '/sandbox/oidc/.well-known/openid-configuration',
    });
    expect(discovery.statusCode).toBe(200);
    const metadata = discovery.json() as Record<string, unknown>;
    expect(metadata.issuer).toBe(sandboxIssuer(ctx.app.deps.config));
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(String(metadata.end_session_endpoint)).toContain('/sandbox/oidc/');
    const jwks = await ctx.app.inject({ url: '/sandbox/oidc/jwks' });
    expect((jwks.json() as { keys: Array<{ d?: string }> }).keys[0]?.d).toBeUndefined();
  });

  it('signs in any e-mail with the password "sandbox" only', async () => {
    const client = directClient();
    const checks = await client.newChecks();
    const url = await client.authorizationUrl({ ...checks, uiLocales: 'en' });
    await expect(
      signInAtSandboxProvider(ctx.app, url.toString(), { email: freshEmail(), password: 'nope' }),
    ).rejects.toThrow(/refused: 401/);
  });

  it('gives a verified e-mail and a name from the address in the ID token', async () => {
    const client = directClient();
    const email = freshEmail();
    const { checks, response } = await directAuthorize(client, email);
    const identity = await client.exchange(response, checks);
    expect(identity).toMatchObject({
      email,
      emailVerified: true,
      name: expect.stringMatching(/^Oidc\b/),
    });
    expect(decodeJwt(identity.idToken).aud).toBe(ctx.app.deps.config.oidc?.clientId);
  });
});

describe('the ID token and the code are checked', () => {
  it('refuses a tampered ID token (its signature no longer matches)', async () => {
    const client = directClient((_url, body) => {
      const [header, payload, signature] = String(body.id_token).split('.');
      const claims = JSON.parse(Buffer.from(String(payload), 'base64url').toString());
      claims.email = 'victim@example.com';
      body.id_token = [
        header,
        Buffer.from(JSON.stringify(claims)).toString('base64url'),
        signature,
      ].join('.');
    });
    const { checks, response } = await directAuthorize(client, freshEmail());
    await expect(client.exchange(response, checks)).rejects.toBeInstanceOf(OidcExchangeError);
  });

  it('takes an ID token expired up to 60 s ago (clock leeway), not two minutes ago', async () => {
    /** The provider's ID token, expired `ago` seconds ago, signed again with its key. */
    const expired = (ago: number) =>
      directClient(async (_url, body) => {
        const claims = decodeJwt(String(body.id_token));
        const [row] = (
          await sql<{ jwk: Record<string, string> }>`
            select private_jwk as jwk from sandbox_oidc_keys order by created_at limit 1`.execute(
            ctx.db,
          )
        ).rows;
        const jwk = row?.jwk ?? {};
        const now = Math.floor(Date.now() / 1000);
        body.id_token = await new SignJWT({ ...claims, iat: now - ago - 600, exp: now - ago })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? '' })
          .sign(await importJWK(jwk, 'RS256'));
      });
    const near = expired(50);
    const ok = await directAuthorize(near, freshEmail());
    expect((await near.exchange(ok.response, ok.checks)).emailVerified).toBe(true);
    const far = expired(120);
    const late = await directAuthorize(far, freshEmail());
    await expect(far.exchange(late.response, late.checks)).rejects.toThrow(
      'Get access token failed',
    );
  });

  it('refuses an ID token for another nonce', async () => {
    const client = directClient();
    const { checks, response } = await directAuthorize(client, freshEmail());
    await expect(client.exchange(response, { ...checks, nonce: 'another-nonce' })).rejects.toThrow(
      'Get access token failed',
    );
  });

  it('tries the token request up to 3 times when the network fails, then gives up', async () => {
    let attempts = 0;
    const flaky = directClient(undefined, () => {
      attempts++;
      if (attempts < 3) throw new TypeError('fetch failed');
    });
    const first = await directAuthorize(flaky, freshEmail());
    expect((await flaky.exchange(first.response, first.checks)).emailVerified).toBe(true);
    expect(attempts).toBe(3);

    attempts = 0;
    const down = directClient(undefined, () => {
      attempts++;
      throw new TypeError('fetch failed');
    });
    const second = await directAuthorize(down, freshEmail());
    const error = await down.exchange(second.response, second.checks).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OidcExchangeError);
    expect((error as OidcExchangeError).retryable).toBe(true);
    expect(attempts).toBe(3);
  });

  it('refuses a replayed code', async () => {
    const client = directClient();
    const { checks, response } = await directAuthorize(client, freshEmail());
    await client.exchange(response, checks);
    const replay = await client.exchange(response, checks).catch((error: unknown) => error);
    expect(replay).toBeInstanceOf(OidcExchangeError);
    expect((replay as OidcExchangeError).retryable).toBe(false);
  });

  it('refuses an expired state, and a state used twice', async () => {
    const { query } = await externalSignInRedirect(ctx.app, freshEmail());
    await sql`update external_signin_states set expires_at = now() - interval '1 minute'
      where state = ${query.get('state')}`.execute(ctx.db);
    const late = await postCallback(ctx.app, query);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('external_signin_expired');

    const again = await externalSignInRedirect(ctx.app, freshEmail());
    expect((await postCallback(ctx.app, again.query)).statusCode).toBe(200);
    const twice = await postCallback(ctx.app, again.query);
    expect(twice.json().error.code).toBe('external_signin_expired');
  });
});

describe('the sign-in is bound to the browser that started it (login CSRF)', () => {
  /** What a callback could leave behind: tickets, links and sessions. */
  const traces = async () =>
    (
      await sql<{ tickets: number; links: number; sessions: number }>`
        select (select count(*)::int from external_signin_tickets) as tickets,
               (select count(*)::int from external_identities) as links,
               (select count(*)::int from sessions) as sessions`.execute(ctx.db)
    ).rows[0];

  it('refuses the callback in another browser (no cookie, or its own) and links or makes nothing', async () => {
    // The attacker signs in at the provider with their own identity and stops before /callback.
    const attacker = await externalSignInRedirect(ctx.app, freshEmail());
    // The victim's browser has no sign-in cookie, or the one of a sign-in of its own.
    const victim = (await externalSignInRedirect(ctx.app, freshEmail())).browser;
    const before = await traces();
    for (const browser of ['', victim, 'pago_external_signin=forged']) {
      const refused = await postCallback(ctx.app, attacker.query, browser);
      expect(refused.statusCode, browser).toBe(400);
      expect(refused.json().error.code).toBe('external_signin_other_browser');
      // The victim's own sign-in is left alone: its cookie is not cleared.
      expect(refused.cookies).toEqual([]);
    }
    expect(await traces()).toEqual(before);

    // The browser that started it finishes it, and its cookie is cleared.
    const own = await postCallback(ctx.app, attacker.query, attacker.browser);
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('details_required');
    expect(own.cookies).toMatchObject([{ name: 'pago_external_signin', value: '', maxAge: 0 }]);
  });

  it('sets an httpOnly, SameSite=Lax cookie for the sign-in routes only, kept across starts', async () => {
    const start = await ctx.app.inject({ url: '/api/auth/external/start' });
    const header = String(start.headers['set-cookie']);
    expect(header).toMatch(/^pago_external_signin=[A-Za-z0-9_-]{43}; /);
    expect(header).toContain('; Path=/api/auth/external;');
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Lax');
    expect(header).not.toContain('Secure');
    // A second start in the same browser (another tab) keeps the value: both can finish.
    const first = await externalSignInRedirect(ctx.app, freshEmail());
    const second = await externalSignInRedirect(ctx.app, freshEmail(), { browser: first.browser });
    expect(second.browser).toBe(first.browser);
    expect((await postCallback(ctx.app, second.query)).statusCode).toBe(200);
    expect((await postCallback(ctx.app, first.query, first.browser)).statusCode).toBe(200);
  });
});

describe('external sign-in', () => {
  it('makes the account on the first sign-in after the missing fields, and finds it by subject later', async () => {
    const email = freshEmail();
    const first = await postCallback(
      ctx.app,
      (await externalSignInRedirect(ctx.app, email, { name: 'Rosa Díaz' })).query,
    );
    expect(first.statusCode).toBe(200);
    const details = first.json();
    expect(details).toMatchObject({ status: 'details_required', email, name: 'Rosa Díaz' });

    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/complete',
      payload: { ticket: details.ticket, username: details.suggestedUsername, zipCode: '33101' },
    });
    // No account without the terms accepted on this step.
    expect(made.statusCode).toBe(400);
    expect(JSON.stringify(made.json())).toContain('termsVersion');
    const termsOf = () =>
      ctx.db
        .selectFrom('users')
        .select(['terms_version', 'terms_accepted_at'])
        .where('email', '=', email)
        .executeTakeFirst();
    expect(await termsOf()).toBeUndefined();
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/complete',
      payload: {
        ticket: details.ticket,
        username: details.suggestedUsername,
        zipCode: '33101',
        termsVersion: TERMS_VERSION,
      },
    });
    expect(accepted.statusCode).toBe(201);
    const { token, user } = accepted.json();
    expect(await termsOf()).toMatchObject({
      terms_version: TERMS_VERSION,
      terms_accepted_at: expect.any(Date),
    });
    expect(user).toMatchObject({ email, name: 'Rosa Díaz', zipCode: '33101' });
    // The ticket is spent.
    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/complete',
      payload: {
        ticket: details.ticket,
        username: 'other_name',
        zipCode: '33101',
        termsVersion: TERMS_VERSION,
      },
    });
    expect(reused.json().error.code).toBe('external_signin_expired');

    const method = await ctx.app.inject({ url: '/api/auth/method', headers: bearer(token) });
    expect(method.json()).toEqual({ method: 'external', providerName: 'Pago Sandbox ID', email });

    // The provider's e-mail changing on Pago does not matter: the link is (issuer, subject).
    await sql`update users set email = ${`changed.${email}`} where id = ${user._id}`.execute(
      ctx.db,
    );
    const back = await postCallback(ctx.app, (await externalSignInRedirect(ctx.app, email)).query);
    expect(back.json()).toMatchObject({ status: 'signed_in', user: { _id: user._id } });
  });

  it('links a password account only after its password, and a wrong one refuses', async () => {
    const owner = await signUp(ctx.app);
    const response = await postCallback(
      ctx.app,
      (await externalSignInRedirect(ctx.app, owner.email)).query,
    );
    const link = response.json();
    expect(link).toEqual({
      status: 'link_required',
      ticket: expect.any(String),
      email: owner.email,
    });
    const linked = () =>
      sql<{
        n: number;
      }>`select count(*)::int as n from external_identities where user_id = ${owner.id}`
        .execute(ctx.db)
        .then((r) => r.rows[0]?.n);
    expect(await linked()).toBe(0);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/link',
      payload: { ticket: link.ticket, password: 'not-the-password' },
      remoteAddress: nextIp(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    expect(await linked()).toBe(0);

    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/link',
      payload: { ticket: link.ticket, password: owner.password },
      remoteAddress: nextIp(),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user._id).toBe(owner.id);
    expect(await linked()).toBe(1);

    // Next time, straight in.
    const again = await postCallback(
      ctx.app,
      (await externalSignInRedirect(ctx.app, owner.email)).query,
    );
    expect(again.json()).toMatchObject({ status: 'signed_in', user: { _id: owner.id } });
  });

  it('never skips two-step codes: a linked account with codes on gets the code step', async () => {
    const owner = await signUp(ctx.app);
    const post = (url: string, payload: object, token?: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: nextIp(),
        ...(token ? { headers: bearer(token) } : {}),
      });
    const setup = await post('/api/security/two-step/setup', {}, owner.token);
    const { secret } = setup.json() as { secret: string };
    await post('/api/security/two-step/confirm', { code: totpCode(secret) }, owner.token);

    const first = await postCallback(
      ctx.app,
      (await externalSignInRedirect(ctx.app, owner.email)).query,
    );
    const linked = await post('/api/auth/external/link', {
      ticket: first.json().ticket,
      password: owner.password,
    });
    expect(linked.json()).toEqual({ twoStepRequired: true, challenge: expect.any(String) });

    const again = await postCallback(
      ctx.app,
      (await externalSignInRedirect(ctx.app, owner.email)).query,
    );
    expect(again.json()).toEqual({ status: 'two_step_required', challenge: expect.any(String) });
    const session = await post('/api/auth/login/two-step', {
      challenge: again.json().challenge,
      code: totpCode(secret, totpStep() + 1),
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().user._id).toBe(owner.id);
    // The code's session is still the provider's: its method, and its logout at the provider.
    const method = await ctx.app.inject({
      url: '/api/auth/method',
      headers: bearer(session.json().token),
    });
    expect(method.json()).toMatchObject({ method: 'external', email: owner.email });
  });

  it('ends the provider session at logout, and a password session has none', async () => {
    const email = freshEmail();
    const first = (
      await postCallback(ctx.app, (await externalSignInRedirect(ctx.app, email)).query)
    ).json();
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/complete',
      payload: {
        ticket: first.ticket,
        username: first.suggestedUsername,
        zipCode: '10001',
        termsVersion: TERMS_VERSION,
      },
    });
    const { token } = made.json();
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    const endSession = new URL(logout.json().endSessionUrl);
    expect(endSession.pathname).toBe('/sandbox/oidc/session/end');
    expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(
      `${ctx.app.deps.config.publicUrl}/login`,
    );
    // The session is over.
    expect(
      (await ctx.app.inject({ url: '/api/auth/method', headers: bearer(token) })).statusCode,
    ).toBe(401);
    // The provider takes that URL (a browser without its session cookie goes straight on).
    const page = await ctx.app.inject({ url: `${endSession.pathname}${endSession.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/sandbox/oidc/session/end/confirm');

    const password = await signUp(ctx.app);
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(password.token),
    });
    expect(plain.json()).toEqual({ success: true });
  });
});

describe('linking is a security notice', () => {
  it('e-mails the owner that the provider was linked, from which device, and lists the session as external', async () => {
    const owner = await signUp(ctx.app);
    const link = (
      await postCallback(ctx.app, (await externalSignInRedirect(ctx.app, owner.email)).query)
    ).json();
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/external/link',
      payload: { ticket: link.ticket, password: owner.password },
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      },
      remoteAddress: nextIp(),
    });
    expect(right.statusCode).toBe(200);
    const notices = await ctx.app.inject({
      url: '/api/notifications?limit=100',
      headers: bearer(owner.token),
    });
    const linked = notices
      .json()
      .items.find((n: { type: string }) => n.type === 'external_signin_linked');
    const provider = ctx.app.deps.config.oidc?.providerName ?? '';
    expect(provider).not.toBe('');
    expect(linked?.data).toEqual({ provider, device: 'Safari (iOS)' });

    await servicesOf(ctx.app).notifications.deliverEmails(1000);
    const mails = await listMail(ctx.app, owner.email);
    const mail = mails.find((m) => m.subject === `Vinculaste ${provider} a tu cuenta`);
    expect(mail?.text).toContain('Safari (iOS)');
    // Security notices offer no way to stop them.
    expect(mail?.text).not.toContain('dejar de recibir');

    const sessions = await ctx.app.inject({
      url: '/api/security/sessions',
      headers: bearer(right.json().token),
    });
    const current = sessions.json().sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ method: 'external', device: 'Safari (iOS)' });
  });
});
