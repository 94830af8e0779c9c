import { hkdfSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { emailSchema, nameSchema } from '@pago/shared/contracts/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { AppInstance } from '../../app-instance';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { sendAsset } from '../shared/assets';
import { consentPage, errorPage, loginPage, logoutPage, pageLanguage } from './oidc-pages';
import {
  createPgAdapter,
  findSandboxPerson,
  sandboxSigningKey,
  saveSandboxPerson,
} from './oidc-store';

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));
export const SANDBOX_OIDC_PATH = '/sandbox/oidc';
/** The one password the sandbox provider takes, for any e-mail address. */
export const SANDBOX_OIDC_PASSWORD = 'sandbox';

/** The sandbox provider's issuer: under the origin the browser uses, so its pages and cookies are Pago's. */
export const sandboxIssuer = (config: Config) => `${config.publicUrl}${SANDBOX_OIDC_PATH}`;

/** A real OpenID provider (oidc-provider) configured as the sandbox's: one client, Pago. */
async function createSandboxProvider(config: Config, db: Database): Promise<Provider> {
  const settings = config.oidc;
  if (!settings) throw new Error('The sandbox OpenID provider needs the OIDC settings');
  const issuer = sandboxIssuer(config);
  // Loaded with the provider, at the first request that needs it: not at every start.
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    adapter: createPgAdapter(db),
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [`${config.publicUrl}/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [await sandboxSigningKey(db)] },
    cookies: {
      // Secure behind TLS (HTTPS=true: the issuer is https, so oidc-provider sees it as secure).
      long: { httpOnly: true, sameSite: 'lax', secure: config.https },
      short: { httpOnly: true, sameSite: 'lax', secure: config.https },
      keys: [
        Buffer.from(hkdfSync('sha256', config.appSecret, '', 'pago sandbox oidc cookies', 32)),
      ],
    },
    // Authorization code with PKCE (S256) only, as Pago's client always sends.
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The claims asked for by scope go in the ID token too, as most hosted providers do.
    conformIdTokenClaims: false,
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const person = await findSandboxPerson(db, sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: true,
          name: person.name,
        }),
      };
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${SANDBOX_OIDC_PATH}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.type = 'html';
          ctx.body = logoutPage(pageLanguage(ctx.oidc?.params?.ui_locales, ctx.query.lang), form);
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        pageLanguage(ctx.oidc?.params?.ui_locales, ctx.query.lang),
        out.error ?? 'server_error',
      );
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
      Grant: 86_400,
    },
  });
  // Every URL it writes is the issuer's, however it was reached (the server calls it on loopback).
  provider.proxy = true;
  return provider;
}

/** oidc-provider sees every request on the issuer's origin (its URLs and cookies are the issuer's). */
function onIssuerOrigin(request: FastifyRequest, issuer: URL) {
  const raw = request.raw as typeof request.raw & { originalUrl?: string };
  raw.headers.host = issuer.host;
  raw.headers['x-forwarded-host'] = issuer.host;
  raw.headers['x-forwarded-proto'] = issuer.protocol.replace(':', '');
  return raw;
}

/** ...and its own endpoints as mounted at the issuer's path, as express and middie mount it. */
function asMounted(request: FastifyRequest, issuer: URL) {
  const raw = onIssuerOrigin(request, issuer);
  const url = raw.url ?? '/';
  raw.originalUrl = url;
  raw.url = url.slice(SANDBOX_OIDC_PATH.length) || '/';
  return raw;
}

type InteractionParams = { uid: string };
type FormBody = Record<string, string | undefined>;

/**
 * The sandbox OpenID provider under /sandbox/oidc, for sandbox mode only: discovery, JWKS,
 * authorization (code + PKCE), token, userinfo and end-session are oidc-provider's own; its
 * hosted sign-in and consent pages are these routes. It signs in any e-mail address with the
 * password "sandbox" (e-mail verified), named from the page's name field or the address.
 */
export async function oidcFakeRoutes(app: AppInstance): Promise<void> {
  const { config } = app.deps;
  const db = app.deps.sandboxDb ?? app.deps.db;
  if (!config.oidc || config.oidc.issuerUrl) return;
  const issuer = new URL(sandboxIssuer(config));
  let ready: Promise<Provider> | null = null;
  const provider = () => {
    ready ??= createSandboxProvider(config, db).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };

  app.get(`${SANDBOX_OIDC_PATH}/assets/:file`, (request, reply) =>
    sendAsset(reply, ASSETS, (request.params as { file: string }).file),
  );

  /** Runs oidc-provider on the raw request; Fastify neither parses the body nor answers. */
  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    const oidc = await provider();
    reply.hijack();
    await oidc.callback()(asMounted(request, issuer), reply.raw);
  }

  // The hosted pages: form posts, parsed here; everything else is the provider's.
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    /** The interaction of this browser (its cookie) or, when it has none or another, an error page. */
    async function details(request: FastifyRequest, reply: FastifyReply) {
      const { uid } = request.params as InteractionParams;
      try {
        const found = await (await provider()).interactionDetails(
          onIssuerOrigin(request, issuer),
          reply.raw,
        );
        if (found.uid !== uid) return null;
        return found;
      } catch {
        return null;
      }
    }

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body);
    const gone = (request: FastifyRequest, reply: FastifyReply) =>
      html(
        reply,
        400,
        errorPage(pageLanguage((request.query as FormBody).lang), 'invalid_request'),
      );

    pages.get(`${SANDBOX_OIDC_PATH}/interaction/:uid`, async (request, reply) => {
      const found = await details(request, reply);
      if (!found) return gone(request, reply);
      const language = pageLanguage(found.params.ui_locales, (request.query as FormBody).lang);
      if (found.prompt.name === 'login') return html(reply, 200, loginPage(language, found.uid));
      const person = found.session ? await findSandboxPerson(db, found.session.accountId) : null;
      return html(reply, 200, consentPage(language, found.uid, person?.email ?? ''));
    });

    pages.post(`${SANDBOX_OIDC_PATH}/interaction/:uid/login`, async (request, reply) => {
      const found = await details(request, reply);
      if (found?.prompt.name !== 'login') return gone(request, reply);
      const language = pageLanguage(found.params.ui_locales);
      const body = (request.body ?? {}) as FormBody;
      const email = emailSchema.safeParse(body.email ?? '');
      const typedName = (body.name ?? '').trim();
      if (!email.success || body.password !== SANDBOX_OIDC_PASSWORD) {
        return html(
          reply,
          401,
          loginPage(language, found.uid, {
            email: (body.email ?? '').slice(0, 254),
            name: typedName.slice(0, 80),
            error: true,
          }),
        );
      }
      const name = nameSchema.safeParse(typedName).data ?? nameFromEmail(email.data);
      const accountId = await saveSandboxPerson(db, email.data, name);
      reply.hijack();
      await (await provider()).interactionFinished(
        onIssuerOrigin(request, issuer),
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    });

    pages.post(`${SANDBOX_OIDC_PATH}/interaction/:uid/confirm`, async (request, reply) => {
      const found = await details(request, reply);
      if (found?.prompt.name !== 'consent' || !found.session) return gone(request, reply);
      const oidc = await provider();
      const { details: missing } = found.prompt;
      const grant =
        (found.grantId ? await oidc.Grant.find(found.grantId) : undefined) ??
        new oidc.Grant({
          accountId: found.session.accountId,
          clientId: String(found.params.client_id),
        });
      const scopes = missing.missingOIDCScope;
      if (Array.isArray(scopes)) grant.addOIDCScope(scopes.join(' '));
      const claims = missing.missingOIDCClaims;
      if (Array.isArray(claims)) grant.addOIDCClaims(claims as string[]);
      const grantId = await grant.save();
      reply.hijack();
      await oidc.interactionFinished(
        onIssuerOrigin(request, issuer),
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    });

    pages.post(`${SANDBOX_OIDC_PATH}/interaction/:uid/abort`, async (request, reply) => {
      const found = await details(request, reply);
      if (!found) return gone(request, reply);
      reply.hijack();
      await (await provider()).interactionFinished(
        onIssuerOrigin(request, issuer),
        reply.raw,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
    });
  });

  // The provider's own endpoints (those Pago uses) read their bodies themselves: Fastify leaves
  // the stream alone. Any other path is Fastify's 404.
  await app.register(async (endpoints) => {
    endpoints.removeAllContentTypeParsers();
    endpoints.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    for (const [path, methods] of PROVIDER_ROUTES) {
      endpoints.route({ method: methods, url: `${SANDBOX_OIDC_PATH}${path}`, handler: handOver });
    }
  });
}

/** oidc-provider's routes (its defaults) that the sandbox serves. */
const PROVIDER_ROUTES: Array<[string, Array<'GET' | 'POST'>]> = [
  ['/.well-known/openid-configuration', ['GET']],
  ['/jwks', ['GET']],
  ['/auth', ['GET']],
  ['/auth/:uid', ['GET']],
  ['/token', ['POST']],
  ['/me', ['GET', 'POST']],
  ['/session/end', ['GET']],
  ['/session/end/confirm', ['POST']],
  ['/session/end/success', ['GET']],
];

/** "ana.garcia@example.com" → "Ana Garcia": a name from the address when none was typed. */
export function nameFromEmail(email: string): string {
  const words = (email.split('@')[0] ?? '')
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
  const name = words.join(' ');
  return nameSchema.safeParse(name).data ?? 'Sandbox User';
}
