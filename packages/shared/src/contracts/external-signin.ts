import { z } from 'zod';
import {
  authResponseSchema,
  languageSchema,
  nameSchema,
  phoneSchema,
  usernameSchema,
  zipCodeSchema,
} from './accounts';
import { termsVersionSchema } from './terms';

/**
 * External sign-in with an OpenID Connect provider. The browser goes to
 * GET /api/auth/external/start, signs in at the provider, comes back to /callback with `code`,
 * `state` (and `iss`), and posts them here; the server exchanges the code, validates the ID
 * token and answers one of three outcomes.
 */

// GET /api/auth/external/start?lang=es
export const externalStartQuery = z.strictObject({ lang: languageSchema.optional() });

// POST /api/auth/external/callback
export const externalCallbackBody = z.strictObject({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  iss: z.string().max(2048).optional(),
});
export type ExternalCallbackBody = z.infer<typeof externalCallbackBody>;

/**
 * Why an external sign-in failed (`external_signin_failed`'s `details.reason`), worded by the web
 * in the reader's language: the provider could not be reached, refused the code, answered with an
 * ID token that failed the checks, could not give the account's claims (UserInfo), or gave no
 * verified e-mail address.
 */
export const EXTERNAL_SIGNIN_FAILURES = [
  'provider_unreachable',
  'code_refused',
  'token_invalid',
  'userinfo_failed',
  'email_not_verified',
] as const;
export type ExternalSigninFailure = (typeof EXTERNAL_SIGNIN_FAILURES)[number];

/** A provider's verified identity waiting for a step on Pago (missing fields, or the password). */
const ticket = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

export const externalCallbackResponseSchema = z
  .discriminatedUnion('status', [
    authResponseSchema.extend({ status: z.literal('signed_in') }),
    z.object({
      status: z.literal('details_required'),
      ticket: z.string(),
      email: z.string(),
      /** The provider's name; '' when it gave none (then `complete` needs one). */
      name: z.string(),
      /** Generated from the e-mail; the user may change it. */
      suggestedUsername: z.string(),
    }),
    z.object({ status: z.literal('link_required'), ticket: z.string(), email: z.string() }),
    /** The account has two-step codes on: a code turns the challenge into the session. */
    z.object({ status: z.literal('two_step_required'), challenge: z.string() }),
  ])
  .meta({ id: 'ExternalCallbackResponse' });
export type ExternalCallbackResponse = z.infer<typeof externalCallbackResponseSchema>;

// POST /api/auth/external/complete — a first sign-in gives what the provider did not.
export const externalCompleteBody = z.strictObject({
  ticket,
  /** Required when the provider gave no name (the callback's `name` is ''); else the provider's wins. */
  name: nameSchema.optional(),
  username: usernameSchema,
  zipCode: zipCodeSchema,
  phone: phoneSchema.optional(),
  language: languageSchema.optional(),
  /** The terms version accepted on the details step: no account is made without it. */
  termsVersion: termsVersionSchema,
});
export type ExternalCompleteBody = z.infer<typeof externalCompleteBody>;

// POST /api/auth/external/link — the Pago password proves the existing account is the same person.
export const externalLinkBody = z.strictObject({
  ticket,
  password: z.string().min(1).max(200),
});
export type ExternalLinkBody = z.infer<typeof externalLinkBody>;

// GET /api/auth/method — how this session signed in (the dashboard's "auth method").
export const authMethodSchema = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('traditional') }),
    z.object({ method: z.literal('external'), providerName: z.string(), email: z.string() }),
  ])
  .meta({ id: 'AuthMethod' });
export type AuthMethod = z.infer<typeof authMethodSchema>;

// POST /api/auth/logout answers this: for an external sign-in, where to end the provider's session.
export const logoutResponseSchema = z.object({
  success: z.literal(true),
  endSessionUrl: z.string().optional(),
});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
