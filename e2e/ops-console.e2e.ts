import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS, type Viewport } from './support/browser';
import { baseUrl } from './support/env';
import { createStaff, type Staff, signInStaff } from './support/ops';
import { shot } from './support/shots';
import { addTestMoney, createUser, type E2eUser, markVerified, post } from './support/users';

const [phone, desktop] = VIEWPORTS;

/** Signs in on the console's own page, with a screenshot of each step on this viewport. */
function signIn(page: Page, staff: Staff, viewport: Viewport, offset = 0) {
  return signInStaff(page, staff, {
    offset,
    onStep: async (step) => {
      const name = step === 'password' ? 'login' : 'code';
      await shot(page, `ops-${name}-es-${viewport.name}.png`, { fullPage: true });
    },
  });
}

test.describe('la consola de operaciones', () => {
  test('una persona de cumplimiento inicia sesión con su código y ve la consola', async ({
    app,
  }) => {
    const officer = await createStaff('Lucía Cumplimiento', 'compliance');
    const page = await app.open('/ops', desktop);
    await signIn(page, officer, desktop);
    // The console opens on its first page, the customer search.
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await shot(page, 'ops-customers-es-desktop.png', { fullPage: true });
    await page.getByRole('link', { name: 'Aprobaciones pendientes' }).click();
    await page.getByRole('heading', { name: 'Aprobaciones pendientes', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('pago.ops.token'))).toBeTruthy();
    await shot(page, 'ops-approvals-es-desktop.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Registro de auditoría' }).click();
    await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();
    await shot(page, 'ops-audit-es-desktop.png', { fullPage: true });
    // English, as complete.
    await page.getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Pending approvals' }).waitFor();
    await shot(page, 'ops-audit-en-desktop.png', { fullPage: true });
    await page.getByRole('button', { name: 'ES' }).click();
    await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();

    const onPhone = await app.open('/ops', phone);
    await signIn(onPhone, officer, phone, 1);
    await onPhone.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await onPhone.goto('/ops/approvals');
    await onPhone.getByRole('heading', { name: 'Aprobaciones pendientes', level: 1 }).waitFor();
    await shot(onPhone, 'ops-approvals-es-phone.png', { fullPage: true });
    await onPhone.getByRole('button', { name: 'Abrir menú' }).click();
    // The drawer has slid in: its link is wholly on screen.
    await expect(onPhone.getByRole('link', { name: 'Registro de auditoría' })).toBeInViewport({
      ratio: 1,
    });
    await shot(onPhone, 'ops-menu-es-phone.png');
    expect(await seriousA11yViolations(onPhone)).toEqual([]);
    expect(baseUrl()).toBeTruthy();
  });

  test('congela una cuenta, ve sus efectos, la descongela, cierra sus sesiones y lo ve todo en el registro', async ({
    app,
  }) => {
    const ana = await createUser('Ana Ocampo', '+12125550281');
    await markVerified(ana);
    await addTestMoney(ana, 50_000);
    const beto: E2eUser = await createUser('Beto Ibarra', '+12125550282');
    await markVerified(beto);
    await addTestMoney(beto, 50_000);
    const officer = await createStaff('Marta Cumplimiento', 'compliance');

    // A customer's token is a stranger's to the console: 404, as an unknown route.
    for (const path of ['/api/ops/me', '/api/ops/audit', '/api/ops/customers?q=ana']) {
      const answer = await fetch(`${baseUrl()}${path}`, {
        headers: { authorization: `Bearer ${ana.token}` },
      });
      expect(answer.status, path).toBe(404);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }

    const page = await app.open('/ops', desktop);
    await signIn(page, officer, desktop);
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByLabel('Buscar cliente').fill(ana.email);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('link', { name: /Ana Ocampo/ }).click();
    await page.getByRole('heading', { name: '¿Por qué abres este cliente?' }).waitFor();
    await page.getByLabel('Motivo').fill('Alerta de monitoreo: envíos inusuales');
    await page.getByRole('button', { name: 'Abrir', exact: true }).click();
    await page.getByRole('heading', { name: 'Ana Ocampo', level: 1 }).waitFor();
    await page.getByText('$500.00').first().waitFor();
    await shot(page, 'ops-customer-es-desktop.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Freeze.
    await page.getByRole('button', { name: 'Congelar cuenta' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo').fill('Posible cuenta tomada: revisión');
    await shot(page, 'ops-freeze-es-desktop.png', { fullPage: true });
    await dialog.getByRole('button', { name: 'Congelar cuenta' }).click();
    await page.getByText('Cuenta congelada.').waitFor();
    await page.getByText(/Cuenta congelada desde .*Posible cuenta tomada: revisión/).waitFor();

    // Ana's app says so, and her send fails with the frozen message; money to her still lands.
    const anaPage = await app.open('/dashboard', phone, { language: 'es', token: ana.token });
    await anaPage
      .getByText(/Tu cuenta está en revisión/)
      .first()
      .waitFor();
    await shot(anaPage, 'ops-frozen-customer-es-phone.png', { fullPage: true });
    await anaPage.goto('/send');
    await anaPage.getByRole('heading', { name: '¿A quién le envías?' }).waitFor();
    await anaPage.getByLabel('Buscar').fill(`@${beto.username}`);
    await anaPage.getByRole('button', { name: 'Buscar', exact: true }).click();
    await anaPage.getByTestId('payee').getByText('Beto Ibarra').waitFor();
    await anaPage.getByLabel('Monto en USD').fill('10');
    await anaPage.getByRole('button', { name: 'Continuar' }).click();
    await anaPage.getByRole('button', { name: 'Enviar $10.00' }).click();
    await anaPage
      .getByRole('alert')
      .getByText(/Tu cuenta está en revisión\. Por ahora no puedes enviar ni pagar/)
      .waitFor();
    await shot(anaPage, 'ops-frozen-send-es-phone.png', { fullPage: true });
    const toAna = await fetch(`${baseUrl()}/api/transactions/send`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${beto.token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ recipientName: ana.phone, amountUsd: 7 }),
    });
    expect(toAna.status).toBeLessThan(300);
    const balance = await fetch(`${baseUrl()}/api/wallet/balance`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(((await balance.json()) as { balanceCents: number }).balanceCents).toBe(50_700);

    // Unfreeze, then end all her sessions.
    await page.getByRole('button', { name: 'Descongelar cuenta' }).click();
    await dialog.getByLabel('Motivo').fill('La clienta confirmó su identidad');
    await dialog.getByRole('button', { name: 'Descongelar cuenta' }).click();
    await page.getByText('Cuenta descongelada.').waitFor();
    await page.getByRole('button', { name: 'Cerrar todas sus sesiones' }).click();
    await dialog.getByLabel('Motivo').fill('Cambió su contraseña por la revisión');
    await dialog.getByRole('button', { name: 'Cerrar todas sus sesiones' }).click();
    await page.getByText('Sesiones cerradas.').waitFor();
    const ended = await fetch(`${baseUrl()}/api/user/profile`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(ended.status).toBe(401);

    // The audit log shows each action with its reason.
    await page.getByRole('link', { name: 'Registro de auditoría' }).click();
    await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();
    const log = page.getByRole('list', { name: 'Registro de auditoría' });
    for (const [action, reason] of [
      ['customer.view', 'Alerta de monitoreo: envíos inusuales'],
      ['customer.freeze', 'Posible cuenta tomada: revisión'],
      ['customer.unfreeze', 'La clienta confirmó su identidad'],
      ['customer.sign_out', 'Cambió su contraseña por la revisión'],
    ]) {
      await expect(
        log.getByRole('listitem').filter({ hasText: action }).filter({ hasText: reason }).first(),
      ).toBeVisible();
    }
    await shot(page, 'ops-audit-actions-es-desktop.png', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The customer page on a phone.
    const onPhone = await app.open('/ops', phone);
    await signIn(onPhone, officer, phone, 1);
    await onPhone.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await onPhone.goto(`/ops/customers?q=${encodeURIComponent(ana.email)}`);
    await onPhone.getByRole('link', { name: /Ana Ocampo/ }).click();
    await onPhone.getByLabel('Motivo').fill('Revisión posterior al cierre de sesiones');
    await onPhone.getByRole('button', { name: 'Abrir', exact: true }).click();
    await onPhone.getByRole('heading', { name: 'Ana Ocampo', level: 1 }).waitFor();
    await shot(onPhone, 'ops-customer-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(onPhone)).toEqual([]);
  });

  test('un reembolso por encima del límite espera a una segunda persona, que lo aprueba', async ({
    app,
  }) => {
    const carla = await createUser('Carla Vega', '+12125550273');
    await markVerified(carla);
    await addTestMoney(carla, 100_000);
    const dario = await createUser('Darío Paz', '+12125550274');
    await markVerified(dario);
    const sent = await post(
      '/api/transactions/send',
      { recipientName: dario.phone, amountUsd: 600 },
      { authorization: `Bearer ${carla.token}`, 'idempotency-key': randomUUID() },
    );
    expect(sent).toBeTruthy();
    const agent = await createStaff('Sara Soporte', 'support');
    const officer = await createStaff('Lucía Cumplimiento', 'compliance');

    const page = await app.open('/ops', desktop);
    await signIn(page, agent, desktop);
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await page.getByLabel('Buscar cliente').fill(carla.email);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('link', { name: /Carla Vega/ }).click();
    await page.getByLabel('Motivo').fill('La clienta reporta un envío por error');
    await page.getByRole('button', { name: 'Abrir', exact: true }).click();
    await page.getByRole('heading', { name: 'Carla Vega', level: 1 }).waitFor();
    // Support may not freeze.
    await expect(page.getByRole('button', { name: 'Congelar cuenta' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reembolsar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reembolsar $600.00' });
    await dialog.getByLabel('Motivo').fill('Envío duplicado confirmado con el destinatario');
    await dialog.getByRole('button', { name: 'Reembolsar' }).click();
    await page.getByText('Reembolso enviado a aprobación.').waitFor();

    const approver = await app.open('/ops', phone);
    await signIn(approver, officer, phone);
    await approver.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await approver.goto('/ops/approvals');
    const item = approver.getByRole('article').filter({ hasText: 'Carla Vega' });
    await item.getByText('Reembolso · $600.00').waitFor();
    await item.getByText('Envío duplicado confirmado con el destinatario').waitFor();
    await shot(approver, 'ops-approval-es-phone.png', { fullPage: true });
    expect(await seriousA11yViolations(approver)).toEqual([]);
    await item.getByRole('button', { name: 'Aprobar' }).click();
    const decide = approver.getByRole('dialog');
    await decide.getByLabel('Motivo').fill('Revisé el caso y el comprobante');
    await decide.getByRole('button', { name: 'Aprobar' }).click();
    await approver.getByText('Aprobada y ejecutada.').waitFor();
    await approver.getByText('No hay aprobaciones pendientes.').waitFor();

    const balance = await fetch(`${baseUrl()}/api/wallet/balance`, {
      headers: { authorization: `Bearer ${carla.token}` },
    });
    expect(((await balance.json()) as { balanceCents: number }).balanceCents).toBe(100_000);
  });
});
