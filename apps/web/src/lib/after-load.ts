/**
 * Runs `task` once the page has loaded and the main thread is idle (at the latest `timeoutMs`
 * after the load event): for work the first page does not need to draw or answer a tap, such as
 * the service worker's registration and install (which fetches and caches the whole app shell)
 * or the liveness check. Done during the landing page's start, that work ran beside React's
 * first render and made the mobile Lighthouse's blocking time grow (docs/benchmarks.md).
 */
export function afterLoad(task: () => void, timeoutMs = 3000): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    } else {
      setTimeout(task, 0);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
