import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { addTestMoney, createUser, markVerified, post } from './support/users';

const [phone] = VIEWPORTS;

/** The bell's accessible name says how many are unread ("Notificaciones: 2 sin leer"). */
function bell(page: Page) {
  return page.getByRole('link', { name: /^(Notificaciones|Notifications)/ });
}

async function mailTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  const response = await fetch(
    `${baseUrl()}/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
  );
  return (await response.json()) as Array<{ subject: string; text: string }>;
}

test.describe('notifications, in Spanish on a phone', () => {
  test('a payment reaches the other person live in the bell and by e-mail', async ({ app }) => {
    const ana = await createUser('Ana Rivera', '+12125550471');
    const beto = await createUser('Beto Díaz', '+12125550472');
    await markVerified(ana);
    await markVerified(beto);
    await addTestMoney(ana, 10_000);

    // Beto, signed in in his own browser, on his home screen.
    const page = await app.open('/dashboard', phone, { token: beto.token });
    try {
      // His phone verification is the one unread so far, and news reaches the page live: the
      // payment below must not come before the stream opens (it would only show in the count).
      await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones: 1 sin leer');
      await expect(bell(page)).toHaveAttribute('data-live', 'true');
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });

      // Ana pays him (from her own session, elsewhere).
      await post(
        '/api/transactions/send',
        { recipientName: beto.phone, recipientCountry: 'MX', amountUsd: 25 },
        { authorization: `Bearer ${ana.token}`, 'idempotency-key': randomUUID() },
      );

      // The count goes up on his open page, without a reload, and a toast says money arrived.
      await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones: 2 sin leer');
      const toast = page.getByRole('alert').filter({ hasText: 'Ana Rivera te envió $25.00' });
      await toast.waitFor();
      await shot(page, 'pago-notifications-toast-phone-es.png');
      expect(
        await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
      ).toBe(true);

      // And by e-mail, in Spanish.
      await expect
        .poll(async () => (await mailTo(beto.email)).map((m) => m.subject))
        .toContain('Ana Rivera te envió $25.00');

      // The center says what happened; opening it reads them all and clears the count.
      await bell(page).click();
      await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
      const first = page.getByRole('listitem').first();
      await expect(first).toContainText('Ana Rivera te envió $25.00');
      await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones');
      await page.getByRole('heading', { name: '2 nuevas' }).waitFor();
      await shot(page, 'pago-notifications-phone-es.png', { fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.reload();
      await page.getByRole('heading', { name: 'Recientes' }).waitFor();

      // Turning an e-mail off sticks.
      const moneySwitch = page.getByRole('switch', { name: 'Dinero recibido: Correo' });
      await moneySwitch.click();
      await expect(moneySwitch).not.toBeChecked();
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Dinero recibido: Correo' })).not.toBeChecked();

      // The payment's notification opens its receipt.
      await page.getByRole('link', { name: 'Ana Rivera te envió $25.00' }).click();
      await page.waitForURL(/\/activity\?receipt=[0-9a-f-]{36}$/);
      const receipt = page.getByRole('dialog');
      await receipt.getByTestId('receipt-reference').waitFor();
      await expect(receipt).toContainText('$25.00');
      await expect(receipt).toContainText('Ana Rivera');
    } catch (error) {
      await shot(page, 'pago-e2e-notifications.png', { fullPage: true });
      throw error;
    }
  });

  test('a request opens the request to pay, from its notification and from "Ver y pagar"', async ({
    app,
  }) => {
    const carla = await createUser('Carla Gómez', '+12125550474');
    const dani = await createUser('Dani Ortiz', '+12125550475');
    await markVerified(carla);
    await markVerified(dani);
    await addTestMoney(dani, 5_000);
    await post(
      '/api/requests/create',
      { requestedFrom: dani.username, requestNote: 'Las tortillas', amountUsd: 7 },
      { authorization: `Bearer ${carla.token}`, 'idempotency-key': randomUUID() },
    );

    const page = await app.open('/notifications', phone, { token: dani.token });
    await page.getByRole('link', { name: 'Carla Gómez te solicitó $7.00' }).click();
    await page.waitForURL(/\/requests\/[0-9a-f-]{36}$/);
    await page
      .getByRole('heading', {
        level: 1,
        name: 'Carla Gómez (@' + carla.username + ') te solicita dinero',
      })
      .waitFor();
    await page.getByText('“Las tortillas”').waitFor();
    const requestUrl = page.url();

    // From the home screen, "Ver y pagar" leads to the same request, not to the form asking for money.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: /^Ver y pagar la solicitud de Carla Gómez/ }).click();
    await page.waitForURL(requestUrl);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await shot(page, 'pago-request-to-pay-phone-es.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pagar $7.00' }).click();
    await page.getByText('Solicitud pagada.').waitFor();
    await page.getByText('Pagada', { exact: true }).waitFor();
  });

  test('the center passes axe in both languages and sizes', async ({ app }) => {
    const user = await createUser('Carla Pérez', '+12125550473');
    for (const viewport of VIEWPORTS) {
      for (const language of ['es', 'en'] as const) {
        const page = await app.open('/notifications', viewport, {
          token: user.token,
          language,
        });
        const heading = language === 'es' ? 'Notificaciones' : 'Notifications';
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.getByRole('listitem').first().waitFor();
        await page.getByRole('switch').first().waitFor();
        await shot(page, `pago-notifications-${viewport.name}-${language}.png`, { fullPage: true });
        expect(await seriousA11yViolations(page), `${viewport.name} ${language}`).toEqual([]);
      }
    }
  });
});
