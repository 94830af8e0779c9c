import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/browser';
import {
  completePersonaFlow,
  completePlaidFlow,
  personaFrame,
  plaidFrame,
} from './support/identity-flows';
import { addTestMoney, createUser, saveMexicanRecipient } from './support/users';

const [phone, desktop] = VIEWPORTS;

type Moments = { shown?: number; dashboard?: number };

/**
 * Starts noting, by the page's own clock, when `heading` shows (a change to the page) and when
 * the app goes to /dashboard (its history call): a busy test process may notice the heading late,
 * which would shorten the wait it measured between the two.
 */
async function noteCompleteThenDashboard(page: Page, heading: string) {
  await page.evaluate((text) => {
    const moments: Moments = {};
    (window as unknown as { pagoE2eMoments: Moments }).pagoE2eMoments = moments;
    const note = () => {
      const now = performance.now();
      const headings = document.querySelectorAll('h1, h2, h3, h4, [role="heading"]');
      if (moments.shown === undefined && [...headings].some((h) => h.textContent?.includes(text))) {
        moments.shown = now;
      }
      if (moments.dashboard === undefined && location.pathname === '/dashboard') {
        moments.dashboard = now;
      }
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        note();
      };
    }
  }, heading);
}

/** Verification Complete, then the dashboard about 3 s later (spec §4), as noted by the page. */
async function expectCompleteThenDashboard(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading }).waitFor({ timeout: 20_000 });
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  const { shown, dashboard } = await page.evaluate(
    () => (window as unknown as { pagoE2eMoments: Moments }).pagoE2eMoments,
  );
  if (shown === undefined || dashboard === undefined) throw new Error('moments not noted');
  expect(dashboard - shown).toBeGreaterThanOrEqual(2500);
}

test.describe('identity verification in Chromium', () => {
  test('a New York user verifies through the Plaid flow and can then send money home', async ({
    app,
  }) => {
    const ana = await createUser('Ana Rivera', '+12125550191', '10001');
    const page = await app.open('/onboarding/verify', desktop, { token: ana.token });
    await noteCompleteThenDashboard(page, 'Verificación completa');
    const steps = page.getByRole('list', { name: 'Pasos del registro' });
    await steps.waitFor();
    expect(await steps.textContent()).toContain('Acceso al panel');
    await page.getByRole('button', { name: 'Iniciar verificación' }).click();
    expect(await completePlaidFlow(page, 'Rivera')).toBe('passed');
    await plaidFrame(page).getByRole('button', { name: 'Continuar' }).click();
    await expectCompleteThenDashboard(page, 'Verificación completa');
    // The home screen stops asking for verification, with no reload of ours.
    await page.getByRole('navigation', { name: 'Acciones principales' }).waitFor();
    await page.getByRole('link', { name: 'Verificar mi identidad' }).waitFor({ state: 'detached' });

    await addTestMoney(ana, 20_000);
    // A phone abroad is paid as the saved recipient with that phone.
    await saveMexicanRecipient(ana, '+525512345678');
    await page.goto('/moneymover');
    await page.getByLabel('Código de país').selectOption({ value: 'MX' });
    await page.getByLabel('Teléfono de quien recibe').fill('55 1234 5678');
    await page.getByLabel('País de destino').selectOption({ value: 'MX' });
    await page.getByLabel('Monto en USD').fill('50');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await page.getByText('Revisa los detalles antes de pagar').waitFor();
    await page.getByTestId('disclosure').waitFor();
    await page.getByRole('button', { name: /Confirmar y enviar/ }).click();
    await page.getByText('¡Dinero enviado con éxito!').waitFor();
  });

  test('an Argentine user verifies through the Persona flow in Spanish, waits in review and is approved', async ({
    app,
  }) => {
    const lucia = await createUser('Lucia García', '+12125550192', 'C1425DKF');
    const page = await app.open('/onboarding/verify', phone, { token: lucia.token });
    await noteCompleteThenDashboard(page, 'Verificación completa');
    await page.getByRole('button', { name: 'Iniciar verificación' }).click();
    expect(await completePersonaFlow(page, 'García')).toBe('in_review');
    await page.getByRole('heading', { name: 'Estamos revisando tu información…' }).waitFor();
    await page.getByText('¡Verificación enviada! Estamos revisando tu información.').waitFor();
    // The sandbox reviewer approves a few seconds later; the page updates by itself.
    await expectCompleteThenDashboard(page, 'Verificación completa');
  });

  test("someone else's ID on the account is refused, saying why, in Spanish", async ({ app }) => {
    const ana = await createUser('Ana Lopez', '+12125550198', '10001');
    const page = await app.open('/onboarding/verify', desktop, { token: ana.token });
    await page.getByRole('button', { name: 'Iniciar verificación' }).click();
    // Plaid verifies Zed Nobody; Pago refuses him for Ana's account.
    expect(await completePlaidFlow(page, 'Nobody', 'es', 'Zed')).toBe('passed');
    await plaidFrame(page).getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Intentémoslo de nuevo' }).waitFor();
    await page.getByText(/no coincide con el nombre de tu cuenta\./).waitFor();
    await page.goto('/identity-verification');
    await page.getByText('Fallida', { exact: true }).waitFor();
    await page.getByText(/no coincide con el nombre de tu cuenta\./).waitFor();
  });

  test('a user who closes the browser mid-flow still ends verified, through the webhook', async ({
    app,
  }) => {
    const dora = await createUser('Dora Ortiz', '+12125550197', '10001');
    const page = await app.open('/onboarding/verify', phone, { token: dora.token });
    await page.getByRole('button', { name: 'Iniciar verificación' }).click();
    expect(await completePlaidFlow(page, 'Ortiz', 'es', 'Dora')).toBe('passed');
    // Gone before pressing Continue: the app never hears of the result.
    await page.context().close();
    const later = await app.open('/identity-verification', desktop, { token: dora.token });
    // The page does not poll a verification that is not in review: reload until it shows.
    const verifiedAfterReload = async () => {
      await later.reload();
      // The status's own section, drawn once it is loaded (the page title comes before it).
      await later.getByRole('heading', { name: 'Tu verificación', level: 2 }).waitFor();
      return later.getByText('Verificada', { exact: true }).isVisible();
    };
    await expect.poll(verifiedAfterReload, { timeout: 10_000, intervals: [500] }).toBe(true);
  });

  test('a failing test person sees the failure in English and can retry', async ({ app }) => {
    const eva = await createUser('Eva Gomez', '+12125550193', 'C1425DKF');
    const page = await app.open('/onboarding/verify', desktop, {
      token: eva.token,
      language: 'en',
    });
    await page.getByRole('button', { name: 'Start verification' }).click();
    expect(await completePersonaFlow(page, 'Fail', 'en')).toBe('failed');
    await page.getByText('Verification failed. Please try again or contact support.').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    expect(await completePersonaFlow(page, 'Gomez', 'en')).toBe('in_review');
    await page.getByRole('heading', { name: "We're reviewing your information…" }).waitFor();
  });

  test('closing the flow clears the loading state', async ({ app }) => {
    const beto = await createUser('Beto', '+12125550194', '10001');
    const page = await app.open('/onboarding/verify', phone, { token: beto.token });
    const start = page.getByRole('button', { name: 'Iniciar verificación' });
    await start.click();
    // The flow's first step: its X button works once the flow's script has started.
    await plaidFrame(page).getByLabel('Pasaporte').waitFor();
    await plaidFrame(page).getByRole('button', { name: 'Cerrar' }).first().click();
    await page.locator('iframe[title="Plaid"]').waitFor({ state: 'detached' });
    await start.waitFor();
    expect(await start.isEnabled()).toBe(true);
    await start.click();
    await plaidFrame(page).getByLabel('Pasaporte').waitFor();
  });

  test('leaving the Persona flow and coming back continues the same, started inquiry', async ({
    app,
  }) => {
    const sofia = await createUser('Sofia García', '+12125550196', 'C1425DKF');
    const page = await app.open('/onboarding/verify', desktop, { token: sofia.token });
    await page.getByRole('button', { name: 'Iniciar verificación' }).click();
    await personaFrame(page).getByLabel('País').waitFor();
    await personaFrame(page).getByRole('button', { name: 'Cerrar' }).first().click();
    await page.locator('iframe[title="Persona"]').waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('button', { name: 'Continuar verificación' }).click();
    expect(await completePersonaFlow(page, 'García')).toBe('in_review');
    await page.getByRole('heading', { name: 'Estamos revisando tu información…' }).waitFor();
  });

  test('an unverified user who tries to send from /moneymover is taken to /onboarding/verify', async ({
    app,
  }) => {
    const carla = await createUser('Carla', '+12125550195', '10001');
    const page = await app.open('/moneymover', phone, { token: carla.token });
    await page.getByLabel('Código de país').selectOption({ value: 'MX' });
    await page.getByLabel('Teléfono de quien recibe').fill('55 1234 5678');
    await page.getByLabel('País de destino').selectOption({ value: 'MX' });
    await page.getByLabel('Monto en USD').fill('25');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    await page.waitForURL('**/onboarding/verify');
    await page.getByRole('button', { name: 'Iniciar verificación' }).waitFor();
  });
});
