import { randomUUID } from 'node:crypto';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { shot } from './support/shots';
import { nextSmsCode, smsTo } from './support/sms';
import { addTestMoney, createUser, post, verifiedForTheBank } from './support/users';

const [phone, desktop] = VIEWPORTS;
/** The Unit fake's org token in sandbox mode (its sandbox default). */
const UNIT_TOKEN = 'unit_sandbox_org_token';

/** The Unit fake's API, as Unit's own is called (org token, JSON:API). */
async function unit(method: 'GET' | 'POST', pathname: string, data?: unknown) {
  const response = await fetch(`${baseUrl()}/sandbox/unit${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${UNIT_TOKEN}`,
      ...(data ? { 'content-type': 'application/vnd.api+json' } : {}),
    },
    ...(data ? { body: JSON.stringify({ data }) } : {}),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ data: unknown }>;
}

async function networkCall(pathname: string, body: unknown) {
  const response = await fetch(`${baseUrl()}/sandbox/cards/network/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { authorizationId: string; approved: boolean };
}

test.describe('a card dispute', () => {
  test('a card purchase disputed gets provisional credit, then its outcome, on a phone in Spanish', async ({
    app,
  }) => {
    const marta = await createUser('Marta Ríos', '+13055550188');
    await verifiedForTheBank(marta, 'Marta Ríos Vega');
    const auth = { authorization: `Bearer ${marta.token}` };
    await post('/api/unit/accounts/create', {}, { ...auth, 'idempotency-key': randomUUID() });
    await addTestMoney(marta, 10_000);

    const page = await app.open('/card', phone, { language: 'es', token: marta.token });
    await page.getByRole('heading', { level: 1, name: 'Tu tarjeta' }).waitFor();
    await page.getByRole('button', { name: 'Pedir tarjeta virtual' }).click();
    await page.getByText(/Tu tarjeta virtual •••• \d{4} está lista\./).waitFor();

    // The numbers, shown in the partner's secure frames after the password.
    await page.getByRole('button', { name: 'Ver números' }).click();
    const reveal = page.getByRole('dialog', { name: 'Ver los números de tu tarjeta' });
    await reveal.getByLabel('Contraseña').fill('E2e-secret-pass-1');
    const texts = (await smsTo(marta.phone)).length;
    await reveal.getByRole('button', { name: 'Continuar' }).click();
    await reveal
      .getByLabel('Código del mensaje de texto')
      .fill(await nextSmsCode(marta.phone, texts));
    await reveal.getByRole('button', { name: 'Ver números' }).click();
    const panFrame = page.frameLocator('[data-testid="card-pan"] iframe').locator('#value');
    const cvvFrame = page.frameLocator('[data-testid="card-cvv"] iframe').locator('#value');
    await expect(panFrame).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
    await expect(cvvFrame).toHaveText(/^\d{3}$/);
    await shot(page, 'card-numbers-es-390x844.png', { fullPage: true });
    const [month, year] = ((await page.getByTestId('card-expiry').textContent()) ?? '').split('/');
    const card = {
      pan: ((await panFrame.textContent()) ?? '').replace(/\s/g, ''),
      cvv: (await cvvFrame.textContent()) ?? '',
      expMonth: Number(month),
      expYear: 2000 + Number(year),
    };
    await page.getByRole('button', { name: 'Ocultar' }).click();

    // A $30.00 purchase at the sandbox card network, cleared.
    const bought = await networkCall('purchase', {
      ...card,
      amountCents: 3_000,
      merchant: { name: 'Tienda Sol', city: 'Miami', category: 'retail' },
    });
    expect(bought.approved).toBe(true);
    await networkCall('clear', { authorizationId: bought.authorizationId, amountCents: 3_000 });
    const row = page
      .getByRole('region', { name: 'Movimientos de tu tarjeta' })
      .getByRole('listitem')
      .filter({ hasText: 'Tienda Sol' })
      .filter({ hasText: 'Completada' });
    await row.waitFor();
    await page.getByText('Disponible para usar: $70.00').waitFor();

    // "No reconozco este cargo", from the charge's receipt.
    await row.getByRole('button').first().click();
    const receipt = page.getByRole('dialog', { name: 'Comprobante' });
    await receipt.getByRole('button', { name: 'Disputar este cargo' }).click();
    const form = page.getByRole('dialog', { name: 'Disputar un cargo' });
    await form.getByText('Cargo de $30.00 en Tienda Sol. Cuéntanos qué pasó.').waitFor();
    await form.getByLabel('No reconozco este cargo').check();
    await form.getByLabel('Describe lo que pasó').fill('No hice esta compra.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'dispute-form-es-390x844.png', { fullPage: true });
    await form.getByRole('button', { name: 'Continuar' }).click();
    await form.getByText('Motivo: No reconozco este cargo').waitFor();
    await form.getByRole('button', { name: 'Confirmar disputa' }).click();
    await form.getByText('Abrimos tu disputa del cargo de Tienda Sol.').waitFor();
    await form.getByRole('button', { name: 'Listo' }).click();
    await receipt.getByRole('button', { name: 'Cerrar' }).click();

    const disputes = page.getByRole('region', { name: 'Tus disputas' });
    const dispute = disputes.getByTestId('card-dispute');
    await dispute.getByText('Abierta').waitFor();
    await dispute.getByText(/Crédito provisional a más tardar el/).waitFor();

    // The bank credits provisionally (the Unit fake's own status move), then decides.
    let partner: string | undefined;
    await expect
      .poll(async () => {
        const list = (await unit('GET', '/disputes')).data as {
          id: string;
          attributes: { amount: number };
        }[];
        partner = list.find((d) => d.attributes.amount === 3_000)?.id;
        return partner ?? null;
      })
      .not.toBeNull();
    const move = (status: string) =>
      unit('POST', `/sandbox/disputes/${partner}/status`, {
        type: 'disputeStatus',
        attributes: { status },
      });
    await move('ProvisionallyCredited');
    await dispute.getByText('Crédito provisional', { exact: true }).waitFor();
    await dispute.getByText(/te dimos un crédito provisional de \$30\.00/).waitFor();
    await page.getByText('Disponible para usar: $100.00').waitFor();

    await move('ResolvedWon');
    await dispute.getByText('Resuelta a tu favor', { exact: true }).waitFor();
    await dispute.getByText(/el crédito de \$30\.00 es definitivo/).waitFor();
    await page.getByText('Disponible para usar: $100.00').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'dispute-won-es-390x844.png', { fullPage: true });
    // The same disputes in English on a wide screen.
    const english = await app.open('/card', desktop, { language: 'en', token: marta.token });
    const list = english.getByRole('region', { name: 'Your disputes' });
    await list.getByText('Resolved in your favor', { exact: true }).waitFor();
    await list.getByText(/we gave you \$30\.00 of provisional credit/).waitFor();
    expect(await seriousA11yViolations(english)).toEqual([]);
    await shot(english, 'dispute-won-en-desktop.png', { fullPage: true });
  });
});
