import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { baseUrl } from './env';

export { expect };

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export type OpenOptions = { language?: 'es' | 'en'; token?: string };
export type App = {
  /** A page in a fresh context (empty storage) at `viewport`, at `path` of the server. */
  open(path: string, viewport: Viewport, options?: OpenOptions): Promise<Page>;
};

/**
 * The e2e test: `app.open` opens pages of the product, each in a fresh context of the worker's
 * Chromium. Any console error or uncaught exception in a page fails the test that produced it.
 * Playwright records a trace and a screenshot of every such page, kept when the test fails.
 */
export const test = base.extend<{ app: App }>({
  app: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    const problems: string[] = [];
    await use({
      async open(path, viewport, options = {}) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          baseURL: baseUrl(),
          acceptDownloads: true,
        });
        contexts.push(context);
        if (options.language) {
          await context.addInitScript((language) => {
            if (!sessionStorage.getItem('pago-e2e-language-set')) {
              localStorage.setItem('language', language);
              sessionStorage.setItem('pago-e2e-language-set', '1');
            }
          }, options.language);
        }
        if (options.token) {
          // Signed in as that user from the first page load, as after a log-in.
          await context.addInitScript((token) => {
            if (!sessionStorage.getItem('pago-e2e-token-set')) {
              localStorage.setItem('token', token);
              sessionStorage.setItem('pago-e2e-token-set', '1');
            }
          }, options.token);
        }
        const page = await context.newPage();
        page.on('console', (message) => {
          // Chromium logs every 4xx answer as a console error; the app handles those (a wrong
          // code, a taken username), so only 5xx answers and real script errors fail a test.
          const expected4xx =
            /Failed to load resource: the server responded with a status of 4\d\d/;
          if (message.type() === 'error' && !expected4xx.test(message.text())) {
            problems.push(`${page.url()}: ${message.text()}`);
          }
        });
        page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
        await page.goto(path);
        return page;
      },
    });
    for (const context of contexts.splice(0)) await context.close();
    expect(problems, 'console errors in the page').toEqual([]);
  },
});

/**
 * Runs `check` on one page at each of VIEWPORTS' sizes in turn, resizing it as a user resizing
 * the window would, instead of loading the page again per size (a load and its first render cost
 * as much as the check): Pago's layouts follow resizes (CSS media queries, MUI's `useMediaQuery`,
 * the header's `matchMedia` listener). Open the page at `VIEWPORTS[0]`.
 */
export async function atEachSize(page: Page, check: (viewport: Viewport) => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    if (viewport !== VIEWPORTS[0]) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // Two frames: the resize's media-query listeners have run and React has painted.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    await check(viewport);
  }
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A transition still running (a dialog fading in) shows its colours half-way, and axe would
  // measure those: wait for every finite one to end (a spinner's endless animation never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await withAxe(page);
  // axe runs in the page, the frames' results included (axe in each frame answers the page's;
  // the sandbox vendors' frames are served by Pago, same origin), and only the findings this
  // check reports come back: not the full results of every rule, each a protocol message to
  // read and a trace event to write.
  return page.evaluate(async () => {
    const results = await (window as unknown as AxeWindow).axe.run(document, {
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

type AxeWindow = { axe: typeof axe };

/**
 * Puts axe-core (its 550 KB source) into each frame of the page that does not have it yet: once
 * per document, not once per analysis. @axe-core/playwright sent it two or three times for each
 * analysis (docs/benchmarks.md, "axe in the page").
 */
async function withAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => 'axe' in window)) continue;
      await frame.evaluate(axe.source);
      await frame.evaluate(() =>
        (window as unknown as AxeWindow).axe.configure({ allowedOrigins: ['<same_origin>'] }),
      );
    } catch (error) {
      // A frame that went away meanwhile has nothing to check; the page itself must take axe.
      if (frame === page.mainFrame() || !frame.isDetached()) throw error;
    }
  }
}

/**
 * The page has drawn what it loads: no skeleton or spinner left. Not `networkidle`: a signed-in
 * page keeps its notification stream open, so the network is idle only if 500 ms happen to pass
 * before the stream opens, which a slower or busier page does not give.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('.MuiSkeleton-root, .MuiCircularProgress-root')).toHaveCount(0);
}
