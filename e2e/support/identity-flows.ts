import type { Page } from 'playwright-core';

/** A 1×1 PNG: the fakes take any image as the photo of a document. */
const PHOTO = {
  name: 'documento.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/**
 * Goes through the sandbox Plaid hosted flow (in Spanish) inside its frame, up to its result
 * screen. A last name "Fail" fails.
 */
export async function completePlaidFlow(
  page: Page,
  familyName: string,
): Promise<'passed' | 'failed'> {
  const flow = page.frameLocator('iframe[title="Plaid"]');
  await flow.getByLabel('Pasaporte').check();
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await flow.getByLabel('Nombre', { exact: true }).fill('Ana');
  await flow.getByLabel('Apellido').fill(familyName);
  await flow.getByLabel('Fecha de nacimiento').fill('1990-04-12');
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await flow.getByLabel('Foto del documento').setInputFiles(PHOTO);
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await flow.getByRole('button', { name: 'Confirmar' }).click();
  const passed = flow.getByRole('heading', { name: 'Identidad verificada' });
  const failed = flow.getByRole('heading', { name: 'No pudimos verificar tu identidad' });
  await passed.or(failed).waitFor();
  return (await passed.isVisible()) ? 'passed' : 'failed';
}

/** The sandbox Persona hosted flow (in Spanish), with an Argentine DNI, up to its result screen. */
export async function completePersonaFlow(page: Page, lastName: string): Promise<void> {
  const flow = page.frameLocator('iframe[title="Persona"]');
  await flow.getByLabel('País').selectOption('AR');
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await flow.getByLabel(/Identificación nacional/).check();
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await flow.getByLabel('Apellido').fill(lastName);
  await flow.getByLabel('Fecha de nacimiento').fill('1988-09-30');
  await flow.getByLabel('Número de identificación').fill('30123456');
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await flow.getByLabel('Foto de la identificación').setInputFiles(PHOTO);
  await flow.getByRole('button', { name: 'Continuar' }).click();
  await flow.getByRole('button', { name: 'Enviar' }).click();
}
