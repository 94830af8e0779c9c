import { z } from 'zod';
import { parseVendorAnswer, type VendorLog } from '../vendor-answer';
import { TwilioApiError } from './twilio-verify';

/**
 * Twilio's Message resource as its published OpenAPI describes it (twilio/twilio-oai,
 * spec/json/twilio_api_v2010.json, info.version 1.0.0, commit d50069b): the schema
 * `api.v2010.account.message`, answered with 201 by `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`. Every property is nullable and none required;
 * Pago needs `sid` and `status`, which the client demands. Other fields pass through.
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'delivered',
  'undelivered',
  'receiving',
  'received',
  'accepted',
  'scheduled',
  'read',
  'partially_delivered',
  'canceled',
] as const;

export const twilioMessage = z.looseObject({
  sid: z
    .string()
    .regex(/^(SM|MM)[0-9a-fA-F]{32}$/)
    .nullable()
    .optional(),
  account_sid: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/)
    .nullable()
    .optional(),
  messaging_service_sid: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/)
    .nullable()
    .optional(),
  to: z.string().nullable().optional(),
  from: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  status: z.enum(MESSAGE_STATUSES).nullable().optional(),
  num_segments: z.string().nullable().optional(),
  error_code: z.number().int().nullable().optional(),
  error_message: z.string().nullable().optional(),
});

export type TwilioMessagesSettings = {
  /** https://api.twilio.com, or our fake's URL. Read per call (the fake's port is known late). */
  baseUrl: () => string;
  accountSid: string;
  authToken: string;
  /** A Twilio phone number (E.164) or a Messaging Service SID (MG…), the SMS's sender. */
  from: string;
  timeoutMs?: number;
  log?: VendorLog;
};

export type SentMessage = { sid: string; status: (typeof MESSAGE_STATUSES)[number] };

/**
 * Twilio Programmable Messaging over its documented REST API, with the same credentials as
 * Verify: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded `To`, `Body`, and
 * `From` or `MessagingServiceSid`), HTTP Basic auth. Errors are Twilio's `{code, message}` as a
 * `TwilioApiError`; httpStatus 0 when Twilio could not be reached (`timedOut` when the request
 * may have reached it).
 */
export function createTwilioMessages(settings: TwilioMessagesSettings) {
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = /^MG[0-9a-fA-F]{32}$/.test(settings.from)
    ? { MessagingServiceSid: settings.from }
    : { From: settings.from };

  return {
    /** Sends one SMS; Twilio queues it and answers the message's SID. */
    async send(to: string, body: string): Promise<SentMessage> {
      let response: Response;
      try {
        const url = `${settings.baseUrl()}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, ...sender, Body: body }).toString(),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const name = (error as Error).name;
        throw new TwilioApiError(0, 0, `Twilio unreachable: ${name}`, name === 'TimeoutError');
      }
      const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (!response.ok) {
        throw new TwilioApiError(
          response.status,
          typeof answer?.code === 'number' ? answer.code : 0,
          typeof answer?.message === 'string' ? answer.message : `HTTP ${response.status}`,
        );
      }
      const where = { vendor: 'twilio', call: 'Messages', log: settings.log };
      const notAsDocumented = () =>
        new TwilioApiError(0, 0, "Twilio's Messages answer is not as documented", true);
      if (response.status !== 201) {
        settings.log?.error(
          { ...where, status: response.status, documented: 201 },
          'vendor answer does not match its published API description',
        );
        throw notAsDocumented();
      }
      const message = parseVendorAnswer(twilioMessage, answer, where, notAsDocumented);
      if (!message.sid || !message.status) throw notAsDocumented();
      return { sid: message.sid, status: message.status };
    },
  };
}

export type TwilioMessages = ReturnType<typeof createTwilioMessages>;
