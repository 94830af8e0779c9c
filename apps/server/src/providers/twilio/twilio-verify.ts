import { parseVendorAnswer, type VendorLog } from '../vendor-answer';
import { TWILIO_ANSWERS } from './twilio-schemas';

export type TwilioVerifySettings = {
  /** https://verify.twilio.com, or our fake's URL. Read per call (the fake's port is known late). */
  baseUrl: () => string;
  accountSid: string;
  authToken: string;
  serviceSid: string;
  timeoutMs?: number;
  /** Where an answer that breaks Twilio's published description is reported. */
  log?: VendorLog;
};

/** Twilio Verify's verification statuses (`pending` until the right code is checked). */
export type VerificationStatus =
  | 'pending'
  | 'approved'
  | 'canceled'
  | 'max_attempts_reached'
  | 'deleted'
  | 'failed'
  | 'expired';

export type Verification = { sid: string; to: string; status: VerificationStatus };

/**
 * An error answer of Twilio's API (`{code, message, status, more_info}`), or httpStatus 0 and
 * code 0 when Twilio could not be reached or answered something else.
 */
export class TwilioApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    /** The request may have reached Twilio (it timed out, or its answer was unreadable). */
    readonly mayHaveReached = false,
  ) {
    super(message);
    this.name = 'TwilioApiError';
  }
}

/** Twilio's documented error codes this client's callers act on. */
export const TWILIO_ERRORS = {
  notFound: 20404,
  invalidParameter: 60200,
  maxCheckAttempts: 60202,
  maxSendAttempts: 60203,
} as const;

/**
 * Twilio Verify v2 over its documented REST API: form-encoded POSTs with HTTP Basic auth (Account
 * SID and Auth Token). Start an SMS verification, then check the code the person received.
 */
export function createTwilioVerify(settings: TwilioVerifySettings) {
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;

  async function post(
    resource: keyof typeof TWILIO_ANSWERS,
    form: Record<string, string>,
  ): Promise<Verification> {
    let response: Response;
    try {
      // Inside the try: the sandbox fake's address is unknown until this server listens.
      const url = `${settings.baseUrl()}/v2/Services/${encodeURIComponent(settings.serviceSid)}/${resource}`;
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new TwilioApiError(0, 0, `Twilio unreachable: ${(error as Error).name}`);
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) {
      throw new TwilioApiError(
        response.status,
        typeof body?.code === 'number' ? body.code : 0,
        typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`,
      );
    }
    // Read through the schema written from Twilio's OpenAPI, at the status Twilio documents.
    const documented = TWILIO_ANSWERS[resource];
    const notAsDocumented = () =>
      new TwilioApiError(0, 0, `Twilio's ${resource} answer is not as documented`);
    const where = { vendor: 'twilio', call: resource, log: settings.log };
    if (response.status !== documented.status) {
      settings.log?.error(
        { ...where, status: response.status, documented: documented.status },
        'vendor answer does not match its published API description',
      );
      throw notAsDocumented();
    }
    const verification = parseVendorAnswer(documented.schema, body, where, notAsDocumented);
    if (!verification.sid || !verification.status) {
      throw new TwilioApiError(0, 0, 'Twilio answered without a verification');
    }
    return { sid: verification.sid, to: verification.to ?? '', status: verification.status };
  }

  return {
    /** Sends a code by SMS to an E.164 number, in this language. */
    startVerification(to: string, locale: string): Promise<Verification> {
      return post('Verifications', { To: to, Channel: 'sms', Locale: locale });
    },
    /** `approved` for the right code, `pending` for a wrong one. */
    checkVerification(to: string, code: string): Promise<Verification> {
      return post('VerificationCheck', { To: to, Code: code });
    },
  };
}

export type TwilioVerify = ReturnType<typeof createTwilioVerify>;
