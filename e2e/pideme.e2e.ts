import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import {
  addTestMoney,
  createUser,
  type E2eUser,
  saveMexicanRecipient,
  verifiedForTheBank,
} from './support/users';

/**
 * "Pídeme" (docs/pideme.md), in Spanish on a phone: the sender makes the link on their saved
 * recipient; the relative opens it in a fresh browser (no account, no language chosen) and asks
 * for MXN 3,000 "para la farmacia"; the sender follows the notification to the request and pays
 * it with one tap; the relative's page shows it paid.
 */

const [phone, desktop] = VIEWPORTS;
/** A 1×1 PNG: the photo of the bill. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let rosa: E2eUser;

test.beforeAll(async () => {
  rosa = await createUser('Rosa Villanueva', '+12125550291');
  // The partner needs the sender's identity and home address (SENDER_FIELDS_PAGO_HAS).
  await verifiedForTheBank(rosa, 'Rosa Villanueva Ortega');
  await addTestMoney(rosa, 50_000);
  await saveMexicanRecipient(rosa, '+525512340291', ['María', 'Gutiérrez']);
});

test.describe('Pídeme, in Spanish on a phone', () => {
  test('the relative asks for MXN 3,000 and the sender pays it in one tap', async ({ app }) => {
    // The sender, on their saved recipient: the link made, ready to copy and share.
    const sender = await app.open('/send-home', phone, { language: 'es', token: rosa.token });
    await sender.getByRole('button', { name: /^María Gutiérrez México/ }).click();
    const section = sender.getByRole('region', { name: 'Pídeme' });
    await section.getByRole('button', { name: 'Crear enlace Pídeme' }).click();
    const url = await section.getByTestId('pideme-url').inputValue();
    const token = url.match(/\/p\/([A-Za-z0-9_-]{22})$/)?.[1] ?? '';
    expect(token).toHaveLength(22);
    const share = section.getByRole('link', { name: 'Compartir por WhatsApp' });
    const href = (await share.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toContain(`/p/${token}`);
    await expect(section.getByRole('button', { name: 'Copiar enlace' })).toBeVisible();
    expect(await seriousA11yViolations(sender)).toEqual([]);
    await shot(sender, 'pago-pideme-section-es-phone.png', { fullPage: true });

    // The relative, in a fresh browser: Spanish by default, first names only.
    const relative = await app.open(`/p/${token}`, phone);
    await relative.getByRole('heading', { name: 'Pídele dinero a Rosa' }).waitFor();
    await expect(relative.getByText('Hola, María')).toBeVisible();
    const before = (await relative.locator('body').textContent()) ?? '';
    for (const secret of ['Villanueva', 'Ortega', 'Gutiérrez', '5512340291', 'Saldo']) {
      expect(before).not.toContain(secret);
    }
    await relative.getByLabel(/Monto en MXN/).fill('3,000');
    await relative.getByLabel(/¿Para qué es\?/).fill('para la farmacia');
    await relative.locator('input[type=file]').setInputFiles({
      name: 'receta.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG, 'base64'),
    });
    await expect(relative.getByText('Foto: receta.png')).toBeVisible();
    expect(await seriousA11yViolations(relative)).toEqual([]);
    await relative.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(relative.getByText('Listo. Rosa recibió tu solicitud.')).toBeVisible();
    const mine = relative.getByTestId('pideme-public-request');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('para la farmacia');
    await expect(mine).toContainText('Esperando respuesta');
    await shot(relative, 'pago-pideme-public-es-phone.png', { fullPage: true });

    // The sender's notification leads to the request; "Pagar" pays it in one tap.
    await sender.goto('/notifications');
    await sender.getByText(/María te pide MXN\s3,000\.00: para la farmacia/).click();
    await sender.waitForURL(/\/pideme\/requests\/[0-9a-f-]{36}$/);
    await sender.getByRole('heading', { name: /María te pide MXN\s3,000\.00/ }).waitFor();
    await expect(sender.getByText('María recibe', { exact: true })).toBeVisible();
    // The photo, read with the sender's session.
    await expect(sender.getByRole('img', { name: 'Foto de la factura' })).toBeVisible();
    await expect(sender.getByText('Comisión', { exact: true })).toBeVisible();
    await expect(sender.getByText('Tipo de cambio', { exact: true })).toBeVisible();
    await expect(sender.getByText('Total a pagar', { exact: true })).toBeVisible();
    expect(await seriousA11yViolations(sender)).toEqual([]);
    await shot(sender, 'pago-pideme-request-es-phone.png', { fullPage: true });
    await sender.getByRole('button', { name: /^Pagar (US)?\$[\d,.]+$/ }).click();
    await expect(sender.getByText('Pagada. El dinero va en camino a María.')).toBeVisible();
    await shot(sender, 'pago-pideme-paid-es-phone.png', { fullPage: true });
    // The activity says what sent it.
    const requestPath = new URL(sender.url()).pathname;
    await sender.goto('/activity');
    await expect(sender.getByText('Solicitud de Pídeme').first()).toBeVisible();
    await shot(sender, 'pago-pideme-activity-es-phone.png', { fullPage: true });

    // The relative's page: paid, then the transfer's tracking page.
    // The link comes once the partner has sent the money (its callback): each reload is read
    // once its list is drawn (the request says it is paid), or the count would race the fetch.
    await expect
      .poll(
        async () => {
          await relative.reload();
          await expect(mine).toContainText('Pagada');
          return relative.getByRole('link', { name: 'Ver el seguimiento del envío' }).count();
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    await shot(relative, 'pago-pideme-public-paid-es-phone.png', { fullPage: true });

    // In English on a desktop: the relative's page and the sender's request.
    const wide = await app.open(`/p/${token}`, desktop, { language: 'en' });
    await wide.getByRole('heading', { name: 'Ask Rosa for money' }).waitFor();
    await shot(wide, 'pago-pideme-public-en-desktop.png', { fullPage: true });
    const paidPage = await app.open(requestPath, desktop, {
      language: 'en',
      token: rosa.token,
    });
    await expect(paidPage.getByText('Paid. The money is on its way to María.')).toBeVisible();
    await expect(paidPage.getByRole('heading', { name: /^María asked you for/ })).toBeVisible();
    await shot(paidPage, 'pago-pideme-request-en-desktop.png', { fullPage: true });

    // Turned off: the link finds nothing.
    const again = await app.open('/send-home', phone, { language: 'es', token: rosa.token });
    await again.getByRole('button', { name: /^María Gutiérrez México/ }).click();
    const mySection = again.getByRole('region', { name: 'Pídeme' });
    await mySection.getByRole('button', { name: 'Desactivar enlace' }).click();
    await mySection.getByRole('button', { name: 'Sí, desactivar' }).click();
    await expect(mySection.getByRole('button', { name: 'Crear enlace Pídeme' })).toBeVisible();
    const gone = await app.open(`/p/${token}`, phone);
    await expect(gone.getByText(/Este enlace no existe o ya no funciona/)).toBeVisible();
  });
});
