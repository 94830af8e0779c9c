import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { signUp } from '../../../test/accounts-helpers';
import { nextUsPhone } from '../../../test/money-helpers';
import { checkPhoneCode, latestSms, sendPhoneCode } from '../../../test/phone-helpers';
import { type FakeAnswer, nonConforming, recordingTestApp } from '../../../test/vendor-recorder';
import { TWILIO_ANSWERS, twilioError } from './twilio-schemas';
import { createTwilioVerify, TwilioApiError } from './twilio-verify';

const test = recordingTestApp('/sandbox/twilio');

function schemaOf(answer: FakeAnswer) {
  const resource = /^\/v2\/Services\/[^/]+\/(Verifications|VerificationCheck)$/.exec(
    answer.path,
  )?.[1];
  if (answer.method !== 'POST' || !resource) return undefined;
  if (answer.status >= 400) return twilioError;
  const documented = TWILIO_ANSWERS[resource as keyof typeof TWILIO_ANSWERS];
  return documented.status === answer.status ? documented.schema : undefined;
}

describe('the Twilio fake against Twilio’s published OpenAPI', () => {
  it('gives only answers that Twilio Verify’s schemas accept: send, a wrong code, the right one', async () => {
    const { app } = test;
    const user = await signUp(app);
    const phone = nextUsPhone();
    expect((await sendPhoneCode(app, user, phone)).statusCode).toBe(200);
    const wrong = await checkPhoneCode(app, user, phone, '000000');
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    const code = (await latestSms(app, phone))?.code ?? '';
    expect((await checkPhoneCode(app, user, phone, code)).statusCode).toBe(200);

    const answers = test.answers();
    expect(nonConforming(answers, schemaOf)).toEqual([]);
    const seen = answers.map((a) => `${a.path.split('/').pop()} ${a.status}`);
    expect(seen).toEqual(['Verifications 201', 'VerificationCheck 200', 'VerificationCheck 200']);
  });
});

describe('the Twilio Verify client', () => {
  async function standIn(status: number, body: unknown) {
    const server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const logged: object[] = [];
    const client = createTwilioVerify({
      baseUrl: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      accountSid: `AC${'a'.repeat(32)}`,
      authToken: 'token',
      serviceSid: `VA${'a'.repeat(32)}`,
      log: { error: (fields) => logged.push(fields) },
    });
    return { client, logged };
  }
  const check = {
    sid: `VE${'b'.repeat(32)}`,
    service_sid: `VA${'a'.repeat(32)}`,
    account_sid: `AC${'a'.repeat(32)}`,
    to: '+15017122661',
    channel: 'sms',
    status: 'approved',
    valid: true,
    date_created: '2026-11-01T00:00:00Z',
    date_updated: '2026-11-01T00:00:00Z',
  };

  it('takes a check answered 200, as Twilio documents, and refuses one answered 201', async () => {
    const right = await standIn(200, check);
    expect(await right.client.checkVerification('+15017122661', '123456')).toMatchObject({
      status: 'approved',
    });
    const wrong = await standIn(201, check);
    await expect(wrong.client.checkVerification('+15017122661', '123456')).rejects.toBeInstanceOf(
      TwilioApiError,
    );
    expect(wrong.logged).toMatchObject([{ vendor: 'twilio', status: 201, documented: 200 }]);
  });

  it('refuses a status Twilio does not list and a malformed SID', async () => {
    for (const drifted of [
      { ...check, status: 'verified' },
      { ...check, sid: 'VE-not-a-sid' },
    ]) {
      const { client, logged } = await standIn(200, drifted);
      await expect(client.checkVerification('+15017122661', '123456')).rejects.toBeInstanceOf(
        TwilioApiError,
      );
      expect(logged).toMatchObject([{ vendor: 'twilio', call: 'VerificationCheck' }]);
    }
  });
});
