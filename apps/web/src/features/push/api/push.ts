import type { PushSubscriptionInfo, VapidKey } from '@pago/shared/contracts/push';
import { apiFetch } from '@/lib/api-client';

/** Whether this browser can take pushes at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return (
    'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined'
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await registration()).pushManager.getSubscription();
}

/**
 * Turns push on for this device: asks the person's permission, subscribes with the server's
 * VAPID key and registers the subscription for the signed-in user and session.
 */
export async function enablePush(): Promise<PushSubscriptionInfo | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await apiFetch<VapidKey>('/api/push/vapid-key');
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64urlBytes(publicKey),
    }));
  return apiFetch<PushSubscriptionInfo>('/api/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
  });
}

/**
 * This browser's subscription, registered again for the signed-in user and session (the server
 * may have dropped it: the push service said it was gone, or the session it was made in ended).
 * Null when the browser has none.
 */
export async function refreshSubscription(): Promise<PushSubscriptionInfo | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  return apiFetch<PushSubscriptionInfo>('/api/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
  });
}

/** Turns push off for this device: the server forgets it, and the browser unsubscribes. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiFetch('/api/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
