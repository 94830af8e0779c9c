import { expect, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import {
  addTestMoney,
  createUser,
  type E2eUser,
  saveMexicanRecipient,
  verifiedForTheBank,
} from './support/users';

const [phone, desktop] = VIEWPORTS;

let ana: E2eUser;
let beto: E2eUser;

test.beforeAll(async () => {
  ana = await createUser('Ana Colecta', '+12125550829');
  beto = await createUser('Beto Colecta', '+12125550838');
  // The partner needs the sender's identity and home address (the organiser sends).
  await verifiedForTheBank(ana, 'Ana Colecta');
  await verifiedForTheBank(beto, 'Beto Colecta');
  await addTestMoney(ana, 5_000);
  await addTestMoney(beto, 30_000);
  await saveMexicanRecipient(ana, '+525512345678');
});

test.describe('colectas, in Spanish on a phone', () => {
  test('the organiser opens one and invites; a sibling chips in; the organiser sends it home', async ({
    app,
  }) => {
    const page = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    await page.getByRole('link', { name: 'Colectas: junten para un envío' }).click();
    await page.getByRole('heading', { name: 'Colectas', level: 1 }).waitFor();
    await page.getByLabel('¿Para qué es?').fill('Renta de mamá');
    await page.getByLabel('Meta').fill('200');
    await page.getByRole('combobox', { name: '¿A quién se envía?' }).click();
    await page.getByRole('option', { name: 'María López (MX)' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await shot(page, 'pago-colecta-create-es-phone.png', { fullPage: true });
    await page.getByRole('button', { name: 'Crear colecta' }).click();
    await page.getByRole('heading', { name: 'Renta de mamá', level: 1 }).waitFor();
    const colectaUrl = page.url();
    await expect(page.getByTestId('colecta-progress')).toHaveText('$0.00 de $200.00');
    await page.getByLabel('@usuario o teléfono').fill(`@${beto.username}`);
    await page.getByRole('button', { name: 'Invitar' }).click();
    await expect(page.getByText(`Beto Colecta (@${beto.username})`)).toBeVisible();

    // Beto, in his own browser, sees the invitation and puts in $150 (held, not sent).
    const betoPage = await app.open('/colectas', phone, { language: 'es', token: beto.token });
    await betoPage.getByRole('link', { name: /Renta de mamá/ }).click();
    await betoPage.getByLabel('¿Cuánto aportas?').fill('150');
    await betoPage.getByRole('button', { name: 'Aportar $150.00' }).click();
    await expect(betoPage.getByText('Listo: aportaste $150.00.')).toBeVisible();
    await expect(betoPage.getByTestId('colecta-progress')).toHaveText('$150.00 de $200.00');
    await shot(betoPage, 'pago-colecta-contribute-es-phone.png', { fullPage: true });
    await betoPage.goto('/dashboard');
    await expect(betoPage.getByTestId('home-in-colectas')).toHaveText(
      'Guardado en colectas: $150.00',
    );

    // Ana sends what was collected: one transfer home, its fee from her balance.
    await page.reload();
    await expect(page.getByTestId('colecta-progress')).toHaveText('$150.00 de $200.00');
    await page.getByRole('button', { name: 'Enviar ahora $150.00' }).click();
    // Sent: the page shows the one remittance (the organiser's buttons are gone).
    await expect(page.getByTestId('colecta-remittance')).toContainText('Envío de $150.00');
    await expect(page.getByText('Enviada', { exact: true })).toBeVisible();
    await shot(page, 'pago-colecta-sent-es-phone.png', { fullPage: true });

    // Beto sees it sent, then delivered, on the colecta's page.
    await betoPage.goto(new URL(colectaUrl).pathname);
    await expect(betoPage.getByText('Enviada', { exact: true })).toBeVisible();
    await expect(betoPage.getByTestId('colecta-remittance')).toContainText('Entregado', {
      timeout: 60_000,
    });
    await shot(betoPage, 'pago-colecta-delivered-es-phone.png', { fullPage: true });

    // The same page in English on a desktop.
    const english = await app.open(new URL(colectaUrl).pathname, desktop, {
      language: 'en',
      token: ana.token,
    });
    await expect(english.getByText('Sent', { exact: true })).toBeVisible();
    await shot(english, 'pago-colecta-en-desktop.png', { fullPage: true });
  });
});
