import { z } from 'zod';

/**
 * Twilio Verify v2's answers as its published OpenAPI describes them (twilio/twilio-oai,
 * spec/json/twilio_verify_v2.json, info.version 1.0.0, commit d50069b): the schemas
 * `verify.v2.service.verification` (201 from `POST /v2/Services/{ServiceSid}/Verifications`) and
 * `verify.v2.service.verification_check` (200 from `POST …/VerificationCheck`). Twilio marks every
 * property nullable and none required; Pago needs `sid` and `status`, which the client demands.
 * Other fields pass through (`looseObject`).
 */

/** The statuses the spec's description lists for `status`. */
export const VERIFICATION_STATUSES = [
  'pending',
  'approved',
  'canceled',
  'max_attempts_reached',
  'deleted',
  'failed',
  'expired',
] as const;

const verificationFields = {
  sid: z
    .string()
    .regex(/^VE[0-9a-fA-F]{32}$/)
    .nullable()
    .optional(),
  service_sid: z
    .string()
    .regex(/^VA[0-9a-fA-F]{32}$/)
    .nullable()
    .optional(),
  account_sid: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/)
    .nullable()
    .optional(),
  to: z.string().nullable().optional(),
  channel: z.enum(['sms', 'call', 'email', 'whatsapp', 'sna']).nullable().optional(),
  status: z.enum(VERIFICATION_STATUSES).nullable().optional(),
  valid: z.boolean().nullable().optional(),
  date_created: z.iso.datetime({ offset: true }).nullable().optional(),
  date_updated: z.iso.datetime({ offset: true }).nullable().optional(),
};

export const twilioVerification = z.looseObject(verificationFields);
export const twilioVerificationCheck = z.looseObject(verificationFields);

/** Twilio's error body (`{code, message, more_info, status}`), on any 4xx/5xx. */
export const twilioError = z.looseObject({
  code: z.number().int(),
  message: z.string(),
  more_info: z.string().optional(),
  status: z.number().int(),
});

/** Each Verify resource Pago posts to: the status Twilio documents and its answer's schema. */
export const TWILIO_ANSWERS = {
  Verifications: { status: 201, schema: twilioVerification },
  VerificationCheck: { status: 200, schema: twilioVerificationCheck },
} as const;
