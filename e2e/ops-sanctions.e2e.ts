import { randomUUID } from 'node:crypto';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { STAFF_PASSWORD, signInStaff } from './support/ops';
import { shot } from './support/shots';
import {
  addTestMoney,
  createUser,
  type E2eUser,
  post,
  saveMexicanRecipient,
  verifiedForTheBank,
} from './support/users';

const [phone, desktop] = VIEWPORTS;

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the API documents them.
type Json = any;

async function api(user: E2eUser, path: string): Promise<Json> {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return response.json();
}

/** A send home to a saved recipient through the API (the send screens have their own tests). */
async function sendHome(user: E2eUser, recipientId: string): Promise<Json> {
  const auth = { authorization: `Bearer ${user.token}` };
  const quote = await post(
    '/api/transactions/quote',
    { recipientCountry: 'MX', amountUsd: 100, speed: 'standard', recipientId },
    auth,
  );
  return post(
    '/api/remittances',
    { recipientId, amountUsd: 100, speed: 'standard', quoteId: quote.quoteId },
    { ...auth, 'idempotency-key': randomUUID() },
  );
}

let ana: E2eUser;
let cleared: Json;
let blocked: Json;

test.beforeAll(async () => {
  ana = await createUser('Ana Rivera', '+12125550296');
  await verifiedForTheBank(ana, 'Ana Rivera');
  await addTestMoney(ana, 100_000);
  // Two recipients named like entries of the sandbox's fictional sanctions list (README).
  const juan = await saveMexicanRecipient(ana, '+525512347701', ['Juan Carlos', 'Testcartel']);
  const pedro = await saveMexicanRecipient(ana, '+525512347702', ['Pedro', 'Simulado Hernández']);
  cleared = await sendHome(ana, juan);
  blocked = await sendHome(ana, pedro);
});

test.describe('la cola de sanciones', () => {
  test('cumplimiento libera un envío retenido (se paga), bloquea otro (se reembolsa) y congela la cuenta, con sus motivos en la auditoría', async ({
    app,
  }) => {
    expect(cleared).toMatchObject({ status: 'processing', details: { underReview: true } });
    expect(blocked).toMatchObject({ status: 'processing', details: { underReview: true } });
    const balanceBefore = (await api(ana, '/api/wallet/balance')).balanceCents;

    // The sender sees it held, in plain words.
    const own = await app.open(`/transfers/${cleared.id}`, phone, { token: ana.token });
    await own.getByText('Lo estamos revisando', { exact: false }).waitFor();
    await shot(own, 'sanctions-held-es-phone.png', { fullPage: true });

    const made = (await post('/sandbox/ops/staff', {
      email: `cumplimiento.${randomUUID().slice(0, 8)}@pago.example`,
      name: 'Lucía Cumplimiento',
      role: 'compliance',
      password: STAFF_PASSWORD,
    })) as { email: string; totpSecret: string };
    const page = await app.open('/ops', desktop);
    await signInStaff(page, made);
    await page.getByRole('link', { name: 'Sanciones (OFAC)' }).first().click();
    await page
      .getByRole('heading', { name: 'Coincidencias con listas de sanciones', level: 1 })
      .waitFor();
    const juanCard = page.getByRole('article', { name: 'Juan Carlos Testcartel' });
    await juanCard.getByText('TESTCARTEL GARCIA, Juan Carlos').first().waitFor();
    await shot(page, 'sanctions-queue-es-desktop.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Clear: not the person. The remittance then goes to the partner and pays out.
    await juanCard.getByRole('button', { name: 'Liberar: no es la persona' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Otra persona: fecha de nacimiento y país distintos');
    await shot(page, 'sanctions-clear-es-desktop.png');
    await dialog.getByRole('button', { name: 'Liberar: no es la persona' }).click();
    await page.getByText('Coincidencia liberada: 1 movimiento(s) siguen su camino.').waitFor();
    await expect
      .poll(async () => (await api(ana, `/api/remittances/${cleared.id}`)).transfer.status, {
        timeout: 30_000,
      })
      .toBe('delivered');

    // Block: a true match. Amount and fee back to the sender.
    const pedroCard = page.getByRole('article', { name: 'Pedro Simulado Hernández' });
    await pedroCard.getByRole('button', { name: 'Bloquear: es la persona' }).click();
    await dialog.getByRole('textbox').fill('Coincidencia verdadera con la lista SDN');
    await dialog.getByRole('button', { name: 'Bloquear: es la persona' }).click();
    await page.getByText(/Coincidencia bloqueada: 1 movimiento\(s\) reembolsados/).waitFor();
    expect((await api(ana, `/api/remittances/${blocked.id}`)).transfer.status).toBe('refunded');
    expect((await api(ana, '/api/wallet/balance')).balanceCents).toBe(
      balanceBefore + blocked.totalCents,
    );
    await page.getByRole('button', { name: 'Bloqueadas' }).click();
    await pedroCard.getByText(/Reporte a la OFAC: vence el/).waitFor();
    await shot(page, 'sanctions-blocked-es-desktop.png', { fullPage: true });

    // The officer freezes the sender's account while she looks into who else Ana pays.
    await page.getByRole('link', { name: 'Clientes' }).first().click();
    await page.getByLabel('Buscar cliente').fill(ana.email);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page
      .getByRole('link', { name: /Ana Rivera/ })
      .first()
      .click();
    await page.getByLabel('Motivo').fill('Envió a una persona de la lista SDN');
    await page.getByRole('button', { name: 'Abrir', exact: true }).click();
    await page.getByRole('button', { name: 'Congelar cuenta' }).click();
    await dialog.getByLabel('Motivo').fill('Revisar sus otros destinatarios');
    await dialog.getByRole('button', { name: 'Congelar cuenta' }).click();
    await page.getByText('Cuenta congelada.').waitFor();
    expect((await api(ana, '/api/user/profile')).accountFrozen).toBe(true);

    // The audit log shows each action with its reason.
    await page.getByRole('link', { name: 'Registro de auditoría' }).first().click();
    await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();
    const log = page.getByRole('list', { name: 'Registro de auditoría' });
    for (const [action, reason] of [
      ['sanctions.clear', 'Otra persona: fecha de nacimiento y país distintos'],
      ['sanctions.block', 'Coincidencia verdadera con la lista SDN'],
      ['customer.freeze', 'Revisar sus otros destinatarios'],
    ]) {
      await expect(
        log.getByRole('listitem').filter({ hasText: action }).filter({ hasText: reason }).first(),
      ).toBeVisible();
    }

    // The queue on a phone.
    const onPhone = await app.open('/ops', phone);
    await signInStaff(onPhone, made, { offset: 1 });
    await onPhone.getByRole('button', { name: 'Abrir menú' }).click();
    await onPhone.getByRole('link', { name: 'Sanciones (OFAC)' }).click();
    await onPhone.getByRole('button', { name: 'Liberadas' }).click();
    await onPhone.getByRole('article', { name: 'Juan Carlos Testcartel' }).waitFor();
    await shot(onPhone, 'sanctions-cleared-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(onPhone)).toEqual([]);
  });
});
