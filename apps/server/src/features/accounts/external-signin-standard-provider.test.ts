import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TERMS_VERSION } from '@pago/shared/contracts/terms';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { sql } from 'kysely';
import Provider from 'oidc-provider';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts-helpers';
import { postCallback, signinCookieOf } from '../../../test/oidc-helpers';
import { testConfig } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { type AppInstance, buildApp } from '../../app';
import type { Database } from '../../db/database';
import { createOidcClient, OidcExchangeError } from '../../providers/oidc/oidc-client';

/**
 * Pago against a second OpenID provider configured independently of the sandbox's: another
 * `oidc-provider` on its own port and issuer, RS256 keys of its own, its own (development)
 * sign-in and consent pages, and the library's default claims behaviour — with an access token
 * issued, the ID token carries `sub` only and `email`/`email_verified` come from UserInfo. Its
 * accounts have no name at all.
 */
const CLIENT = { id: 'pago-at-another-provider', secret: 'another-provider-secret-0123456789' };
const PUBLIC_URL = 'http://pago.test';

const ctx = {} as { app: AppInstance; db: Database; issuer: string };
let server: Server;
/** Pago's log lines at warn and above. */
const logged: string[] = [];

beforeAll(async () => {
  // The provider's own server on its own port; the provider is made once its issuer is known.
  let provider: Provider | undefined;
  server = createServer((req, res) => {
    if (!provider) return res.writeHead(503).end();
    return provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: 'another-rs256',
    alg: 'RS256',
    use: 'sig',
  };
  provider = new Provider(ctx.issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${PUBLIC_URL}/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    // The standard e-mail scope; no profile claims, and conformIdTokenClaims left at its default.
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true }),
    }),
  });

  const { db } = await createTestDatabase();
  ctx.db = db;
  ctx.app = await buildApp(
    {
      db,
      config: testConfig({
        publicUrl: PUBLIC_URL,
        oidc: {
          issuerUrl: ctx.issuer,
          clientId: CLIENT.id,
          clientSecret: CLIENT.secret,
          providerName: 'Another ID',
        },
      }),
    },
    { logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(line) }) },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await ctx.app?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** A browser at the provider: its cookies (one origin), following redirects until Pago's /callback. */
async function signInAtProvider(authorizeUrl: string, login: string): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  const send = async (url: string, form?: URLSearchParams) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (value.join('=') === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value.join('='));
    }
    return response;
  };
  let location = authorizeUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    if (location.startsWith(`${PUBLIC_URL}/callback`)) return new URL(location).searchParams;
    const response = await send(location, form);
    form = undefined;
    if (response.status >= 300 && response.status < 400) {
      location = new URL(String(response.headers.get('location')), location).toString();
      continue;
    }
    const page = await response.text();
    expect(response.status, page.slice(0, 300)).toBe(200);
    // The provider's page: sign in with any login, then allow access (its form's hidden prompt).
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${location}: ${page.slice(0, 300)}`);
    location = new URL(action.replaceAll('&amp;', '&'), location).toString();
    form = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt },
    );
  }
  throw new Error('the provider took too many steps');
}

async function startSignIn(login: string) {
  const start = await ctx.app.inject({ url: '/api/auth/external/start?lang=en' });
  expect(start.statusCode, start.body).toBe(302);
  const authorizeUrl = String(start.headers.location);
  expect(authorizeUrl.startsWith(`${ctx.issuer}/auth?`)).toBe(true);
  return { query: await signInAtProvider(authorizeUrl, login), browser: signinCookieOf(start) };
}

describe('sign-in through a standard OpenID provider (claims from UserInfo, no name)', () => {
  it('reads the e-mail from UserInfo, asks the name to complete the account, and signs in', async () => {
    const email = `standard.${randomUUID().slice(0, 8)}@example.com`;
    const first = await startSignIn(email);
    const callback = await postCallback(ctx.app, first.query, first.browser);
    expect(callback.statusCode, callback.body).toBe(200);
    const details = callback.json();
    expect(details).toMatchObject({ status: 'details_required', email, name: '' });
    // The provider's ID token had neither the e-mail nor a name: they came from UserInfo.
    const [ticket] = (
      await sql<{ id_token: string }>`select id_token from external_signin_tickets`.execute(ctx.db)
    ).rows;
    const idToken = decodeJwt(ticket?.id_token ?? '');
    expect(idToken).toMatchObject({ iss: ctx.issuer, sub: email, aud: CLIENT.id });
    expect(idToken.email).toBeUndefined();
    expect(idToken.name).toBeUndefined();

    // "Complete your account" needs the name the provider did not give.
    const complete = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/external/complete', payload });
    const fields = {
      ticket: details.ticket,
      username: details.suggestedUsername,
      zipCode: '10001',
      termsVersion: TERMS_VERSION,
    };
    const nameless = await complete(fields);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error).toMatchObject({
      code: 'validation_failed',
      details: { fields: [{ path: 'name' }] },
    });
    const made = await complete({ ...fields, name: 'Marta Quispe' });
    expect(made.statusCode, made.body).toBe(201);
    const { token, user } = made.json();
    expect(user).toMatchObject({ email, name: 'Marta Quispe' });
    const method = await ctx.app.inject({ url: '/api/auth/method', headers: bearer(token) });
    expect(method.json()).toEqual({ method: 'external', providerName: 'Another ID', email });

    // Next time the same identity signs straight in.
    const again = await startSignIn(email);
    expect((await postCallback(ctx.app, again.query, again.browser)).json()).toMatchObject({
      status: 'signed_in',
      user: { _id: user._id, name: 'Marta Quispe' },
    });
  });

  it("says why a refused code failed, and logs the provider's answer without the code", async () => {
    const { query, browser } = await startSignIn(`refused.${randomUUID().slice(0, 8)}@example.com`);
    const code = `${query.get('code')}-altered`;
    query.set('code', code);
    const refused = await postCallback(ctx.app, query, browser);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({
      code: 'external_signin_failed',
      details: { reason: 'code_refused' },
    });
    const line = logged.find((l) => l.includes('the exchange with the provider failed'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      reason: 'code_refused',
      issuer: ctx.issuer,
      cause: { name: 'ResponseBodyError', status: 400, oauthError: 'invalid_grant' },
    });
    for (const secret of [code, CLIENT.secret]) expect(logged.join('\n')).not.toContain(secret);
  });

  it("refuses UserInfo claims for another subject than the ID token's", async () => {
    // Pago's client, with UserInfo's answer swapped for another person's on the way.
    const client = createOidcClient({
      issuerUrl: ctx.issuer,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      redirectUri: `${PUBLIC_URL}/callback`,
      allowHttp: true,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const url = input instanceof Request ? input.url : String(input);
        if (new URL(url).pathname !== '/me') return response;
        const claims = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...claims, sub: 'someone.else@example.com' });
      },
    });
    const checks = await client.newChecks();
    const url = await client.authorizationUrl({ ...checks, uiLocales: 'en' });
    const query = await signInAtProvider(
      url.toString(),
      `swapped.${randomUUID().slice(0, 8)}@example.com`,
    );
    const error = await client
      .exchange(
        {
          code: query.get('code') ?? '',
          state: query.get('state') ?? '',
          iss: query.get('iss') ?? undefined,
        },
        checks,
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OidcExchangeError);
    expect(error).toMatchObject({ reason: 'userinfo_failed', retryable: false });
  });
});
