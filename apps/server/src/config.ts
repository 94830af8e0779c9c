import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

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
  TRUST_PROXY: z.stringbool().default(false),
  HTTPS: z.stringbool().default(false),
  APP_SECRET: optionalString.pipe(z.string().min(32).optional()),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  EMAIL_FROM: z.string().trim().min(3).default('Pago <no-reply@pago.app>'),
  FX_RATES_URL: optionalString.pipe(z.url().optional()),
  SANDBOX_PAYOUT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
});

// Sandbox mode works out of the box; live mode must be given its secrets.
const SANDBOX_APP_SECRET = 'pago-sandbox-secret-not-for-live-use-0000';

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
  trustProxy: boolean;
  /** Served over TLS (directly or by a proxy): enables HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Keys the HMAC of e-mail codes, so a database leak does not reveal them. */
  appSecret: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Set: e-mail goes out through this SMTP server. Unset (sandbox): to the sandbox mailbox. */
  smtpUrl: string | undefined;
  emailFrom: string;
  /** Live mode's exchange-rate source; sandbox mode uses a reference table. */
  fxRatesUrl: string | undefined;
  /** How long the sandbox payout partner takes to deliver an express remittance (standard: twice). */
  sandboxPayoutDelayMs: number;
}>;

export class ConfigError extends Error {}

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
      !e.FX_RATES_URL && 'FX_RATES_URL',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: live mode needs ${missing.join(' and ')}`);
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    mode: e.PAGO_MODE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    https: e.HTTPS,
    appSecret: e.APP_SECRET ?? SANDBOX_APP_SECRET,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    fxRatesUrl: e.FX_RATES_URL,
    sandboxPayoutDelayMs: e.SANDBOX_PAYOUT_DELAY_MS,
  };
}
