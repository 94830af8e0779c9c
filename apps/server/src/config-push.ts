import { createECDH, hkdfSync } from 'node:crypto';
import { z } from 'zod';
import { optionalString } from './config-vendors';

// Web Push with VAPID (RFC 8292): the application server's key pair and contact (docs/push.md).

const base64url = (bytes: number, what: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, `must be base64url (${what})`)
      .refine((v) => Buffer.from(v, 'base64url').length === bytes, `must be ${bytes} bytes`)
      .optional(),
  );

export const pushEnv = {
  /** The VAPID public key: an uncompressed P-256 point, 65 bytes, base64url (`npx web-push generate-vapid-keys`). */
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 point'),
  /** The VAPID private key: 32 bytes, base64url. */
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key'),
  /** Who the push services may contact about Pago's pushes: mailto: or https: (RFC 8292 §2.1). */
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
  ),
};

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
/** Keys to push with, or why there is no push (live mode not configured). */
export type PushSettings = { vapid: VapidKeys } | { vapid: null; refused: string };
export type PushConfig = Readonly<{ push: PushSettings }>;

const SANDBOX_SUBJECT = 'mailto:sandbox-push@pago.app';

/**
 * A P-256 key pair derived from APP_SECRET (sandbox only): every process of one sandbox server
 * derives the same pair, so a browser's subscription (made with the public key) stays good
 * across restarts and processes, with no file to share between them.
 */
export function derivedVapidKeys(appSecret: string): { publicKey: string; privateKey: string } {
  for (let counter = 0; ; counter++) {
    const secret = Buffer.from(hkdfSync('sha256', appSecret, '', `pago vapid ${counter}`, 32));
    const ecdh = createECDH('prime256v1');
    try {
      // Refused (about one in 2^32) when the bytes are not below the curve's order: next counter.
      ecdh.setPrivateKey(secret);
    } catch {
      continue;
    }
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: secret.toString('base64url'),
    };
  }
}

/**
 * Sandbox mode: the configured pair, else one derived from APP_SECRET. Live mode: all three
 * settings, else push is refused (the routes say why), never a derived key.
 */
export function pushSettings(
  e: {
    PAGO_MODE: 'sandbox' | 'live';
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    VAPID_SUBJECT?: string | undefined;
  },
  appSecret: string,
): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  if (publicKey && privateKey && !matches(publicKey, privateKey)) {
    return refused('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.');
  }
  if (e.PAGO_MODE === 'sandbox') {
    const keys = publicKey && privateKey ? { publicKey, privateKey } : derivedVapidKeys(appSecret);
    return { push: { vapid: { ...keys, subject: e.VAPID_SUBJECT ?? SANDBOX_SUBJECT } } };
  }
  if (!publicKey || !privateKey || !e.VAPID_SUBJECT) {
    return refused(
      'Push notifications need VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT in live mode.',
    );
  }
  return { push: { vapid: { publicKey, privateKey, subject: e.VAPID_SUBJECT } } };
}

const refused = (reason: string): PushConfig => ({ push: { vapid: null, refused: reason } });

function matches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === publicKey;
  } catch {
    return false;
  }
}
