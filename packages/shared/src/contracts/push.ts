import { z } from 'zod';

/** Web Push (`/api/push/*`): the VAPID key browsers subscribe with, and each device's subscription. */

// GET /api/push/vapid-key — the application server key for PushManager.subscribe().
export const vapidKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'VapidKey' });
export type VapidKey = z.infer<typeof vapidKeySchema>;

const base64url = (bytes: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url')
    .refine((v) => base64urlLength(v) === bytes, `must be ${bytes} bytes`);

/** How many bytes a base64url string decodes to (padding allowed). */
function base64urlLength(value: string): number {
  const bare = value.replace(/=+$/, '');
  return Math.floor((bare.length * 3) / 4);
}

// POST /api/push/subscriptions — PushSubscription.toJSON() and a label for the device.
export const pushSubscriptionBody = z
  .strictObject({
    endpoint: z.string().max(1000).url(),
    /** Chromium sends null; Pago stores none. */
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({
      /** The browser's ECDH P-256 public key, uncompressed (65 bytes). */
      p256dh: base64url(65),
      /** The 16-byte authentication secret. */
      auth: base64url(16),
    }),
    /** Shown in the device list; read from the User-Agent when absent. */
    device: z.string().trim().min(1).max(80).optional(),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushSubscriptionSchema = z
  .object({ id: z.string(), device: z.string(), createdAt: z.string() })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

// DELETE /api/push/subscriptions — this browser's subscription, by its endpoint.
export const deletePushSubscriptionBody = z.strictObject({ endpoint: z.string().max(1000) });

/** What the service worker receives in a push (JSON, encrypted by the push service's hop). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the app to open on click (the notification's page). */
  url: z.string(),
  /** The notification's id: one shown notification per Pago notification (the tag). */
  id: z.string(),
  language: z.enum(['es', 'en']),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
