import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's full browser: what Lighthouse measures (bench/web.ts), as a person's Chrome loads it. */
const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's old headless shell: the same engine and version without the browser's own layer, the
 * build Playwright itself runs headless tests in. A fresh context costs its browser process a
 * fifth of the CPU the full browser spends (docs/benchmarks.md, "Test suite"), and the e2e tests
 * open one per page.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** CHROME_PATH, else Debian's full Chromium, installed by apt on a bare Debian root. */
export function findChromium(): string {
  return findBrowser(CHROMIUM, 'chromium');
}

/** CHROME_PATH, else Debian's Chromium headless shell, installed by apt on a bare Debian root. */
export function findHeadlessShell(): string {
  return findBrowser(HEADLESS_SHELL, 'chromium-headless-shell');
}

/**
 * CHROME_PATH, else `defaultPath`; on a fresh machine where that is missing and apt is usable
 * (root), installs Debian's `aptPackage`, so `npm test` alone works.
 */
function findBrowser(defaultPath: string, aptPackage: string): string {
  const wanted = process.env.CHROME_PATH || defaultPath;
  if (fs.existsSync(wanted)) return wanted;
  if (process.env.CHROME_PATH) throw new Error(`CHROME_PATH=${wanted} does not exist`);
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canApt) {
    throw new Error(`${wanted} not found: install Debian's "${aptPackage}" or set CHROME_PATH.`);
  }
  console.warn(`${wanted} is missing: installing Debian's ${aptPackage} package (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', aptPackage], { stdio: 'inherit', env });
  if (!fs.existsSync(wanted))
    throw new Error(`apt-get installed ${aptPackage}, but ${wanted} is missing`);
  return wanted;
}
