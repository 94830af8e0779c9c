import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS } from './support/browser';

const browser = useBrowser();
const [, desktop] = VIEWPORTS;

describe('the API reference', () => {
  it('shows every /api route of the OpenAPI document, with its schemas, under our CSP', async () => {
    const document = (await (await fetch(`${browser.baseUrl()}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).flatMap((path) => Object.keys(path));
    expect(operations.length).toBeGreaterThan(40);

    // Any console error (a script the CSP blocked, say) fails the test through useBrowser.
    const page = await browser.open('/api/docs', desktop);
    await page.getByRole('heading', { name: /Pago API/ }).waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations.length);

    const send = page.locator('.opblock', { hasText: '/api/transactions/send' });
    await send.locator('.opblock-summary').click();
    await send.getByText('Idempotency-Key').first().waitFor();
    await send.getByText('recipientName').first().waitFor();
  });
});
