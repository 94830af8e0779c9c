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

/**
 * CHROME_PATH, else Debian's /usr/bin/chromium; on a fresh machine where it is missing and apt
 * is usable (root), installs Debian's chromium, so `npm test` alone works.
 */
export function findChromium(): string {
  const wanted = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (fs.existsSync(wanted)) return wanted;
  if (process.env.CHROME_PATH) throw new Error(`CHROME_PATH=${wanted} does not exist`);
  const canApt = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canApt) {
    throw new Error('Chromium not found: install Debian\'s "chromium" or set CHROME_PATH.');
  }
  console.warn("Chromium is missing: installing Debian's chromium package (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!fs.existsSync(wanted))
    throw new Error('apt-get installed chromium, but /usr/bin/chromium is missing');
  return wanted;
}
