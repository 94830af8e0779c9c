import fs from 'node:fs';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { latestCode, uniqueSuffix } from './support/mailbox';

const [phone, desktop] = VIEWPORTS;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('a new user, in Spanish on a phone', () => {
  test('joins, verifies the e-mail, edits the profile, downloads the QR, logs out and back in', async ({
    app,
  }) => {
    const suffix = uniqueSuffix();
    const email = `ana.${suffix}@example.com`;
    const username = `ana_${suffix}`;
    const password = 'Mi-clave-segura-2026';
    const page = await app.open('/', phone);

    await page.getByRole('button', { name: 'Únete a Pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crea tu cuenta' });
    await dialog.getByLabel('Nombre completo', { exact: true }).fill('Ana López');
    await dialog.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await dialog.getByLabel('Nombre de usuario', { exact: true }).fill(username);
    await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
    await dialog.getByLabel('Confirma tu contraseña', { exact: true }).fill(password);
    await dialog.getByLabel('Código postal (ZIP)', { exact: true }).fill('10001');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Regístrate' }).click();

    await page.waitForURL('**/verify');
    // The middle of the local part is starred (spec §2).
    await page.getByText(`a***${suffix.slice(-1)}@example.com`).waitFor();
    await page.getByLabel('Código de verificación').fill(await latestCode(email));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/onboarding/verify');

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Inicio' })
      .click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: '¡Hola, Ana!' }).waitFor();
    await page.getByText('Te damos la bienvenida a Pago.').waitFor();

    // The profile, its editor and its QR code are on their own page, in the menu.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Perfil' })
      .click();
    await page.waitForURL('**/profile');

    await page.getByRole('button', { name: 'Editar perfil' }).click();
    const editor = page.getByRole('dialog', { name: 'Editar perfil' });
    await editor.getByRole('textbox', { name: /^Nombre\s*\*?$/ }).fill('Ana María López');
    await editor.getByLabel('Calle y número').fill('123 Main St');
    await editor.getByLabel('Ciudad').fill('New York');
    await editor.getByLabel('Estado').selectOption({ label: 'Nueva York' });
    await editor.getByLabel('Código postal (ZIP)').fill('10001');
    await editor.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('¡Perfil actualizado correctamente!').first().waitFor();
    await editor.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Mi perfil' }).getByText('Ana María López').waitFor();
    await page
      .getByRole('region', { name: 'Mi perfil' })
      .getByText('123 Main St, New York, NY 10001')
      .waitFor();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar código QR' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${username}.png`);
    const png = PNG.sync.read(fs.readFileSync((await download.path()) as string));
    expect([png.width, png.height]).toEqual([200, 200]);
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const profile = await page.evaluate(async () => {
      const response = await fetch('/api/user/profile', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await response.json()) as { _id: string };
    });
    expect(qr?.data).toBe(`${baseUrl()}/find-user?id=${profile._id}`);

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('button', { name: 'Cerrar sesión' })
      .click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByLabel('Usuario o correo electrónico').fill(username);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: '¡Hola, Ana!' }).waitFor();
  });
});

test.describe('a sign-up interrupted by a reload, in Spanish on a phone', () => {
  test('keeps the sign-up through a reload of /verify and going back, asking only for the password again', async ({
    app,
  }) => {
    const suffix = uniqueSuffix();
    const email = `lia.${suffix}@example.com`;
    const password = 'Otra-clave-segura-2026';
    const page = await app.open('/signup', phone);

    await page.getByLabel('Nombre completo', { exact: true }).fill('Lía Gómez');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Nombre de usuario', { exact: true }).fill(`lia_${suffix}`);
    // A common password is refused on the form, before any code is sent.
    await page.getByLabel('Contraseña', { exact: true }).fill('Password123');
    await page.getByLabel('Confirma tu contraseña', { exact: true }).fill('Password123');
    await page.getByLabel('Código postal (ZIP)', { exact: true }).fill('10001');
    await page.getByRole('checkbox', { name: /Acepto los Términos y condiciones/ }).check();
    await page.getByRole('button', { name: 'Regístrate' }).click();
    await page.getByText('Esta contraseña es demasiado común. Elige una menos común.').waitFor();
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByLabel('Confirma tu contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Regístrate' }).click();
    await page.waitForURL('**/verify');
    const masked = `l***${suffix.slice(-1)}@example.com`;
    await page.getByText(masked).waitFor();

    // Back shows the form as it was, but for the password.
    await page.goBack();
    await heading(page).filter({ hasText: 'Crea tu cuenta' }).waitFor();
    expect(await page.getByLabel('Correo electrónico', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel('Nombre completo', { exact: true }).inputValue()).toBe(
      'Lía Gómez',
    );
    expect(await page.getByLabel('Contraseña', { exact: true }).inputValue()).toBe('');
    await page.goForward();
    await page.getByText(masked).waitFor();

    await page.reload();
    await page.getByText(masked).waitFor();
    await page.getByLabel('Código de verificación').fill(await latestCode(email));
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByLabel('Confirma tu contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/onboarding/verify');
    expect(await page.evaluate(() => sessionStorage.getItem('pendingSignup'))).toBeNull();

    // The account exists with the password typed after the reload.
    const login = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      { username: email, password },
    );
    expect(login).toBe(200);
  });
});

test.describe('bad input, in English on a desktop', () => {
  test('shows the sign-up checks in the spec order, then the sign-in and code messages', async ({
    app,
  }) => {
    const page = await app.open('/signup', desktop, { language: 'en' });
    await expect(heading(page)).toHaveText('Create Your Account');
    const form = page.locator('main');
    const submit = () => form.getByRole('button', { name: 'Sign up' }).click();
    const message = () => form.getByRole('alert').first().textContent();

    await submit();
    await expect
      .poll(message)
      .toBe('Name, email, username, password, and ZIP/postal code are required');
    await form.getByLabel('Full name', { exact: true }).fill('Bob Smith');
    await form.getByLabel('Email', { exact: true }).fill('bob@');
    await form.getByLabel('Username', { exact: true }).fill(`bob_${uniqueSuffix()}`);
    await form.getByLabel('Password', { exact: true }).fill('Another-pass-77');
    await form.getByLabel('Confirm password', { exact: true }).fill('Another-pass-78');
    await form.getByLabel('ZIP/postal code', { exact: true }).fill('   ');
    await submit();
    await expect.poll(message).toBe('Please enter a valid email address');
    await form.getByLabel('Email', { exact: true }).fill(`bob.${uniqueSuffix()}@example.com`);
    await submit();
    await expect.poll(message).toBe('Passwords do not match');
    await form.getByLabel('Confirm password', { exact: true }).fill('Another-pass-77');
    await submit();
    await expect.poll(message).toBe('ZIP/postal code is required');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first()).toHaveText(
      'Please enter both username and password',
    );
    await page.getByLabel('Username or email').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first()).toHaveText(
      'Sign-in failed. Please check your credentials.',
    );
  });
});
