import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { addTestMoney, createUser, type E2eUser, post, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;

let rosa: E2eUser;
/** Sends to Rosa, a Pago user, by her @username; has no saved recipient abroad. */
let ines: E2eUser;

/** A calendar day `days` from today (YYYY-MM-DD), and its weekday in a language. */
function dayFromToday(days: number): { date: string; weekday(locale: string): string } {
  const day = new Date(Date.now() + days * 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const noon = new Date(`${date}T12:00:00Z`);
  return {
    date,
    weekday: (locale) =>
      new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(noon),
  };
}

/** The sandbox partner's payer of a country for a payout method, through the API. */
async function payerOf(user: E2eUser, country: string, method: string): Promise<string> {
  const response = await fetch(
    `${baseUrl()}/api/remittances/payers?country=${country}&method=${method}`,
    { headers: { authorization: `Bearer ${user.token}` } },
  );
  const { items } = (await response.json()) as { items: { id: string }[] };
  return items[0]?.id ?? '';
}

test.beforeAll(async () => {
  rosa = await createUser('Rosa Medina', '+12125550231');
  await verifiedForTheBank(rosa, 'Rosa Medina');
  await addTestMoney(rosa, 100_000);
  ines = await createUser('Inés Carrillo', '+12125550232');
  await verifiedForTheBank(ines, 'Inés Carrillo');
  // A saved recipient, through the API (the recipient form has its own tests).
  await post(
    '/api/recipients',
    {
      firstName: 'Carmen',
      lastName: 'Medina',
      country: 'MX',
      phone: '+525512340231',
      payout: {
        method: 'bank_deposit',
        payerId: await payerOf(rosa, 'MX', 'bank_deposit'),
        fields: { clabe: '002115016003269411' },
      },
    },
    { authorization: `Bearer ${rosa.token}` },
  );
});

test.describe('scheduled transfers home', () => {
  test('creates a twice-monthly schedule to a saved recipient and sees it with its next date, in Spanish on a phone', async ({
    app,
  }) => {
    const page = await app.open('/send', phone, { language: 'es', token: rosa.token });
    await page.getByRole('link', { name: 'Envíos programados' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Envíos programados');
    await page.getByText('Aún no tienes envíos programados.').waitFor();

    await page.getByRole('button', { name: 'Programar un envío' }).click();
    await page.getByLabel('Destinatario').click();
    await page.getByRole('option', { name: 'Carmen Medina (MX)' }).click();
    await page.getByLabel('Monto a enviar (USD)').fill('200');
    // Twice a month is the default frequency: the 1st and the 15th.
    await expect(page.getByLabel('Frecuencia')).toHaveText('Dos veces al mes');
    await page.getByLabel('Primer día').click();
    await page.getByRole('option', { name: '1', exact: true }).click();
    await page.getByLabel('Segundo día').click();
    await page.getByRole('option', { name: '15', exact: true }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await shot(page, 'schedules-form-es-390x844.png', { fullPage: true });
    await page.getByRole('button', { name: 'Programar envío' }).click();
    await page.getByText('Listo: programamos tu envío.').waitFor();

    const card = page.getByRole('article', { name: 'Carmen Medina' });
    await card.getByText('$200.00 · Carmen Medina').waitFor();
    await card.getByText('El 1 y el 15 de cada mes').waitFor();
    await expect(card.getByText(/^Próximo envío: /)).toBeVisible();
    // The next date is the 1st or the 15th of a month.
    const next = (await card.getByText(/^Próximo envío: /).textContent()) ?? '';
    expect(next).toMatch(/ (1|15) de /);
    await shot(page, 'schedules-list-es-390x844.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Skip the next one: the date moves to the other day of the month, kept in the history.
    await card.getByRole('button', { name: 'Saltar el próximo' }).click();
    await page.getByText('Saltamos el próximo envío.').waitFor();
    await card.getByRole('button', { name: 'Ver historial (1)' }).click();
    await card.getByText('Saltado').waitFor();
    const after = (await card.getByText(/^Próximo envío: /).textContent()) ?? '';
    expect(after).not.toBe(next);

    // The same page on a desktop, in English.
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scheduled transfers');
    await card.getByText('On days 1 and 15 of every month').waitFor();
    await shot(page, 'schedules-list-en-desktop.png', { fullPage: true });
  });

  test('creates a weekly schedule to another Pago user by @username, with no saved recipient, in Spanish on a phone', async ({
    app,
  }) => {
    const first = dayFromToday(8);
    const page = await app.open('/schedules', phone, { language: 'es', token: ines.token });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Envíos programados');
    await page.getByText('Aún no tienes envíos programados.').waitFor();
    await page.getByRole('button', { name: 'Programar un envío' }).click();

    // No saved recipient abroad: the choice abroad says so, the choice of a Pago user is open.
    const whom = page.getByRole('radiogroup', { name: '¿A quién le envías?' });
    await expect(whom.getByRole('radio', { name: 'A alguien en otro país' })).toBeChecked();
    await page.getByText(/primero guárdalo como destinatario/).waitFor();
    await whom.getByRole('radio', { name: 'A un usuario de Pago' }).check();
    await page.getByRole('textbox', { name: 'Usuario de Pago' }).fill('@nadie_con_este_usuario');
    await page.getByLabel('Monto a enviar (USD)').fill('35');
    await page.getByLabel('Frecuencia').click();
    await page.getByRole('option', { name: 'Cada semana', exact: true }).click();
    await page.getByLabel('Primer envío').fill(first.date);
    await page.getByRole('button', { name: 'Programar envío' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^Ningún usuario de Pago tiene el usuario @nadie_con_este_usuario\./,
    );

    const username = page.getByRole('textbox', { name: 'Usuario de Pago' });
    await username.fill(`@${rosa.username}`);
    // The field's own @ stands before it; the refusal of the other name is gone.
    await expect(username).toHaveValue(rosa.username);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await shot(page, 'schedules-p2p-form-es-390x844.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Programar envío' }).click();
    await page.getByText('Listo: programamos tu envío.').waitFor();

    const card = page.getByRole('article').filter({ hasText: `@${rosa.username}` });
    await card.getByText('$35.00 · Rosa Medina').waitFor();
    await card.getByText(`@${rosa.username} · usuario de Pago`).waitFor();
    await card.getByText(`Cada semana, los ${first.weekday('es-US')}`).waitFor();
    await expect(card.getByText(/^Próximo envío: /)).toBeVisible();
    await expect(card.getByText(/Envío a/)).toHaveCount(0);
    await shot(page, 'schedules-p2p-list-es-390x844.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // At desktop size, in English.
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scheduled transfers');
    await card.getByText(`@${rosa.username} · Pago user`).waitFor();
    await card.getByText(`Every week, on ${first.weekday('en-US')}`).waitFor();
    await shot(page, 'schedules-p2p-list-en-desktop.png', { fullPage: true });
  });
});
