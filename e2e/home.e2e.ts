import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, seriousA11yViolations, settled, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { addTestMoney, createUser, type E2eUser, markVerified } from './support/users';

const [phone, desktop] = VIEWPORTS;
let ana: E2eUser;
let beto: E2eUser;

test.beforeAll(async () => {
  ana = await createUser('Ana Rivera', '+12125550211');
  beto = await createUser('Beto Salas', '+12125550212');
  await markVerified(ana);
  await markVerified(beto);
  await addTestMoney(ana, 5000);
});

/** Where an element's top is, in the viewport. */
async function topOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.y;
}

test.describe('the home screen in Spanish on a phone', () => {
  test('shows the balance first, then Enviar, Solicitar and Agregar dinero, all in the first screen', async ({
    app,
  }) => {
    const page = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    await page.getByRole('heading', { level: 1, name: '¡Hola, Ana!' }).waitFor();
    await page.getByText('Te damos la bienvenida a Pago.').waitFor();
    const balance = page.getByTestId('home-balance');
    await expect(balance).toHaveText('$50.00');
    const actions = page.getByRole('navigation', { name: 'Acciones principales' });
    const send = actions.getByRole('link', { name: 'Enviar' });
    const request = actions.getByRole('link', { name: 'Solicitar' });
    const add = actions.getByRole('button', { name: 'Agregar dinero' });
    expect(await topOf(balance)).toBeLessThan(await topOf(send));
    for (const action of [send, request, add]) {
      const box = await action.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(phone.height);
    }
    // Phones keep the menu button; the bar is for wide screens.
    expect(await page.getByRole('button', { name: 'Abrir menú' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Navegación' }).isVisible()).toBe(false);
    await settled(page);
    expect(await seriousA11yViolations(page), 'home on a phone').toEqual([]);

    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Agregar dinero' });
    await dialog.getByRole('button', { name: 'Agregar dinero de prueba' }).click();
    await dialog.getByLabel('Monto a agregar').fill('10');
    await dialog.getByRole('button', { name: 'Agregar dinero', exact: true }).click();
    await dialog.getByText('Agregamos $10.00 de dinero de prueba a tu saldo.').waitFor();
    expect(await seriousA11yViolations(page), 'Agregar dinero').toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(balance).toHaveText('$60.00');
  });

  test('scans a profile QR code and pays that person on the P2P path, then sees the result', async ({
    app,
  }) => {
    // Beto's QR code, as his profile draws it.
    const betoPage = await app.open('/profile', phone, { language: 'es', token: beto.token });
    const downloading = betoPage.waitForEvent('download');
    await betoPage.getByRole('link', { name: 'Descargar código QR' }).click();
    const png = PNG.sync.read(fs.readFileSync((await (await downloading).path()) as string));
    const target = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? '';
    expect(target).toMatch(/\/find-user\?id=/);

    const page = await app.open(new URL(target).pathname + new URL(target).search, phone, {
      language: 'es',
      token: ana.token,
    });
    await page.getByRole('link', { name: 'Enviar dinero' }).click();
    await page.waitForURL(`**/pay?to=${beto.username}`);
    await page.getByRole('heading', { level: 1, name: 'Pagar a alguien de Pago' }).waitFor();
    const payee = page.getByTestId('payee');
    await payee.getByText('Beto Salas').waitFor();
    expect(await payee.getByText(`@${beto.username}`).isVisible()).toBe(true);
    expect(await page.getByLabel(/país/i).count()).toBe(0);
    expect(await seriousA11yViolations(page), 'pay on a phone').toEqual([]);

    await page.getByLabel('Monto en USD').fill('12,50');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Vas a enviar $12.50 a Beto Salas.').waitFor();
    await page.getByRole('button', { name: 'Enviar $12.50' }).click();

    const result = page.getByTestId('send-result');
    await result.getByRole('heading', { name: '¡Dinero enviado!' }).waitFor();
    const box = await result.boundingBox();
    expect(box?.y).toBeLessThan(phone.height / 2);
    expect(await result.textContent()).toContain('$12.50');
    expect(await result.textContent()).toContain(`Para Beto Salas (@${beto.username})`);
    expect(await seriousA11yViolations(page), 'the result on a phone').toEqual([]);
    await result.getByRole('button', { name: 'Ver recibo' }).click();
    await page.getByRole('dialog').getByText('Beto Salas', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');

    // Beto has the money.
    await betoPage.goto('/dashboard');
    await expect(betoPage.getByTestId('home-balance')).toHaveText('$12.50');
  });
});

test.describe('the home screen on a desktop', () => {
  test('has a navigation bar instead of the menu button, grouped, and uses the width', async ({
    app,
  }) => {
    const page = await app.open('/dashboard', desktop, { language: 'es', token: ana.token });
    const bar = page.getByRole('navigation', { name: 'Navegación' });
    // Signed in: the session's links replace the visitor's once the profile has loaded.
    await bar.getByRole('link', { name: 'Actividad' }).waitFor();
    // Where money moves, one "Enviar" for every way of sending.
    expect(await bar.getByRole('link').allTextContents()).toEqual([
      'Inicio',
      'Enviar',
      'Solicitar',
      'Pagar facturas',
      'Tarjeta',
      'Actividad',
    ]);
    expect(await bar.getByRole('link', { name: 'Enviar' }).getAttribute('href')).toBe('/send');
    expect(await page.getByRole('button', { name: 'Abrir menú' }).isVisible()).toBe(false);
    const activity = page.getByRole('region', { name: 'Actividad reciente' });
    const balance = page.getByTestId('home-balance');
    await expect(balance).toHaveText(/\S/);
    // Activity beside the balance, not under it.
    const [left, right] = [await balance.boundingBox(), await activity.boundingBox()];
    expect(right && left && right.x).toBeGreaterThan((left?.x ?? 0) + (left?.width ?? 0));
    await shot(page, 'pago-nav-desktop-es.png');

    // The account's pages and signing out are under the profile, beside the bell.
    await page.getByRole('button', { name: 'Tu cuenta' }).click();
    // The menu's code arrives with the first click: its items are waited for.
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Perfil',
      'Seguridad',
      'Notificaciones',
      'Cerrar sesión',
    ]);
    await shot(page, 'pago-nav-desktop-profile-menu-es.png');
    expect(await seriousA11yViolations(page), 'the profile menu open').toEqual([]);
    await menu.getByRole('menuitem', { name: 'Perfil' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { level: 1, name: 'Tu perfil' }).waitFor();

    await bar.getByRole('link', { name: 'Actividad' }).click();
    await page.waitForURL('**/activity');
    await expect(bar.getByRole('link', { name: 'Actividad' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // In English, the same groups in its own words.
    await page.getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Send' })
      .waitFor();
    await page.getByRole('button', { name: 'Your account' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Profile',
      'Security',
      'Notifications',
      'Sign out',
    ]);
    await shot(page, 'pago-nav-desktop-profile-menu-en.png');
    // (Signing out from here is the web tests' part: Ana's session serves the other tests.)
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
  });
});

test.describe('the menu on a phone', () => {
  test('reaches Actividad, Notificaciones and Seguridad signed in, in Spanish and English', async ({
    app,
  }) => {
    const page = await app.open('/dashboard', phone, { language: 'es', token: beto.token });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.waitFor({ state: 'visible' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Inicio',
      'Enviar',
      'Solicitar',
      'Pagar facturas',
      'Tarjeta',
      'Actividad',
      'Perfil',
      'Seguridad',
      'Notificaciones',
    ]);
    expect(await menu.getByRole('button', { name: 'Cerrar sesión' }).isVisible()).toBe(true);
    await shot(page, 'pago-nav-phone-menu-es.png');
    expect(await seriousA11yViolations(page), 'the menu on a phone').toEqual([]);
    await menu.getByRole('link', { name: 'Seguridad' }).click();
    await page.waitForURL('**/security');
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const en = page.getByRole('navigation', { name: 'Main menu' });
    await en.waitFor({ state: 'visible' });
    expect(await en.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Send',
      'Request',
      'Pay bills',
      'Card',
      'Activity',
      'Profile',
      'Security',
      'Notifications',
    ]);
    expect(await en.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await shot(page, 'pago-nav-phone-menu-en.png');
  });

  test('signed out, starts with Iniciar sesión and Crear cuenta', async ({ app }) => {
    const page = await app.open('/', phone, { language: 'es' });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.waitFor({ state: 'visible' });
    const first = menu.getByRole('link', { name: 'Iniciar sesión' });
    const create = menu.getByRole('button', { name: 'Crear cuenta' });
    const home = menu.getByRole('link', { name: 'Inicio' });
    expect(await home.count()).toBe(1);
    expect(await menu.getByText('Panel', { exact: true }).count()).toBe(0);
    const [a, b, c] = [
      await first.boundingBox(),
      await create.boundingBox(),
      await home.boundingBox(),
    ];
    expect(a && b && c && a.y < b.y && b.y < c.y).toBe(true);
    await shot(page, 'pago-nav-phone-signed-out-es.png');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const en = page.getByRole('navigation', { name: 'Main menu' });
    await en.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await en.getByRole('button', { name: 'Sign up' }).isVisible()).toBe(true);
    await shot(page, 'pago-nav-phone-signed-out-en.png');
  });
});
