import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { addTestMoney, createUser, markVerified, post } from './support/users';

const [phone] = VIEWPORTS;

/** Opens the newest transfer's receipt from the activity on the dashboard. */
async function openReceipt(page: Page, kind: RegExp, title: string) {
  await page.getByRole('button', { name: kind }).first().click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByTestId('receipt-reference').waitFor();
  // The dialog's entrance has finished: what a screenshot shows is what a person sees.
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity))
    .toBe('1');
  return dialog;
}

test.describe('a receipt, in Spanish on a phone', () => {
  test('shows the short reference, prints only the receipt, and passes axe in both languages and sizes', async ({
    app,
  }) => {
    const ana = await createUser('Ana Recibo', '+13055550471');
    const beto = await createUser('Beto Recibo', '+13055550472');
    await markVerified(ana);
    await markVerified(beto);
    await addTestMoney(ana, 5_000);
    const sent = await post(
      '/api/transactions/send',
      { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 12.5 },
      { authorization: `Bearer ${ana.token}`, 'idempotency-key': randomUUID() },
    );
    const grouped = `${sent.reference.slice(0, 5)}-${sent.reference.slice(5)}`;

    const page = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    const dialog = await openReceipt(page, /Dinero enviado/, 'Comprobante');
    expect(await dialog.getByTestId('receipt-reference').textContent()).toBe(grouped);
    expect(await dialog.textContent()).not.toContain(sent.id);
    await dialog.getByRole('button', { name: 'Imprimir o guardar PDF' }).waitFor();
    await dialog.getByRole('button', { name: 'Compartir' }).waitFor();
    await shot(page, 'pago-e2e-receipt-es-phone.png');

    // In print, the receipt is all there is: the page behind it and the buttons are hidden.
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'pago-e2e-receipt-es-print.png', { fullPage: true });
    expect(await page.locator('[data-receipt]').isVisible()).toBe(true);
    expect(await page.getByTestId('receipt-reference').isVisible()).toBe(true);
    expect(await page.locator('[data-receipt-print-title]').isVisible()).toBe(true);
    for (const behind of ['header', 'main', '[role="dialog"] button']) {
      expect(await page.locator(behind).first().isVisible(), behind).toBe(false);
    }
    // One page: the receipt starts at the top, with nothing printed before it.
    const top = await page.locator('[data-receipt]').evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeLessThan(100);
    await page.emulateMedia({ media: 'screen' });

    for (const language of ['es', 'en'] as const) {
      for (const viewport of VIEWPORTS) {
        const view = await app.open('/dashboard', viewport, { language, token: beto.token });
        await openReceipt(
          view,
          language === 'es' ? /Dinero recibido/ : /Money received/,
          language === 'es' ? 'Comprobante' : 'Receipt',
        );
        expect(await seriousA11yViolations(view), `receipt ${language} ${viewport.name}`).toEqual(
          [],
        );
        await shot(view, `pago-e2e-receipt-${language}-${viewport.name}.png`);
      }
    }
  });
});
