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
 * The rate, working for the sender (docs/rates.md), in Spanish on a phone: the 30-day chart on the
 * send calculator, the way to the rates page, a rate alert, and a transfer at a target rate whose
 * money shows as "Reservado". Screenshots: Spanish at 390×844, English on the desktop.
 */

const [phone, desktop] = VIEWPORTS;

let ana: E2eUser;

test.beforeAll(async () => {
  ana = await createUser('Ana Rivera', '+12125550297');
  await verifiedForTheBank(ana, 'Ana Rivera');
  await addTestMoney(ana, 100_000);
  await saveMexicanRecipient(ana, '+525512340171', ['Rosa', 'Martínez']);
  // The sandbox partner's MXN rate is left where it is (the reference 18.25, below both targets
  // here): it is one rate for the whole server, and moving it while another file's page shows a
  // quote made that file's payment fail with "the price changed".
});

test.describe('the exchange rate working for the sender, in Spanish on a phone', () => {
  test('creates a rate alert from the send screen, and reserves a transfer at a target rate', async ({
    app,
  }) => {
    const page = await app.open('/send-home', phone, { language: 'es', token: ana.token });
    // The send screen: once the recipient is chosen, the amount step shows the 30-day chart of
    // their currency (the calculator shows it too, before anyone is saved).
    await page.getByText('Rosa Martínez').click();
    await page.getByText('Tipo de cambio USD → MXN, últimos 30 días').waitFor();
    await shot(page, 'send-amount-chart-es-phone.png');
    await page.getByRole('link', { name: 'Alertas y envíos a tu tipo de cambio' }).click();

    await page.getByRole('heading', { name: 'Tu tipo de cambio', level: 1 }).waitFor();
    await page.getByLabel('Meta: MXN por dólar').fill('18,50');
    await page.getByRole('button', { name: 'Crear alerta' }).click();
    await page.getByText('Listo: te avisaremos cuando llegue.').waitFor();
    const alerts = page.getByRole('list', { name: 'Tus alertas' });
    await expect(alerts.getByText('1 USD ≥ 18.5 MXN')).toBeVisible();
    await expect(alerts.getByText('Esperando')).toBeVisible();

    // Send at my rate: $50 to Rosa when 1 USD reaches 19 MXN; cancelled if it does not.
    await page.getByLabel('Destinatario').selectOption({ label: 'Rosa Martínez' });
    await page.getByLabel('Monto a enviar (USD)').fill('50');
    await page.getByLabel('Meta del envío (MXN/USD)').fill('19');
    await page.getByRole('radio', { name: 'Cancelar y devolver el dinero a mi saldo' }).check();
    await page.getByRole('button', { name: 'Reservar y esperar' }).click();
    await page.getByText(/^Listo: reservamos/).waitFor();
    await expect(page.getByTestId('rate-orders-reserved')).toContainText('Reservado:');
    await expect(page.getByText('$50.00 para Rosa Martínez')).toBeVisible();

    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'rates-es-phone.png', { fullPage: true });

    // Cancelled: the money is released at once.
    await page.getByRole('button', { name: 'Cancelar y liberar el dinero' }).click();
    await expect(page.getByText('Cancelado')).toBeVisible();
    await expect(page.getByTestId('rate-orders-reserved')).toHaveCount(0);

    // The same page in English on a desktop.
    const en = await app.open('/send-home/rates?currency=MXN', desktop, {
      language: 'en',
      token: ana.token,
    });
    await en.getByRole('heading', { name: 'Your exchange rate', level: 1 }).waitFor();
    await expect(
      en.getByRole('list', { name: 'Your alerts' }).getByText('1 USD ≥ 18.5 MXN'),
    ).toBeVisible();
    await shot(en, 'rates-en-desktop.png', { fullPage: true });
  });
});
