import fs from 'node:fs';
import path from 'node:path';
import { freePort, repoRoot, startServer, tempDataDir } from './server-process';

/**
 * Starts the built product as `npm start` would, on a free port with a throw-away data dir, and
 * hands its address and data dir to the workers through the environment (support/env.ts).
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('No web build: run "npm run build" first (npm run test:e2e does).');
  }
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
    // The server shares two cores with the workers' browsers, so its event loop can lag a second
    // while a page renders: shedding that load (503) would fail a test for the harness's load.
    // Load shedding has its own server tests; the database-pool check stays on.
    SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  process.env.PAGO_E2E_BASE_URL = server.baseUrl;
  process.env.PAGO_E2E_DATA_DIR = dataDir;
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
