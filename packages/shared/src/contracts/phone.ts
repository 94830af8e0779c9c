import { z } from 'zod';
import { phoneSchema, verificationCodeSchema } from './accounts';

// POST /api/phone/send-code — an SMS code to this phone, for the signed-in user.
export const sendPhoneCodeBody = z.strictObject({ phone: phoneSchema });
export type SendPhoneCodeBody = z.infer<typeof sendPhoneCodeBody>;
export const sendPhoneCodeResponseSchema = z.object({
  success: z.literal(true),
  expiresInSeconds: z.number().int(),
});
export type SendPhoneCodeResponse = z.infer<typeof sendPhoneCodeResponseSchema>;

// POST /api/phone/verify — the code received by SMS; on success the phone is the user's, verified.
export const verifyPhoneBody = z.strictObject({ phone: phoneSchema, code: verificationCodeSchema });
export type VerifyPhoneBody = z.infer<typeof verifyPhoneBody>;
export const verifyPhoneResponseSchema = z.object({
  success: z.literal(true),
  verified: z.literal(true),
  phone: z.string(),
});
export type VerifyPhoneResponse = z.infer<typeof verifyPhoneResponseSchema>;
