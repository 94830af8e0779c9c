import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { shot } from './support/shots';
import { createUser, markVerified } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** Types a card into the sandbox's Stripe.js card element, as a person would. */
async function typeCard(page: Page, number: string, words = WORDS.es) {
  await page.getByLabel(words.number).fill(number);
  await page.getByLabel(words.expiry).fill('1240');
  await page.getByLabel(words.cvc).fill('123');
  await page.getByLabel(words.postal).fill('10001');
}

const WORDS = {
  es: { number: 'Número de tarjeta', expiry: 'MM / AA', cvc: 'CVC', postal: 'Código postal' },
  en: { number: 'Card number', expiry: 'MM / YY', cvc: 'CVC', postal: 'ZIP' },
};

test.describe('adding money with a card, in Chromium', () => {
  test('tops up $50.00 with a debit card through Stripe.js: the fee shown, the balance up, in Spanish on a phone', async ({
    app,
  }) => {
    const lucia = await createUser('Lucía Ortega', '+12125550391');
    await markVerified(lucia);
    const page = await app.open('/dashboard', phone, { token: lucia.token });

    // "Agregar dinero" from the home screen, then the card choice.
    await page
      .getByRole('navigation', { name: 'Acciones principales' })
      .getByRole('button', { name: 'Agregar dinero' })
      .click();
    const choice = page
      .getByRole('dialog', { name: 'Agregar dinero' })
      .getByRole('link', { name: 'Con tarjeta de débito o crédito' });
    await choice.waitFor();
    await shot(page, 'card-funding-choice-es-390x844.png');
    await choice.click();
    await page.getByRole('heading', { name: 'Agregar dinero con tarjeta' }).waitFor();
    await page.getByText('Tu saldo: $0.00').waitFor();

    await page.getByLabel('Monto').fill('50');
    await typeCard(page, '4000056655665556');
    await shot(page, 'card-funding-form-es-390x844.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Revisar' }).click();

    // The review: the exact fee for a debit card, the total charged, available at once.
    await page.getByRole('heading', { name: 'Revisa y confirma' }).waitFor();
    await page.getByText('Visa débito ••5556').waitFor();
    await page.getByText('Comisión (tarjeta de débito, 2.9% + $0.30)').waitFor();
    await page.getByText('$1.75', { exact: true }).waitFor();
    await page.getByText('$51.75', { exact: true }).waitFor();
    await page.getByText('Al instante', { exact: true }).waitFor();
    await shot(page, 'card-funding-review-es-390x844.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirmar' }).click();

    await page
      .getByText('Agregaste $50.00 con tu tarjeta ••5556. Ya está disponible en tu saldo.')
      .waitFor();
    await page.getByText('Se cobraron $51.75 a tu tarjeta (incluye $1.75 de comisión).').waitFor();
    await page.getByText('Tu saldo: $50.00').waitFor();
    await shot(page, 'card-funding-done-es-390x844.png', { fullPage: true });
  });

  test('finishes 3-D Secure on the bank page and comes back credited; a declined card is told plainly (English, desktop)', async ({
    app,
  }) => {
    const mateo = await createUser('Mateo Ruiz', '+12125550392');
    await markVerified(mateo);
    const page = await app.open('/add-money/card', desktop, {
      token: mateo.token,
      language: 'en',
    });
    await page.getByRole('heading', { name: 'Add money with a card' }).waitFor();

    // Declined: nothing charged, and the reason in plain words.
    await page.getByLabel('Amount').fill('20');
    await typeCard(page, '4000000000009995', WORDS.en);
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByText('Fee (credit card, 3.5% + $0.30)').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText("Your card doesn't have enough funds. You were not charged.").waitFor();
    await page.getByText('Your balance: $0.00').waitFor();

    // 3-D Secure: to the bank's test page, completed, back to Pago with the money in.
    await page.getByLabel(WORDS.en.number).fill('4000002500003155');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page
      .getByText("You added $20.00 with your card ••3155. It's already in your balance.")
      .waitFor();
    await page.getByText('Your balance: $20.00').waitFor();
    await shot(page, 'card-funding-done-en-desktop.png', { fullPage: true });
  });
});
