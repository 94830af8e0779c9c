import type { Page } from '@playwright/test';
import { atEachSize, expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const viewport of VIEWPORTS) {
  test.describe(`the public site on a ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test('speaks Spanish by default, English after the switch, and still English after a reload', async ({
      app,
    }) => {
      const page = await app.open('/', viewport);
      await expect(heading(page)).toHaveText('Envía dinero con inteligencia, seguridad y rapidez');
      expect(await page.getAttribute('html', 'lang')).toBe('es');

      await page.getByRole('button', { name: 'English' }).click();
      await expect(heading(page)).toHaveText('Send money home. Fast, safe and simple.');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
        'true',
      );

      await page.reload();
      await expect(heading(page)).toHaveText('Send money home. Fast, safe and simple.');
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

      await page.getByRole('button', { name: 'Español' }).click();
      await expect(heading(page)).toHaveText('Envía dinero con inteligencia, seguridad y rapidez');
    });

    test('closes the menu on Escape, on a click outside it and on choosing a link', async ({
      app,
    }) => {
      const page = await app.open('/', viewport);
      if (viewport.name === 'desktop') {
        // Wide screens have a navigation bar instead of the menu button.
        const bar = page.getByRole('navigation', { name: 'Navegación' });
        await bar.waitFor({ state: 'visible' });
        expect(await bar.getByRole('link').allTextContents()).toEqual([
          'Inicio',
          'Enviar',
          'Pagar facturas',
        ]);
        // Signing in and creating an account end the bar, outside the page links.
        expect(
          await page.getByRole('link', { name: 'Iniciar sesión', exact: true }).isVisible(),
        ).toBe(true);
        expect(await page.getByRole('button', { name: 'Crear cuenta' }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Abrir menú' }).isVisible()).toBe(false);
        await bar.getByRole('link', { name: 'Pagar facturas' }).click();
        await page.waitForURL('**/billpay');
        await expect(heading(page)).toHaveText('Pagar facturas');
        return;
      }
      const menu = page.getByRole('navigation', { name: 'Menú principal' });
      const openMenu = () => page.getByRole('button', { name: 'Abrir menú' }).click();

      await openMenu();
      await menu.waitFor({ state: 'visible' });
      // Signed out: signing in and creating an account first, then one "Inicio".
      expect(await menu.getByRole('link').allTextContents()).toEqual([
        'Iniciar sesión',
        'Inicio',
        'Enviar',
        'Pagar facturas',
      ]);
      expect(await menu.getByRole('button', { name: 'Crear cuenta' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await openMenu();
      await menu.waitFor({ state: 'visible' });
      // The drawer is 280 px wide on the left; a click on the right is outside it.
      await page.mouse.click(viewport.width - 20, viewport.height / 2);
      await menu.waitFor({ state: 'hidden' });

      await openMenu();
      await menu.waitFor({ state: 'visible' });
      await menu.getByRole('link', { name: 'Pagar facturas' }).click();
      await menu.waitFor({ state: 'hidden' });
      await page.waitForURL('**/billpay');
      await expect(heading(page)).toHaveText('Pagar facturas');
    });

    test('opens the signup modal from the join button and from the menu, and closes it three ways', async ({
      app,
    }) => {
      const page = await app.open('/', viewport);
      const dialog = page.getByRole('dialog', { name: 'Crea tu cuenta' });

      await page.getByRole('button', { name: 'Únete a Pago' }).click();
      await dialog.waitFor({ state: 'visible' });
      const terms = dialog.getByRole('link', { name: 'Términos y condiciones' });
      expect(await terms.getAttribute('href')).toBe('/terms');
      expect(await terms.getAttribute('target')).toBe('_blank');
      expect(
        await dialog.getByRole('link', { name: 'Política de privacidad' }).getAttribute('target'),
      ).toBe('_blank');
      // The form's own checks come first (spec §5), the terms box after them.
      await dialog.getByRole('button', { name: 'Regístrate' }).click();
      expect(await dialog.getByRole('alert').textContent()).toBe(
        'El nombre, el correo electrónico, el nombre de usuario, la contraseña y el código postal son obligatorios',
      );
      for (const [label, value] of [
        ['Nombre completo', 'Ana López'],
        ['Correo electrónico', 'ana@example.com'],
        ['Nombre de usuario', 'ana'],
        ['Contraseña', 'correct horse'],
        ['Confirma tu contraseña', 'correct horse'],
        ['Código postal (ZIP)', '10001'],
      ] as const) {
        await dialog.getByLabel(label, { exact: true }).fill(value);
      }
      await dialog.getByRole('button', { name: 'Regístrate' }).click();
      expect(await dialog.getByRole('alert').textContent()).toBe(
        'Acepta los Términos y condiciones para continuar',
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      if (viewport.name === 'desktop') {
        await page.getByRole('banner').getByRole('button', { name: 'Crear cuenta' }).click();
      } else {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await page
          .getByRole('navigation', { name: 'Menú principal' })
          .getByRole('button', { name: 'Crear cuenta' })
          .click();
      }
      await dialog.waitFor({ state: 'visible' });
      // A click on the overlay, away from the dialog's paper.
      await page.mouse.click(5, 5);
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Únete a Pago' }).click();
      await dialog.waitFor({ state: 'visible' });
      const closedAt = Date.now();
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The spec's 300 ms slide-down runs before the dialog leaves the page.
      expect(Date.now() - closedAt).toBeGreaterThanOrEqual(250);
    });

    test('shows the current year in the footer with the three legal links', async ({ app }) => {
      const page = await app.open('/', viewport);
      const footer = page.locator('footer');
      await footer.getByText(`© ${new Date().getFullYear()} Pago`).waitFor();
      for (const [name, href] of [
        ['Términos y condiciones', '/terms'],
        ['Política de privacidad', '/privacy'],
        ['Comisiones', '/fees'],
      ]) {
        expect(await footer.getByRole('link', { name }).getAttribute('href')).toBe(href);
      }
    });

    test('shows the Mexico row on /fees', async ({ app }) => {
      const page = await app.open('/fees', viewport);
      const mexicoRow = page.getByRole('row').filter({ hasText: 'México' }).first();
      await mexicoRow.waitFor();
      const text = await mexicoRow.textContent();
      expect(text).toContain('1.5%');
      expect(text).toContain('$2.99');
    });

    test('shows Page Not Found for an unknown path, in both languages', async ({ app }) => {
      const page = await app.open('/no/such/page', viewport);
      await expect(heading(page)).toHaveText('Página no encontrada');
      await page.getByRole('button', { name: 'English' }).click();
      await expect(heading(page)).toHaveText('Page Not Found');
    });

    test('sends a signed-out visitor from /dashboard to /login', async ({ app }) => {
      const page = await app.open('/dashboard', viewport);
      await page.waitForURL('**/login');
      await expect(heading(page)).toHaveText('Hola de nuevo');
    });
  });
}

const PUBLIC_PAGES = [
  '/',
  '/billpay',
  '/moneymover',
  '/fees',
  '/terms',
  '/privacy',
  '/login',
  '/signup',
  '/verify',
  '/forgot-password',
  '/find-user?id=1',
  '/no-such-page',
];

for (const language of ['es', 'en'] as const) {
  test.describe(`accessibility in ${language}`, () => {
    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical axe violation`, async ({ app }) => {
        const page = await app.open(path, VIEWPORTS[0], { language });
        await heading(page).waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe(language);
        await atEachSize(page, async (viewport) => {
          expect(await seriousA11yViolations(page), `${path} at ${viewport.name}`).toEqual([]);
        });
      });
    }
  });
}
