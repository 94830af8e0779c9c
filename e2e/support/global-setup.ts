import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium';
import { freePort, repoRoot, startServer, tempDataDir } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The server's data dir, for test helpers that mark users verified in its database. */
    dataDir: string;
  }
}

/** Starts the built product as `npm start` would, on a free port with a throw-away data dir. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('No web build: run "npm run build" first (npm run test:e2e does).');
  }
  const chromiumPath = findChromium();
  const dataDir = tempDataDir('pago-e2e-');
  // Bank transfers (ACH) settle in seconds here, so the funding test sees pending, then available.
  // The browser's origin is the public one: the sandbox OpenID provider's issuer and redirects.
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SANDBOX_ACH_SETTLE_MS: '500',
    SANDBOX_SAME_DAY_ACH_SETTLE_MS: '200',
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('dataDir', dataDir);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
