import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { post } from './users';

/** The password every sandbox staff member of the e2e is created with. */
export const STAFF_PASSWORD = 'Ops-Console-Passw0rd';

export type Staff = { email: string; name: string; totpSecret: string };

/** An authenticator app's code (RFC 6238: SHA-1, 30 s, 6 digits) for the step `offset` from now. */
export function appCode(base32Secret: string, offset = 0): string {
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

/** A staff member through the sandbox route (sandbox mode only), with the TOTP secret. */
export async function createStaff(
  name: string,
  role: 'support' | 'compliance' | 'admin',
): Promise<Staff> {
  const email = `ops.${randomUUID().slice(0, 8)}@pago.example`;
  const made = (await post('/sandbox/ops/staff', {
    email,
    name,
    role,
    password: STAFF_PASSWORD,
  })) as { totpSecret: string };
  return { email, name, totpSecret: made.totpSecret };
}

/**
 * Signs in on the console's own page: the password, then the app's code (`offset` steps ahead: a
 * code is accepted once, so a second sign-in of the same person uses the next one), and waits for
 * the console's frame. `beforeCode`/`beforeSubmit` let a test take its screenshots on the way.
 */
export async function signInStaff(
  page: Page,
  staff: Pick<Staff, 'email' | 'totpSecret'>,
  {
    offset = 0,
    onStep,
  }: { offset?: number; onStep?: (step: 'password' | 'code') => Promise<void> } = {},
): Promise<void> {
  await page.getByRole('heading', { name: 'Consola de operaciones' }).waitFor();
  await page.getByLabel('Correo electrónico').fill(staff.email);
  await page.getByLabel('Contraseña').fill(STAFF_PASSWORD);
  await onStep?.('password');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Código de verificación').fill(appCode(staff.totpSecret, offset));
  await onStep?.('code');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).first().waitFor();
}
