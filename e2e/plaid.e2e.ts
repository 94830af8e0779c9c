import { test, VIEWPORTS } from './support/browser';
import { plaidFrame } from './support/identity-flows';
import { createUser, markVerified } from './support/users';

const [phone] = VIEWPORTS;

test.describe('linking a bank in Chromium', () => {
  test('links First Platypus Bank through Plaid Link in Spanish on a phone and reads its balance', async ({
    app,
  }) => {
    const bruno = await createUser('Bruno Díaz', '+12125550161', '10001');
    await markVerified(bruno);
    const page = await app.open('/profile', phone, { token: bruno.token });
    await page.getByRole('button', { name: 'Conectar cuenta bancaria' }).click();
    const link = plaidFrame(page);
    await link.getByRole('heading', { name: 'Elige tu banco' }).waitFor();
    await link.getByText('First Platypus Bank').click();
    await link.getByRole('button', { name: 'Continuar' }).click();

    // A wrong password first: the bank says so, and the user tries again.
    await link.getByLabel('Usuario').fill('user_good');
    await link.getByLabel('Contraseña').fill('pass_bad');
    await link.getByRole('button', { name: 'Enviar' }).click();
    await link.getByText('El usuario o la contraseña no son correctos').waitFor();
    await link.getByLabel('Contraseña').fill('pass_good');
    await link.getByRole('button', { name: 'Enviar' }).click();

    await link.getByRole('heading', { name: 'Elige tus cuentas' }).waitFor();
    await link.getByLabel(/Plaid Saving/).check();
    await link.getByRole('button', { name: 'Conectar' }).click();
    await link.getByRole('heading', { name: 'Listo' }).waitFor();
    await link.getByRole('button', { name: 'Continuar' }).click();

    await page.getByText('¡Cuenta bancaria conectada con éxito!').waitFor();
    const checking = page.getByRole('listitem').filter({ hasText: '•••• 0000' });
    await checking.getByText('Plaid Checking •••• 0000 · Cuenta corriente').waitFor();
    await checking.getByText('First Platypus Bank').waitFor();
    await page.getByText('Plaid Saving •••• 1111 · Cuenta de ahorros').waitFor();

    await checking.getByRole('button', { name: 'Saldo' }).click();
    await checking.getByText(/Disponible: .*100\.00.*Saldo actual: .*110\.00/).waitFor();

    // Unlinking takes a confirmation, then the bank's accounts are gone.
    await checking.getByRole('button', { name: 'Desvincular' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Desvincular First Platypus Bank?' });
    await dialog.getByRole('button', { name: 'Desvincular' }).click();
    await page.getByText('Desvinculaste First Platypus Bank.').waitFor();
    await page.getByText('Todavía no conectaste ninguna cuenta bancaria.').waitFor();
  });
});
