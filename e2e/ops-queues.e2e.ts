import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS, type Viewport } from './support/browser';
import { baseUrl } from './support/env';
import {
  addTestMoney,
  createUser,
  type E2eUser,
  post,
  saveMexicanRecipient,
  verifiedForTheBank,
} from './support/users';

const [phone, desktop] = VIEWPORTS;
const PASSWORD = 'Ops-Console-Passw0rd';

/** An authenticator app's code (RFC 6238: SHA-1, 30 s, 6 digits) for the step `offset` from now. */
function appCode(base32Secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...base32Secret]
    .map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = (mac.at(-1) ?? 0) & 15;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

type Staff = { email: string; totpSecret: string };

async function createStaff(name: string, role: 'support' | 'compliance'): Promise<Staff> {
  const email = `ops.${randomUUID().slice(0, 8)}@pago.example`;
  const made = (await post('/sandbox/ops/staff', { email, name, role, password: PASSWORD })) as {
    totpSecret: string;
  };
  return { email, totpSecret: made.totpSecret };
}

async function signIn(page: Page, staff: Staff, offset = 0) {
  await page.getByRole('heading', { name: 'Consola de operaciones' }).waitFor();
  await page.getByLabel('Correo electrónico').fill(staff.email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Código de verificación').fill(appCode(staff.totpSecret, offset));
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

let rosa: E2eUser;
let transferId = '';

/** A $100 send home the sandbox partner holds for review (a phone ending in 9999). */
async function heldSend(user: E2eUser): Promise<string> {
  const auth = { authorization: `Bearer ${user.token}` };
  const recipientId = await saveMexicanRecipient(user, '+525598779999', ['Rosa', 'Pérez']);
  const quote = await post(
    '/api/transactions/quote',
    { recipientCountry: 'MX', amountUsd: 100, speed: 'standard', recipientId },
    auth,
  );
  const sent = await post(
    '/api/remittances',
    { recipientId, amountUsd: 100, speed: 'standard', quoteId: quote.quoteId },
    { ...auth, 'idempotency-key': randomUUID() },
  );
  return sent.id as string;
}

async function held(user: E2eUser, id: string): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api/remittances/${id}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const body = (await response.json()) as { timeline: { step: string }[] };
  return body.timeline.some((s) => s.step === 'under_review');
}

test.beforeAll(async () => {
  rosa = await createUser('Rosa Méndez', '+12125550177');
  await verifiedForTheBank(rosa, 'Rosa Méndez');
  await addTestMoney(rosa, 50_000);
  transferId = await heldSend(rosa);
  await expect.poll(() => held(rosa, transferId), { timeout: 60_000 }).toBe(true);
  // A claim on it, for the claims queue.
  await post(
    `/api/remittances/${transferId}/cases`,
    { reason: 'not_received', description: 'Mi hermana no lo ha recibido', remedy: 'refund' },
    { authorization: `Bearer ${rosa.token}`, 'idempotency-key': randomUUID() },
  );
});

async function shot(page: Page, name: string, viewport: Viewport) {
  await page.screenshot({
    path: `/tmp/ops-queues-${name}-es-${viewport.name}.png`,
    fullPage: true,
  });
}

test.describe('las colas de operaciones', () => {
  test('cumplimiento ve el envío retenido, lo cancela con un motivo y el dinero vuelve al cliente', async ({
    app,
  }) => {
    const officer = await createStaff('Lucía Cumplimiento', 'compliance');
    const page = await app.open('/ops', desktop);
    await signIn(page, officer);
    await page.getByRole('link', { name: 'Colas' }).first().click();
    await page.getByRole('heading', { name: 'Colas de trabajo', level: 1 }).waitFor();
    await page.getByRole('link', { name: /Envíos retenidos por el socio/ }).waitFor();
    await shot(page, 'summary', desktop);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /Envíos retenidos por el socio/ }).click();
    await page.getByRole('heading', { name: 'Envíos retenidos por el socio', level: 1 }).waitFor();
    const item = page.getByRole('article').filter({ hasText: 'Rosa Méndez' });
    await item.waitFor();
    await expect(item.getByText('$100.00 más')).toBeVisible();
    await expect(item.getByRole('link', { name: 'Rosa Méndez' })).toHaveAttribute(
      'href',
      /\/ops\/customers\/[0-9a-f-]{36}$/,
    );
    await shot(page, 'held', desktop);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await item.getByRole('button', { name: 'Cancelar y reembolsar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo').fill('El socio no lo libera; la clienta pidió su dinero');
    await shot(page, 'cancel-dialog', desktop);
    await dialog.getByRole('button', { name: 'Cancelar y reembolsar' }).click();
    await page.getByText('Listo. El caso salió de la cola.').waitFor();
    await expect(page.getByRole('article').filter({ hasText: 'Rosa Méndez' })).toHaveCount(0);

    // The customer's balance has the amount and the fee back.
    const balance = await fetch(`${baseUrl()}/api/wallet/balance`, {
      headers: { authorization: `Bearer ${rosa.token}` },
    }).then((r) => r.json() as Promise<{ balanceCents: number }>);
    expect(balance.balanceCents).toBe(50_000);

    // On a phone: the claims queue, with the legal deadline.
    const onPhone = await app.open('/ops', phone);
    await signIn(onPhone, officer, 1);
    await onPhone.goto(`${baseUrl()}/ops/queues/error_claims`);
    await onPhone
      .getByRole('heading', { name: 'Reclamos por errores en envíos', level: 1 })
      .waitFor();
    await onPhone.getByRole('article').filter({ hasText: 'Rosa Méndez' }).waitFor();
    await shot(onPhone, 'claims', phone);
    expect(await seriousA11yViolations(onPhone)).toEqual([]);
    await onPhone.goto(`${baseUrl()}/ops/queues`);
    await onPhone.getByRole('heading', { name: 'Colas de trabajo', level: 1 }).waitFor();
    await onPhone.getByRole('link', { name: /Reclamos por errores en envíos/ }).waitFor();
    await shot(onPhone, 'summary', phone);
  });
});
