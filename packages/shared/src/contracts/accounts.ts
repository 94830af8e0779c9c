import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../password-strength';
import { isPhoneCountry, type PhoneCountryCode } from '../phone-countries';
import { TIME_ZONES } from '../time-zones';
import { usAddressSchema, usAddressView, zip5 } from './address';
import { TERMS_VERSION, termsVersionSchema } from './terms';
import { textLine } from './text';

/**
 * Request and response shapes of the accounts API (spec §3, §7), shared by server and web.
 * Request schemas are strict: an unknown field is a 400, not silently ignored.
 */

export const LANGUAGES = ['es', 'en'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const VERIFICATION_SERVICES = ['plaid', 'persona'] as const;
export const verificationServiceSchema = z.enum(VERIFICATION_SERVICES);
export type VerificationService = z.infer<typeof verificationServiceSchema>;

/** E-mail addresses are compared and stored lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());

/** 3–30 letters, digits, `_` or `.`; unique without regard to case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
export const usernameSchema = z.string().trim().regex(USERNAME_PATTERN, {
  error: 'Username must be 3 to 30 letters, digits, _ or .',
});

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const NAME_MAX = 80;
/**
 * A person's name: words of letters (any script, with their accents), joined by spaces, hyphens
 * or apostrophes, a word may end in a period ("J. R.", "Jr."). No digits, markup, control
 * characters or URLs: the name is written into e-mails to addresses not yet proven, and a period
 * between letters ("evil.com") would let a mail client make it a link.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}]*\.?(?:[ '’-]+\p{L}[\p{L}\p{M}]*\.?)*$/u;
export const nameSchema = z
  .string()
  .trim()
  .min(1)
  .max(NAME_MAX)
  .regex(NAME_PATTERN, { error: 'Name must be letters, spaces, hyphens or apostrophes' });
export const zipCodeSchema = textLine().min(1).max(12);
export const addressSchema = textLine().max(200);
export const ZIP_MISMATCH = 'ZIP code must be the ZIP code of the address';

/** A US ZIP code beside an address must be its ZIP; a foreign postal code (Persona's) is no US ZIP. */
export function zipAgrees(zipCode: string | null | undefined, postalCode: string | undefined) {
  const zip = zip5(zipCode);
  return zip === null || postalCode === undefined || zip === zip5(postalCode);
}

/** A phone in E.164 ("+5215512345678") of one of the allowed countries (spec §2). */
export const phoneSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^\+\d{3,17}$/, { error: 'Phone number must include country code' })
  .refine(isAllowedPhone, { error: 'Phone number is not valid for an allowed country' });

/**
 * Answers of `isAllowedPhone` already given. libphonenumber's check costs 30–60 µs of a server's
 * CPU per phone field and its answer for a string never changes, so the answers of the last
 * 10,000 well-formed phones are kept (oldest dropped first): the same result, once per number.
 */
const knownPhones = new Map<string, boolean>();
const KNOWN_PHONES_MAX = 10_000;
const E164 = /^\+\d{3,17}$/;

/** Whether an E.164 phone is a valid number of an allowed country. */
function isAllowedPhone(value: string): boolean {
  const known = knownPhones.get(value);
  if (known !== undefined) return known;
  const phone = parsePhoneNumberFromString(value);
  const allowed =
    phone?.isValid() === true && phone.country !== undefined && isPhoneCountry(phone.country);
  if (E164.test(value)) {
    if (knownPhones.size >= KNOWN_PHONES_MAX) {
      const oldest = knownPhones.keys().next().value;
      if (oldest !== undefined) knownPhones.delete(oldest);
    }
    knownPhones.set(value, allowed);
  }
  return allowed;
}

/** The allowed country an E.164 phone belongs to, or null. */
export function phoneCountryOf(phone: string | null | undefined): PhoneCountryCode | null {
  if (!phone) return null;
  const country = parsePhoneNumberFromString(phone)?.country;
  return country && isPhoneCountry(country) ? country : null;
}

export const verificationCodeSchema = z.string().regex(/^\d{6}$/, {
  error: 'Verification code must be 6 digits',
});

// POST /api/email/send-verification
export const sendVerificationBody = z.strictObject({
  email: emailSchema,
  name: nameSchema,
  /** The language the e-mail is written in; default Spanish. */
  language: languageSchema.optional(),
});
export type SendVerificationBody = z.infer<typeof sendVerificationBody>;
export type SendVerificationResponse = { success: true };

// POST /api/email/verify-code
export const verifyCodeBody = z.strictObject({ email: emailSchema, code: verificationCodeSchema });
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;
export type VerifyCodeResponse = { success: true; verified: true };

// POST /api/auth/signup
export const signupBody = z
  .strictObject({
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema.optional(),
    username: usernameSchema,
    password: passwordSchema,
    zipCode: zipCodeSchema,
    verificationService: verificationServiceSchema.optional(),
    /** Sent by the spec's client; never trusted: the server checks its own record of the code. */
    emailVerified: z.boolean().optional(),
    language: languageSchema.optional(),
    /** The terms version the person accepted (the checkbox): required, recorded with the time. */
    termsVersion: termsVersionSchema,
  })
  .meta({
    examples: [
      {
        name: 'Ana García',
        email: 'ana@example.com',
        phone: '+13055550123',
        username: 'ana_g',
        password: 'correct horse battery',
        zipCode: '33101',
        language: 'es',
        termsVersion: TERMS_VERSION,
      },
    ],
  });
export type SignupBody = z.infer<typeof signupBody>;

// POST /api/auth/login — `username` may also be the e-mail address.
export const loginBody = z
  .strictObject({
    username: textLine().min(1).max(254),
    password: z.string().min(1).max(PASSWORD_MAX),
  })
  .meta({ examples: [{ username: 'ana_g', password: 'correct horse battery' }] });
export type LoginBody = z.infer<typeof loginBody>;

// POST /api/auth/sign-in-link: a one-time sign-in link to the account's e-mail
export const signInLinkRequestBody = z.strictObject({
  /** The username or e-mail, as the sign-in form takes it. */
  username: textLine().min(1).max(254),
  language: languageSchema.optional(),
});
export type SignInLinkRequestBody = z.infer<typeof signInLinkRequestBody>;
// POST /api/auth/sign-in-link/redeem: the token from the e-mailed link
export const signInLinkRedeemBody = z.strictObject({
  token: z.string().min(1).max(128),
});
export type SignInLinkRedeemBody = z.infer<typeof signInLinkRedeemBody>;

// POST /api/auth/password-reset/request and /confirm
export const passwordResetRequestBody = z.strictObject({
  email: emailSchema,
  language: languageSchema.optional(),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;
export const passwordResetConfirmBody = z.strictObject({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

// PUT /api/user/profile — a new e-mail must have been verified by code first (send-verification
// and verify-code on the new address), within the last 30 minutes.
// `homeAddress` is the address in parts (null clears it); when given, `address` (the spec's one
// line) is ignored and written from it. A US ZIP code sent with it must be the address's ZIP.
export const updateProfileBody = z
  .strictObject({
    name: nameSchema,
    username: usernameSchema,
    email: emailSchema,
    phone: z.union([phoneSchema, z.literal(''), z.null()]).optional(),
    address: z.union([addressSchema, z.null()]).optional(),
    homeAddress: z.union([usAddressSchema, z.null()]).optional(),
    zipCode: z.union([zipCodeSchema, z.literal(''), z.null()]).optional(),
    language: languageSchema.optional(),
    /** The zone times are shown in (one of `TIME_ZONES`); null: the ZIP code's again. */
    timeZone: z.union([z.enum(TIME_ZONES as [string, ...string[]]), z.null()]).optional(),
    /** A current two-step code, required (when they are on) to change the e-mail or phone. */
    twoStepCode: z
      .string()
      .trim()
      .min(6)
      .max(20)
      .regex(/^[0-9A-Za-z-]+$/)
      .optional(),
  })
  .refine((body) => zipAgrees(body.zipCode, body.homeAddress?.postalCode), {
    path: ['zipCode'],
    error: ZIP_MISMATCH,
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The signed-in user as GET /api/user/profile returns them (spec §3 field names). */
export const userProfileSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    phone_verified: z.boolean(),
    /** One line, for the spec's clients: written from `homeAddress` when it is known. */
    address: z.string().nullable(),
    /** The home address in parts; null until given (the bank needs it). */
    homeAddress: usAddressView.nullable(),
    zipCode: z.string().nullable(),
    verificationService: verificationServiceSchema.nullable(),
    kyc_status: z.string().nullable(),
    persona_status: z.string().nullable(),
    persona_inquiry_id: z.string().nullable(),
    plaidIdentityStatus: z.string().nullable(),
    unitAccountId: z.string().nullable(),
    /** Wallet balance in whole cents, from the ledger. */
    balanceCents: z.number().int(),
    /** The same in US dollars, as the spec's clients read it; display from balanceCents. */
    balance: z.number(),
    availableBalanceCents: z.number().int(),
    language: languageSchema,
    createdAt: z.string(),
    /** The IANA zone the user reads times in: the one chosen, else their ZIP code's. */
    timeZone: z.string().optional(),
    /** Whether `timeZone` was chosen (false: derived from the ZIP code). */
    timeZoneChosen: z.boolean().optional(),
    /** Staff froze the account for review: no money leaves it (docs/ops-console.md). */
    accountFrozen: z.boolean().optional(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userProfileSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Registration result (spec §3). Where it sends the web app (spec §4): testMode → /dashboard;
 * verificationNeeded → /verify; otherwise /onboarding/verify.
 */
export const signupResponseSchema = authResponseSchema.extend({
  testMode: z.boolean(),
  verificationNeeded: z.boolean(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** What anyone signed in may see of another user (the /find-user card): nothing private. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * GET /api/users/lookup's answer: what the payment screen shows of the person to pay (their
 * display name and @username) and nothing else — no id, no phone, no legal name.
 */
export const payeeSchema = z.object({ name: z.string(), username: z.string() });
export type Payee = z.infer<typeof payeeSchema>;

/** GET /api/users/lookup: the Pago user a payer means, by @username or by verified phone. */
export const payeeLookupQuery = z
  .strictObject({ username: usernameSchema.optional(), phone: phoneSchema.optional() })
  .refine((query) => (query.username === undefined) !== (query.phone === undefined), {
    message: 'Give a username or a phone.',
    path: ['username'],
  });
export type PayeeLookupQuery = z.infer<typeof payeeLookupQuery>;

export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
export const verifyCodeResponseSchema = z.object({
  success: z.literal(true),
  verified: z.literal(true),
});

/**
 * Verified identity (spec §4): any one of kyc_status completed, persona_status approved or
 * completed, plaidIdentityStatus approved. Money movement requires it, on the server.
 */
/**
 * The statuses that verify an identity, per source (one rule: `isIdentityVerified` here, and the
 * batched send's session check in SQL, which is given this object).
 */
export const VERIFIED_IDENTITY = {
  kyc_status: ['completed'],
  persona_status: ['approved', 'completed'],
  plaid_identity_status: ['approved'],
} as const satisfies Record<string, readonly string[]>;

export function isIdentityVerified(user: {
  kyc_status: string | null;
  persona_status: string | null;
  plaidIdentityStatus: string | null;
}): boolean {
  const any = (statuses: readonly string[], status: string | null) =>
    status !== null && statuses.includes(status);
  return (
    any(VERIFIED_IDENTITY.kyc_status, user.kyc_status) ||
    any(VERIFIED_IDENTITY.persona_status, user.persona_status) ||
    any(VERIFIED_IDENTITY.plaid_identity_status, user.plaidIdentityStatus)
  );
}
