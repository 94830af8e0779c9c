import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, settled, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { createUser } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** An authenticator app's code (RFC 6238: SHA-1, 30 s, 6 digits) for the step `offset` from now. */
function appCode(base32Secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32Secret]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = (mac.at(-1) ?? 0) & 15;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await settled(page);
}

test.describe('two-step codes', () => {
  test('a user turns them on from the security page and signs in with a code from the app', async ({
    app,
  }) => {
    const user = await createUser('Elena Ruiz', '+12125550199', '10001', { verifyPhone: false });
    const page = await app.open('/profile', phone, { token: user.token });
    await page.getByRole('link', { name: /^Seguridad/ }).click();
    await page.waitForURL('**/security');
    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Activar' }).click();
    // As a person would: copy the key shown for typing by hand.
    const secretField = page.getByLabel('Clave para escribir a mano');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: 'Código QR para tu app de autenticación' }).waitFor();
    await shot(page, 'two-step-setup-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Código de 6 dígitos de la app').fill(appCode(secret));
    await page.getByRole('button', { name: 'Confirmar y activar' }).click();
    await page.getByText('Los códigos de dos pasos están activados.').waitFor();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    // The codes show before the status is fetched again; the chip turns green (a 300 ms colour
    // transition) with it. Checked before that, axe could measure the chip half-way.
    await page.getByText('Te quedan 10 códigos de recuperación.').waitFor();
    await shot(page, 'two-step-codes-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await page.getByText('Te quedan 10 códigos de recuperación.').waitFor();

    // A new visit signs in: the password, then the code (the next step's: each is accepted once).
    const login = await app.open('/login', desktop);
    await login.getByLabel('Usuario o correo electrónico').fill(user.username);
    await login.getByLabel('Contraseña').fill('E2e-secret-pass-1');
    await login.getByRole('button', { name: 'Iniciar sesión' }).click();
    await login.getByRole('heading', { name: 'Código de dos pasos' }).waitFor();
    expect(await login.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await seriousA11yViolations(login)).toEqual([]);
    await shot(login, 'two-step-login-es-desktop.png', { fullPage: true });
    await login.getByLabel('Código', { exact: true }).fill('000000');
    await login.getByRole('button', { name: 'Verificar' }).click();
    await login
      .getByRole('alert')
      .getByText(/no es correcto/)
      .waitFor();
    await login.getByLabel('Código', { exact: true }).fill(appCode(secret, 1));
    await login.getByRole('button', { name: 'Verificar' }).click();
    await login.waitForURL('**/dashboard');

    // Both sessions are listed on the security page, this one marked.
    await login.goto('/security');
    await settle(login);
    await expect(login.getByTestId('session-row')).toHaveCount(2);
    await login.getByText('Esta sesión').waitFor();
    await shot(login, 'security-es-desktop.png', { fullPage: true });
    expect(await seriousA11yViolations(login)).toEqual([]);
    await login.getByRole('button', { name: 'Cerrar sesión en todos los demás' }).click();
    await expect(login.getByTestId('session-row')).toHaveCount(1);
  });

  test('the security page in English has no serious axe violation at either size', async ({
    app,
  }) => {
    const user = await createUser('Tom Reed', '+12125550190', '10001', { verifyPhone: false });
    for (const viewport of VIEWPORTS) {
      const page = await app.open('/security', viewport, { language: 'en', token: user.token });
      await settle(page);
      await page.getByRole('heading', { name: 'Two-step codes' }).waitFor();
      await shot(page, `security-en-${viewport.name}.png`, { fullPage: true });
      expect(await seriousA11yViolations(page), viewport.name).toEqual([]);
    }
  });
});
