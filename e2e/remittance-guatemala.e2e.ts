import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { addTestMoney, createUser, type E2eUser, verifiedForTheBank } from './support/users';

/**
 * Sending home through the payout partner's sandbox (docs/thunes.md), in Spanish on a phone: a
 * Guatemalan cash pickup network paid express, the Remittance Transfer Rule's disclosure before
 * paying and receipt after, the partner's steps up to "lista para cobrar", and a cancellation
 * within the 30 minutes refunding amount and fee.
 */

const [phone] = VIEWPORTS;
const PAYER = 'Red de Pagos Ejemplo Guatemala';

let ana: E2eUser;

test.beforeAll(async () => {
  ana = await createUser('Ana Rivera', '+12125550164');
  // The partner needs the sender's identity and home address (SENDER_FIELDS_PAGO_HAS).
  await verifiedForTheBank(ana, 'Ana Rivera');
  await addTestMoney(ana, 100_000);
});

/** The calculator, before any recipient: Guatemala, the amount, then a speed to go on with. */
async function calculate(page: Page, amount: string, choose: string) {
  await page.getByRole('heading', { name: '¿Cuánto envías?' }).waitFor();
  await page.getByLabel('País de destino').selectOption('GT');
  await page.getByLabel('Envías (USD)').fill(amount);
  await page.getByRole('button', { name: choose }).click();
}

/** Fills the recipient form for a Guatemalan cash pickup at the sandbox's network. */
async function addCashRecipient(page: Page, names: [string, string], localPhone: string) {
  await page.getByLabel('Nombre(s)').fill(names[0]);
  await page.getByLabel('Apellido(s)').fill(names[1]);
  await page.getByLabel('País').selectOption('GT');
  await page.getByLabel('Teléfono').fill(localPhone);
  await page.getByRole('radio', { name: 'Retiro en efectivo' }).check();
  // A country's only cash network is chosen for the person, with how the recipient collects.
  await page.getByText(`Paga ${PAYER}`).waitFor();
  await page.getByText(`Cobra en cualquier agente de ${PAYER} con el código.`).waitFor();
  // The sandbox's cash networks ask for the recipient's ID.
  await page.getByLabel('Tipo de identificación').selectOption('NATIONAL_ID');
  await page.getByLabel('Número de identificación').fill('2456 78901 0101');
  await page.getByRole('button', { name: 'Guardar destinatario' }).click();
}

/** The wallet's balance in cents, as the API reports it to the page's user. */
async function balance(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/wallet/balance', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await response.json()).balanceCents as number;
  });
}

/** A disclosure row's value by its label (the rule's labels, remittance-rights.ts). */
function row(page: Page, label: string) {
  return page.getByTestId('disclosure').locator('dt', { hasText: label }).first().locator('+ dd');
}

test.describe('sending home to Guatemala through the payout partner, in Spanish on a phone', () => {
  test('sends $100 express to a cash pickup network: disclosure, receipt, then "lista para cobrar" with the code', async ({
    app,
  }) => {
    const page = await app.open('/send-home', phone, { language: 'es', token: ana.token });
    // No recipient yet: the price first (the calculator), then the form.
    await calculate(page, '100', 'Continuar con exprés');
    await page.getByRole('heading', { name: 'Agregar destinatario' }).waitFor();
    await addCashRecipient(page, ['José Luis', 'Pérez García'], '2234 5678');

    // Saved: express in Central America, on a payer that pays in minutes, quoted at once.
    await page.getByText('José Luis Pérez García').waitFor();

    // Before paying: the disclosure. 2% ($2.00) + $3.49 + express $4.99 = $10.48.
    await page.getByText('Revisa los detalles antes de pagar').waitFor();
    await expect(row(page, 'Comisión de envío')).toHaveText('$10.48');
    await expect(row(page, 'Total').first()).toHaveText('$110.48');
    await expect(row(page, 'Tipo de cambio')).toContainText('GTQ');
    await expect(row(page, 'Total para el destinatario')).toContainText('GTQ');
    await expect(row(page, 'Fecha de disponibilidad')).not.toBeEmpty();
    await expect(page.getByText(/^Pago no cobra otras comisiones ni impuestos/)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'pago-remit-gt-disclosure-es-phone.png', { fullPage: true });
    const before = await balance(page);

    await page.getByRole('button', { name: 'Confirmar y enviar $110.48' }).click();

    // After paying: the receipt, with the rights and the contacts.
    const receipt = page.getByTestId('receipt');
    await receipt.getByRole('heading', { name: 'Recibo' }).waitFor();
    await expect(receipt.getByText(`José Luis Pérez García · Guatemala · ${PAYER}`)).toBeVisible();
    await expect(receipt.getByText(/^Tienes derecho a cancelar este envío/)).toBeVisible();
    await expect(receipt.getByText(/^Tienes derecho a reclamar si hay un error/)).toBeVisible();
    await expect(receipt.getByText(/de los 30 para cancelar con reembolso total\.$/)).toBeVisible();
    await expect(receipt.getByText('Regulador de tu estado: NMLS Consumer Access')).toBeVisible();
    await expect(receipt.getByRole('link', { name: '1-855-411-2372' })).toBeVisible();
    expect(await balance(page)).toBe(before - 11_048);
    const download = page.waitForEvent('download');
    await receipt.getByRole('button', { name: 'Descargar recibo (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^recibo-pago-[0-9A-Z]{5}-[0-9A-Z]{5}\.pdf$/,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'pago-remit-gt-receipt-es-phone.png', { fullPage: true });

    await page.getByRole('link', { name: 'Ver seguimiento' }).click();
    await page.waitForURL(/\/transfers\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Seguimiento de tu envío' }).waitFor();
    // The sandbox moves the transaction one step every SANDBOX_THUNES_STEP_MS; the page follows
    // it without a reload (web-first assertions poll).
    const steps = page.getByRole('list', { name: 'Estado del envío' });
    await expect(steps.getByText('Enviado a quien le paga')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Listo para cobrar' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByTestId('pickup-code')).toHaveText(/^\d{10}$/);
    await expect(
      page.getByText(`Cobra en cualquier agente de ${PAYER} con el código.`),
    ).toBeVisible();
    const code = ((await page.getByTestId('pickup-code').textContent()) ?? '').trim();
    await expect
      .poll(() => page.getByLabel('Mensaje en español').inputValue())
      .toContain(`con el código ${code}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'pago-remit-gt-tracking-es-phone.png', { fullPage: true });
  });

  test('cancels a second transfer within the 30 minutes: amount and fee refunded', async ({
    app,
  }) => {
    const page = await app.open('/send-home', phone, { language: 'es', token: ana.token });
    await page.getByRole('button', { name: 'Agregar destinatario' }).click();
    await calculate(page, '50', 'Continuar con estándar');
    // A phone ending in 9999: the sandbox partner holds the payout for review, so nothing pays
    // it out before the cancel (docs/thunes.md, test conventions).
    await addCashRecipient(page, ['Rosa', 'Díaz'], '2234 9999');
    await page.getByText('Rosa Díaz').waitFor();
    // Standard to Central America: 2% ($1.00) + $3.49 = $4.49.
    await page.getByText('Revisa los detalles antes de pagar').waitFor();
    await expect(row(page, 'Comisión de envío')).toHaveText('$4.49');
    await page.getByRole('button', { name: 'Confirmar y enviar $54.49' }).click();
    await page.getByTestId('receipt').waitFor();
    await page.getByRole('link', { name: 'Ver seguimiento' }).click();
    await page.waitForURL(/\/transfers\/[0-9a-f-]{36}$/);

    await expect(
      page.getByText(/^Te quedan \d+ minutos de los 30 para cancelar con reembolso total\.$/),
    ).toBeVisible();
    const before = await balance(page);
    await page.getByRole('button', { name: 'Cancelar envío' }).click();
    await page
      .getByText('¿Cancelar este envío? Devolvemos $54.49 a tu saldo, comisión incluida.')
      .waitFor();
    await page.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page
      .getByText('Cancelaste este envío. Devolvimos $54.49 a tu saldo, comisión incluida.')
      .waitFor();
    await expect(page.getByText('Cancelaste el envío')).toBeVisible();
    await expect.poll(() => balance(page)).toBe(before + 5449);
    await expect(page.getByRole('button', { name: 'Cancelar envío' })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
