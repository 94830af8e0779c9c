import { z } from 'zod';
import { PASSWORD_MAX } from '../password-strength';
import { passwordSchema } from './accounts';

/**
 * Sign-in security: two-step codes (an authenticator app's 6 digits, or a one-time
 * recovery code), change of password, active sessions.
 */

/** A code as typed: 6 digits from the app, or a recovery code (`xxxxx-xxxxx`, any case). */
export const twoStepCodeSchema = z
  .string()
  .trim()
  .min(6)
  .max(20)
  .regex(/^[0-9A-Za-z-]+$/);

/** Where two-step codes are on, sensitive changes also take a current code. */
export const twoStepCodeField = { twoStepCode: twoStepCodeSchema.optional() };

/** POST /api/auth/login answers this instead of a session when the account has two-step codes. */
export const twoStepChallengeSchema = z.object({
  twoStepRequired: z.literal(true),
  /** Short-lived (5 minutes); POST it with a code to /api/auth/login/two-step. */
  challenge: z.string(),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallengeSchema>;

export const twoStepLoginBody = z.strictObject({
  challenge: z.string().min(20).max(100),
  code: twoStepCodeSchema,
});

export const securityStatusSchema = z.object({
  twoStepEnabled: z.boolean(),
  /** Recovery codes not yet used (0 while two-step codes are off). */
  recoveryCodesLeft: z.number().int(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

/** POST /api/security/two-step/setup: a new secret to add to the app, not yet on. */
export const twoStepSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

export const twoStepConfirmBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
/** The ten recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoStepDisableBody = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX),
  code: twoStepCodeSchema,
});

export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: passwordSchema,
  ...twoStepCodeField,
});

/** How a session was opened: a password, a sign-in link, the external provider, or sign-up. */
export const SIGN_IN_METHODS = ['password', 'link', 'external', 'signup'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const sessionSchema = z.object({
  id: z.string(),
  /** "Chrome (Windows)", or null when the browser did not say. */
  device: z.string().nullable(),
  /** How it was opened; null for sessions older than this field. */
  method: z.enum(SIGN_IN_METHODS).nullable(),
  /** "Austin, TX, US": from the address it was opened from, where a local GeoIP database exists. */
  place: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

export const sessionIdParams = z.strictObject({ id: z.string().max(64) });
