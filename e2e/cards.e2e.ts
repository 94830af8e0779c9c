import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { nextSmsCode, smsTo } from './support/sms';
import { addTestMoney, createUser, post, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** The card as the page revealed it: what a shopper types at a checkout. */
type CardNumbers = { pan: string; expMonth: number; expYear: number; cvv: string };

/** Where the sandbox network's merchant is (one place: its shape may change). */
/** A restaurant: its clearing may carry a tip of up to 20% above the authorization. */
const MERCHANT = { name: 'Café Luna', city: 'Austin', category: 'restaurant' };

/**
 * A call to the sandbox card network's JSON API, as a merchant's terminal or an ATM makes it. A
 * decline is an answer, whatever its status; a missing route or a crash fails the test.
 */
async function networkCall(path: string, body: unknown): Promise<Authorization> {
  const response = await fetch(`${baseUrl()}/sandbox/cards/network/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status === 404 || response.status >= 500) {
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Authorization;
}

const network = {
  purchase: (card: CardNumbers, amountCents: number) =>
    networkCall('purchase', { ...card, amountCents, merchant: MERCHANT }),
  clear: (authorizationId: string, amountCents: number) =>
    networkCall('clear', { authorizationId, amountCents }),
  // An ATM reads the card and takes the PIN; the network's ATM message carries no CVV.
  atm: (
    { cvv: _cvv, ...card }: CardNumbers,
    amountCents: number,
    atmNetwork: 'in' | 'out' | 'international',
  ) => networkCall('atm', { ...card, amountCents, network: atmNetwork }),
} as const;

type Authorization = { authorizationId: string; approved: boolean; declineReason: string | null };

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** The card's transactions on the page: one row per transfer, newest first. */
function cardRows(page: Page) {
  return page.getByRole('region', { name: 'Movimientos de tu tarjeta' }).getByRole('listitem');
}

test.describe('the Pago debit card', () => {
  test('is issued, revealed after the password, spends, freezes, declines, and withdraws cash with the ATM fee', async ({
    app,
  }) => {
    const lucia = await createUser('Lucía Campos', '+13055550177');
    await verifiedForTheBank(lucia, 'Lucía Campos Ruiz');
    const auth = { authorization: `Bearer ${lucia.token}` };
    await post('/api/unit/accounts/create', {}, { ...auth, 'idempotency-key': randomUUID() });
    await addTestMoney(lucia, 10_000);

    const page = await app.open('/card', phone, { language: 'es', token: lucia.token });
    await page.getByRole('heading', { level: 1, name: 'Tu tarjeta' }).waitFor();
    await page.getByText('La tarjeta de débito Pago', { exact: true }).waitFor();
    await expectAccessible(page);

    // Issue the virtual card: free, at once.
    await page.getByRole('button', { name: 'Pedir tarjeta virtual' }).click();
    await page.getByText(/Tu tarjeta virtual •••• \d{4} está lista\./).waitFor();
    const design = page.getByRole('img', { name: /Tarjeta de débito Pago Virtual terminada en/ });
    await design.waitFor();
    await expect(design).toHaveAttribute('aria-label', /Activa\.$/);

    // Reveal it after the password and the code the bank texts to her phone.
    await page.getByRole('button', { name: 'Ver números' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ver los números de tu tarjeta' });
    await dialog.getByLabel('Contraseña').fill('E2e-secret-pass-1');
    await expectAccessible(page);
    const texts = (await smsTo(lucia.phone)).length;
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByText('Te enviamos un código por mensaje de texto').waitFor();
    const texted = await nextSmsCode(lucia.phone, texts);
    // A wrong code is refused and may be typed again.
    await dialog
      .getByLabel('Código del mensaje de texto')
      .fill(texted === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Ver números' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/El código no es correcto o ya venció/);
    await dialog.getByLabel('Código del mensaje de texto').fill(texted);
    await expectAccessible(page);
    await shot(page, 'card-texted-code-es-phone.png');
    await dialog.getByRole('button', { name: 'Ver números' }).click();
    await page.getByTestId('card-pan').waitFor();
    await page
      .getByRole('timer')
      .getByText(/Se ocultan en \d+ segundos/)
      .waitFor();
    // The number and CVV are in the partner's secure frames (the fake VGS Show in sandbox mode).
    const panFrame = page.frameLocator('[data-testid="card-pan"] iframe').locator('#value');
    const cvvFrame = page.frameLocator('[data-testid="card-cvv"] iframe').locator('#value');
    await expect(panFrame).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
    await expect(cvvFrame).toHaveText(/^\d{3}$/);
    const pan = ((await panFrame.textContent()) ?? '').replace(/\s/g, '');
    const [month, year] = ((await page.getByTestId('card-expiry').textContent()) ?? '').split('/');
    const card: CardNumbers = {
      pan,
      expMonth: Number(month),
      expYear: 2000 + Number(year),
      cvv: (await cvvFrame.textContent()) ?? '',
    };
    expect(card.pan).toMatch(/^\d{16}$/);
    expect(card.cvv).toMatch(/^\d{3}$/);
    const last4 = card.pan.slice(-4);
    await expect.poll(() => design.getAttribute('aria-label')).toContain(last4);
    await expectAccessible(page);

    // $12.34 at a merchant: a hold, pending on the page.
    const purchase = await network.purchase(card, 1234);
    expect(purchase).toMatchObject({ approved: true });
    const hold = cardRows(page).filter({
      hasText: `${MERCHANT.name}, ${MERCHANT.city} · •••• ${last4}`,
    });
    await hold.filter({ hasText: 'Pendiente' }).filter({ hasText: '−$12.34' }).waitFor();
    await page.getByText('Disponible para usar: $87.66').waitFor();

    // Cleared at $14.00 (a tip): completed at $14.00.
    await network.clear(purchase.authorizationId, 1400);
    const cleared = hold.filter({ hasText: 'Completada' }).filter({ hasText: '−$14.00' });
    await cleared.waitFor();
    await cleared.getByText('Autorizado $12.34 · Cobrado $14.00').waitFor();
    // One purchase, one row: no hold left behind, no release.
    await expect(hold).toHaveCount(1);
    await page.getByText('Disponible para usar: $86.00').waitFor();

    // Freeze in the app; the next purchase is declined as frozen.
    const freeze = page.getByRole('switch', { name: 'Congelar tarjeta' });
    await freeze.click();
    await page.getByText('Congelamos tu tarjeta.').waitFor();
    await expect(freeze).toBeChecked();
    await page
      .getByTestId('card-status')
      .getByText(/^Congelada:/)
      .waitFor();
    await page.getByText('CONGELADA', { exact: true }).waitFor();
    await expectAccessible(page);
    const declined = await network.purchase(card, 500);
    expect(declined).toMatchObject({ approved: false, declineReason: 'card_frozen' });
    // The decline is told in the notification center, with its reason; then back to the card.
    await page.getByRole('link', { name: /^Notificaciones/ }).click();
    await page
      .getByText(`Rechazamos un cargo de $5.00 en ${MERCHANT.name}: tu tarjeta está congelada`)
      .first()
      .waitFor();
    await page.goBack();
    await freeze.waitFor();

    // Unfreeze; $40 from an out-of-network ATM, with its $2.50 fee.
    await freeze.click();
    await page.getByText('Descongelamos tu tarjeta.').waitFor();
    await expect(freeze).not.toBeChecked();
    const atm = await network.atm(card, 4000, 'out');
    expect(atm).toMatchObject({ approved: true });
    const withdrawal = cardRows(page).filter({ hasText: 'Retiro en cajero automático' });
    // The cash, and the ATM fee on a line of its own.
    await withdrawal.filter({ hasText: '−$40.00' }).waitFor();
    await withdrawal
      .getByTestId('atm-fee-line')
      .filter({ hasText: 'Comisión del cajero' })
      .waitFor();
    await expect(withdrawal.getByTestId('atm-fee-line')).toContainText('−$2.50');
    await shot(page, 'card-activity-atm-fee-es-phone.png', { scrollTo: withdrawal });
    await page.getByText('Disponible para usar: $43.50').waitFor();
    await withdrawal.getByRole('button').first().click();
    const receipt = page.getByRole('dialog', { name: 'Comprobante' });
    await receipt.getByText('Fuera de la red').waitFor();
    await receipt.getByText('Comisión', { exact: true }).waitFor();
    await receipt.getByText('$2.50', { exact: true }).waitFor();
    await receipt.getByText('$42.50', { exact: true }).waitFor();
    await expectAccessible(page);
    await receipt.getByRole('button', { name: 'Cerrar' }).click();

    // The same page in English on a wide screen; the home screen's tile leads to it.
    const english = await app.open('/dashboard', desktop, {
      language: 'en',
      token: lucia.token,
    });
    await english.getByText(`Virtual card •••• ${last4}`).waitFor();
    await english.getByRole('link', { name: 'See my card' }).click();
    await english.getByRole('heading', { level: 1, name: 'Your card' }).waitFor();
    await english.getByText('Authorized $12.34 · Charged $14.00').waitFor();
    await english.getByText('ATM withdrawal').first().waitFor();
    await expectAccessible(english);
  });
});
