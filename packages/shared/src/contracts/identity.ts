import { z } from 'zod';
import { emailSchema, languageSchema, verificationServiceSchema } from './accounts';
import { textLine } from './text';

/**
 * Identity verification (spec §3, §4, §7). The user's identity fields — verificationService,
 * kyc_status, persona_status, plaidIdentityStatus, persona_inquiry_id — are the single truth for
 * "verified" (isIdentityVerified in ./accounts). The server keeps them in step with the vendors:
 * through their webhooks, and whenever a status call asks the vendor afresh.
 */

/** Plaid Identity Verification's own statuses, as its API reports them. */
export const PLAID_IDV_STATUSES = [
  'active',
  'success',
  'failed',
  'expired',
  'canceled',
  'pending_review',
] as const;
export type PlaidIdvStatus = (typeof PLAID_IDV_STATUSES)[number];

/** Persona's inquiry statuses, as its API reports them. */
export const PERSONA_INQUIRY_STATUSES = [
  'created',
  'pending',
  'completed',
  'needs_review',
  'approved',
  'declined',
  'failed',
  'expired',
] as const;
export type PersonaInquiryStatus = (typeof PERSONA_INQUIRY_STATUSES)[number];

/**
 * The spec's identity status values as stored on the user (spec §4): persona_status is one of
 * pending, pending_review, failed, approved; plaidIdentityStatus one of pending, pending_review,
 * failed, approved; kyc_status (the summary the dashboard badge shows) one of pending,
 * pending_review, failed, completed.
 */
export const userIdentityStatusSchema = z.enum(['pending', 'pending_review', 'failed', 'approved']);
export type UserIdentityStatus = z.infer<typeof userIdentityStatusSchema>;
export type KycStatus = 'pending' | 'pending_review' | 'failed' | 'completed';

/** Where the user stands, for the screens: what to show and what to offer next. */
export const IDENTITY_STATES = [
  'not_started',
  'in_progress',
  'pending_review',
  'failed',
  'verified',
] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];

/**
 * Why Pago refused a verification the vendor approved: the verified name is not the account's
 * (the profile's name must hold a given name and a surname of the ID), the person is under 18,
 * or the vendor reported no name.
 */
export const IDENTITY_FAILURE_REASONS = [
  'name_mismatch',
  'underage',
  'identity_data_missing',
] as const;
export type IdentityFailureReason = (typeof IDENTITY_FAILURE_REASONS)[number];

export const identityStatusSchema = z
  .object({
    state: z.enum(IDENTITY_STATES),
    verified: z.boolean(),
    /** The provider of the latest attempt, else the one stored on the profile. */
    verificationService: verificationServiceSchema.nullable(),
    kyc_status: z.enum(['pending', 'pending_review', 'failed', 'completed']).nullable(),
    persona_status: userIdentityStatusSchema.nullable(),
    plaidIdentityStatus: userIdentityStatusSchema.nullable(),
    persona_inquiry_id: z.string().nullable(),
    /** When the latest attempt last changed (ISO 8601), null before any attempt. */
    updatedAt: z.string().nullable(),
    /** The legal name the vendor verified (money moves under it); null until verified. */
    legalName: z.string().nullable(),
    /** Why the latest attempt failed on Pago's side; null otherwise. */
    failureReason: z.enum(IDENTITY_FAILURE_REASONS).nullable(),
  })
  .meta({ id: 'IdentityStatus' });
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

// GET /api/identity/settings
export const identitySettingsSchema = z.object({
  /** The profile's verificationService, else the ZIP code's provider (kyc-routing), else persona. */
  provider: verificationServiceSchema,
  status: identityStatusSchema,
  /** Loaded on demand by the web app; the sandbox fake in sandbox mode, Plaid's CDN in live mode. */
  plaid: z.object({ linkScriptUrl: z.string() }),
  persona: z.object({
    clientScriptUrl: z.string(),
    environment: z.enum(['sandbox', 'production']),
  }),
});
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

// POST /api/plaid/identity-verification/create — body optional; language of the hosted flow.
export const plaidCreateBody = z.strictObject({ language: languageSchema.optional() });
export type PlaidCreateBody = z.infer<typeof plaidCreateBody>;
export const plaidCreateResponseSchema = z.object({ link_token: z.string() });
export type PlaidCreateResponse = z.infer<typeof plaidCreateResponseSchema>;

// POST /api/plaid/identity-verification/complete
export const plaidIdentityVerificationIdSchema = z
  .string()
  .regex(/^idv_[A-Za-z0-9]{8,64}$/, { error: 'Invalid identity verification id' });
export const plaidCompleteBody = z.strictObject({
  identity_verification_id: plaidIdentityVerificationIdSchema,
});
export type PlaidCompleteBody = z.infer<typeof plaidCompleteBody>;

// POST …/complete and GET /api/plaid/identity-verification/status — status is Plaid's own
// (null before any attempt); identity is the user's resulting standing.
export const plaidStatusResponseSchema = z.object({
  status: z.enum(PLAID_IDV_STATUSES).nullable(),
  identity: identityStatusSchema,
});
export type PlaidStatusResponse = z.infer<typeof plaidStatusResponseSchema>;

// POST /api/persona/create-inquiry — the fields Persona's flow starts prefilled with.
export const personaCreateInquiryBody = z.strictObject({
  firstName: textLine().min(1).max(100),
  lastName: textLine().max(100),
  email: emailSchema,
  phone: textLine().max(30).optional(),
  language: languageSchema.optional(),
});
export type PersonaCreateInquiryBody = z.infer<typeof personaCreateInquiryBody>;
/** sessionToken: set when the inquiry was already started; Persona's client needs it to continue. */
export const personaCreateInquiryResponseSchema = z.object({
  inquiry: z.object({
    id: z.string(),
    status: z.enum(PERSONA_INQUIRY_STATUSES),
    sessionToken: z.string().nullable(),
  }),
});
export type PersonaCreateInquiryResponse = z.infer<typeof personaCreateInquiryResponseSchema>;

// GET /api/persona/status/{inquiryId} — only the owner's inquiry.
export const personaInquiryIdSchema = z
  .string()
  .regex(/^inq_[A-Za-z0-9]{8,64}$/, { error: 'Invalid inquiry id' });
export const personaStatusResponseSchema = z.object({
  inquiryId: z.string(),
  /** Persona's own status of this inquiry. */
  status: z.enum(PERSONA_INQUIRY_STATUSES),
  identity: identityStatusSchema,
});
export type PersonaStatusResponse = z.infer<typeof personaStatusResponseSchema>;
