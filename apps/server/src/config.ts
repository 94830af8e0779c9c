import { hkdfSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { type PushConfig, pushEnv, pushSettings } from './config-push';
import { type ReplicaConfig, replicaEnv, replicaSettings } from './config-replica';
import { type TwilioSmsSettings, twilioSmsEnv, twilioSmsSettings } from './config-sms';
import {
  key32,
  LIVE_PERSONA_SETTINGS,
  LIVE_PLAID_SETTINGS,
  type OidcSettings,
  oidcEnv,
  oidcSettings,
  optionalString,
  type PersonaSettings,
  type PlaidSettings,
  partlyConfigured,
  personaEnv,
  personaSettings,
  plaidEnv,
  plaidSettings,
  type StripeSettings,
  stripeEnv,
  stripeSettings,
  type ThunesVendorSettings,
  type TwilioSettings,
  thunesEnv,
  thunesSettings,
  twilioEnv,
  twilioSettings,
  type UnitSettings,
  unitEnv,
  unitSettings,
} from './config-vendors';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * TRUST_PROXY: "false" (the default: the connection's address), "true" (every hop: the first
 * address of X-Forwarded-For, which a client writes itself unless the proxy replaces the header),
 * a number of proxies in front of Pago (the address the outermost of them saw: what a single load
 * balancer should use), or the proxies' addresses or CIDR ranges, comma-separated. null: none of these.
 */
export function parseTrustProxy(value: string): boolean | number | string[] | null {
  const text = value.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const addresses = text.split(',').map((a) => a.trim());
  const valid = addresses.every((a) => {
    const [address = '', bits, ...rest] = a.split('/');
    return (
      net.isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits))
    );
  });
  return valid ? addresses : null;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalString.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('data'),
  PAGO_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value ?? '');
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY is false, true, the number of proxies in front of Pago, or their addresses (comma-separated)',
        });
        return z.NEVER;
      }
      return trust;
    }),
  HTTPS: z.stringbool().default(false),
  APP_SECRET: optionalString.pipe(z.string().min(32).optional()),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30), // a day at most
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(720).default(12), // 30 days at most
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  EMAIL_FROM: z.string().trim().min(3).default('Pago <no-reply@pago.app>'),
  ...oidcEnv,
  ...plaidEnv,
  TWO_STEP_KEY: key32,
  ...personaEnv,
  SANDBOX_PERSONA_REVIEW_MS: z.coerce.number().int().min(0).max(3_600_000).default(4000),
  ...twilioEnv,
  ...twilioSmsEnv,
  ...unitEnv,
  SANDBOX_ACH_SETTLE_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  SANDBOX_SAME_DAY_ACH_SETTLE_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  SANDBOX_CHECK_REVIEW_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  ...thunesEnv,
  SANDBOX_THUNES_STEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  SANDBOX_THUNES_PICKUP_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  SANDBOX_THUNES_HOLD_MS: z.coerce.number().int().min(0).max(604_800_000).default(86_400_000),
  SANDBOX_THUNES_QUOTATION_MS: z.coerce.number().int().min(1000).max(86_400_000).default(900_000),
  ...stripeEnv,
  /** Where the Stripe fake posts its events: a path on this server or an absolute URL. */
  SANDBOX_STRIPE_WEBHOOK_URL: z
    .string()
    .trim()
    .refine((v) => /^\/[^/]/.test(v) || /^https?:\/\/[^/]/.test(v), 'a path (/…) or an http(s) URL')
    .default('/api/stripe/webhook'),
  /** Card holds the network never cleared are released after this many days (live mode). */
  CARD_HOLD_EXPIRY_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /** The same in sandbox mode, in milliseconds, so expiry can be seen. */
  SANDBOX_CARD_HOLD_EXPIRY_MS: z.coerce.number().int().min(1000).max(2592e6).default(120_000),
  /** How long the Unit fake waits for Pago's authorization answer before it declines. */
  SANDBOX_CARD_AUTHORIZATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(2000),
  SANDBOX_SHARED_TEST_SERVER: z.stringbool().default(false),
  NOTIFICATION_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  ...replicaEnv,
  ...pushEnv,
  PAGO_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SHED_POOL_WAITING: z.coerce.number().int().min(0).max(100_000).default(100),
  GEOIP_GEOFEED_PATH: optionalString,
  // Staff money actions above this need a second staff member (docs/ops-console.md, four eyes).
  OPS_FOUR_EYES_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
});

// Sandbox mode works out of the box; live mode must be given its secrets.
const SANDBOX_APP_SECRET = 'pago-sandbox-secret-not-for-live-use-0000';
/** The Thunes fake's clock, in milliseconds. */
export type SandboxThunesTimings = {
  /** Between each automatic status change (CONFIRMED → SUBMITTED → COMPLETED…). */
  stepMs: number;
  /** How long cash waits AVAILABLE before the sandbox beneficiary picks it up (COMPLETED). */
  pickupMs: number;
  /** How long a transaction stays held for compliance (20110) before it goes on. */
  holdMs: number;
  /** How long a quotation lasts (its expiration_date). */
  quotationMs: number;
};

export type Config = Readonly<{
  port: number;
  host: string;
  /** Set: use this PostgreSQL. Unset: start the embedded one under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  mode: 'sandbox' | 'live';
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  bodyLimitBytes: number;
  /**
   * Which X-Forwarded-For hops to believe for the client address (the per-network limits key on
   * it): none, all (`true`), the nearest N proxies, or proxies at these addresses.
   */
  trustProxy: boolean | number | string[];
  /** Served over TLS (directly or by a proxy): enables HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Keys the HMAC of e-mail codes, so a database leak does not reveal them. */
  appSecret: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** The AES-256 key two-step (TOTP) secrets are sealed with (TWO_STEP_KEY, else from APP_SECRET). */
  twoStepKey: Buffer;
  /** Set: e-mail goes out through this SMTP server. Unset (sandbox): to the sandbox mailbox. */
  smtpUrl: string | undefined;
  emailFrom: string;
  /**
   * Plaid Identity Verification. baseUrl undefined: the sandbox fake served by this server (its
   * loopback address, known once it listens). Live: https://production.plaid.com. null: live mode
   * without Plaid's settings (linking a bank and Plaid's identity verification are refused).
   */
  plaid: PlaidSettings | null;
  /**
   * Persona inquiries; baseUrl undefined: this server's sandbox fake. Live: https://withpersona.com.
   * null: live mode without Persona's settings.
   */
  persona: PersonaSettings | null;
  /**
   * External sign-in (OpenID Connect). Sandbox: this server's own provider under
   * /sandbox/oidc unless OIDC_ISSUER_URL is set. null: live mode without the issuer settings, so
   * external sign-in is refused (503) and its buttons are hidden.
   */
  oidc: OidcSettings | null;
  /** How long the sandbox Persona takes to decide an inquiry under review. */
  sandboxPersonaReviewMs: number;
  /**
   * Twilio Verify, which sends and checks the SMS codes of phone verification. baseUrl undefined:
   * this server's sandbox fake. null: live mode without Twilio credentials, so phone verification
   * is refused (503) rather than pretended.
   */
  twilio: TwilioSettings | null;
  /**
   * Unit, the banking partner (accounts, book and ACH payments, customer tokens). baseUrl
   * undefined: this server's sandbox fake. null: live mode without UNIT_API_URL, UNIT_API_TOKEN
   * and UNIT_WEBHOOK_SECRET, so the banking feature is refused (503) rather than pretended.
   */
  unit: UnitSettings | null;
  /** How long the sandbox Unit takes to send an ACH payment, and as long again to settle it. */
  sandboxAchSettleMs: number;
  /** The Unit fake's faster clock for Same Day ACH (`sameDay`: an instant withdrawal). */
  sandboxSameDayAchSettleMs: number;
  /** The Unit fake's own review of a check deposit, per step (0: only its sandbox endpoints). */
  sandboxCheckReviewMs: number;
  /**
   * Thunes Money Transfer API v2 (remittance payout). baseUrl undefined: this server's sandbox
   * fake at /sandbox/thunes. null: live mode without THUNES_API_URL, THUNES_API_KEY and
   * THUNES_API_SECRET.
   */
  thunes: ThunesVendorSettings | null;
  /** The Thunes fake's clock (sandbox only): see docs/thunes.md, "The sandbox fake". */
  sandboxThunes: SandboxThunesTimings;
  /**
   * Stripe (card funding). baseUrl undefined: this server's sandbox fake at /sandbox/stripe in
   * sandbox mode, Stripe's own host in live mode. null: live mode without STRIPE_SECRET_KEY,
   * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET.
   */
  stripe: StripeSettings | null;
  /** Where the Stripe fake posts its events (sandbox only): a path on this server or a URL. */
  sandboxStripeWebhookUrl: string;
  /** How long a card hold lives before the expiry job releases it. */
  cardHoldExpiryMs: number;
  /** How long the Unit fake waits for the authorization answer (a timeout is a decline). */
  cardAuthorizationTimeoutMs: number;
  /** Sandbox mode on a non-loopback HOST, said on purpose: a test server shared by a team. */
  sandboxSharedTestServer: boolean;
  /** How often an open notification stream (SSE) sends a comment line, so proxies keep it open. */
  notificationStreamHeartbeatMs: number;
  /** API processes this start runs (Node's cluster module); 1: this process serves alone. */
  processes: number;
  /** Connections each process's pool holds at most. */
  databasePoolSize: number;
  /**
   * Load shedding: new requests get 503 + Retry-After while the event loop lags more than
   * `maxEventLoopDelayMs` (0: off) or more than `maxPoolWaiting` queries wait for a connection.
   */
  shedding: { maxEventLoopDelayMs: number; maxPoolWaiting: number };
  /** Twilio Messaging, the remittance recipient's SMS (config-sms.ts); null: none is sent. */
  twilioSms: TwilioSmsSettings | null;
  /** A local RFC 8805 geofeed for a session's approximate place (accounts/geoip.ts); unset: none. */
  geoipGeofeedPath?: string | undefined;
  /** Staff money actions above this many cents wait for a second staff member's approval. */
  opsFourEyesCents: number;
}> &
  ReplicaConfig &
  PushConfig;
export class ConfigError extends Error {}

/** Whether HOST only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const v4 = bare.replace(/^::ffff:/, '');
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/** The `.env` beside `.env.example`, at the repository root, whatever the working directory. */
export const DOT_ENV_FILE = path.join(repoRoot, '.env');

/**
 * Loads `file` into `env` when it exists: a variable already in the environment wins over the
 * file (as with `node --env-file`). Called once by main.ts before loadConfig. Returns whether a
 * file was read.
 */
export function loadDotEnv(file: string = DOT_ENV_FILE, env: NodeJS.ProcessEnv = process.env) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return true;
}

/** The only reader of process.env. Relative paths are resolved against the working directory. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.PAGO_MODE === 'live') {
    const missing = [
      !e.APP_SECRET && 'APP_SECRET',
      !e.SMTP_URL && 'SMTP_URL',
      ...partlyConfigured(e, LIVE_PLAID_SETTINGS),
      ...partlyConfigured(e, LIVE_PERSONA_SETTINGS),
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: live mode needs ${missing.join(' and ')}`);
    }
  }
  // The sandbox mailbox and SMS outbox show every sign-in code to whoever can reach the server.
  if (e.PAGO_MODE === 'sandbox' && !isLoopbackHost(e.HOST) && !e.SANDBOX_SHARED_TEST_SERVER) {
    throw new ConfigError(
      `Invalid configuration: HOST: sandbox mode shows every sign-in code at /sandbox/mailbox, so it listens on a loopback address only (127.0.0.1, ::1, localhost), not ${e.HOST}; set SANDBOX_SHARED_TEST_SERVER=true if this is a shared test server`,
    );
  }
  // Behind TLS the browser's origin is https: the links Pago writes and the sandbox provider's
  // issuer (whose cookies are Secure only on an https issuer) say so.
  if (e.HTTPS && e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol !== 'https:') {
    throw new ConfigError(
      `Invalid configuration: PUBLIC_URL: HTTPS=true needs an https:// PUBLIC_URL, not ${e.PUBLIC_URL}`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    mode: e.PAGO_MODE,
    publicUrl: (e.PUBLIC_URL ?? `${e.HTTPS ? 'https' : 'http'}://localhost:${e.PORT}`).replace(
      /\/+$/,
      '',
    ),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    https: e.HTTPS,
    appSecret: e.APP_SECRET ?? SANDBOX_APP_SECRET,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    twoStepKey: aesKey(e.TWO_STEP_KEY, e.APP_SECRET ?? SANDBOX_APP_SECRET, 'pago two-step secrets'),
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    plaid: plaidSettings(e, plaidTokenKey(e.PLAID_TOKEN_KEY, e.APP_SECRET ?? SANDBOX_APP_SECRET)),
    persona: personaSettings(e),
    sandboxPersonaReviewMs: e.SANDBOX_PERSONA_REVIEW_MS,
    sandboxSharedTestServer: e.SANDBOX_SHARED_TEST_SERVER,
    twilio: twilioSettings(e),
    oidc: oidcSettings(e),
    unit: unitSettings(e),
    sandboxAchSettleMs: e.SANDBOX_ACH_SETTLE_MS,
    sandboxSameDayAchSettleMs: e.SANDBOX_SAME_DAY_ACH_SETTLE_MS,
    sandboxCheckReviewMs: e.SANDBOX_CHECK_REVIEW_MS,
    thunes: thunesSettings(e),
    sandboxThunes: {
      stepMs: e.SANDBOX_THUNES_STEP_MS,
      pickupMs: e.SANDBOX_THUNES_PICKUP_MS,
      holdMs: e.SANDBOX_THUNES_HOLD_MS,
      quotationMs: e.SANDBOX_THUNES_QUOTATION_MS,
    },
    stripe: stripeSettings(e),
    sandboxStripeWebhookUrl: e.SANDBOX_STRIPE_WEBHOOK_URL,
    cardHoldExpiryMs:
      e.PAGO_MODE === 'sandbox'
        ? e.SANDBOX_CARD_HOLD_EXPIRY_MS
        : e.CARD_HOLD_EXPIRY_DAYS * 24 * 60 * 60 * 1000,
    cardAuthorizationTimeoutMs: e.SANDBOX_CARD_AUTHORIZATION_TIMEOUT_MS,
    notificationStreamHeartbeatMs: e.NOTIFICATION_STREAM_HEARTBEAT_MS,
    processes: e.PAGO_PROCESSES,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    shedding: {
      maxEventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
      maxPoolWaiting: e.SHED_POOL_WAITING,
    },
    twilioSms: twilioSmsSettings(e),
    geoipGeofeedPath: e.GEOIP_GEOFEED_PATH,
    opsFourEyesCents: e.OPS_FOUR_EYES_CENTS,
    ...replicaSettings(e),
    ...pushSettings(e, e.APP_SECRET ?? SANDBOX_APP_SECRET),
  };
}

/** PLAID_TOKEN_KEY as 32 bytes (hex or base64); unset (sandbox only), derived from APP_SECRET. */
function plaidTokenKey(configured: string | undefined, appSecret: string): Buffer {
  return aesKey(configured, appSecret, 'pago plaid access tokens');
}

/** A configured 32-byte key (hex or base64), else one derived from APP_SECRET for `purpose`. */
function aesKey(configured: string | undefined, appSecret: string, purpose: string): Buffer {
  if (configured) {
    return /^[0-9a-fA-F]{64}$/.test(configured)
      ? Buffer.from(configured, 'hex')
      : Buffer.from(configured, 'base64');
  }
  return Buffer.from(hkdfSync('sha256', appSecret, '', purpose, 32));
}
