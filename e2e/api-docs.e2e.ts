import { expect, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';

const [, desktop] = VIEWPORTS;

test.describe('the API reference', () => {
  test('shows every /api route of the OpenAPI document, with its schemas, under our CSP', async ({
    app,
  }) => {
    const document = (await (await fetch(`${baseUrl()}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).flatMap((path) => Object.keys(path));
    expect(operations.length).toBeGreaterThan(40);

    // Any console error (a script the CSP blocked, say) fails the test through useBrowser.
    const page = await app.open('/api/docs', desktop);
    await page.getByRole('heading', { name: /Pago API/ }).waitFor();
    await expect(page.locator('.opblock')).toHaveCount(operations.length);

    const send = page.locator('.opblock', { hasText: '/api/transactions/send' });
    await send.locator('.opblock-summary').click();
    await send.getByText('Idempotency-Key').first().waitFor();
    await send.getByText('recipientName').first().waitFor();
  });
});
