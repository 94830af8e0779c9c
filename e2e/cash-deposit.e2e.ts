import { atEachSize, expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { createUser, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** The store's register takes cash with the barcode (the Unit fake's sandbox payment). */
async function payAtRegister(barcodeNumber: string, amount: number) {
  const response = await fetch(`${baseUrl()}/sandbox/unit/sandbox/cash-deposits`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer unit_sandbox_org_token',
      'content-type': 'application/vnd.api+json',
    },
    body: JSON.stringify({ data: { type: 'cashDeposit', attributes: { barcodeNumber, amount } } }),
  });
  expect(response.status).toBe(201);
}

test.describe('cash at a store', () => {
  test('shows the barcode for a store found by ZIP, and a cash deposit reaches the balance', async ({
    app,
  }) => {
    const ana = await createUser('Ana Peña', '+13055550181');
    await verifiedForTheBank(ana, 'Ana Peña Núñez');

    const page = await app.open('/cash-deposit', phone, { language: 'es', token: ana.token });
    await page.getByRole('heading', { name: 'Depositar efectivo', level: 1 }).waitFor();
    const stores = page.getByRole('region', { name: 'Tiendas cerca de ti' });
    const zip = stores.getByLabel('Código postal (ZIP)');
    await zip.fill('10001');
    await stores.getByRole('button', { name: 'Buscar' }).click();
    await stores.getByText('100 Main St, New York, NY 10001').waitFor();
    await stores
      .getByRole('button', { name: 'Usar esta tienda: Tienda Esquina, 100 Main St' })
      .click();
    const barcode = page.getByRole('img', { name: /Código de barras para depositar efectivo/ });
    await barcode.waitFor();
    await page.getByText(/Sube el brillo de tu pantalla/).waitFor();
    const digits = (await page.getByTestId('cash-barcode-number').textContent()) ?? '';
    const number = digits.replace(/\s/g, '');
    expect(number).toMatch(/^\d{16}$/);
    // Large on a phone: nearly the screen's width.
    const box = await barcode.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(280);
    await shot(page, 'cash-deposit-es-390x844.png');

    await payAtRegister(number, 4_000);
    const history = page.getByRole('list', { name: 'Tus depósitos en efectivo' });
    await history.getByText('$40.00').waitFor({ timeout: 20_000 });
    await history.getByText('Sin comisión').waitFor();
    await page.getByText('Este mes depositaste $40.00; te quedan $460.00 sin comisión.').waitFor();
    await shot(page, 'cash-deposit-credited-es-390x844.png', { scrollTo: history });
    // The screen as it is at the register: no serious accessibility fault, phone and desktop.
    await atEachSize(page, async (viewport) => {
      expect(await seriousA11yViolations(page), `/cash-deposit at ${viewport.name}`).toEqual([]);
    });

    const english = await app.open('/cash-deposit', desktop, { language: 'en', token: ana.token });
    await english.getByRole('heading', { name: 'Deposit cash', level: 1 }).waitFor();
    await english.getByRole('list', { name: 'Your cash deposits' }).getByText('$40.00').waitFor();
    await shot(english, 'cash-deposit-en-desktop.png');
  });

  test('the card page lists fee-free network ATMs near a ZIP code', async ({ app }) => {
    const luis = await createUser('Luis Mora', '+13055550182');
    await verifiedForTheBank(luis, 'Luis Mora Díaz');
    const page = await app.open('/card', phone, { language: 'es', token: luis.token });
    const atms = page.getByRole('region', { name: 'Cajeros sin comisión cerca de ti' });
    await atms.getByText(/tus primeros 4 retiros del mes no tienen comisión/).waitFor();
    await atms.getByLabel('Código postal (ZIP)').fill('60608');
    await atms.getByRole('button', { name: 'Buscar cajeros' }).click();
    const list = atms.getByRole('list', { name: 'Cajeros sin comisión cerca de ti' });
    await list.getByText('Lavandería Sol').waitFor();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByText('Gasolinera Norte')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'card-atms-es-390x844.png', { scrollTo: atms });
  });
});
