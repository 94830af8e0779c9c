import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app-instance';

const E164 = /^\+[1-9]\d{6,14}$/;
/** Twilio's limit on a message body (error 21617). */
const MAX_BODY = 1600;

/**
 * A fake of Twilio's Message resource (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`)
 * under /sandbox/twilio, for sandbox mode only: Basic auth with the account's SID and token
 * (20003), the account in the path (20404), `To` in E.164 (21211), a sender (21603), a body (21602,
 * at most 1,600 characters: 21617), and Twilio's error JSON. Each message lands in the sandbox SMS
 * outbox (/sandbox/sms) and is answered 201 `queued`, as Twilio queues it.
 */
export async function twilioMessagesFakeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  const settings = app.deps.config.twilioSms;
  if (!settings) return;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/sandbox/twilio/2010-04-01/Accounts/:accountSid/Messages.json',
    async (request, reply) => {
      const expected = Buffer.from(
        `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
      );
      const given = Buffer.from(String(request.headers.authorization ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return twilioError(reply, 401, 20003, 'Authenticate');
      }
      const { accountSid } = request.params as { accountSid: string };
      if (accountSid !== settings.accountSid) {
        return twilioError(
          reply,
          404,
          20404,
          `The requested resource /2010-04-01/Accounts/${accountSid}/Messages.json was not found`,
        );
      }
      const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
        string,
        string | undefined
      >;
      const { To: to, From: from, MessagingServiceSid: service, Body: body } = form;
      if (!to || !E164.test(to)) {
        return twilioError(
          reply,
          400,
          21211,
          `The 'To' number ${to ?? ''} is not a valid phone number.`,
        );
      }
      if (!from && !service) {
        return twilioError(
          reply,
          400,
          21603,
          "A 'From' or 'MessagingServiceSid' parameter is required to send a message",
        );
      }
      if (!body) return twilioError(reply, 400, 21602, 'Message body is required.');
      if (body.length > MAX_BODY) {
        return twilioError(
          reply,
          400,
          21617,
          'The concatenated message body exceeds the 1600 character limit.',
        );
      }
      const row = await db
        .insertInto('sandbox_sms')
        .values({ to_number: to, body })
        .returning(['sent_at'])
        .executeTakeFirstOrThrow();
      const date = row.sent_at.toUTCString().replace('GMT', '+0000');
      const sid = `SM${randomBytes(16).toString('hex')}`;
      return reply.code(201).send({
        account_sid: settings.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: date,
        date_sent: null,
        date_updated: date,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: from ?? null,
        messaging_service_sid: service ?? null,
        num_media: '0',
        num_segments: String(segments(body)),
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: {
          media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json`,
        },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    },
  );
}

/** How many segments Twilio bills: 160/153 GSM-7 characters, or 70/67 UCS-2 when any is not. */
function segments(body: string): number {
  const gsm =
    /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/.test(body);
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / multi);
}

function twilioError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}
