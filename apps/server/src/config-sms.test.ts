import { describe, expect, it } from 'vitest';
import { twilioSmsSettings } from './config-sms';

describe('Twilio Messaging settings', () => {
  const account = {
    TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'token',
  };

  it('live mode sends SMS only with the account and a sender; never the fake', () => {
    expect(twilioSmsSettings({ PAGO_MODE: 'live', ...account })).toBeNull();
    expect(twilioSmsSettings({ PAGO_MODE: 'live', TWILIO_SMS_FROM: '+15551234567' })).toBeNull();
    expect(
      twilioSmsSettings({ PAGO_MODE: 'live', ...account, TWILIO_SMS_FROM: '+15551234567' }),
    ).toEqual({
      baseUrl: 'https://api.twilio.com',
      ...{ accountSid: account.TWILIO_ACCOUNT_SID, authToken: 'token' },
      from: '+15551234567',
    });
  });

  it('sandbox mode uses the fake (no base URL) with Twilio’s test sender', () => {
    expect(twilioSmsSettings({ PAGO_MODE: 'sandbox' })).toMatchObject({
      baseUrl: undefined,
      from: '+15005550006',
    });
  });
});
