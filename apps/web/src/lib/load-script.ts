// Vendor scripts are loaded when the person presses Start, never with the page (spec §2).
const loads = new Map<string, Promise<void>>();

/**
 * Adds one <script> for `src` and resolves once it has run; later calls for the same URL get
 * the same promise. A script that fails to load rejects, and is removed with its promise so that
 * the next attempt tries afresh.
 */
export function loadScript(src: string): Promise<void> {
  const url = new URL(src, document.baseURI).href;
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        loads.delete(url);
        reject(new Error(`Could not load ${url}`));
      },
      { once: true },
    );
    document.head.append(script);
  });
  loads.set(url, load);
  return load;
}
