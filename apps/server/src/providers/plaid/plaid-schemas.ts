import { z } from 'zod';

/**
 * Plaid's answers as its published OpenAPI describes them (plaid/plaid-openapi, 2020-09-14.yml,
 * version 2020-09-14_1.697.4, commit 26f1a05; the schema names below are that file's). Only what
 * Pago reads plus what the spec requires; other fields pass through (`looseObject`). A required
 * nullable field is `.nullable()` (it must be there), an optional one `.optional()` (null fails).
 * The clients parse every answer they use with these; plaid-schemas.test.ts checks the fake's.
 */

const requestId = z.string();
const dateTime = z.iso.datetime({ offset: true });

/** PlaidError: Plaid's error body, on any 4xx/5xx. */
export const plaidError = z.looseObject({
  error_type: z.string(),
  error_code: z.string(),
  error_message: z.string(),
  display_message: z.string().nullable(),
});

/** LinkTokenCreateResponse. */
export const linkTokenCreateResponse = z.looseObject({
  link_token: z.string().min(1),
  expiration: dateTime,
  request_id: requestId,
});

/** ItemPublicTokenExchangeResponse. */
export const itemPublicTokenExchangeResponse = z.looseObject({
  access_token: z.string().min(1),
  item_id: z.string().min(1),
  request_id: requestId,
});

/** AccountBalance. */
const accountBalance = z.looseObject({
  available: z.number().nullable(),
  current: z.number().nullable(),
  limit: z.number().nullable(),
  iso_currency_code: z.string().nullable(),
  unofficial_currency_code: z.string().nullable(),
});

/** AccountBase: `verification_status` optional, never null. */
const accountBase = z.looseObject({
  account_id: z.string().min(1),
  balances: accountBalance,
  mask: z.string().nullable(),
  name: z.string(),
  official_name: z.string().nullable(),
  type: z.enum(['investment', 'credit', 'depository', 'loan', 'brokerage', 'other']),
  subtype: z.string().nullable(),
  verification_status: z
    .enum([
      'automatically_verified',
      'pending_automatic_verification',
      'pending_manual_verification',
      'unsent',
      'manually_verified',
      'verification_expired',
      'verification_failed',
      'database_matched',
      'database_insights_pass',
      'database_insights_pass_with_caution',
      'database_insights_fail',
    ])
    .optional(),
});

/** Item. */
const item = z.looseObject({
  item_id: z.string().min(1),
  institution_id: z.string().nullable().optional(),
  webhook: z.string().nullable(),
  error: plaidError.nullable(),
  available_products: z.array(z.string()),
  billed_products: z.array(z.string()),
  consent_expiration_time: z.string().nullable(),
  update_type: z.enum(['background', 'user_present_required']),
});

/** AccountsGetResponse (also /accounts/balance/get's AccountsGetResponse). */
export const accountsGetResponse = z.looseObject({
  accounts: z.array(accountBase),
  item,
  request_id: requestId,
});

/** AuthGetResponse with AuthGetNumbers and NumbersACH. */
export const authGetResponse = z.looseObject({
  accounts: z.array(accountBase),
  numbers: z.looseObject({
    ach: z.array(
      z.looseObject({
        account_id: z.string(),
        account: z.string(),
        routing: z.string(),
        wire_routing: z.string().nullable(),
      }),
    ),
    eft: z.array(z.looseObject({})),
    international: z.array(z.looseObject({})),
    bacs: z.array(z.looseObject({})),
  }),
  item,
  request_id: requestId,
});

/** ItemRemoveResponse. */
export const itemRemoveResponse = z.looseObject({ request_id: requestId });

/** ProcessorTokenCreateResponse. */
export const processorTokenCreateResponse = z.looseObject({
  processor_token: z.string().min(1),
  request_id: requestId,
});

const stepStatus = z.enum([
  'success',
  'active',
  'failed',
  'waiting_for_prerequisite',
  'not_applicable',
  'skipped',
  'expired',
  'canceled',
  'pending_review',
  'manually_approved',
  'manually_rejected',
]);
/** IdentityVerificationGetResponse with IdentityVerificationUserData. */
export const identityVerificationGetResponse = z.looseObject({
  id: z.string().min(1),
  client_user_id: z.string(),
  created_at: dateTime,
  completed_at: dateTime.nullable(),
  previous_attempt_id: z.string().nullable(),
  shareable_url: z.string().nullable(),
  template: z.looseObject({ id: z.string(), version: z.number().int() }),
  user: z.looseObject({
    date_of_birth: z.iso.date().nullable(),
    ip_address: z.string().nullable(),
    email_address: z.string().nullable(),
    name: z.looseObject({ given_name: z.string(), family_name: z.string() }).nullable(),
    address: z.looseObject({}).nullable(),
    id_number: z.looseObject({}).nullable(),
  }),
  status: z.enum(['active', 'success', 'failed', 'expired', 'canceled', 'pending_review']),
  steps: z.looseObject({
    accept_tos: stepStatus,
    verify_sms: stepStatus,
    kyc_check: stepStatus,
    documentary_verification: stepStatus,
    selfie_check: stepStatus,
    watchlist_screening: stepStatus,
    risk_check: stepStatus,
  }),
  documentary_verification: z.looseObject({}).nullable(),
  selfie_check: z.looseObject({}).nullable(),
  kyc_check: z.looseObject({}).nullable(),
  risk_check: z.looseObject({}).nullable(),
  verify_sms: z.looseObject({}).nullable(),
  watchlist_screening_id: z.string().nullable(),
  beacon_user_id: z.string().nullable(),
  user_id: z.string().nullable(),
  redacted_at: dateTime.nullable(),
  request_id: requestId,
});

/** WebhookVerificationKeyGetResponse with JWKPublicKey. */
export const webhookVerificationKeyGetResponse = z.looseObject({
  key: z.looseObject({
    alg: z.string(),
    crv: z.string(),
    kid: z.string(),
    kty: z.string(),
    use: z.string(),
    x: z.string(),
    y: z.string(),
    created_at: z.number().int(),
    expired_at: z.number().int().nullable(),
  }),
  request_id: requestId,
});

/**
 * Every Plaid endpoint Pago reads an answer of, with its schema: the clients parse with these, and
 * the fake's test checks each answer the fake gave (an endpoint missing here fails that test).
 */
export const PLAID_ANSWERS = {
  '/link/token/create': linkTokenCreateResponse,
  '/item/public_token/exchange': itemPublicTokenExchangeResponse,
  '/accounts/get': accountsGetResponse,
  '/accounts/balance/get': accountsGetResponse,
  '/auth/get': authGetResponse,
  '/item/remove': itemRemoveResponse,
  '/processor/token/create': processorTokenCreateResponse,
  '/identity_verification/get': identityVerificationGetResponse,
  '/webhook_verification_key/get': webhookVerificationKeyGetResponse,
} as const;

/**
 * Plaid's sandbox-only endpoints (SandboxPublicTokenCreateResponse, SandboxItemResetLoginResponse,
 * SandboxItemFireWebhookResponse): Pago's tests call them, as Plaid's docs suggest, never its code.
 */
export const PLAID_SANDBOX_ANSWERS = {
  '/sandbox/public_token/create': z.looseObject({
    public_token: z.string().min(1),
    request_id: requestId,
  }),
  '/sandbox/item/reset_login': z.looseObject({ reset_login: z.boolean(), request_id: requestId }),
  '/sandbox/item/fire_webhook': z.looseObject({
    webhook_fired: z.boolean(),
    request_id: requestId,
  }),
} as const;
