import {
  atEachSize,
  expect,
  seriousA11yViolations,
  settled,
  test,
  VIEWPORTS,
} from './support/browser';
import { shot } from './support/shots';
import { createUser, post, saveMexicanRecipient, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;

test.describe('Día de pago', () => {
  test('a rule made on the phone in Spanish sends its share when a paycheck arrives', async ({
    app,
  }) => {
    const ana = await createUser('Ana Ruiz', '+13055550195');
    await verifiedForTheBank(ana, 'Ana Ruiz Paredes');
    await saveMexicanRecipient(ana, '+525512340181', ['Rosa', 'Pérez']);

    // From direct deposit, the one-line hook to Día de pago.
    const page = await app.open('/direct-deposit', phone, { language: 'es', token: ana.token });
    await page.getByRole('heading', { name: 'Depósito directo', level: 1 }).waitFor();
    const hook = page.getByRole('link', { name: 'Configurar' });
    await hook.waitFor();
    await shot(page, 'payday-hook-es-390x844.png');
    await hook.click();
    await page.getByRole('heading', { name: 'Día de pago', level: 1 }).waitFor();
    await page.getByText('Aún no tienes reglas. Crea una abajo.').waitFor();

    // 10 % of each deposit to Rosa, at most $20.00 per deposit.
    await expect(page.getByRole('combobox', { name: 'Enviar a' })).toContainText('Rosa Pérez');
    await page.getByRole('textbox', { name: 'Porcentaje de cada depósito' }).fill('10');
    await page.getByRole('textbox', { name: 'Máximo por depósito (opcional)' }).fill('20');
    await page.getByRole('button', { name: 'Guardar regla' }).click();
    await page.getByText('Regla guardada.').waitFor();
    const rules = page.getByRole('list', { name: 'Tus reglas' });
    await rules.getByText('10 % de cada depósito a Rosa Pérez').waitFor();
    await rules.getByText('Máximo $20.00 por depósito').waitFor();
    await page
      .getByText('Cuando llegue tu próximo depósito, verás aquí lo que se envió.')
      .waitFor();

    // Her employer pays $250.00; early pay makes it available, and the rule sends $20.00.
    const numbers = await (
      await fetch(new URL('/api/direct-deposit', page.url()), {
        headers: { authorization: `Bearer ${ana.token}` },
      })
    ).json();
    await post('/sandbox/direct-deposit/payroll', {
      accountNumber: numbers.accountNumber,
      amountCents: 25_000,
      companyName: 'ACME FOODS',
    });
    const runs = page.getByRole('list', { name: 'Envíos de Día de pago' });
    const run = runs.getByRole('listitem').first();
    await run.getByText('$20.00 a Rosa Pérez').waitFor({ timeout: 60_000 });
    await run.getByText(/^Del depósito de \$250\.00 de ACME FOODS/).waitFor();
    await run.getByText('Enviado').waitFor({ timeout: 30_000 });
    await run.getByRole('link', { name: 'Ver envío' }).waitFor();
    await shot(page, 'payday-es-390x844.png', { fullPage: true });

    await settled(page);
    await atEachSize(page, async (viewport) => {
      expect(await seriousA11yViolations(page), `at ${viewport.name}`).toEqual([]);
    });
    await page.setViewportSize({ width: phone.width, height: phone.height });

    // Told in the notifications; the transfer home left the balance ($250 − $20 − the fee).
    await page.goto('/notifications');
    await page
      .getByText('Día de pago: enviamos $20.00 a Rosa Pérez de tu depósito de ACME FOODS')
      .waitFor();
    const balance = await (
      await fetch(new URL('/api/wallet/balance', page.url()), {
        headers: { authorization: `Bearer ${ana.token}` },
      })
    ).json();
    expect(balance.availableBalanceCents).toBeLessThan(23_000);
    expect(balance.availableBalanceCents).toBeGreaterThan(22_000);

    // Turned off from the list, in English on a desktop.
    const english = await app.open('/direct-deposit/payday', desktop, {
      language: 'en',
      token: ana.token,
    });
    await english.getByRole('heading', { name: 'Payday', level: 1 }).waitFor();
    await english.getByText('10% of each deposit to Rosa Pérez').waitFor();
    await english.getByText('$20.00 to Rosa Pérez').waitFor();
    const toggle = english.getByRole('switch', {
      name: 'On: 10% of each deposit to Rosa Pérez',
    });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await shot(english, 'payday-en-1366x768.png', { fullPage: true });
  });
});
