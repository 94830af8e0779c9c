import { randomUUID } from 'node:crypto';
import { expect, seriousA11yViolations, test, VIEWPORTS } from './support/browser';
import { baseUrl } from './support/env';
import { createStaff, signInStaff } from './support/ops';
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
  rosa = await createUser('Rosa Méndez', '+12125550295');
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

test.describe('las colas de operaciones', () => {
  test('cumplimiento ve el envío retenido, lo cancela con un motivo y el dinero vuelve al cliente', async ({
    app,
  }) => {
    const officer = await createStaff('Lucía Cumplimiento', 'compliance');
    // On a phone first: the claims queue, with the legal deadline. First, because once the send
    // is cancelled below, the claims job (every minute) finds it never paid and decides the
    // claim (the refund already made), and the claim leaves the queue.
    const onPhone = await app.open('/ops', phone);
    await signInStaff(onPhone, officer);
    await onPhone.goto(`${baseUrl()}/ops/queues/error_claims`);
    await onPhone
      .getByRole('heading', { name: 'Reclamos por errores en envíos', level: 1 })
      .waitFor();
    await onPhone.getByRole('article').filter({ hasText: 'Rosa Méndez' }).waitFor();
    await shot(onPhone, 'ops-queues-claims-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(onPhone)).toEqual([]);
    await onPhone.goto(`${baseUrl()}/ops/queues`);
    await onPhone.getByRole('heading', { name: 'Colas de trabajo', level: 1 }).waitFor();
    await onPhone.getByRole('link', { name: /Reclamos por errores en envíos/ }).waitFor();
    await shot(onPhone, 'ops-queues-summary-es-phone.png', { fullPage: true });

    // On a desktop: the held send, cancelled with a reason.
    const page = await app.open('/ops', desktop);
    await signInStaff(page, officer, { offset: 1 });
    await page.getByRole('link', { name: 'Colas' }).first().click();
    await page.getByRole('heading', { name: 'Colas de trabajo', level: 1 }).waitFor();
    await page.getByRole('link', { name: /Envíos retenidos por el socio/ }).waitFor();
    await shot(page, 'ops-queues-summary-es-desktop.png', { fullPage: true });
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
    await shot(page, 'ops-queues-held-es-desktop.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await item.getByRole('button', { name: 'Cancelar y reembolsar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo').fill('El socio no lo libera; la clienta pidió su dinero');
    await shot(page, 'ops-queues-cancel-dialog-es-desktop.png', { fullPage: true });
    await dialog.getByRole('button', { name: 'Cancelar y reembolsar' }).click();
    await page.getByText('Listo. El caso salió de la cola.').waitFor();
    await expect(page.getByRole('article').filter({ hasText: 'Rosa Méndez' })).toHaveCount(0);

    // The customer's balance has the amount and the fee back.
    const balance = await fetch(`${baseUrl()}/api/wallet/balance`, {
      headers: { authorization: `Bearer ${rosa.token}` },
    }).then((r) => r.json() as Promise<{ balanceCents: number }>);
    expect(balance.balanceCents).toBe(50_000);
  });
});
