// The service worker (/sw.js, docs/push.md): registered once the page has loaded, so it costs
// the first page nothing but these lines. A new version waits until the person chooses
// "Actualizar" (`applyUpdate`), so an open session never runs half old, half new code.

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;

function announce(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** Registers /sw.js (in the built app only; the dev server has none). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    // A version that was already waiting, and any that installs while this page is open.
    if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && navigator.serviceWorker.controller) {
          announce(installing);
        }
      });
    });
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Whether a new version is waiting; `listen` is told when that changes. */
export function updateWaiting(): boolean {
  return waiting !== null;
}
export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches to the waiting version and reloads the page once it is in control. */
export function applyUpdate(): void {
  if (!waiting) return;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** At sign-out: this browser's push subscription, if any, is dropped (the server's already is). */
export async function forgetBrowserPush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing to drop, or no push here.
  }
}
