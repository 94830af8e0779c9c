import { createECDH, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { decryptPush } from '../apps/server/src/sandbox/push/push-decrypt';
import { expect, test, VIEWPORTS } from './support/browser';
import { CHROMIUM_ARGS, findChromium } from './support/chromium';
import { baseUrl } from './support/env';
import { repoRoot, startServer, tempDataDir } from './support/server-process';
import { shot } from './support/shots';
import { addTestMoney, createUser, markVerified, post, serverQuery } from './support/users';

const [phone] = VIEWPORTS;

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Waits for the service worker to control the page (a reload after its first install). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(`${baseUrl()}/sw.js`);
}

/**
 * The browser's push subscription, stood in for: Chromium subscribes through FCM, which this
 * machine cannot reach. `PushManager.prototype.subscribe` makes what a browser makes, in the
 * page with WebCrypto (an ECDH P-256 pair and a 16-byte auth secret), with an endpoint at the
 * sandbox push service; the private key stays in the page's storage for the test to decrypt
 * what Pago sent (as the browser would before handing it to the service worker).
 */
function stubPushManager() {
  const KEY = 'pago-e2e-push';
  const b64url = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const make = (stored: { endpoint: string; p256dh: string; auth: string }) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      keys: { p256dh: stored.p256dh, auth: stored.auth },
    }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async () => {
    const stored = localStorage.getItem(KEY);
    return stored ? (make(JSON.parse(stored)) as unknown as PushSubscription) : null;
  };
  PushManager.prototype.subscribe = async (options) => {
    if (!options?.userVisibleOnly || !options.applicationServerKey) {
      throw new DOMException('applicationServerKey and userVisibleOnly are required');
    }
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    const token = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const stored = {
      endpoint: `${location.origin}/sandbox/push/send/${token}`,
      token,
      p256dh: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
      auth: b64url(auth.buffer),
      privateKey: (await crypto.subtle.exportKey('jwk', pair.privateKey)).d,
    };
    localStorage.setItem(KEY, JSON.stringify(stored));
    return make(stored) as unknown as PushSubscription;
  };
}

type StoredSubscription = {
  endpoint: string;
  token: string;
  p256dh: string;
  auth: string;
  privateKey: string;
};

// The full browser, not the headless shell the other files run in: the shell has no Web Push
// (no PushManager), so the page would never offer to turn notifications on. The service worker,
// which the other files block, is what this file tests.
test.use({
  launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  serviceWorkers: 'allow',
});

test.describe('installable app and Web Push, in Spanish on a phone', () => {
  test('the manifest, icons and service worker make Pago installable, and a reload offline shows the app', async () => {
    // A profile of its own, not `app.open`'s context: Chromium never installs from an incognito
    // context (Playwright's are), and offline the page's calls to the API fail on purpose, which
    // Chromium logs as console errors. Uncaught exceptions still fail the test.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      viewport: { width: phone.width, height: phone.height },
      baseURL: baseUrl(),
    });
    const exceptions: string[] = [];
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => exceptions.push(error.message));
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const answer = await page.request.get(manifestHref ?? '');
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await answer.json();
    expect(manifest).toMatchObject({
      name: 'Pago',
      short_name: 'Pago',
      lang: 'es',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#3A4ADF',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect(image.status()).toBe(200);
      const [width, height] = pngSize(await image.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // Offline: the same page comes back from the cached shell, saying it is offline.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'pago-pwa-offline-phone-es.png');
    await page.context().setOffline(false);

    // User data is never cached: /api/ answers are not in any of the worker's caches.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    expect(exceptions).toEqual([]);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  test('a new build waits for "Actualizar", then the page reloads under it', async () => {
    // A server of its own, serving a copy of the build (WEB_DIST_DIR), so that a new sw.js can be
    // written without the other tests' pages finding an update. Files are read per request, so
    // the copy changed on disk is a deploy of a new build. Its new database is initialized and
    // migrated first, which a busy machine running the other tests beside it makes slow.
    test.setTimeout(300_000);
    const web = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-pwa-web-'));
    fs.cpSync(path.join(repoRoot, 'apps/web/dist'), web, { recursive: true });
    const dataDir = tempDataDir('pago-pwa-update-');
    const server = await startServer({
      DATA_DIR: dataDir,
      WEB_DIST_DIR: web,
      LOG_LEVEL: 'error',
    });
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pago-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      viewport: { width: phone.width, height: phone.height },
      baseURL: server.baseUrl,
    });
    try {
      const exceptions: string[] = [];
      const page = context.pages()[0] ?? (await context.newPage());
      page.on('pageerror', (error) => exceptions.push(error.message));
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
        await page.reload();
      }
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
        .toBe(true);
      const shells = () =>
        page.evaluate(async () =>
          (await caches.keys()).filter((name) => name.startsWith('pago-shell-')),
        );
      const [before] = await shells();
      expect(before).toMatch(/^pago-shell-[0-9a-f]{12}$/);
      const update = page.getByRole('button', { name: 'Actualizar' });
      await expect(update).toHaveCount(0);

      // The new build: another VERSION in sw.js (and no stale pre-compressed copies beside it).
      const sw = path.join(web, 'sw.js');
      const source = fs.readFileSync(sw, 'utf8');
      expect(source).toMatch(/const VERSION = "[0-9a-f]{12}";/);
      fs.writeFileSync(
        sw,
        source.replace(/const VERSION = "[0-9a-f]{12}";/, 'const VERSION = "e2e0next0000";'),
      );
      fs.rmSync(`${sw}.br`, { force: true });
      fs.rmSync(`${sw}.gz`, { force: true });
      // The browser checks for a new worker on navigation; this page asks now.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      // It waits: the open page keeps the old version until the person chooses.
      await expect(
        page.getByRole('status').filter({ hasText: 'Hay una nueva versión de Pago.' }),
      ).toBeVisible();
      await expect(update).toBeVisible();
      expect(await shells()).toEqual(expect.arrayContaining([before]));
      await shot(page, 'pago-pwa-update-phone-es.png');
      await page.getByRole('button', { name: 'English' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'A new version of Pago is ready.' }),
      ).toBeVisible();
      await shot(page, 'pago-pwa-update-phone-en.png');

      // "Update": the new worker takes over and the page reloads under it, the old shell gone.
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: 'Update', exact: true }).click(),
      ]);
      await expect.poll(shells).toEqual(['pago-shell-e2e0next0000']);
      await expect(page.getByRole('button', { name: 'Update', exact: true })).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(exceptions).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
      fs.rmSync(profile, { recursive: true, force: true });
      fs.rmSync(web, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a notification is pushed to a subscribed browser, and sign-out removes the subscription', async ({
    app,
  }) => {
    const ana = await createUser('Ana Rivera', '+12125550631');
    const beto = await createUser('Beto Díaz', '+12125550632');
    await markVerified(ana);
    await markVerified(beto);
    await addTestMoney(ana, 5_000);

    const page = await app.open('/notifications', phone, { token: beto.token, language: 'es' });
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    await context.addInitScript(stubPushManager);
    await controlled(page);
    await page.reload();

    await page.getByRole('button', { name: 'Activar en este dispositivo' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Las notificaciones están activadas' }),
    ).toBeVisible();
    await shot(page, 'pago-push-settings-phone-es.png', { fullPage: true });
    // Back on the page later: still on (the browser's subscription is registered again).
    await page.reload();
    await expect(
      page.getByRole('status').filter({ hasText: 'Las notificaciones están activadas' }),
    ).toBeVisible();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('pago-e2e-push'))) ?? 'null',
    ) as StoredSubscription;
    expect(stored.endpoint).toContain('/sandbox/push/send/');

    // Ana sends Beto money: the notification is pushed to his browser's push service.
    await post(
      '/api/transactions/send',
      { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 7 },
      { authorization: `Bearer ${ana.token}`, 'idempotency-key': randomUUID() },
    );
    const messages = async () =>
      (await (await fetch(`${baseUrl()}/sandbox/push/messages?token=${stored.token}`)).json()) as {
        body: string;
      }[];
    await expect.poll(async () => (await messages()).length).toBe(1);
    const [message] = await messages();
    // The browser's part: decrypt with the subscription's keys (RFC 8291)...
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(stored.privateKey, 'base64url'));
    const payload = decryptPush(Buffer.from(message?.body ?? '', 'base64url'), {
      privateKey: Buffer.from(stored.privateKey, 'base64url'),
      publicKey: Buffer.from(stored.p256dh, 'base64url'),
      auth: Buffer.from(stored.auth, 'base64url'),
    });
    expect(JSON.parse(payload)).toMatchObject({
      title: 'Ana Rivera te envió $7.00',
      language: 'es',
    });
    // ...and hand the plaintext to the service worker, as the browser's push service would.
    // A push service delivers again until the browser took the message; on a busy machine one
    // delivery can reach the worker while it is still starting. The notification's tag is the
    // notification's id, so a second delivery replaces the first rather than adding one.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect
      .poll(async () => {
        const registration = registrations.findLast(
          (r) => r.scopeURL === `${baseUrl()}/` && !r.isDeleted,
        );
        if (!registration) return 'no registration yet';
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: baseUrl(),
          registrationId: registration.registrationId,
          data: payload,
        });
        return page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
        );
      })
      .toEqual(['Ana Rivera te envió $7.00']);

    // Sign-out: the server forgets this browser's subscription, and the browser drops it.
    const subscriptions = () =>
      serverQuery('select endpoint from push_subscriptions where endpoint = $1', [stored.endpoint]);
    expect(await subscriptions()).toHaveLength(1);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('button', { name: 'Cerrar sesión' })
      .click();
    await page.waitForURL('**/login');
    expect(await subscriptions()).toEqual([]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pago-e2e-push'))).toBeNull();
  });
});
