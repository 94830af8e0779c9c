import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findHeadlessShell } from './support/chromium';

/**
 * Browser tests of the built product: one server for the run (support/global-setup.ts), one
 * Chromium headless shell per worker (support/chromium.ts; pwa.e2e.ts takes the full browser for
 * Web Push, which the shell lacks), a fresh context per page a test opens (support/browser.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  // Four workers on two cores: a worker often waits (on the server, a timer, a page's request),
  // and with two a core sat idle for about a fifth of the run, with three for a seventh of a core
  // (45 s of the two cores' time a run); four leave about 20 s, and the run takes 30–40 s less
  // (docs/benchmarks.md, "Four browser workers"). Each file runs its tests in order in one worker
  // (they share the people its beforeAll created); files run side by side, in the order of their
  // names: the two longest, the accessibility checks (`a11y-*`, over two minutes each), start
  // first, so the short files fill the workers at the end instead of one long file running alone.
  workers: 4,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A limit, not a wait: an axe check of a heavy page at two sizes needs more than a minute on a
  // loaded machine.
  timeout: 120_000,
  // A web-first assertion (and expect.poll) waits for a state, not a time: 5 s (its default) is
  // too short on a busy machine.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // Traces, screenshots and error context of failed tests; gitignored.
  outputDir: './test-results',
  use: {
    launchOptions: { executablePath: findHeadlessShell(), args: CHROMIUM_ARGS },
    // A failed test keeps its trace: each action with its timing, log and source line, the console
    // and the errors (and the screenshot below). Not the DOM snapshots before and after every
    // action (nor the network log, which Playwright records with them): they were a quarter of
    // the CPU of each page a test opens, passed or failed (docs/benchmarks.md, "The trace's DOM
    // snapshots"). `--trace on` records them for a test run again by hand.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    // A fresh context is a first visit: the service worker would install, precache the shell and
    // claim the page, and every later request of the test would pass through it. That was a
    // sixth of the browser tests' CPU (docs/benchmarks.md, "Static files and the service
    // worker"). It is blocked here; pwa.e2e.ts tests it (offline, updates, Web Push) and
    // send.e2e.ts runs a whole money flow under it, as a returning visitor's browser does.
    serviceWorkers: 'block',
  },
});
