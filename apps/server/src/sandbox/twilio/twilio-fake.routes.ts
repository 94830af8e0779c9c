import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import type { SandboxTwilioVerificationsTable } from '../../db/schema';

type VerificationRow = Selectable<SandboxTwilioVerificationsTable>;

/** As Twilio Verify's defaults: codes last 10 minutes, 5 checks and 5 sends per verification. */
const CODE_TTL_SECONDS = 10 * 60;
const MAX_CHECK_ATTEMPTS = 5;
const MAX_SEND_ATTEMPTS = 5;
const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's default SMS text ("Your {friendly name} verification code is: {code}"), by locale. */
const SMS_TEXT = {
  es: (code) => `Tu código de verificación de Pago es: ${code}`,
  en: (code) => `Your Pago verification code is: ${code}`,
} satisfies Record<string, (code: string) => string>;
const smsLocale = (locale: string | undefined): keyof typeof SMS_TEXT =>
  locale === 'es' ? 'es' : 'en';

/**
 * A fake of Twilio Verify v2 under /sandbox/twilio, for sandbox mode only: the two documented
 * endpoints Pago calls, with Basic auth and the service SID checked, form-encoded bodies and
 * Twilio's error JSON. Every SMS it "sends" lands in the sandbox SMS outbox (/sandbox/sms).
 */
export async function twilioFakeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;
  const settings = app.deps.config.twilio;
  if (!settings) return;

  // Twilio's API takes form-encoded bodies (this parser is scoped to these routes).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** Answers Twilio's error shape and returns false unless the caller may use this service. */
  function authorized(request: FastifyRequest, reply: FastifyReply, resource: string): boolean {
    const expected = Buffer.from(
      `Basic ${Buffer.from(`${settings?.accountSid}:${settings?.authToken}`).toString('base64')}`,
    );
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      twilioError(reply, 401, 20003, 'Authenticate');
      return false;
    }
    const { serviceSid } = request.params as { serviceSid: string };
    if (serviceSid !== settings?.serviceSid) {
      twilioError(
        reply,
        404,
        20404,
        `The requested resource /Services/${serviceSid}/${resource} was not found`,
      );
      return false;
    }
    return true;
  }

  const form = (request: FastifyRequest) =>
    (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      string | undefined
    >;

  app.post('/sandbox/twilio/v2/Services/:serviceSid/Verifications', async (request, reply) => {
    if (!authorized(request, reply, 'Verifications')) return reply;
    const { To: to, Channel: channel, Locale: locale } = form(request);
    if (!to || !E164.test(to)) {
      return twilioError(reply, 400, 60200, `Invalid parameter To: ${to ?? ''}`);
    }
    if (channel !== 'sms') return twilioError(reply, 400, 60200, 'Invalid parameter: Channel');
    const language = smsLocale(locale);

    const result = await db.transaction().execute(async (tx) => {
      // One pending verification per number, as Twilio keeps it: a new send resends its code.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`twilio:${to}`}, 0))`.execute(tx);
      const open = await pendingVerification(tx, settings.serviceSid, to);
      if (open && open.send_attempts >= MAX_SEND_ATTEMPTS) return 'max_send' as const;
      // Within a verification's 10 minutes Twilio resends the same code.
      const code = open?.code ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
      const row = open
        ? await tx
            .updateTable('sandbox_twilio_verifications')
            .set({
              send_attempts: open.send_attempts + 1,
              locale: language,
              updated_at: sql<Date>`now()`,
            })
            .where('sid', '=', open.sid)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await tx
            .insertInto('sandbox_twilio_verifications')
            .values(
              (() => {
                const sid = `VE${randomBytes(16).toString('hex')}`;
                return {
                  sid,
                  service_sid: settings.serviceSid,
                  account_sid: settings.accountSid,
                  to_number: to,
                  channel,
                  locale: language,
                  code,
                  status: 'pending' as const,
                  expires_at: sql<Date>`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
                };
              })(),
            )
            .returningAll()
            .executeTakeFirstOrThrow();
      await tx
        .insertInto('sandbox_sms')
        .values({ to_number: to, body: SMS_TEXT[language](code), code })
        .execute();
      return row;
    });
    if (result === 'max_send') return twilioError(reply, 429, 60203, 'Max send attempts reached');
    return reply.code(201).send(verificationResource(result, 'Verifications'));
  });

  app.post('/sandbox/twilio/v2/Services/:serviceSid/VerificationCheck', async (request, reply) => {
    if (!authorized(request, reply, 'VerificationCheck')) return reply;
    const { To: to, Code: code } = form(request);
    if (!to) return twilioError(reply, 400, 60200, 'Invalid parameter: To');
    if (!code || !/^[0-9A-Za-z]{4,10}$/.test(code)) {
      return twilioError(reply, 400, 60200, 'Invalid parameter: Code');
    }
    const notFound = () =>
      twilioError(
        reply,
        404,
        20404,
        `The requested resource /Services/${settings.serviceSid}/VerificationCheck was not found`,
      );
    const open = await pendingVerification(db, settings.serviceSid, to);
    if (!open) return notFound();
    // Taken atomically, so concurrent checks cannot exceed the allowance.
    const taken = await db
      .updateTable('sandbox_twilio_verifications')
      .set((eb) => ({ check_attempts: eb('check_attempts', '+', 1), updated_at: sql<Date>`now()` }))
      .where('sid', '=', open.sid)
      .where('status', '=', 'pending')
      .where('check_attempts', '<', MAX_CHECK_ATTEMPTS)
      .returningAll()
      .executeTakeFirst();
    if (!taken) {
      // Approved by a concurrent check in the meantime: no pending verification is left.
      const now = await pendingVerification(db, settings.serviceSid, to);
      if (now?.sid !== open.sid) return notFound();
      return twilioError(reply, 429, 60202, 'Max check attempts reached');
    }
    if (!sameCode(taken.code, code)) {
      return reply.code(200).send(checkResource(taken));
    }
    const approved = await db
      .updateTable('sandbox_twilio_verifications')
      .set({ status: 'approved', updated_at: sql<Date>`now()` })
      .where('sid', '=', taken.sid)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!approved) return notFound();
    return reply.code(200).send(checkResource(approved));
  });
}

function sameCode(expected: string, given: string): boolean {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}

async function pendingVerification(
  db: Database,
  serviceSid: string,
  to: string,
): Promise<VerificationRow | undefined> {
  return db
    .selectFrom('sandbox_twilio_verifications')
    .selectAll()
    .where('service_sid', '=', serviceSid)
    .where('to_number', '=', to)
    .where('status', '=', 'pending')
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

function twilioError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

function baseResource(row: VerificationRow) {
  return {
    sid: row.sid,
    service_sid: row.service_sid,
    account_sid: row.account_sid,
    to: row.to_number,
    channel: row.channel,
    status: row.status,
    valid: row.status === 'approved',
    amount: null,
    payee: null,
    date_created: row.created_at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    date_updated: row.updated_at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

function verificationResource(row: VerificationRow, resource: string) {
  return {
    ...baseResource(row),
    lookup: {},
    send_code_attempts: [],
    sna: null,
    url: `https://verify.twilio.com/v2/Services/${row.service_sid}/${resource}/${row.sid}`,
  };
}

function checkResource(row: VerificationRow) {
  return { ...baseResource(row), sna_attempts_error_codes: [] };
}
