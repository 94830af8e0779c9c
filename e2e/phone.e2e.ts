import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { nextSmsCode, smsTo } from './support/sms';
import { createUser } from './support/users';

const [phone] = VIEWPORTS;

test.describe('verifying a phone, in Spanish on a phone', () => {
  test('sends the SMS code from the profile and shows the phone as verified', async ({ app }) => {
    const number = '+12125550171';
    const lola = await createUser('Lola', number, '10001', { verifyPhone: false });
    const page = await app.open('/profile', phone, { token: lola.token });
    const card = page.getByRole('region', { name: 'Mi perfil' });
    await card.getByText('Sin verificar').waitFor();
    expect(await seriousA11yViolations(page), 'profile, phone not verified').toEqual([]);

    await card.getByRole('button', { name: 'Verificar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verifica tu teléfono' });
    await dialog
      // The number as Pago shows phones everywhere (packages/shared phone-format.ts).
      .getByText('Te enviaremos un código de 6 dígitos por SMS al +1 (212) 555-0171.', {
        exact: false,
      })
      .waitFor();
    const before = (await smsTo(number)).length;
    await dialog.getByRole('button', { name: 'Enviar código' }).click();
    const code = await nextSmsCode(number, before);
    const [sms] = await smsTo(number);
    expect(sms?.body).toBe(`Tu código de verificación de Pago es: ${code}`);

    await dialog.getByLabel('Código de verificación').waitFor();
    expect(await seriousA11yViolations(page), 'the code step').toEqual([]);
    await dialog.getByLabel('Código de verificación').fill(code);
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('¡Tu teléfono está verificado!').waitFor();
    await card.getByText('Verificado', { exact: true }).waitFor();
    expect(await card.getByText('Sin verificar').count()).toBe(0);

    const profile = await page.evaluate(async () => {
      const response = await fetch('/api/user/profile', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await response.json()) as { phone: string; phone_verified: boolean };
    });
    expect(profile).toMatchObject({ phone: number, phone_verified: true });
  });
});
