import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DOT_ENV_FILE, loadConfig, loadDotEnv } from './config';

const LIVE_VENDORS = {
  PLAID_BASE_URL: 'https://production.plaid.com/',
  PLAID_CLIENT_ID: 'client-1',
  PLAID_SECRET: 'plaid-secret',
  PLAID_IDV_TEMPLATE_ID: 'idvtmp_live1',
  PLAID_LINK_SCRIPT_URL: 'https://cdn.plaid.com/link/v2/stable/link-initialize.js',
  PLAID_TOKEN_KEY: 'ab'.repeat(32),
  PERSONA_BASE_URL: 'https://withpersona.com',
  PERSONA_API_KEY: 'persona_production_key',
  PERSONA_TEMPLATE_ID: 'itmpl_live1',
  PERSONA_WEBHOOK_SECRET: 'wbhsec_live',
  PERSONA_CLIENT_SCRIPT_URL: 'https://cdn.withpersona.com/dist/persona-v5.1.2.js',
};

/** A complete live setup. */
const LIVE = {
  PAGO_MODE: 'live',
  APP_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://smtp.example',
  ...LIVE_VENDORS,
};

describe('loadConfig', () => {
  it('gives a working sandbox setup with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('data'),
      mode: 'sandbox',
      publicUrl: 'http://localhost:3000',
      https: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://pago:pw@db.internal:5432/pago',
      DATA_DIR: '/var/lib/pago',
      PAGO_MODE: 'live',
      PUBLIC_URL: 'https://pago.example/',
      LOG_LEVEL: 'warn',
      BODY_LIMIT_BYTES: '2048',
      TRUST_PROXY: 'true',
      HTTPS: 'true',
      APP_SECRET: 's'.repeat(40),
      SESSION_IDLE_MINUTES: '20',
      SESSION_ABSOLUTE_HOURS: '8',
      SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
      EMAIL_FROM: 'Pago <hola@pago.example>',
      ...LIVE_VENDORS,
      SANDBOX_PERSONA_REVIEW_MS: '10',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://pago:pw@db.internal:5432/pago',
      dataDir: '/var/lib/pago',
      mode: 'live',
      publicUrl: 'https://pago.example',
      logLevel: 'warn',
      bodyLimitBytes: 2048,
      trustProxy: true,
      https: true,
      appSecret: 's'.repeat(40),
      sessionIdleMinutes: 20,
      sessionAbsoluteHours: 8,
      smtpUrl: 'smtps://mailer:pw@smtp.example:465',
      emailFrom: 'Pago <hola@pago.example>',
      plaid: {
        baseUrl: 'https://production.plaid.com',
        clientId: 'client-1',
        secret: 'plaid-secret',
        templateId: 'idvtmp_live1',
        linkScriptUrl: 'https://cdn.plaid.com/link/v2/stable/link-initialize.js',
      },
      persona: {
        baseUrl: 'https://withpersona.com',
        apiKey: 'persona_production_key',
        templateId: 'itmpl_live1',
        webhookSecret: 'wbhsec_live',
        clientScriptUrl: 'https://cdn.withpersona.com/dist/persona-v5.1.2.js',
      },
      sandboxPersonaReviewMs: 10,
    });
  });

  it('reads TRUST_PROXY as off, every hop, a number of proxies or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'the balancer' })).toThrow(/TRUST_PROXY/);
  });

  it('gives sessions 30 idle minutes and 12 hours in all by default', () => {
    expect(loadConfig({})).toMatchObject({
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      smtpUrl: undefined,
    });
  });

  it('refuses live mode without its own secret and SMTP server, or with a vendor set only in part', () => {
    expect(() => loadConfig({ PAGO_MODE: 'live', ...LIVE_VENDORS })).toThrow(
      'Invalid configuration: live mode needs APP_SECRET and SMTP_URL',
    );
    expect(() =>
      loadConfig({ PAGO_MODE: 'live', APP_SECRET: 'x'.repeat(32), ...LIVE_VENDORS }),
    ).toThrow('Invalid configuration: live mode needs SMTP_URL');
    expect(() => loadConfig({ ...LIVE, PERSONA_WEBHOOK_SECRET: '' })).toThrow(
      'Invalid configuration: live mode needs PERSONA_WEBHOOK_SECRET',
    );
  });

  it('starts live mode with only its secret and SMTP server: every vendor is then absent', () => {
    const config = loadConfig({
      PAGO_MODE: 'live',
      APP_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://smtp.example',
    });
    expect(config).toMatchObject({
      plaid: null,
      persona: null,
      twilio: null,
      oidc: null,
      unit: null,
      thunes: null,
      stripe: null,
    });
    // One identity vendor is enough; the other stays absent.
    const personaOnly = Object.fromEntries(
      Object.entries(LIVE).filter(([name]) => !name.startsWith('PLAID_')),
    );
    expect(loadConfig(personaOnly)).toMatchObject({
      plaid: null,
      persona: { apiKey: 'persona_production_key' },
    });
  });

  it('needs PLAID_TOKEN_KEY in live mode; sandbox mode derives one from APP_SECRET', () => {
    expect(() => loadConfig({ ...LIVE, PLAID_TOKEN_KEY: '' })).toThrow(
      'Invalid configuration: live mode needs PLAID_TOKEN_KEY',
    );
    expect(() => loadConfig({ ...LIVE, PLAID_TOKEN_KEY: 'short' })).toThrow(/PLAID_TOKEN_KEY/);
    expect(loadConfig(LIVE).plaid?.tokenKey).toEqual(Buffer.alloc(32, 0xab));
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ PLAID_TOKEN_KEY: base64 }).plaid?.tokenKey).toEqual(Buffer.alloc(32, 7));
    const derived = loadConfig({}).plaid?.tokenKey;
    expect(derived).toHaveLength(32);
    expect(loadConfig({ APP_SECRET: 'y'.repeat(32) }).plaid?.tokenKey).not.toEqual(derived);
  });

  it('points the identity vendors at the sandbox fakes by default', () => {
    expect(loadConfig({})).toMatchObject({
      plaid: { baseUrl: undefined, linkScriptUrl: '/sandbox/plaid/link-initialize.js' },
      persona: { baseUrl: undefined, clientScriptUrl: '/sandbox/persona/persona.js' },
    });
  });

  it('points Twilio Verify at the sandbox fake by default; live mode without it has no SMS at all', () => {
    expect(loadConfig({}).twilio).toMatchObject({
      baseUrl: undefined,
      accountSid: expect.stringMatching(/^AC[0-9a-f]{32}$/),
      serviceSid: expect.stringMatching(/^VA[0-9a-f]{32}$/),
    });
    expect(loadConfig(LIVE).twilio).toBeNull();
    const sids = {
      TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'live-token',
      TWILIO_VERIFY_SERVICE_SID: `VA${'b'.repeat(32)}`,
    };
    expect(loadConfig({ ...LIVE, ...sids }).twilio).toEqual({
      baseUrl: 'https://verify.twilio.com',
      accountSid: sids.TWILIO_ACCOUNT_SID,
      authToken: 'live-token',
      serviceSid: sids.TWILIO_VERIFY_SERVICE_SID,
    });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'not-a-sid' })).toThrow(
      'Invalid configuration: TWILIO_ACCOUNT_SID: must be AC followed by 32 hex digits',
    );
  });

  it('points Stripe at the sandbox fake with test keys; live mode without all three keys has no card funding', () => {
    const sandbox = loadConfig({});
    expect(sandbox.stripe).toEqual({
      baseUrl: undefined,
      secretKey: 'sk_test_pago_sandbox',
      publishableKey: 'pk_test_pago_sandbox',
      webhookSecret: 'whsec_pago_sandbox',
    });
    expect(sandbox.sandboxStripeWebhookUrl).toBe('/api/stripe/webhook');
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_live123',
    };
    expect(loadConfig(LIVE).stripe).toBeNull();
    expect(loadConfig({ ...LIVE, ...keys, STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeNull();
    // Live mode stays on Stripe's own host (the SDK's default) unless STRIPE_API_URL says otherwise.
    expect(loadConfig({ ...LIVE, ...keys }).stripe).toEqual({
      baseUrl: undefined,
      secretKey: 'sk_live_abc123',
      publishableKey: 'pk_live_abc123',
      webhookSecret: 'whsec_live123',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_wrong_kind' })).toThrow(
      'STRIPE_SECRET_KEY: must be a Stripe secret key',
    );
    expect(() => loadConfig({ SANDBOX_STRIPE_WEBHOOK_URL: 'ftp://x' })).toThrow(
      'SANDBOX_STRIPE_WEBHOOK_URL',
    );
  });

  it('refuses sandbox mode on a non-loopback HOST unless it is said to be a shared test server', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'pago.example']) {
      expect(() => loadConfig({ HOST: host })).toThrow(ConfigError);
      expect(() => loadConfig({ HOST: host })).toThrow(
        /^Invalid configuration: HOST: sandbox mode shows every sign-in code .* set SANDBOX_SHARED_TEST_SERVER=true/,
      );
    }
    for (const host of ['127.0.0.1', '127.0.1.1', 'localhost', '::1', '[::1]']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX_SHARED_TEST_SERVER: 'true' })).toMatchObject({
      host: '0.0.0.0',
      mode: 'sandbox',
      sandboxSharedTestServer: true,
    });
    expect(() => loadConfig({ SANDBOX_SHARED_TEST_SERVER: 'perhaps' })).toThrow(
      /^Invalid configuration: SANDBOX_SHARED_TEST_SERVER/,
    );
  });

  it('runs one process with a pool of 10 and sheds load past 1 s of lag or 100 waiting queries', () => {
    expect(loadConfig({})).toMatchObject({
      processes: 1,
      databasePoolSize: 10,
      shedding: { maxEventLoopDelayMs: 1000, maxPoolWaiting: 100 },
    });
    expect(
      loadConfig({ PAGO_PROCESSES: '4', SHED_EVENT_LOOP_DELAY_MS: '0', SHED_POOL_WAITING: '5' }),
    ).toMatchObject({ processes: 4, shedding: { maxEventLoopDelayMs: 0, maxPoolWaiting: 5 } });
  });

  it('takes the public address as https behind TLS, and refuses an http one there', () => {
    expect(loadConfig({ HTTPS: 'true', PORT: '4000' }).publicUrl).toBe('https://localhost:4000');
    expect(() => loadConfig({ HTTPS: 'true', PUBLIC_URL: 'http://pago.example' })).toThrow(
      /Invalid configuration: PUBLIC_URL: HTTPS=true needs an https/,
    );
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PAGO_MODE: 'production' }, 'PAGO_MODE'],
    [{ DATABASE_URL: 'mysql://localhost/pago' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ HTTPS: 'maybe' }, 'HTTPS'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
    [{ PAGO_PROCESSES: '0' }, 'PAGO_PROCESSES'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ SHED_EVENT_LOOP_DELAY_MS: '-1' }, 'SHED_EVENT_LOOP_DELAY_MS'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid configuration: ${name}`));
  });
});

describe('loadDotEnv', () => {
  it('reads .env when present, the environment winning over the file; no file is no change', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-env-'));
    try {
      const file = path.join(dir, '.env');
      fs.writeFileSync(
        file,
        '# local\nPORT=4010\nPAGO_MODE=sandbox\nEMAIL_FROM="Pago <hola@pago.test>"\n',
      );
      const env: NodeJS.ProcessEnv = { PAGO_MODE: 'live' };
      expect(loadDotEnv(file, env)).toBe(true);
      expect(env).toEqual({
        PORT: '4010',
        PAGO_MODE: 'live',
        EMAIL_FROM: 'Pago <hola@pago.test>',
      });
      expect(loadConfig({ ...env, PAGO_MODE: 'sandbox' })).toMatchObject({
        port: 4010,
        emailFrom: 'Pago <hola@pago.test>',
      });
      const untouched: NodeJS.ProcessEnv = { PORT: '1' };
      expect(loadDotEnv(path.join(dir, 'absent.env'), untouched)).toBe(false);
      expect(untouched).toEqual({ PORT: '1' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('looks for .env beside .env.example at the repository root', () => {
    expect(fs.existsSync(path.join(path.dirname(DOT_ENV_FILE), '.env.example'))).toBe(true);
  });
});
