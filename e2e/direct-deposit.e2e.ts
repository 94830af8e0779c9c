import fs from 'node:fs';
import {
  atEachSize,
  expect,
  seriousA11yViolations,
  settled,
  test,
  VIEWPORTS,
} from './support/browser';
import { pdfText } from './support/pdf-text';
import { shot } from './support/shots';
import { createUser, post, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;

test.describe('direct deposit', () => {
  test('shows the numbers, downloads the form, and a paycheck arrives pending then available early, in Spanish on a phone', async ({
    app,
  }) => {
    const ana = await createUser('Ana Ruiz', '+13055550171');
    await verifiedForTheBank(ana, 'Ana Ruiz Paredes');

    // From the home screen: Agregar dinero → Depósito directo.
    const page = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    await page
      .getByRole('navigation', { name: 'Acciones principales' })
      .getByRole('button', { name: 'Agregar dinero' })
      .click();
    await page
      .getByRole('dialog', { name: 'Agregar dinero' })
      .getByRole('link', { name: 'Depósito directo: recibe tu sueldo' })
      .click();
    await page.getByRole('heading', { name: 'Depósito directo', level: 1 }).waitFor();
    await page.getByText('812345678').waitFor();
    await page.getByText(/^••••\d{4}$/).waitFor();
    await page.getByRole('button', { name: 'Mostrar el número de cuenta' }).click();
    const accountNumber = (
      (await page.locator('[data-value="shown"]').last().textContent()) ?? ''
    ).trim();
    expect(accountNumber).toMatch(/^\d{6,17}$/);
    await page.getByText('Aún no has recibido depósitos directos.').waitFor();

    // The form for the employer: 50 % of each paycheck, as a PDF with her name and numbers.
    await page.getByRole('radio', { name: 'Un porcentaje' }).check();
    await page.getByRole('textbox', { name: 'Porcentaje de cada pago' }).fill('50');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar formulario (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('pago-deposito-directo.pdf');
    const file = fs.readFileSync((await download.path()) as string);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(file);
    expect(text).toContain('Ana Ruiz Paredes');
    expect(text).toContain('812345678');
    expect(text).toContain(accountNumber);
    expect(text).toContain('50 % de cada pago');

    // Her employer pays $250.00 to the account number (the sandbox's payroll ACH).
    await post('/sandbox/direct-deposit/payroll', { accountNumber, amountCents: 25_000 });
    const deposits = page.getByRole('list', { name: 'Depósitos recibidos' });
    const item = deposits.getByRole('listitem').first();
    await item.getByText('+$250.00').waitFor();
    // Early pay advances it within seconds: available before its payday.
    await item.getByText('Disponible antes').waitFor();
    await item.getByText(/^Llegó antes de la fecha de pago/).waitFor();
    await shot(page, 'direct-deposit-es-390x844.png', { fullPage: true });

    // No serious or critical axe violation, at each size; then back to the phone.
    await settled(page);
    await atEachSize(page, async (viewport) => {
      expect(await seriousA11yViolations(page), `at ${viewport.name}`).toEqual([]);
    });
    await page.setViewportSize({ width: phone.width, height: phone.height });

    // It was pending first: the notifications tell both, and the balance has it all.
    await page.goto('/notifications');
    await page
      .getByText('Recibiste un depósito directo de $250.00 de PAYROLL: está pendiente')
      .waitFor();
    await page.getByText('Tu depósito directo de $250.00 de PAYROLL ya está disponible').waitFor();
    const balance = await (
      await fetch(new URL('/api/wallet/balance', page.url()), {
        headers: { authorization: `Bearer ${ana.token}` },
      })
    ).json();
    expect(balance).toMatchObject({ availableBalanceCents: 25_000, pendingCents: 0 });

    const english = await app.open('/direct-deposit', desktop, {
      language: 'en',
      token: ana.token,
    });
    await english.getByRole('heading', { name: 'Direct deposit', level: 1 }).waitFor();
    await english.getByText('Available early').waitFor();
    await shot(english, 'direct-deposit-en-1366x768.png', { fullPage: true });
  });
});
