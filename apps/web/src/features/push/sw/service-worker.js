// Pago's service worker (docs/push.md). The build (vite.config.ts, `serviceWorker`) writes it to
// /sw.js with this build's VERSION and the app shell's files in PRECACHE.
//
// - Offline: the app shell (index.html, the first page's script and styles, the Spanish and
//   English shell words, the icons) is cached at install; pages are asked of the network first
//   and answered from the cached shell when it is unreachable (offline.html if even that is
//   missing). Hashed assets and versioned words are cached as they are fetched.
// - Never cached: anything under /api/ or /sandbox/ (a user's data stays with the network and
//   the browser's memory), or any request other than GET.
// - Updates: a new version installs beside the open one and waits; the app offers "Actualizar",
//   which sends SKIP_WAITING, and reloads once the new worker controls the page. An open session
//   is never switched to new code under its feet.
// - Push: shows the notification Pago pushed (title, body, the page to open) and, on a click,
//   focuses an open Pago window on that page or opens one.

const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const SHELL = `pago-shell-${VERSION}`;
const RUNTIME = 'pago-runtime';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('pago-shell-') && name !== SHELL) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

const neverCached = (url) =>
  url.origin !== self.location.origin ||
  url.pathname.startsWith('/api/') ||
  url.pathname === '/api' ||
  url.pathname.startsWith('/sandbox/');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (neverCached(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => {
        const cache = await caches.open(SHELL);
        return (
          (await cache.match('/index.html')) ??
          (await cache.match('/offline.html')) ??
          Response.error()
        );
      }),
    );
    return;
  }
  // Hashed assets and versioned words never change under their URL: the cache first.
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/locales/')) {
    event.respondWith(
      (async () => {
        const cached = await caches.match(request);
        if (cached) return cached;
        const response = await fetch(request);
        if (response.ok) {
          const cache = await caches.open(RUNTIME);
          await cache.put(request, response.clone());
        }
        return response;
      })(),
    );
    return;
  }
  // Icons, the manifest and the like: the network, the shell's copy when offline.
  event.respondWith(
    fetch(request).catch(async () => (await caches.match(request)) ?? Response.error()),
  );
});

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data?.json() ?? null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      lang: message.language === 'en' ? 'en' : 'es',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: typeof message.id === 'string' ? message.id : undefined,
      data: { url: typeof message.url === 'string' ? message.url : '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a page of this app: a pushed URL never leaves Pago.
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if ('navigate' in open) return open.navigate(url);
        return undefined;
      }
      return self.clients.openWindow(url);
    })(),
  );
});
