import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubRoutes } from '@/test/api-stub';
import { featureRenderer } from '@/test/render-feature';
import { PushDevice } from './push-device';

const renderPush = featureRenderer('push');

/** A browser with a service worker, the Push API and notifications, whose subscription is `existing`. */
function pushCapableBrowser(existing: object | null, permission: NotificationPermission) {
  const subscription = existing && {
    ...existing,
    toJSON: () => existing,
    unsubscribe: async () => true,
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: async () => permission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('push on this device', () => {
  it('says so where the browser cannot receive pushes', async () => {
    await renderPush(<PushDevice />);
    expect(
      await screen.findByText(/Este navegador no puede recibir notificaciones/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('registers the subscription the browser already has again, and shows it on', async () => {
    const existing = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      // 65 and 16 bytes, base64url, as a browser makes them.
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    };
    pushCapableBrowser(existing, 'granted');
    const calls = stubRoutes({
      'POST /api/push/subscriptions': ok({ id: '1', device: 'Chrome', createdAt: '2026-11-27' }),
    });
    await renderPush(<PushDevice />, { language: 'en' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications are on for this device.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(existing);
    expect(screen.getByRole('button', { name: 'Turn off for this device' })).toBeInTheDocument();
  });

  it('offers to turn push on when the browser has no subscription, and says when it is blocked', async () => {
    pushCapableBrowser(null, 'default');
    await renderPush(<PushDevice />);
    expect(
      await screen.findByRole('button', { name: 'Activar en este dispositivo' }),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();
    pushCapableBrowser(null, 'denied');
    await renderPush(<PushDevice />);
    expect(await screen.findByText(/Bloqueaste las notificaciones de Pago/)).toBeInTheDocument();
  });
});
