import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from './config';
import { derivedVapidKeys, pushSettings } from './config-push';

const SECRET = 'a-sandbox-secret-of-at-least-32-chars';

describe('VAPID settings', () => {
  it('derives one pair from APP_SECRET in sandbox mode, the same every time, that web-push accepts', () => {
    const a = pushSettings({ PAGO_MODE: 'sandbox' }, SECRET).push;
    const b = pushSettings({ PAGO_MODE: 'sandbox' }, SECRET).push;
    expect(a).toEqual(b);
    expect(a.vapid?.subject).toMatch(/^mailto:/);
    expect(
      pushSettings({ PAGO_MODE: 'sandbox' }, `${SECRET}-other`).push.vapid?.publicKey,
    ).not.toBe(a.vapid?.publicKey);
    // web-push validates the pair's lengths and signs a JWT with it.
    const headers = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      'mailto:ops@pago.app',
      a.vapid?.publicKey ?? '',
      a.vapid?.privateKey ?? '',
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    expect(derivedVapidKeys(SECRET)).toEqual({
      publicKey: a.vapid?.publicKey,
      privateKey: a.vapid?.privateKey,
    });
  });

  it('takes a configured pair; live mode needs all three settings, and a mismatched pair is refused', () => {
    const keys = webpush.generateVAPIDKeys();
    const env = {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://pago.app/contact',
    };
    expect(pushSettings({ PAGO_MODE: 'live', ...env }, SECRET).push).toEqual({
      vapid: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: env.VAPID_SUBJECT },
    });
    const missing = pushSettings({ PAGO_MODE: 'live', ...env, VAPID_SUBJECT: undefined }, SECRET);
    expect(missing.push).toMatchObject({ vapid: null, refused: expect.stringContaining('VAPID') });
    const other = webpush.generateVAPIDKeys();
    const mismatched = pushSettings(
      { PAGO_MODE: 'sandbox', ...env, VAPID_PUBLIC_KEY: other.publicKey },
      SECRET,
    );
    expect(mismatched.push.vapid).toBeNull();
  });

  it('refuses malformed keys and subjects at start', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://pago.app' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({}).push.vapid).not.toBeNull();
  });
});
