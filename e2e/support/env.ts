/** What the global setup started, as the workers see it (it sets these before any worker starts). */
function fromSetup(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: run the e2e tests through playwright.config.ts`);
  return value;
}

/** The server's address, e.g. http://127.0.0.1:41234. */
export const baseUrl = () => fromSetup('PAGO_E2E_BASE_URL');

/** The server's data dir, for test helpers that mark users verified in its database. */
export const dataDir = () => fromSetup('PAGO_E2E_DATA_DIR');
