import { z } from 'zod';

// The vendors' settings: Plaid, Persona, Twilio Verify, Unit and the external sign-in (OpenID
// Connect) provider — their environment variables, what each becomes in Config, and the sandbox
// values that make sandbox mode work out of the box. config.ts reads the rest.

/** An optional setting: empty is unset. */
export const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A 32-byte key, as 64 hex digits or base64. */
export const key32 = optionalString.pipe(
  z
    .string()
    .refine(
      (value) => /^[0-9a-fA-F]{64}$/.test(value) || Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, as 64 hex digits or base64',
    )
    .optional(),
);

export const oidcEnv = {
  OIDC_ISSUER_URL: optionalString.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: optionalString.pipe(z.string().max(40).optional()),
};

export const plaidEnv = {
  PLAID_BASE_URL: optionalString.pipe(z.url().optional()),
  PLAID_CLIENT_ID: optionalString,
  PLAID_SECRET: optionalString,
  PLAID_IDV_TEMPLATE_ID: optionalString,
  PLAID_LINK_SCRIPT_URL: optionalString,
  PLAID_TOKEN_KEY: key32,
};

export const personaEnv = {
  PERSONA_BASE_URL: optionalString.pipe(z.url().optional()),
  PERSONA_API_KEY: optionalString,
  PERSONA_TEMPLATE_ID: optionalString,
  PERSONA_WEBHOOK_SECRET: optionalString,
  PERSONA_CLIENT_SCRIPT_URL: optionalString,
};

export const twilioEnv = {
  TWILIO_VERIFY_BASE_URL: optionalString.pipe(z.url().optional()),
  TWILIO_ACCOUNT_SID: optionalString.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_VERIFY_SERVICE_SID: optionalString.pipe(
    z
      .string()
      .regex(/^VA[0-9a-fA-F]{32}$/, 'must be VA followed by 32 hex digits')
      .optional(),
  ),
};

export const unitEnv = {
  UNIT_API_URL: optionalString.pipe(z.url().optional()),
  UNIT_API_TOKEN: optionalString,
  UNIT_WEBHOOK_SECRET: optionalString,
  UNIT_FBO_ACCOUNT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  ),
  UNIT_BANK_NAME: optionalString.pipe(z.string().max(80).optional()),
  // Unit's secure card data in the browser (VGS Show / Collect; docs/unit-card-secure-data.md).
  UNIT_VGS_VAULT_ID: optionalString,
  UNIT_VGS_SHOW_SCRIPT_URL: optionalString.pipe(z.url().optional()),
  UNIT_VGS_COLLECT_SCRIPT_URL: optionalString.pipe(z.url().optional()),
};

export const thunesEnv = {
  THUNES_API_URL: optionalString.pipe(z.url().optional()),
  THUNES_API_KEY: optionalString,
  THUNES_API_SECRET: optionalString,
};

export const stripeEnv = {
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[0-9A-Za-z_]+$/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_[0-9A-Za-z_]+$/, 'must be a Stripe publishable key (pk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_[0-9A-Za-z_]+$/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
};

const vendorEnvSchema = z.object({
  PAGO_MODE: z.enum(['sandbox', 'live']),
  ...oidcEnv,
  ...plaidEnv,
  ...personaEnv,
  ...twilioEnv,
  ...unitEnv,
  ...thunesEnv,
  ...stripeEnv,
});
type VendorEnv = z.output<typeof vendorEnvSchema>;

const SANDBOX_PERSONA_WEBHOOK_SECRET = 'wbhsec_sandbox_not_for_live_use';
const SANDBOX_TWILIO = {
  accountSid: 'AC000000000000000000000000005a4db0',
  authToken: 'sandbox_twilio_auth_token',
  serviceSid: 'VA000000000000000000000000005a4db0',
};
const SANDBOX_UNIT = {
  token: 'unit_sandbox_org_token',
  webhookSecret: 'unit_sandbox_webhook_secret',
};
/** The Stripe fake's keys: test-mode keys, so no live Stripe account would ever take them. */
export const SANDBOX_STRIPE = {
  secretKey: 'sk_test_pago_sandbox',
  publishableKey: 'pk_test_pago_sandbox',
  webhookSecret: 'whsec_pago_sandbox',
} as const;
const SANDBOX_THUNES = { apiKey: 'thunes_sandbox_key', apiSecret: 'thunes_sandbox_secret' };
/** Twilio Verify's documented API host. */
const TWILIO_VERIFY_LIVE_URL = 'https://verify.twilio.com';

/**
 * Each identity vendor's settings. Live mode uses a vendor when all of its settings are given and
 * refuses what needs it otherwise; some but not all of them is a mistake that stops the start.
 */
export const LIVE_PLAID_SETTINGS = [
  'PLAID_BASE_URL',
  'PLAID_CLIENT_ID',
  'PLAID_SECRET',
  'PLAID_IDV_TEMPLATE_ID',
  'PLAID_LINK_SCRIPT_URL',
  'PLAID_TOKEN_KEY',
] as const;
export const LIVE_PERSONA_SETTINGS = [
  'PERSONA_BASE_URL',
  'PERSONA_API_KEY',
  'PERSONA_TEMPLATE_ID',
  'PERSONA_WEBHOOK_SECRET',
  'PERSONA_CLIENT_SCRIPT_URL',
] as const;

/** The settings of a vendor given only in part (live mode), to name them in the start's refusal. */
export function partlyConfigured(
  e: VendorEnv,
  names: readonly (keyof VendorEnv)[],
): (keyof VendorEnv)[] {
  const missing = names.filter((name) => !e[name]);
  return missing.length > 0 && missing.length < names.length ? missing : [];
}

export type PlaidSettings = {
  baseUrl: string | undefined;
  clientId: string;
  secret: string;
  templateId: string;
  /** Loaded by the browser on demand: the fake's, or https://cdn.plaid.com/link/v2/stable/link-initialize.js. */
  linkScriptUrl: string;
  /**
   * The AES-256 key linked banks' access tokens are encrypted with (PLAID_TOKEN_KEY; required
   * in live mode, derived from APP_SECRET in sandbox mode when unset).
   */
  tokenKey: Buffer;
};

export type PersonaSettings = {
  baseUrl: string | undefined;
  apiKey: string;
  templateId: string;
  /** The secret Persona signs its webhooks with (Persona-Signature header). */
  webhookSecret: string;
  clientScriptUrl: string;
};

export type OidcSettings = {
  /** undefined: the sandbox provider at `${publicUrl}/sandbox/oidc`. */
  issuerUrl: string | undefined;
  clientId: string;
  clientSecret: string;
  /** Shown to users: "Continuar con {providerName}". */
  providerName: string;
};

export type TwilioSettings = {
  baseUrl: string | undefined;
  accountSid: string;
  authToken: string;
  serviceSid: string;
};

export type UnitSettings = {
  baseUrl: string | undefined;
  token: string;
  webhookSecret: string;
  /** Pago's omnibus (FBO) deposit account at Unit; sandbox mode makes its own when unset. */
  fboAccountId?: string | undefined;
  /** The partner bank's name on direct-deposit forms (UNIT_BANK_NAME). */
  bankName?: string | undefined;
  /** Where the browser shows and collects card data (VGS); see `UnitSecureDataSettings`. */
  secureData?: UnitSecureDataSettings;
};

/**
 * Unit's secure card data in the browser (docs.unit.co, "Displaying Sensitive Card Data"): VGS
 * Show and VGS Collect scripts against Unit's VGS vault, called with a customer token. Sandbox
 * mode: this server's fake of both scripts, talking to the Unit fake; live mode: the vault id and
 * the scripts' URLs Unit documents (an empty vault id refuses the feature).
 */
export type UnitSecureDataSettings = {
  vaultId: string;
  environment: 'sandbox' | 'live';
  showScriptUrl: string;
  collectScriptUrl: string;
};

/** Unit's documented VGS Show script (docs.unit.co, "Displaying Sensitive Card Data"). */
export const VGS_SHOW_SCRIPT_URL =
  'https://js.verygoodvault.com/vgs-show/1.5/ACh8JJTM42LYxwe2wfGQxwj5.js';
/** VGS Collect's script (js.verygoodvault.com), for the PIN form. */
export const VGS_COLLECT_SCRIPT_URL =
  'https://js.verygoodvault.com/vgs-collect/2.18.0/vgs-collect.js';

export type ThunesVendorSettings = {
  /** undefined: this server's sandbox fake at /sandbox/thunes. */
  baseUrl: string | undefined;
  /** HTTP Basic: user = API key, password = API secret (also what the fake's callbacks carry). */
  apiKey: string;
  apiSecret: string;
};

export type StripeSettings = {
  /** undefined: this server's sandbox fake at /sandbox/stripe (sandbox) or api.stripe.com (live). */
  baseUrl: string | undefined;
  secretKey: string;
  /** Given to the browser for Stripe.js and its Payment Element. */
  publishableKey: string;
  /** The endpoint's signing secret, checked on every webhook (Stripe-Signature header). */
  webhookSecret: string;
};

/**
 * `tokenKey`: PLAID_TOKEN_KEY as bytes, or the one derived from APP_SECRET. null: live mode
 * without Plaid's settings, where linking a bank and Plaid's identity verification are refused.
 */
export function plaidSettings(e: VendorEnv, tokenKey: Buffer): PlaidSettings | null {
  if (e.PAGO_MODE === 'live' && LIVE_PLAID_SETTINGS.some((name) => !e[name])) return null;
  return {
    baseUrl: e.PLAID_BASE_URL?.replace(/\/+$/, ''),
    clientId: e.PLAID_CLIENT_ID ?? 'sandbox-client-id',
    secret: e.PLAID_SECRET ?? 'sandbox-secret',
    templateId: e.PLAID_IDV_TEMPLATE_ID ?? 'idvtmp_sandbox0001',
    linkScriptUrl: e.PLAID_LINK_SCRIPT_URL ?? '/sandbox/plaid/link-initialize.js',
    tokenKey,
  };
}

/** null: live mode without Persona's settings, where its identity verification is refused. */
export function personaSettings(e: VendorEnv): PersonaSettings | null {
  if (e.PAGO_MODE === 'live' && LIVE_PERSONA_SETTINGS.some((name) => !e[name])) return null;
  return {
    baseUrl: e.PERSONA_BASE_URL?.replace(/\/+$/, ''),
    apiKey: e.PERSONA_API_KEY ?? 'persona_sandbox_key',
    templateId: e.PERSONA_TEMPLATE_ID ?? 'itmpl_sandbox0001',
    webhookSecret: e.PERSONA_WEBHOOK_SECRET ?? SANDBOX_PERSONA_WEBHOOK_SECRET,
    clientScriptUrl: e.PERSONA_CLIENT_SCRIPT_URL ?? '/sandbox/persona/persona.js',
  };
}

export function unitSettings(e: VendorEnv): UnitSettings | null {
  const baseUrl = e.UNIT_API_URL?.replace(/\/+$/, '');
  if (e.PAGO_MODE === 'sandbox') {
    return {
      baseUrl,
      token: e.UNIT_API_TOKEN ?? SANDBOX_UNIT.token,
      webhookSecret: e.UNIT_WEBHOOK_SECRET ?? SANDBOX_UNIT.webhookSecret,
      fboAccountId: e.UNIT_FBO_ACCOUNT_ID,
      bankName: e.UNIT_BANK_NAME ?? 'Pago Sandbox Bank',
      secureData: {
        vaultId: e.UNIT_VGS_VAULT_ID ?? 'sandbox-vault',
        environment: 'sandbox',
        showScriptUrl: e.UNIT_VGS_SHOW_SCRIPT_URL ?? '/sandbox/unit/vgs/vgs-show.js',
        collectScriptUrl: e.UNIT_VGS_COLLECT_SCRIPT_URL ?? '/sandbox/unit/vgs/vgs-collect.js',
      },
    };
  }
  if (!baseUrl || !e.UNIT_API_TOKEN || !e.UNIT_WEBHOOK_SECRET) return null;
  return {
    baseUrl,
    token: e.UNIT_API_TOKEN,
    webhookSecret: e.UNIT_WEBHOOK_SECRET,
    fboAccountId: e.UNIT_FBO_ACCOUNT_ID,
    bankName: e.UNIT_BANK_NAME,
    secureData: {
      vaultId: e.UNIT_VGS_VAULT_ID ?? '',
      environment: 'live',
      showScriptUrl: e.UNIT_VGS_SHOW_SCRIPT_URL ?? VGS_SHOW_SCRIPT_URL,
      collectScriptUrl: e.UNIT_VGS_COLLECT_SCRIPT_URL ?? VGS_COLLECT_SCRIPT_URL,
    },
  };
}

/** The sandbox provider's one client (its secret is no secret: the provider exists only in sandbox mode). */
export const SANDBOX_OIDC = {
  clientId: 'pago-sandbox',
  clientSecret: 'pago-sandbox-oidc-client-secret',
  providerName: 'Pago Sandbox ID',
} as const;

export function oidcSettings(e: VendorEnv): OidcSettings | null {
  const issuerUrl = e.OIDC_ISSUER_URL?.replace(/\/+$/, '');
  if (e.PAGO_MODE === 'sandbox' && !issuerUrl) return { issuerUrl: undefined, ...SANDBOX_OIDC };
  if (!issuerUrl || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return null;
  return {
    issuerUrl,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    providerName: e.OIDC_PROVIDER_NAME ?? new URL(issuerUrl).hostname,
  };
}

export function twilioSettings(e: VendorEnv): TwilioSettings | null {
  const baseUrl = e.TWILIO_VERIFY_BASE_URL?.replace(/\/+$/, '');
  if (e.PAGO_MODE === 'sandbox') {
    return {
      baseUrl,
      accountSid: e.TWILIO_ACCOUNT_SID ?? SANDBOX_TWILIO.accountSid,
      authToken: e.TWILIO_AUTH_TOKEN ?? SANDBOX_TWILIO.authToken,
      serviceSid: e.TWILIO_VERIFY_SERVICE_SID ?? SANDBOX_TWILIO.serviceSid,
    };
  }
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_VERIFY_SERVICE_SID) return null;
  return {
    baseUrl: baseUrl ?? TWILIO_VERIFY_LIVE_URL,
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    serviceSid: e.TWILIO_VERIFY_SERVICE_SID,
  };
}

/**
 * Thunes (remittance payout). Sandbox: the fake's key and secret unless set. Live: null without
 * all three THUNES_* settings, so remittances are refused rather than pretended.
 */
export function thunesSettings(e: VendorEnv): ThunesVendorSettings | null {
  const baseUrl = e.THUNES_API_URL?.replace(/\/+$/, '');
  if (e.PAGO_MODE === 'sandbox') {
    return {
      baseUrl,
      apiKey: e.THUNES_API_KEY ?? SANDBOX_THUNES.apiKey,
      apiSecret: e.THUNES_API_SECRET ?? SANDBOX_THUNES.apiSecret,
    };
  }
  if (!baseUrl || !e.THUNES_API_KEY || !e.THUNES_API_SECRET) return null;
  return { baseUrl, apiKey: e.THUNES_API_KEY, apiSecret: e.THUNES_API_SECRET };
}

/**
 * Stripe (card funding). Sandbox: the fake's test keys unless set. Live: null without the secret
 * key, the publishable key and the webhook secret, so card funding is refused rather than pretended;
 * STRIPE_API_URL may stay unset there (the SDK's own host, api.stripe.com).
 */
export function stripeSettings(e: VendorEnv): StripeSettings | null {
  const baseUrl = e.STRIPE_API_URL?.replace(/\/+$/, '');
  if (e.PAGO_MODE === 'sandbox') {
    return {
      baseUrl,
      secretKey: e.STRIPE_SECRET_KEY ?? SANDBOX_STRIPE.secretKey,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? SANDBOX_STRIPE.publishableKey,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? SANDBOX_STRIPE.webhookSecret,
    };
  }
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) return null;
  return {
    baseUrl,
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
  };
}
