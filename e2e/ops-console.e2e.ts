import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, seriousA11yViolations, test, VIEWPORTS, type Viewport } from './support/browser';
import { baseUrl } from './support/env';
import { post } from './support/users';

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

type Staff = { email: string; totpSecret: string; name: string };

/** A staff member through the sandbox route (sandbox mode only), with the TOTP secret. */
async function createStaff(name: string, role: 'support' | 'compliance' | 'admin'): Promise<Staff> {
  const email = `ops.${randomUUID().slice(0, 8)}@pago.example`;
  const made = (await post('/sandbox/ops/staff', { email, name, role, password: PASSWORD })) as {
    totpSecret: string;
  };
  return { email, name, totpSecret: made.totpSecret };
}

/** Signs in on the console's own page: password, then the app's code (`offset` steps ahead). */
async function signIn(page: Page, staff: Staff, viewport: Viewport, offset = 0) {
  await page.getByRole('heading', { name: 'Consola de operaciones' }).waitFor();
  await page.getByLabel('Correo electrónico').fill(staff.email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.screenshot({ path: `/tmp/ops-login-es-${viewport.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Código de verificación').fill(appCode(staff.totpSecret, offset));
  await page.screenshot({ path: `/tmp/ops-code-es-${viewport.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test.describe('la consola de operaciones', () => {
  test('una persona de cumplimiento inicia sesión con su código y ve la consola', async ({
    app,
  }) => {
    const officer = await createStaff('Lucía Cumplimiento', 'compliance');
    const page = await app.open('/ops', desktop);
    await signIn(page, officer, desktop);
    await page.getByRole('heading', { name: 'Aprobaciones pendientes', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('pago.ops.token'))).toBeTruthy();
    await page.screenshot({ path: '/tmp/ops-approvals-es-desktop.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Registro de auditoría' }).click();
    await page.getByRole('heading', { name: 'Registro de auditoría', level: 1 }).waitFor();
    await page.screenshot({ path: '/tmp/ops-audit-es-desktop.png', fullPage: true });

    const onPhone = await app.open('/ops', phone);
    await signIn(onPhone, officer, phone, 1);
    await onPhone.getByRole('heading', { name: 'Aprobaciones pendientes', level: 1 }).waitFor();
    await onPhone.screenshot({ path: '/tmp/ops-approvals-es-phone.png', fullPage: true });
    await onPhone.getByRole('button', { name: 'Abrir menú' }).click();
    // The drawer has slid in: its link is wholly on screen.
    await expect(onPhone.getByRole('link', { name: 'Registro de auditoría' })).toBeInViewport({
      ratio: 1,
    });
    await onPhone.screenshot({ path: '/tmp/ops-menu-es-phone.png' });
    expect(await seriousA11yViolations(onPhone)).toEqual([]);
    expect(baseUrl()).toBeTruthy();
  });
});
