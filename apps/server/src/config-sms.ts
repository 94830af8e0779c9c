import { z } from 'zod';
import { optionalString } from './config-vendors';

// Twilio Messaging: the SMS Pago writes itself (the remittance recipient's), from the same
// Twilio account as Verify (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN) and a sender.

export const twilioSmsEnv = {
  /** https://api.twilio.com unless set (a proxy, a test double). */
  TWILIO_API_BASE_URL: optionalString.pipe(z.url().optional()),
  /** The sender: a Twilio number (E.164) or a Messaging Service SID (MG…). */
  TWILIO_SMS_FROM: optionalString.pipe(
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be an E.164 number or MG + 32 hex')
      .optional(),
  ),
};

export type TwilioSmsSettings = {
  /** undefined: this server's sandbox fake. */
  baseUrl: string | undefined;
  accountSid: string;
  authToken: string;
  from: string;
};

/** The Twilio fake's account (the same as Verify's fake) and Twilio's own test sender number. */
const SANDBOX_SMS = {
  accountSid: 'AC000000000000000000000000005a4db0',
  authToken: 'sandbox_twilio_auth_token',
  from: '+15005550006',
};

/**
 * Sandbox mode: the fake, unless configured. Live mode without the account and TWILIO_SMS_FROM:
 * null, so nothing is sent (and the sender's tracking page says so), never a fake.
 */
export function twilioSmsSettings(e: {
  PAGO_MODE: 'sandbox' | 'live';
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_API_BASE_URL?: string | undefined;
  TWILIO_SMS_FROM?: string | undefined;
}): TwilioSmsSettings | null {
  const baseUrl = e.TWILIO_API_BASE_URL?.replace(/\/+$/, '');
  if (e.PAGO_MODE === 'sandbox') {
    return {
      baseUrl,
      accountSid: e.TWILIO_ACCOUNT_SID ?? SANDBOX_SMS.accountSid,
      authToken: e.TWILIO_AUTH_TOKEN ?? SANDBOX_SMS.authToken,
      from: e.TWILIO_SMS_FROM ?? SANDBOX_SMS.from,
    };
  }
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_SMS_FROM) return null;
  return {
    baseUrl: baseUrl ?? 'https://api.twilio.com',
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_SMS_FROM,
  };
}
