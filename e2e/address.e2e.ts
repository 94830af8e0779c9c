import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { createUser, type E2eUser, serverQuery } from './support/users';

const [phone, desktop] = VIEWPORTS;

/**
 * Identity verified as the identity feature leaves it (status, the ID's name and birth date), with
 * no address: a test helper in the server's database, not an API back door.
 */
async function verifiedWithoutAddress(user: E2eUser) {
  await serverQuery(
    `update users set kyc_status = 'completed', legal_name = $2, legal_birth_date = '1991-09-30'
       where email = $1`,
    [user.email, user.name],
  );
}

test.describe('the home address', () => {
  test('is asked when the bank account is opened, then the account opens (Spanish, phone)', async ({
    app,
  }) => {
    const lucia = await createUser('Lucía Ramos', '+13055550173');
    await verifiedWithoutAddress(lucia);
    const page = await app.open('/moneymover?tab=bank', phone, {
      language: 'es',
      token: lucia.token,
    });
    await page.getByRole('button', { name: 'Configurar cuenta bancaria' }).click();
    await page.getByRole('heading', { name: 'Primero, tu dirección' }).waitFor();
    const form = page.getByRole('group', { name: 'Dirección de tu casa en EE. UU.' });
    // A PO box is refused by the form, as by the server and the bank.
    await form.getByLabel('Calle y número').fill('PO Box 44');
    await page.getByRole('button', { name: 'Guardar y continuar' }).click();
    await form
      .getByText('Escribe la dirección donde vives: no se aceptan apartados postales (PO Box).')
      .waitFor();

    await form.getByLabel('Calle y número').fill('1200 Brickell Avenue');
    await form.getByLabel('Apto., unidad o suite (opcional)').fill('Apt 12');
    await form.getByLabel('Ciudad').fill('Miami');
    await form.getByLabel('Estado').selectOption({ label: 'Florida' });
    await form.getByLabel('Código postal (ZIP)').fill('33131');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'address-es-390x844.png', { fullPage: true });
    await page.getByRole('button', { name: 'Guardar y continuar' }).click();
    await page.getByText('¡Cuenta bancaria creada con éxito!').waitFor();
    await page.getByText('812345678').first().waitFor();

    const profile = await (
      await fetch(`${baseUrl()}/api/user/profile`, {
        headers: { authorization: `Bearer ${lucia.token}` },
      })
    ).json();
    expect(profile).toMatchObject({
      address: '1200 Brickell Avenue, Apt 12, Miami, FL 33131',
      homeAddress: { street: '1200 Brickell Avenue', street2: 'Apt 12', state: 'FL' },
      zipCode: '33131',
    });

    // The profile's editor shows it in parts, in English on a desktop too.
    const english = await app.open('/profile', desktop, {
      language: 'en',
      token: lucia.token,
    });
    await english.getByText('1200 Brickell Avenue, Apt 12, Miami, FL 33131').waitFor();
    await english.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = english.getByRole('dialog', { name: 'Edit Profile' });
    expect(await dialog.getByLabel('Street address').inputValue()).toBe('1200 Brickell Avenue');
    expect(await dialog.getByLabel('State').inputValue()).toBe('FL');
    await shot(english, 'address-en-1366x768.png', {
      scrollTo: dialog.getByLabel('ZIP code'),
      animations: 'disabled',
    });
  });
});
