import { expect, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { addTestMoney, createUser, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** A business day about a week ahead (Monday to Friday; the bank holidays near it skipped). */
function businessDayAhead(days: number): string {
  const holidays = new Set(['12-25', '01-01', '01-19', '02-16', '05-25', '07-03', '11-26']);
  const day = new Date(Date.now() + days * 86_400_000);
  for (;;) {
    const iso = day.toISOString().slice(0, 10);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(iso.slice(5))) return iso;
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

test.describe('a scheduled bill, in Chromium', () => {
  test('finds a biller, schedules a monthly payment, sees it in the list and cancels one, in Spanish on a phone', async ({
    app,
  }) => {
    const rosa = await createUser('Rosa Aguilar', '+12125550283', '33131');
    await verifiedForTheBank(rosa, 'Rosa Aguilar');
    await addTestMoney(rosa, 50_000);
    const page = await app.open('/billpay', phone, { token: rosa.token });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagar facturas');

    // The directory: a name within a category, and how the biller is paid.
    await page.getByLabel('Nombre de la empresa').fill('FiberNet');
    const results = page.getByRole('list', { name: 'Empresas encontradas' });
    await results.getByText('Internet · Transferencia ACH · llega en 2 días hábiles').waitFor();
    const payDate = businessDayAhead(8);
    const schedule = async (amount: string, monthly: boolean) => {
      await results.getByRole('button', { name: 'Pagar FiberNet Home' }).click();
      const dialog = page.getByRole('dialog', { name: 'Factura de internet' });
      await expect(dialog.getByLabel('Empresa', { exact: true })).toHaveValue('internet-1');
      await dialog.getByLabel('Tu número de cuenta con la empresa').fill('FN-2045-88');
      await dialog.getByLabel('Monto en USD').fill(amount);
      await dialog.getByRole('radio', { name: 'Pagar en una fecha' }).check();
      await dialog.getByLabel('Fecha de pago').fill(payDate);
      if (monthly) await dialog.getByRole('checkbox', { name: 'Repetir cada mes' }).check();
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await dialog.getByRole('heading', { name: 'Revisa tu pago' }).waitFor();
      if (monthly) await dialog.getByText(/^Cada mes desde el/).waitFor();
      if (monthly) await shot(page, 'billpay-review-es-390x844.png');
      await dialog.getByRole('button', { name: `Programar $${amount}` }).click();
      await page.getByText('¡Listo! Programaste tu pago: Factura de internet.').waitFor();
      await expect(dialog).toBeHidden();
    };
    await schedule('64.99', true);
    await schedule('10.00', false);

    // Both in the list; no money left yet (it leaves on the date).
    const list = page.getByRole('list', { name: 'Pagos programados' });
    await list.getByText('FiberNet Home · $64.99').waitFor();
    await list.getByText(/^Cada mes · próximo:/).waitFor();
    await list.getByText('FiberNet Home · $10.00').waitFor();
    await shot(page, 'billpay-scheduled-es-390x844.png', { fullPage: true });
    // Cancel the one-time payment: the monthly one stays.
    await list
      .getByRole('listitem')
      .filter({ hasText: 'FiberNet Home · $10.00' })
      .getByRole('button', { name: 'Cancelar' })
      .click();
    await expect(list.getByText('FiberNet Home · $10.00')).toBeHidden();
    await expect(list.getByText('FiberNet Home · $64.99')).toBeVisible();

    // The same list on a desktop, in English.
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    await page.getByRole('button', { name: 'English' }).click();
    const english = page.getByRole('list', { name: 'Scheduled payments' });
    await english.getByText(/^Every month · next:/).waitFor();
    await shot(page, 'billpay-scheduled-en-1366x768.png', { fullPage: true });
  });
});
