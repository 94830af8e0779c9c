import type { Locator, Page } from '@playwright/test';
import { expect, seriousA11yViolations, settled, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { addTestMoney, createUser, type E2eUser, post, verifiedForTheBank } from './support/users';

const [phone] = VIEWPORTS;

let ana: E2eUser;
const recipients: Record<'maria' | 'jose', string> = { maria: '', jose: '' };

/** The sandbox partner's payer of a country for a payout method, through the API. */
async function payerOf(user: E2eUser, country: string, method: string): Promise<string> {
  const response = await fetch(
    `${baseUrl()}/api/remittances/payers?country=${country}&method=${method}`,
    { headers: { authorization: `Bearer ${user.token}` } },
  );
  const { items } = (await response.json()) as { items: { id: string }[] };
  return items[0]?.id ?? '';
}

/** A saved recipient, through the API (the form has its own tests). */
async function saveRecipient(user: E2eUser, body: object): Promise<string> {
  const saved = await post('/api/recipients', body, { authorization: `Bearer ${user.token}` });
  return saved.id as string;
}

test.beforeAll(async () => {
  ana = await createUser('Ana Rivera', '+12125550188');
  // The partner needs the sender's identity and home address.
  await verifiedForTheBank(ana, 'Ana Rivera');
  await addTestMoney(ana, 100_000);
  recipients.maria = await saveRecipient(ana, {
    firstName: 'María',
    lastName: 'López',
    country: 'MX',
    phone: '+525512345678',
    payout: {
      method: 'cash_pickup',
      payerId: await payerOf(ana, 'MX', 'cash_pickup'),
      fields: { id_type: 'NATIONAL_ID', id_number: 'LOHM900412' },
    },
  });
  // The sandbox partner holds a payout to a phone ending in 9999 for review: time to cancel it.
  recipients.jose = await saveRecipient(ana, {
    firstName: 'José',
    lastName: 'Pérez',
    country: 'MX',
    phone: '+525598769999',
    payout: {
      method: 'bank_deposit',
      payerId: await payerOf(ana, 'MX', 'bank_deposit'),
      fields: { clabe: '002115016003269411' },
    },
  });
});

test.describe('sending home, in Spanish on a phone', () => {
  test('sends to a saved cash-pickup recipient in 4 taps from home, then tracks it to its pickup code', async ({
    app,
  }) => {
    const page = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    let taps = 0;
    const tap = async (target: Locator) => {
      taps += 1;
      await target.click();
    };
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tap(page.getByRole('link', { name: 'Enviar dinero a otro país' }));
    await page.getByRole('button', { name: /^María López/ }).waitFor();
    await shot(page, 'pago-remit-list-es-phone.png', { fullPage: true });
    await tap(page.getByRole('button', { name: /^María López/ }));
    // The amount field has the focus once the recipient is chosen: typing needs no tap.
    const amount = page.getByLabel('Monto en USD');
    await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('100');
    await tap(page.getByRole('button', { name: 'Cotizar' }));
    await page.getByText('Revisa los detalles antes de pagar').waitFor();
    await shot(page, 'pago-remit-review-es-phone.png', { fullPage: true });
    await tap(page.getByRole('button', { name: 'Confirmar y enviar $104.49' }));
    // Paid: the receipt the rule requires, then the tracking page.
    await page.getByTestId('receipt').waitFor();
    expect(taps).toBeLessThanOrEqual(6);
    expect(taps).toBe(4);
    await page.getByRole('link', { name: 'Ver seguimiento' }).click();
    await page.waitForURL(/\/transfers\/[0-9a-f-]{36}$/);

    await page.getByRole('heading', { name: 'Seguimiento de tu envío' }).waitFor();
    // The sandbox partner pays out in seconds; the page follows it without a reload.
    const code = page.getByTestId('pickup-code');
    await code.waitFor({ timeout: 60_000 });
    const pickupCode = ((await code.textContent()) ?? '').trim();
    expect(pickupCode).toMatch(/^\d{10}$/);
    await page.getByRole('heading', { name: 'Listo para cobrar' }).waitFor();
    const message = page.getByLabel('Mensaje en español');
    await expect.poll(() => message.inputValue()).toContain(`con el código ${pickupCode}`);
    expect(await message.inputValue()).toMatch(/^¡Hola, María! Te envié .+ con Pago\./);
    // Ready to collect but not collected: the sender can still cancel (the partner can).
    expect(await page.getByRole('button', { name: 'Cancelar envío' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('cancels another one before payout and sees the refund, fee included', async ({ app }) => {
    const page = await app.open(`/send-home?recipient=${recipients.jose}&amount=50`, phone, {
      language: 'es',
      token: ana.token,
    });
    await page.getByText('José Pérez').waitFor();
    expect(await page.getByLabel('Monto en USD').inputValue()).toBe('50');
    await page.getByRole('button', { name: 'Cotizar' }).click();
    // $50 to Mexico, standard: 1.5% ($0.75) + $2.99 = $3.74 in fees.
    await page.getByRole('button', { name: 'Confirmar y enviar $53.74' }).click();
    await page.getByTestId('receipt').waitFor();
    await page.getByRole('link', { name: 'Ver seguimiento' }).click();
    await page.waitForURL(/\/transfers\/[0-9a-f-]{36}$/);
    const before = await balance(page);
    await page.getByRole('button', { name: 'Cancelar envío' }).click();
    await page
      .getByText('¿Cancelar este envío? Devolvemos $53.74 a tu saldo, comisión incluida.')
      .waitFor();
    await page.getByRole('button', { name: 'Sí, cancelar' }).click();
    await page
      .getByText('Cancelaste este envío. Devolvimos $53.74 a tu saldo, comisión incluida.')
      .waitFor();
    await page.getByText('Cancelaste el envío').waitFor();
    await expect.poll(() => balance(page)).toBe(before + 5374);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

/** The wallet's balance in cents, as the API reports it to the page's user. */
async function balance(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/wallet/balance', {
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await response.json()).balanceCents as number;
  });
}

for (const language of ['es', 'en'] as const) {
  test.describe(`the send-home pages in ${language}`, () => {
    test('have no serious or critical axe violation at either size', async ({ app }) => {
      for (const viewport of VIEWPORTS) {
        const list = await app.open('/send-home', viewport, { language, token: ana.token });
        await list.getByText('María López').waitFor();
        expect(await seriousA11yViolations(list), `list at ${viewport.name}`).toEqual([]);
        await list
          .getByRole('button', {
            name: language === 'es' ? 'Agregar destinatario' : 'Add a recipient',
          })
          .click();
        // A new recipient: the calculator first, then the form.
        const es = language === 'es';
        await list.getByLabel(es ? 'Envías (USD)' : 'You send (USD)').fill('10');
        const standard = list.getByRole('button', {
          name: es ? 'Continuar con estándar' : 'Continue with standard',
        });
        // (The calculator's own accessibility is checked in send.e2e.ts.)
        await standard.click();
        await list.getByRole('radio').first().waitFor();
        expect(await seriousA11yViolations(list), `form at ${viewport.name}`).toEqual([]);

        const sent = await app.open(
          `/send-home?recipient=${recipients.maria}&amount=10`,
          viewport,
          {
            language,
            token: ana.token,
          },
        );
        await sent.getByRole('button', { name: language === 'es' ? 'Cotizar' : /quote/i }).click();
        await sent.getByRole('button', { name: /\$13\.14/ }).click();
        await sent.getByTestId('receipt').waitFor();
        expect(await seriousA11yViolations(sent), `receipt at ${viewport.name}`).toEqual([]);
        await sent
          .getByRole('link', { name: language === 'es' ? 'Ver seguimiento' : /track/i })
          .click();
        await sent.waitForURL(/\/transfers\//);
        await sent.getByRole('heading', { level: 1 }).waitFor();
        await settled(sent);
        expect(await seriousA11yViolations(sent), `tracking at ${viewport.name}`).toEqual([]);
        await shot(sent, `pago-remit-tracking-${language}-${viewport.name}.png`, {
          fullPage: true,
        });
        await shot(list, `pago-remit-form-${language}-${viewport.name}.png`, { fullPage: true });
      }
    });
  });
}
