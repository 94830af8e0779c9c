import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS, type Viewport } from './support/browser';
import { createStaff, signInStaff } from './support/ops';
import { shot } from './support/shots';
import { addTestMoney, createUser, type E2eUser, markVerified, post } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** Sends `amountUsd` from one customer to another through the API, as the app does. */
async function send(from: E2eUser, to: E2eUser, amountUsd: number) {
  await post(
    '/api/transactions/send',
    { recipientUsername: to.username, amountUsd },
    { authorization: `Bearer ${from.token}`, 'idempotency-key': randomUUID() },
  );
}

/** Opens the monitoring queue and waits for the evaluation job's alert about `customer`. */
async function alertAbout(page: Page, customer: E2eUser, viewport: Viewport) {
  await page.getByRole('link', { name: 'Monitoreo' }).first().click();
  await page.getByRole('heading', { name: 'Monitoreo de transacciones', level: 1 }).waitFor();
  const card = page.getByRole('article').filter({ hasText: `@${customer.username}` });
  // The job evaluates committed transfers every 10 seconds: look again until the alert is there.
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await shot(page, `ops-monitoring-es-${viewport.name}.png`, { fullPage: true });
  return card;
}

test.describe('el monitoreo de transacciones en la consola', () => {
  test('una cuenta nueva que envía lo que cargó: cumplimiento ve la alerta y la escala con un motivo', async ({
    app,
  }) => {
    const nueva = await createUser('Nadia Monitoreo', '+12125550271');
    const amigo = await createUser('Mateo Monitoreo', '+12125550272');
    await markVerified(nueva);
    await addTestMoney(nueva, 100_000);
    await addTestMoney(nueva, 50_000);
    await send(nueva, amigo, 600);
    await send(nueva, amigo, 500);

    const officer = await createStaff('Lucía Cumplimiento', 'compliance');
    const page = await app.open('/ops', desktop);
    await signInStaff(page, officer);
    const card = await alertAbout(page, nueva, desktop);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(
      'Cuenta nueva que envía mucho más de lo que recibe',
    );
    await expect(card).toContainText('envió $1,100.00 y recibió $0.00 de otras personas');
    await expect(card).toContainText('Envío a un usuario: Nadia Monitoreo → Mateo Monitoreo');
    await expect(card).toContainText('$600.00');
    await expect(card).toContainText('$500.00');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Escalar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Escalar la alerta' });
    await dialog
      .getByRole('textbox', { name: /Motivo/ })
      .fill('Dinero cargado y enviado de inmediato');
    await shot(page, 'ops-monitoring-escalate-es-desktop.png', { fullPage: true });
    await dialog.getByRole('button', { name: 'Escalar' }).click();
    await page.getByText('Alerta escalada.').waitFor();
    await expect(card).toHaveCount(0);
    await page.getByRole('tab', { name: 'Escaladas' }).click();
    await expect(
      page.getByRole('article').filter({ hasText: 'Dinero cargado y enviado de inmediato' }),
    ).toBeVisible();

    // In English too: the same alert, worded from its figures.
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Transaction monitoring', level: 1 }).waitFor();
    await expect(page.getByRole('tab', { name: 'Escalated' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      page.getByText('sent $1,100.00 and received $0.00 from others', { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByText('Alert escalated.')).toBeVisible();
    await shot(page, 'ops-monitoring-en-desktop.png', { fullPage: true });
    await page.getByRole('button', { name: 'ES', exact: true }).click();
    await page.getByRole('heading', { name: 'Monitoreo de transacciones', level: 1 }).waitFor();

    // The audit log has the decision with its reason.
    await page.getByRole('link', { name: 'Registro de auditoría' }).first().click();
    await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();
    await expect(page.getByText('Dinero cargado y enviado de inmediato').first()).toBeVisible();

    // On a phone: the rules, as compliance reads them.
    const onPhone = await app.open('/ops', phone);
    await signInStaff(onPhone, officer, { offset: 1 });
    await onPhone.getByRole('button', { name: 'Abrir menú' }).click();
    await onPhone.getByRole('link', { name: 'Monitoreo' }).click();
    await onPhone.getByRole('tab', { name: 'Escaladas' }).click();
    await onPhone
      .getByRole('article')
      .filter({ hasText: 'Dinero cargado y enviado de inmediato' })
      .waitFor();
    await shot(onPhone, 'ops-monitoring-escalated-es-phone.png', { fullPage: true });
    await onPhone.getByRole('tab', { name: 'Reglas' }).click();
    await onPhone.getByText('Un destinatario, muchos remitentes').waitFor();
    await shot(onPhone, 'ops-monitoring-rules-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(onPhone)).toEqual([]);
  });
});
