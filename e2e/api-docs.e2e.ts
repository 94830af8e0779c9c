import { expect, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';

const [, desktop] = VIEWPORTS;

test.describe('the API reference', () => {
  test('shows every /api route of the OpenAPI document, with its schemas, under our CSP', async ({
    app,
  }) => {
    const openapi = (await (await fetch(`${baseUrl()}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(40);

    // Any console error (a script the CSP blocked, say) fails the test through useBrowser.
    const page = await app.open('/api/docs', desktop);
    await page.getByRole('heading', { name: /Pago API/ }).waitFor();
    // A long document is drawn as it scrolls into view: read every operation down the page.
    const seen = new Set<string>();
    // A pass reads what is drawn, scrolls, and lets the page draw (two frames); an operation drawn
    // late is read by the next pass.
    for (let pass = 0; pass < 4 && seen.size < operations.length; pass += 1) {
      await page.evaluate(() => window.scrollTo(0, 0));
      for (let atBottom = false; !atBottom; ) {
        await page.locator('.opblock').first().waitFor();
        // One read of the page per scroll: a locator call per operation is hundreds of round trips.
        const drawn = await page.evaluate(() =>
          [...document.querySelectorAll('.opblock-summary')].map((summary) => {
            const method = summary.querySelector('.opblock-summary-method')?.textContent?.trim();
            const path = summary.querySelector('.opblock-summary-path')?.getAttribute('data-path');
            return `${method} ${path}`;
          }),
        );
        for (const operation of drawn) seen.add(operation);
        atBottom = await page.evaluate(async () => {
          const before = window.scrollY;
          window.scrollBy(0, window.innerHeight * 0.6);
          await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
          return window.scrollY === before;
        });
      }
    }
    expect([...seen].sort()).toEqual([...operations].sort());
    await page.evaluate(() => window.scrollTo(0, 0));

    const send = page.locator('.opblock', { hasText: '/api/transactions/send' });
    while ((await send.count()) === 0) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
      await page.waitForTimeout(50);
    }
    await send.locator('.opblock-summary').click();
    await send.getByText('Idempotency-Key').first().waitFor();
    await send.getByText('recipientName').first().waitFor();
  });
});
