import { randomUUID } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppDeps, AppInstance } from './app-instance';
import type { Config } from './config';
import type { Database } from './db/database';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { createAccounts } from './features/accounts/accounts.service';
import { externalSigninRoutes } from './features/accounts/external-signin.routes';
import { createExternalSignin } from './features/accounts/external-signin.service';
import { securityRoutes } from './features/accounts/security.routes';
import { activityRoutes } from './features/activity/activity.routes';
import { createActivity } from './features/activity/activity.service';
import { bankingRoutes, bankingWebhookRoutes } from './features/banking/banking.routes';
import { createBanking } from './features/banking/banking.service';
import { createStatements } from './features/banking/statements.service';
import { billPayRoutes } from './features/billpay/billpay.routes';
import { createBillPay } from './features/billpay/billpay.service';
import { capabilitiesRoutes } from './features/capabilities/capabilities.routes';
import { cardAuthorizationRoutes } from './features/cards/authorizations.routes';
import { createCardAuthorizations } from './features/cards/authorizations.service';
import { cardsRoutes } from './features/cards/cards.routes';
import { createCards } from './features/cards/cards.service';
import { emailVerificationRoutes } from './features/email-verification/email-verification.routes';
import { createEmailVerification } from './features/email-verification/email-verification.service';
import { fundingRoutes } from './features/funding/funding.routes';
import { createFunding } from './features/funding/funding.service';
import { healthRoutes } from './features/health/health.routes';
import { identityRoutes, identityWebhookRoutes } from './features/identity/identity.routes';
import { createIdentity } from './features/identity/identity.service';
import type { PlaidWebhookKey } from './features/identity/webhook-signatures';
import { createLedger } from './features/ledger/ledger.service';
import { createLedgerInvariants } from './features/ledger/ledger-invariants.service';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createNotifications } from './features/notifications/notifications.service';
import { unsubscribeRoutes } from './features/notifications/unsubscribe.routes';
import { phoneVerificationRoutes } from './features/phone/phone-verification.routes';
import { createPhoneVerification } from './features/phone/phone-verification.service';
import { plaidRoutes, plaidWebhookRoutes } from './features/plaid/plaid.routes';
import { createPlaid } from './features/plaid/plaid.service';
import { createRateLimits } from './features/rate-limits/rate-limits.service';
import { remittancesRoutes } from './features/remittances/remittances.routes';
import { createRemittances } from './features/remittances/remittances.service';
import { requestsRoutes } from './features/requests/requests.routes';
import { createRequests } from './features/requests/requests.service';
import { transfersRoutes } from './features/transfers/transfers.routes';
import { createTransfers } from './features/transfers/transfers.service';
import { walletRoutes } from './features/wallet/wallet.routes';
import { setAnswerHeaders } from './lib/answer-headers';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './lib/error-handler';
import { installInputGuard } from './lib/input-guard';
import { installLoadShedding } from './lib/load-shedding';
import { createLogger } from './lib/logger';
import { finishOpenApiDocument, openApiDocument } from './lib/openapi';
import { createLiveBillerNetwork } from './providers/billpay/biller-network';
import { createMailer, createSmtpTransport } from './providers/email/mailer';
import { createHttpRates, createNoRates } from './providers/fx/rates';
import { createOidcClient } from './providers/oidc/oidc-client';
import { createLivePayoutPartner } from './providers/payout/payout-partner';
import { createPersonaApi } from './providers/persona/persona-api';
import { createPlaidBanking } from './providers/plaid/plaid-banking';
import { createPlaidIdentity } from './providers/plaid/plaid-identity';
import { createTwilioVerify } from './providers/twilio/twilio-verify';
import { createUnitClient } from './providers/unit/unit-client';
import { createSandboxBillerNetwork } from './sandbox/billpay/sandbox-billers';
import { cardNetworkRoutes } from './sandbox/card-network/card-network.routes';
import { createSandboxRates, SANDBOX_REFERENCE_RATES } from './sandbox/fx/sandbox-rates';
import { mailboxRoutes } from './sandbox/mailbox/mailbox.routes';
import { createSandboxMailTransport } from './sandbox/mailbox/mailbox-transport';
import { oidcFakeRoutes, sandboxIssuer } from './sandbox/oidc/oidc-fake.routes';
import { createSandboxPayoutPartner } from './sandbox/payout/sandbox-payout-partner';
import { personaFakeRoutes } from './sandbox/persona/persona-fake.routes';
import { plaidFakeRoutes } from './sandbox/plaid/plaid-fake.routes';
import { createSandboxVendors } from './sandbox/sandbox-vendors';
import { sharedAssetRoutes } from './sandbox/shared/shared-assets.routes';
import { smsOutboxRoutes } from './sandbox/twilio/sms-outbox.routes';
import { twilioFakeRoutes } from './sandbox/twilio/twilio-fake.routes';
import { SANDBOX_OMNIBUS } from './sandbox/unit/sandbox-omnibus';
import { unitCardsFakeRoutes } from './sandbox/unit/unit-cards-fake.routes';
import { unitFakeRoutes } from './sandbox/unit/unit-fake.routes';
import { registerWebApp } from './web/web-app.routes';

export type { AppDeps, AppInstance };

/** SMTP when it is configured; the sandbox mailbox in sandbox mode only (live mode needs SMTP). */
function mailTransport(config: Config, db: Database) {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl);
  if (config.mode !== 'sandbox') throw new Error('Live mode sends e-mail over SMTP_URL only');
  return createSandboxMailTransport(db);
}

/** The services, each built from plain dependencies; routes call them and nothing below. */
function createServices(
  {
    config,
    db,
    mailer = createMailer(config, mailTransport(config, db)),
    clock,
    selfUrl = () => config.publicUrl,
  }: AppDeps,
  log: FastifyBaseLogger,
) {
  const ledger = createLedger({
    ...(clock ? { clock } : {}),
    // Called only when money moves, long after `accounts` exists.
    partyNames: (userIds, executor) => accounts.parties(userIds, executor),
  });
  const rateLimits = createRateLimits(db);
  const notifications = createNotifications({
    db,
    mailer,
    log,
    sessionIdleMinutes: config.sessionIdleMinutes,
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
  });
  const emailVerification = createEmailVerification({ db, config, mailer, rateLimits });
  const accounts = createAccounts({
    db,
    config,
    mailer,
    emailVerification,
    rateLimits,
    notifications,
    balanceOf: (userId) => ledger.balance(db, userId),
  });
  // External sign-in: the configured issuer, or in sandbox mode this server's own provider. The
  // browser reaches the sandbox provider at PUBLIC_URL; the server calls it on its own address.
  const oidcSettings = config.oidc;
  const oidcIssuer =
    oidcSettings?.issuerUrl ?? (config.mode === 'sandbox' ? sandboxIssuer(config) : null);
  const externalSignin = createExternalSignin({
    db,
    config,
    log,
    oidc:
      oidcSettings && oidcIssuer
        ? createOidcClient({
            issuerUrl: oidcIssuer,
            clientId: oidcSettings.clientId,
            clientSecret: oidcSettings.clientSecret,
            redirectUri: `${config.publicUrl}/callback`,
            allowHttp: config.mode === 'sandbox',
            ...(oidcSettings.issuerUrl ? {} : { fetch: loopbackFetch(config.publicUrl, selfUrl) }),
          })
        : null,
    providerName: oidcSettings?.providerName ?? '',
    rateLimits,
    balanceOf: (userId) => ledger.balance(db, userId),
    confirmPassword: accounts.confirmPassword,
    twoStep: accounts.twoStep,
  });
  // A vendor without a configured base URL is its fake, in sandbox mode only; in live mode loadConfig
  // requires every base URL, and this refuses rather than call a fake.
  const sandboxUrl = (vendor: string) => {
    if (config.mode !== 'sandbox')
      throw new Error(`Live mode has no ${vendor} base URL configured`);
    return `${selfUrl()}/sandbox/${vendor}`;
  };
  const twilio = config.twilio;
  const phoneVerification = createPhoneVerification({
    db,
    accounts,
    rateLimits,
    mailer,
    notifications,
    twilio: twilio
      ? createTwilioVerify({
          ...twilio,
          baseUrl: () => twilio.baseUrl ?? sandboxUrl('twilio'),
          log,
        })
      : null,
  });
  // The partners without a live integration yet: the sandbox stand-ins in sandbox mode only; live
  // mode gets implementations that refuse (503), never a fake success.
  const partners =
    config.mode === 'sandbox'
      ? {
          payouts: createSandboxPayoutPartner(),
          billers: createSandboxBillerNetwork(),
        }
      : {
          payouts: createLivePayoutPartner(),
          billers: createLiveBillerNetwork(),
        };
  // loadConfig requires FX_RATES_URL in live mode; a live app built without it has no rates at all.
  const rates = config.fxRatesUrl
    ? createHttpRates(config.fxRatesUrl)
    : config.mode === 'sandbox'
      ? createSandboxRates()
      : createNoRates();
  const activity = createActivity({ db, accounts });
  const transfers = createTransfers({
    db,
    ledger,
    accounts,
    activity,
    rates,
    payouts: partners.payouts,
    payoutDelayMs: config.sandboxPayoutDelayMs,
    sessionIdleMinutes: config.sessionIdleMinutes,
    announceNotifications: notifications.hub.announce,
  });
  const remittances = createRemittances({
    db,
    ledger,
    activity,
    payouts: partners.payouts,
    transfers,
  });
  const billPay = createBillPay({ ledger, transfers, billers: partners.billers });
  const requests = createRequests({ db, ledger, accounts, notifications });
  // Unit: its fake in sandbox mode, UNIT_API_URL in live mode, or none (live without settings).
  const unitSettings = config.unit;
  // Live mode never reaches the fake: without UNIT_API_URL there is no partner at all.
  const unit =
    unitSettings && (config.mode === 'sandbox' || unitSettings.baseUrl)
      ? createUnitClient({
          token: unitSettings.token,
          baseUrl: () => unitSettings.baseUrl ?? sandboxUrl('unit'),
          log,
        })
      : null;
  const banking = createBanking({
    db,
    ledger,
    accounts,
    transfers,
    unit,
    webhookSecret: unitSettings?.webhookSecret ?? '',
    omnibus: {
      accountId: unitSettings?.fboAccountId,
      sandbox: config.mode === 'sandbox' ? SANDBOX_OMNIBUS : null,
    },
    log,
  });
  const statements = createStatements({
    db,
    unit,
    languageOf: async (userId) => (await accounts.getAccountSettings(userId)).language,
  });
  const plaidIdentity = createPlaidIdentity({
    ...config.plaid,
    basePath: () => config.plaid.baseUrl ?? sandboxUrl('plaid'),
    log,
  });
  const identity = createIdentity({
    db,
    accounts,
    notifications,
    config,
    plaid: plaidIdentity,
    persona: createPersonaApi({
      ...config.persona,
      baseUrl: () => config.persona.baseUrl ?? sandboxUrl('persona'),
    }),
    ...(clock ? { clock } : {}),
  });
  const plaid = createPlaid({
    db,
    plaid: createPlaidBanking({
      ...config.plaid,
      basePath: () => config.plaid.baseUrl ?? sandboxUrl('plaid'),
      log,
    }),
    tokenKey: config.plaid.tokenKey,
    linkScriptUrl: config.plaid.linkScriptUrl,
    webhookUrl: () => `${config.publicUrl}/api/plaid/webhook`,
    webhookKey: async (kid) => (await plaidIdentity.webhookKey(kid)) as PlaidWebhookKey | null,
    language: async (userId) => (await accounts.getAccountSettings(userId)).language,
    ...(clock ? { clock } : {}),
  });
  const funding = createFunding({ db, ledger, banking, plaid, notifications });
  const cards = createCards({
    db,
    ledger,
    accounts,
    rateLimits,
    unit,
    sandbox: config.mode === 'sandbox',
  });
  const cardAuthorizations = createCardAuthorizations({
    db,
    ledger,
    banking,
    unit,
    notifications,
    webhookSecret: unitSettings?.webhookSecret ?? '',
    holdExpiryMs: config.cardHoldExpiryMs,
    log,
  });
  const sandboxVendors =
    config.mode === 'sandbox'
      ? createSandboxVendors(db, selfUrl, config.persona.webhookSecret, {
          webhookSecret: config.unit?.webhookSecret ?? '',
          achSettleMs: config.sandboxAchSettleMs,
          sameDayAchSettleMs: config.sandboxSameDayAchSettleMs,
        })
      : null;
  return {
    partners,
    rateLimits,
    notifications,
    emailVerification,
    accounts,
    externalSignin,
    phoneVerification,
    ledger,
    activity,
    ledgerInvariants: createLedgerInvariants({ db, log }),
    transfers,
    remittances,
    billPay,
    requests,
    banking,
    statements,
    identity,
    plaid,
    funding,
    cards,
    cardAuthorizations,
    sandboxVendors,
  };
}
export type Services = ReturnType<typeof createServices>;

/** The headers @fastify/helmet sets with these options, read from a throwaway instance. */
async function helmetHeaders(options: FastifyHelmetOptions) {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: [string, string | number | readonly string[]][] = [];
  // A route's own onRequest runs after helmet's: the raw response then holds only its headers.
  probe.get('/', {
    onRequest: (_request, reply, done) => {
      headers = reply.raw.getHeaderNames().map((name) => [name, reply.raw.getHeader(name) ?? '']);
      done();
    },
    handler: async () => '',
  });
  await probe.inject('/');
  await probe.close();
  return headers;
}

/** Each app's services, for what runs around it (jobs, the CLI, tests); routes get theirs as options. */
const servicesByApp = new WeakMap<AppInstance, Services>();

/** The services an app was built with (by buildApp). */
export function servicesOf(app: AppInstance): Services {
  const services = servicesByApp.get(app);
  if (!services) throw new Error('This app was not built by buildApp');
  return services;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the whole HTTP app from its dependencies; tests call this and use `inject`. */
/** Believe the nearest `hops` hops of X-Forwarded-For (what Fastify does for a number). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(
  deps: AppDeps,
  options: {
    logger?: FastifyBaseLogger;
    /** Called for every route as it is registered (the fuzz test sends hostile input to each). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<AppInstance> {
  const { config } = deps;
  const app: AppInstance = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    // A number of proxies: believe that many hops of X-Forwarded-For, nearest first.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Fastify's own refusals (bad URL, over-long parameter, malformed HTTP) in our error shape.
    frameworkErrors,
    clientErrorHandler,
    // A caller's id is kept when it is well formed, so one request can be followed across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const withSelf: AppDeps = { ...deps, selfUrl: deps.selfUrl ?? (() => ownUrl(app)) };
  app.decorate('deps', withSelf);
  const services = createServices(withSelf, app.log);
  servicesByApp.set(app, services);
  app.decorateRequest('auth', null);

  app.addHook('onSend', async (request, reply) => setAnswerHeaders(request, reply));

  const vendorOrigins = [config.plaid.linkScriptUrl, config.persona.clientScriptUrl]
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  // helmet builds its middleware and parses the CSP again at every request (~2% of a busy
  // server's CPU); with no per-route options or nonces its headers are the same for every answer,
  // so they are taken once from helmet itself and set as they are on every answer.
  const securityHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // MUI (emotion) injects <style> elements at run time; scripts stay strictly 'self'.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", ...vendorOrigins],
        // The identity vendors' scripts open their flows in frames of their own origin.
        'script-src': ["'self'", ...vendorOrigins],
        'frame-src': ["'self'", ...vendorOrigins],
        // Over plain http (local, sandbox) this would blank the page; on TLS it is wanted.
        'upgrade-insecure-requests': config.https ? [] : null,
      },
    },
    strictTransportSecurity: config.https,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });

  // The spec's clients POST some calls (logout) with a JSON content type and no body at all.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });

  installErrorHandler(app);
  installInputGuard(app);
  await installLoadShedding(app);
  // Every route's `schema` is zod: requests are validated and answers serialized with it.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Registered before the routes, so it sees each one as it is added (OpenAPI 3.1 from the zod).
  await app.register(swagger, {
    openapi: openApiDocument(config),
    // Only our API: the sandbox fakes imitate the vendors' APIs, and the web app is pages.
    transform: (route) =>
      route.url.startsWith('/api/')
        ? jsonSchemaTransform(route)
        : { schema: { hide: true }, url: route.url },
    // Schemas with a `.meta({ id })` become components, referenced by `$ref`.
    transformObject: (input) => finishOpenApiDocument(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Its page loads its scripts from here, so it works under `script-src 'self'` and offline.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  const {
    partners,
    rateLimits,
    notifications,
    emailVerification,
    accounts,
    externalSignin,
    phoneVerification,
    ledger,
    activity,
    ledgerInvariants,
    transfers,
    remittances,
    billPay,
    requests,
    banking,
    statements,
    identity,
    plaid,
    funding,
    cards,
    cardAuthorizations,
  } = services;
  await app.register(healthRoutes, { ledgerInvariants });
  await app.register(capabilitiesRoutes, {
    payouts: partners.payouts,
    billers: partners.billers,
    banking,
    cards,
    externalSignin,
  });
  await app.register(emailVerificationRoutes, { emailVerification });
  await app.register(accountsRoutes, { accounts, externalSignin });
  await app.register(externalSigninRoutes, { externalSignin, accounts });
  await app.register(securityRoutes, { accounts });
  await app.register(phoneVerificationRoutes, { accounts, phoneVerification });
  await app.register(walletRoutes, { accounts, ledger, transfers, balances: funding });
  await app.register(transfersRoutes, { accounts, transfers });
  await app.register(activityRoutes, { accounts, activity });
  await app.register(remittancesRoutes, { accounts, remittances });
  await app.register(requestsRoutes, { accounts, requests });
  await app.register(notificationsRoutes, { notifications, accounts });
  await app.register(unsubscribeRoutes, { notifications });
  await app.register(bankingRoutes, { banking, statements, accounts });
  await app.register(bankingWebhookRoutes, { banking });
  await app.register(fundingRoutes, { funding, accounts, banking });
  await app.register(cardsRoutes, { cards, accounts });
  await app.register(cardAuthorizationRoutes, { cardAuthorizations });
  await app.register(billPayRoutes, { accounts, billPay });
  await app.register(identityRoutes, { identity, accounts, rateLimits });
  await app.register(identityWebhookRoutes, { identity });
  await app.register(plaidRoutes, { plaid, accounts, rateLimits });
  await app.register(plaidWebhookRoutes, { plaid });
  if (config.mode === 'sandbox') {
    await app.register(sharedAssetRoutes);
    await app.register(plaidFakeRoutes);
    await app.register(personaFakeRoutes);
    await app.register(mailboxRoutes);
    await app.register(twilioFakeRoutes);
    await app.register(unitFakeRoutes);
    await app.register(unitCardsFakeRoutes);
    await app.register(oidcFakeRoutes);
    await app.register(cardNetworkRoutes);
    // The reconciliation on demand (sandbox only; it also runs daily as a job).
    app.post('/sandbox/unit/reconcile', async () => banking.reconcile());
    await app.register(smsOutboxRoutes);
    app.get('/sandbox/fx/latest', async () => ({ base: 'USD', rates: SANDBOX_REFERENCE_RATES }));
  }
  await registerWebApp(app);
  return app;
}

/**
 * A fetch that sends the requests for this server's public origin to its own address instead (the
 * sandbox provider, whose issuer is the public origin the browser uses, called server to server).
 */
function loopbackFetch(publicUrl: string, selfUrl: () => string): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(`${publicUrl}/`)) return fetch(input, init);
    return fetch(`${selfUrl()}${url.slice(publicUrl.length)}`, init);
  };
}

/** The address this server listens on, as a URL it can call itself at (loopback for wildcards). */
function ownUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    throw new Error('The server is not listening yet, so its sandbox vendors cannot be reached');
  }
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}
