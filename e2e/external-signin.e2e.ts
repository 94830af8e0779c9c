import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { completePlaidFlow, plaidFrame } from './support/identity-flows';
import { uniqueSuffix } from './support/mailbox';
import { createUser } from './support/users';

const [phone, desktop] = VIEWPORTS;
const PROVIDER = 'Pago Sandbox ID';

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/**
 * "Continuar con …", then the sandbox provider's own pages (in Spanish): sign in with the
 * e-mail and the password "sandbox", and allow access when it asks; back on Pago's /callback.
 */
async function signInAtProvider(page: Page, email: string, name?: string) {
  await page.getByRole('link', { name: `Continuar con ${PROVIDER}` }).click();
  await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('sandbox');
  if (name) await page.getByLabel('Nombre (opcional)').fill(name);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const allow = page.getByRole('button', { name: 'Permitir', exact: true });
  // The consent page shows once per grant; a returning person may go straight back to Pago.
  await expect
    .poll(
      async () =>
        (await allow.isVisible()) || /\/(callback|dashboard)/.test(new URL(page.url()).pathname),
    )
    .toBe(true);
  if (await allow.isVisible()) {
    await expectAccessible(page);
    await allow.click();
  }
}

test.describe('external sign-in (OpenID Connect) in Chromium, in Spanish', () => {
  test('signs up through the provider, finishes the missing fields, verifies identity, signs out through the provider and back in', async ({
    app,
  }) => {
    const email = `ana.rivera.${uniqueSuffix()}@example.com`;
    const page = await app.open('/login', phone);
    await signInAtProvider(page, email, 'Ana Rivera');

    await page.getByRole('heading', { name: 'Completa tu cuenta' }).waitFor();
    await page.getByText(email).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Código postal (ZIP)').fill('10001');
    // The same terms box as every sign-up path.
    await page.getByRole('checkbox', { name: /Acepto los Términos y condiciones/ }).check();
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();

    await page.waitForURL('**/onboarding/verify');
    await page.getByRole('button', { name: 'Iniciar verificación' }).click();
    expect(await completePlaidFlow(page, 'Rivera')).toBe('passed');
    await plaidFrame(page).getByRole('button', { name: 'Continuar' }).click();
    // No phone from this provider: the phone step comes next, skippable.
    await page.getByRole('button', { name: 'Ahora no' }).click();
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    // The profile says how this session signed in.
    await page.goto('/profile');
    const method = page.getByTestId('auth-method');
    await expect(method).toHaveText(
      `Iniciaste sesión con ${PROVIDER} · Cuenta del proveedor: ${email}`,
    );

    // Sign out: Pago's session ends, then the provider's, which sends the browser to /login.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.getByRole('heading', { name: '¿Cerrar sesión?' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sí, cerrar sesión' }).click();
    await page.waitForURL('**/login');

    // Back in: the provider asks again (its session ended) and Pago finds the same account.
    await signInAtProvider(page, email);
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    await expect(page.getByTestId('auth-method')).toContainText(email);
  });

  test('a password user links the provider only after proving the Pago password', async ({
    app,
  }) => {
    const user = await createUser('Marta Ruiz', `+1212555${String(Date.now()).slice(-4)}`);
    const page = await app.open('/login', desktop);
    await signInAtProvider(page, user.email);
    await page.getByRole('heading', { name: 'Vincula tu cuenta' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Contraseña').fill('not-my-password');
    await page.getByRole('button', { name: 'Vincular e iniciar sesión' }).click();
    await page
      .getByText('Esa no es la contraseña de tu cuenta de Pago. No vinculamos nada.')
      .waitFor();

    await page.getByLabel('Contraseña').fill('E2e-secret-pass-1');
    await page.getByRole('button', { name: 'Vincular e iniciar sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    await expect(page.getByTestId('auth-method')).toContainText(`Iniciaste sesión con ${PROVIDER}`);
  });
});
