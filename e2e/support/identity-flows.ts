import type { Page } from '@playwright/test';

/** A 1×1 PNG: the fakes take any image as the photo of a document. */
const PHOTO = {
  name: 'documento.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** The hosted flows' own words (they follow the language the app asks for). */
const FLOW_TEXT = {
  es: {
    next: 'Continuar',
    passport: 'Pasaporte',
    firstName: 'Nombre',
    lastName: 'Apellido',
    birthDate: 'Fecha de nacimiento',
    plaidPhoto: 'Foto del documento',
    confirm: 'Confirmar',
    plaidPassed: 'Identidad verificada',
    plaidFailed: 'No pudimos verificar tu identidad',
    country: 'País',
    nationalId: /Identificación nacional/,
    idNumber: 'Número de identificación',
    personaPhoto: 'Foto de la identificación',
    submit: 'Enviar',
    personaInReview: '¡Gracias! Estamos revisando tu información',
    personaFailed: 'No pudimos verificar tu identificación',
    done: 'Listo',
  },
  en: {
    next: 'Continue',
    passport: 'Passport',
    firstName: 'First name',
    lastName: 'Last name',
    birthDate: 'Date of birth',
    plaidPhoto: 'Document photo',
    confirm: 'Confirm',
    plaidPassed: 'Identity verified',
    plaidFailed: "We couldn't verify your identity",
    country: 'Country',
    nationalId: /National ID/,
    idNumber: 'ID number',
    personaPhoto: 'ID photo',
    submit: 'Submit',
    personaInReview: "Thank you! We're reviewing your information",
    personaFailed: "We couldn't verify your ID",
    done: 'Done',
  },
} as const;
export type FlowLanguage = keyof typeof FLOW_TEXT;

export function plaidFrame(page: Page) {
  return page.frameLocator('iframe[title="Plaid"]');
}
export function personaFrame(page: Page) {
  return page.frameLocator('iframe[title="Persona"]');
}

/**
 * Goes through the sandbox Plaid hosted flow inside its frame, up to its result screen, and says
 * which result it showed. A last name "Fail" fails. Pago then accepts it only for the account
 * holder: the names typed must be the profile's.
 */
export async function completePlaidFlow(
  page: Page,
  familyName: string,
  language: FlowLanguage = 'es',
  givenName = 'Ana',
): Promise<'passed' | 'failed'> {
  const text = FLOW_TEXT[language];
  const flow = plaidFrame(page);
  await flow.getByLabel(text.passport).check();
  await flow.getByRole('button', { name: text.next }).click();
  await flow.getByLabel(text.firstName, { exact: true }).fill(givenName);
  await flow.getByLabel(text.lastName).fill(familyName);
  await flow.getByLabel(text.birthDate).fill('1990-04-12');
  await flow.getByRole('button', { name: text.next }).click();
  await flow.getByLabel(text.plaidPhoto).setInputFiles(PHOTO);
  await flow.getByRole('button', { name: text.next }).click();
  await flow.getByRole('button', { name: text.confirm }).click();
  const passed = flow.getByRole('heading', { name: text.plaidPassed });
  const failed = flow.getByRole('heading', { name: text.plaidFailed });
  await passed.or(failed).waitFor();
  return (await passed.isVisible()) ? 'passed' : 'failed';
}

/**
 * The sandbox Persona hosted flow with an Argentine national ID, submitted and closed with its
 * Done button. A last name "Fail" fails; any other goes to review.
 */
export async function completePersonaFlow(
  page: Page,
  lastName: string,
  language: FlowLanguage = 'es',
): Promise<'in_review' | 'failed'> {
  const text = FLOW_TEXT[language];
  const flow = personaFrame(page);
  await flow.getByLabel(text.country).selectOption('AR');
  await flow.getByRole('button', { name: text.next }).click();
  await flow.getByLabel(text.nationalId).check();
  await flow.getByRole('button', { name: text.next }).click();
  await flow.getByLabel(text.lastName).fill(lastName);
  await flow.getByLabel(text.birthDate).fill('1988-09-30');
  await flow.getByLabel(text.idNumber).fill('30123456');
  await flow.getByRole('button', { name: text.next }).click();
  await flow.getByLabel(text.personaPhoto).setInputFiles(PHOTO);
  await flow.getByRole('button', { name: text.next }).click();
  await flow.getByRole('button', { name: text.submit }).click();
  const inReview = flow.getByRole('heading', { name: text.personaInReview });
  const failed = flow.getByRole('heading', { name: text.personaFailed });
  await inReview.or(failed).waitFor();
  const result = (await inReview.isVisible()) ? 'in_review' : 'failed';
  await flow.getByRole('button', { name: text.done }).click();
  return result;
}
