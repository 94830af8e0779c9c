import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-instance';
import type { Config } from './config';
import type { Database } from './db/database';
import { createLiveBillerNetwork } from './providers/billpay/biller-network';
import { createMailer, createSmtpTransport } from './providers/email/mailer';
import { createOidcClient } from './providers/oidc/oidc-client';
import { createPersonaApi } from './providers/persona/persona-api';
import { createPlaidBanking } from './providers/plaid/plaid-banking';
import { createPlaidIdentity } from './providers/plaid/plaid-identity';
import { createStripeClient } from './providers/stripe/stripe-client';
import { createThunesClient } from './providers/thunes/thunes-client';
import { createTwilioMessages } from './providers/twilio/twilio-messages';
import { createTwilioVerify } from './providers/twilio/twilio-verify';
import { createUnitClient } from './providers/unit/unit-client';
import { createSandboxBillerNetwork } from './sandbox/billpay/sandbox-billers';
import { createSandboxMailTransport } from './sandbox/mailbox/mailbox-transport';
import { sandboxIssuer } from './sandbox/oidc/oidc-fake.routes';
import { SANDBOX_OMNIBUS } from './sandbox/unit/sandbox-omnibus';

// The clients of the outside vendors, each pointed at its configured base URL or, in sandbox mode
// only, at its fake under /sandbox on this server. The services take these and never a fake.

/** SMTP when it is configured; the sandbox mailbox in sandbox mode only (live mode needs SMTP). */
function mailTransport(config: Config, db: Database) {
  if (config.smtpUrl) return createSmtpTransport(config.smtpUrl);
  if (config.mode !== 'sandbox') throw new Error('Live mode sends e-mail over SMTP_URL only');
  return createSandboxMailTransport(db);
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

/** The vendors' clients the services are built with. */
export function buildVendors(
  { config, db, mailer, selfUrl }: AppDeps & { selfUrl: () => string },
  log: FastifyBaseLogger,
) {
  // A vendor without a configured base URL is its fake, in sandbox mode only; in live mode loadConfig
  // requires every base URL, and this refuses rather than call a fake.
  const sandboxUrl = (vendor: string) => {
    if (config.mode !== 'sandbox')
      throw new Error(`Live mode has no ${vendor} base URL configured`);
    return `${selfUrl()}/sandbox/${vendor}`;
  };
  // External sign-in: the configured issuer, or in sandbox mode this server's own provider. The
  // browser reaches the sandbox provider at PUBLIC_URL; the server calls it on its own address.
  const oidcSettings = config.oidc;
  const oidcIssuer =
    oidcSettings?.issuerUrl ?? (config.mode === 'sandbox' ? sandboxIssuer(config) : null);
  const twilio = config.twilio;
  // Unit: its fake in sandbox mode, UNIT_API_URL in live mode, or none (live without settings).
  const unitSettings = config.unit;
  const thunesSettings = config.thunes;
  const { plaid, persona } = config;
  return {
    mailer: mailer ?? createMailer(config, mailTransport(config, db)),
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
    twilio: twilio
      ? createTwilioVerify({
          ...twilio,
          baseUrl: () => twilio.baseUrl ?? sandboxUrl('twilio'),
          log,
        })
      : null,
    // The partners without a live integration yet: the sandbox stand-ins in sandbox mode only; live
    // mode gets implementations that refuse (503), never a fake success.
    partners: {
      // Bills go through the banking partner: available whenever Unit is (docs/bill-pay.md).
      billers:
        config.mode === 'sandbox'
          ? createSandboxBillerNetwork(Boolean(unitSettings))
          : createLiveBillerNetwork(Boolean(unitSettings?.baseUrl)),
    },
    // Thunes (remittance payout): its fake in sandbox mode, THUNES_API_URL in live mode, or none
    // (live mode without the THUNES_* settings: remittances are refused, never sent to a fake).
    thunes:
      thunesSettings && (config.mode === 'sandbox' || thunesSettings.baseUrl)
        ? createThunesClient({
            apiKey: thunesSettings.apiKey,
            apiSecret: thunesSettings.apiSecret,
            baseUrl: () => thunesSettings.baseUrl ?? sandboxUrl('thunes'),
            log,
          })
        : null,
    /** Where Thunes posts status changes: this server's own address for the sandbox fake. */
    thunesCallbackUrl: () =>
      `${thunesSettings?.baseUrl ? config.publicUrl : selfUrl()}/api/thunes/callback`,
    // Live mode never reaches the fake: without UNIT_API_URL there is no partner at all.
    unit:
      unitSettings && (config.mode === 'sandbox' || unitSettings.baseUrl)
        ? createUnitClient({
            token: unitSettings.token,
            baseUrl: () => unitSettings.baseUrl ?? sandboxUrl('unit'),
            log,
          })
        : null,
    omnibus: {
      accountId: unitSettings?.fboAccountId,
      sandbox: config.mode === 'sandbox' ? SANDBOX_OMNIBUS : null,
    },
    // The identity vendors: each null in live mode without its settings (what needs it is refused).
    plaidIdentity: plaid
      ? createPlaidIdentity({
          ...plaid,
          basePath: () => plaid.baseUrl ?? sandboxUrl('plaid'),
          log,
        })
      : null,
    plaidBanking: plaid
      ? createPlaidBanking({
          ...plaid,
          basePath: () => plaid.baseUrl ?? sandboxUrl('plaid'),
          log,
        })
      : null,
    persona: persona
      ? createPersonaApi({
          ...persona,
          baseUrl: () => persona.baseUrl ?? sandboxUrl('persona'),
        })
      : null,
    // Stripe (card funding): its fake in sandbox mode unless STRIPE_API_URL is set; live mode
    // uses STRIPE_API_URL or the SDK's own host, and without the STRIPE_* keys there is none.
    stripe: stripeClient(config, sandboxUrl),
    // Twilio Messaging (the remittance recipient's SMS): the fake in sandbox mode, api.twilio.com
    // in live mode, or none (live without TWILIO_SMS_FROM: nothing sent, and the page says so).
    twilioSms: config.twilioSms
      ? createTwilioMessages({
          ...config.twilioSms,
          baseUrl: () => config.twilioSms?.baseUrl ?? sandboxUrl('twilio'),
          log,
        })
      : null,
  };
}

function stripeClient(config: Config, sandboxUrl: (vendor: string) => string) {
  const settings = config.stripe;
  if (!settings) return null;
  return createStripeClient({
    apiUrl: () =>
      settings.baseUrl ?? (config.mode === 'sandbox' ? sandboxUrl('stripe') : undefined),
    secretKey: settings.secretKey,
    webhookSecret: settings.webhookSecret,
  });
}
