import type { Locator, Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import {
  addTestMoney,
  createUser,
  type E2eUser,
  markVerified,
  verifiedForTheBank,
} from './support/users';

/**
 * One send flow, from home's "Enviar", in Spanish on a phone (390×844): a Pago user paid at once
 * with a note (which they see), then, from the same entry, someone new abroad after the
 * calculator. The taps are counted as docs/send.md counts them: buttons and links, not the
 * fields typed into.
 */

// Under the service worker, as a returning visitor's browser runs the app (every other file but
// pwa.e2e.ts blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const [phone, desktop] = VIEWPORTS;
const PAYER = 'Red de Pagos Ejemplo Guatemala';

let ana: E2eUser;
let beto: E2eUser;

test.beforeAll(async () => {
  ana = await createUser('Ana Rivera', '+12125550611');
  // Sending abroad tells the payout partner the sender's name, birth date and address.
  await verifiedForTheBank(ana, 'Ana Rivera');
  await addTestMoney(ana, 100_000);
  beto = await createUser('Beto Salas', '+12125550612');
  await markVerified(beto);
});

/** A tap counter: every button or link pressed on the way. */
function counter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    count: () => taps,
  };
}

async function openSend(page: Page, tap: (target: Locator) => Promise<void>) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await tap(
    page
      .getByRole('navigation', { name: 'Acciones principales' })
      .getByRole('link', { name: 'Enviar' }),
  );
  await page.waitForURL('**/send');
  await page.getByRole('heading', { name: '¿A quién le envías?' }).waitFor();
}

test.describe('one send flow, in Spanish on a phone', () => {
  test('pays a Pago user with a note in 4 taps from home, and they see the note', async ({
    app,
  }) => {
    const page = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    // The service worker installed on this first visit and took the page over: what follows
    // passes through it.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    const { tap, count } = counter();
    await openSend(page, tap);
    await shot(page, 'pago-send-who-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(page), 'who').toEqual([]);

    await page.getByLabel('Buscar').fill(`@${beto.username}`);
    await tap(page.getByRole('button', { name: 'Buscar', exact: true }));
    const payee = page.getByTestId('payee');
    await payee.getByText('Beto Salas').waitFor();
    await page.getByText('Tu saldo disponible: $1,000.00').waitFor();
    await page.getByLabel('Monto en USD').fill('12,50');
    await page.getByLabel('Nota (opcional)').fill('Cena del viernes');
    await shot(page, 'pago-send-pay-es-phone.png', { fullPage: true });
    await tap(page.getByRole('button', { name: 'Continuar' }));
    await page.getByText('Vas a enviar $12.50 a Beto Salas.').waitFor();
    await page.getByText('Nota: «Cena del viernes»').waitFor();
    await tap(page.getByRole('button', { name: 'Enviar $12.50' }));
    await page
      .getByTestId('send-result')
      .getByRole('heading', { name: '¡Dinero enviado!' })
      .waitFor();
    expect(count()).toBe(4);
    expect(await seriousA11yViolations(page), 'paid').toEqual([]);

    // Beto sees the note with the money, in his notifications and on the receipt.
    const betoPage = await app.open('/notifications', phone, { language: 'es', token: beto.token });
    await expect(
      betoPage.getByText('Ana Rivera te envió $12.50: «Cena del viernes»'),
    ).toBeVisible();
    await shot(betoPage, 'pago-send-note-seen-es-phone.png', { fullPage: true });
  });

  test('sends to a new recipient abroad from the same entry, after seeing the calculator', async ({
    app,
  }) => {
    const page = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    const { tap, count } = counter();
    await openSend(page, tap);
    await tap(page.getByRole('button', { name: 'Alguien nuevo en otro país' }));

    // The price first: nobody is saved yet.
    await page.getByRole('heading', { name: '¿Cuánto envías?' }).waitFor();
    await page.getByLabel('País de destino').selectOption('GT');
    await page.getByLabel('Envías (USD)').fill('100');
    const options = page.getByRole('region', { name: 'Opciones de envío' });
    const standard = options.locator('[data-speed="standard"]');
    const express = options.locator('[data-speed="express"]');
    // Central America: 2% ($2.00) + $3.49 standard; express adds $4.99.
    await expect(standard).toContainText('Estándar: llega en hasta 2 días');
    await expect(standard).toContainText('$5.49');
    await expect(standard).toContainText(/Recibe GTQ/);
    await expect(express).toContainText('Exprés: llega en menos de 30 minutos');
    await expect(express).toContainText('$10.48');
    await shot(page, 'pago-send-calculator-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(page), 'calculator').toEqual([]);
    await tap(express.getByRole('button', { name: 'Continuar con exprés' }));

    // Then who: the form starts in the calculator's country.
    await page.getByRole('heading', { name: 'Agregar destinatario' }).waitFor();
    await expect(page.getByLabel('País')).toHaveValue('GT');
    await page.getByLabel('Nombre(s)').fill('Rosa');
    await page.getByLabel('Apellido(s)').fill('García');
    await page.getByLabel('Teléfono').fill('2234 5678');
    await tap(page.getByRole('radio', { name: 'Retiro en efectivo' }));
    await page.getByText(`Paga ${PAYER}`).waitFor();
    await page.getByLabel('Tipo de identificación').selectOption('NATIONAL_ID');
    await page.getByLabel('Número de identificación').fill('2456 78901 0101');
    await tap(page.getByRole('button', { name: 'Guardar destinatario' }));

    // Saved: the calculator's amount and speed are quoted for Rosa's payer at once.
    await page.getByText('Revisa los detalles antes de pagar').waitFor();
    await expect(
      page
        .getByTestId('disclosure')
        .locator('dt', { hasText: 'Comisión de envío' })
        .first()
        .locator('+ dd'),
    ).toHaveText('$10.48');
    await shot(page, 'pago-send-abroad-review-es-phone.png', { fullPage: true });
    await tap(page.getByRole('button', { name: 'Confirmar y enviar $110.48' }));
    await page.getByTestId('receipt').waitFor();
    // Enviar, someone new, a speed, cash pickup, save, confirm: no more than today's 6.
    expect(count()).toBe(6);
    expect(await seriousA11yViolations(page), 'receipt').toEqual([]);
  });

  test('reads the same on a desktop, in English too', async ({ app }) => {
    for (const language of ['es', 'en'] as const) {
      const page = await app.open('/send', desktop, { language, token: ana.token });
      const es = language === 'es';
      await page
        .getByRole('heading', { name: es ? '¿A quién le envías?' : 'Who are you sending to?' })
        .waitFor();
      // Beto, paid in the first test, is a recent person.
      await page.getByRole('button', { name: /Beto Salas/ }).waitFor();
      await shot(page, `pago-send-who-${language}-desktop.png`, { fullPage: true });
      await page
        .getByRole('button', {
          name: es ? 'Alguien nuevo en otro país' : 'Someone new in another country',
        })
        .click();
      await page.getByLabel(es ? 'Envías (USD)' : 'You send (USD)').fill('100');
      await page
        .getByRole('region', { name: es ? 'Opciones de envío' : 'Delivery options' })
        .getByText(es ? 'Estándar: llega en 1 día' : 'Standard: arrives in 1 day')
        .waitFor();
      await shot(page, `pago-send-calculator-${language}-desktop.png`, { fullPage: true });
      expect(await seriousA11yViolations(page), `calculator ${language}`).toEqual([]);
    }
  });
});
