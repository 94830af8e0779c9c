import { randomUUID } from 'node:crypto';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { smsTo } from './support/sms';
import { addTestMoney, createUser, type E2eUser, post, verifiedForTheBank } from './support/users';

/**
 * The remittance's recipient is told (docs/recipient-notice.md), in Spanish on a phone: a send to
 * a Guatemalan cash pickup network, the recipient's two SMS in the sandbox outbox (the send, then
 * the pickup code with the tracking link), the sender's WhatsApp share, and the recipient's own
 * page from the link, without signing in.
 */

const [phone, desktop] = VIEWPORTS;
const PAYER = 'Red de Pagos Ejemplo Guatemala';
const RECIPIENT_PHONE = '+50222345261';

let lucia: E2eUser;

test.beforeAll(async () => {
  lucia = await createUser('Lucía Méndez', '+12125550261');
  // The partner needs the sender's identity and home address (SENDER_FIELDS_PAGO_HAS).
  await verifiedForTheBank(lucia, 'Lucía Méndez Ortiz');
  await addTestMoney(lucia, 50_000);
});

/** A GET of the API as the sender. */
async function get(url: string) {
  const response = await fetch(`${baseUrl()}${url}`, {
    headers: { authorization: `Bearer ${lucia.token}` },
  });
  return response.json();
}

/** Saves a cash pickup recipient in Guatemala and sends $40 express to them, through the API. */
async function sendToCashPickup(): Promise<string> {
  const auth = { authorization: `Bearer ${lucia.token}` };
  const { items } = await get('/api/remittances/payers?country=GT&method=cash_pickup');
  const recipient = await post(
    '/api/recipients',
    {
      firstName: 'Carmen',
      lastName: 'Ajú Tzul',
      country: 'GT',
      phone: RECIPIENT_PHONE,
      payout: {
        method: 'cash_pickup',
        payerId: items[0].id,
        fields: { id_type: 'NATIONAL_ID', id_number: '2456 78901 0101' },
      },
    },
    auth,
  );
  const quote = await post(
    '/api/transactions/quote',
    { recipientCountry: 'GT', amountUsd: 40, speed: 'express', recipientId: recipient.id },
    auth,
  );
  const sent = await post(
    '/api/remittances',
    { recipientId: recipient.id, amountUsd: 40, speed: 'express', quoteId: quote.quoteId },
    { ...auth, 'idempotency-key': randomUUID() },
  );
  return sent.id as string;
}

test.describe('the recipient is told, in Spanish on a phone', () => {
  test('the pickup code reaches the recipient by SMS, the sender shares on WhatsApp, the link opens the recipient’s page', async ({
    app,
  }) => {
    const id = await sendToCashPickup();

    // The sandbox's phone: first the SMS of the send, then the one with the pickup code.
    await expect
      .poll(async () => (await smsTo(RECIPIENT_PHONE)).length, { timeout: 60_000 })
      .toBe(2);
    const [ready, sent] = await smsTo(RECIPIENT_PHONE);
    expect(sent?.body).toMatch(/^Pago: Lucía te envió GTQ [\d,.]+ para cobrar en efectivo con /);
    expect(sent?.body).not.toContain('Méndez');
    const code = ready?.body.match(/Código para cobrar: (\d{10})\./)?.[1] ?? '';
    expect(code).toMatch(/^\d{10}$/);
    expect(ready?.body).toContain(`en cualquier agente de ${PAYER}`);
    const token = ready?.body.match(/\/t\/([A-Za-z0-9_-]{22})$/)?.[1] ?? '';
    expect(token).toHaveLength(22);

    // The sender's tracking page: what the SMS did, and the WhatsApp share with code and link.
    const page = await app.open(`/transfers/${id}`, phone, { language: 'es', token: lucia.token });
    await page.getByRole('heading', { name: 'Seguimiento de tu envío' }).waitFor();
    await expect(page.getByTestId('pickup-code')).toHaveText(code);
    await expect(
      page.getByText('Le enviamos a Carmen por SMS al +502 2234 5261 el código para cobrar.'),
    ).toBeVisible();
    const whatsapp = page.getByRole('link', { name: 'Compartir por WhatsApp con Carmen' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/50222345261?text=')).toBe(true);
    const shared = decodeURIComponent(href.split('?text=')[1] ?? '');
    expect(shared).toContain(`con el código ${code}`);
    expect(shared).toContain(`/t/${token}`);
    await expect(page.getByText(/Entregad/)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'pago-recipient-sender-es-phone.png', { fullPage: true });

    // The recipient opens the link: no session, no language chosen (Spanish by default).
    const theirs = await app.open(`/t/${token}`, phone);
    await theirs.getByRole('heading', { name: /^Lucía te envió GTQ\s[\d,.]+$/ }).waitFor();
    await expect(theirs.getByText('Hola, Carmen')).toBeVisible();
    await expect(theirs.getByText('Listo para cobrar').first()).toBeVisible();
    await expect(
      theirs.getByText(`Cobra en efectivo en cualquier agente de ${PAYER}.`),
    ).toBeVisible();
    await expect(
      theirs.getByText(
        'Te enviamos el código para cobrar por SMS al •••• 5261. Llévalo con tu identificación oficial.',
      ),
    ).toBeVisible();
    // The code goes by SMS only; the sender's family name and balance are not here.
    const text = (await theirs.locator('main, body').first().textContent()) ?? '';
    for (const secret of [code, 'Méndez', 'Ortiz', 'Saldo']) expect(text).not.toContain(secret);
    expect(await seriousA11yViolations(theirs)).toEqual([]);
    await shot(theirs, 'pago-recipient-page-es-phone.png', { fullPage: true });

    const wide = await app.open(`/t/${token}`, desktop);
    await wide.getByRole('heading', { name: /^Lucía te envió GTQ/ }).waitFor();
    await shot(wide, 'pago-recipient-page-es-desktop.png', { fullPage: true });

    // A link nobody was given finds nothing.
    const unknown = await app.open('/t/AAAAAAAAAAAAAAAAAAAAAA', phone);
    await expect(
      unknown.getByText('No encontramos este envío. Revisa el enlace que te enviaron.'),
    ).toBeVisible();
  });
});
