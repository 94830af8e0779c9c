import type { AppInstance } from '../src/app';
import { bearer, type TestUser } from './accounts-helpers';

/**
 * A profile name that holds both flows' default test people — Ana Rivera (Plaid) and Lucía
 * García (Persona) — as a Latin American full name does; verification requires the match.
 */
export const HOLDER_NAME = 'Ana Lucía Rivera García';

/** The smallest PNG there is (1×1), as the photo of a document. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Starts Plaid's flow for a user and goes through the hosted flow, as the browser would. */
export async function passPlaidFlow(
  app: AppInstance,
  user: TestUser,
  familyName = 'Rivera',
  givenName = 'Ana',
): Promise<{ linkToken: string; id: string; status: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/plaid/identity-verification/create',
    headers: bearer(user.token),
    payload: { language: 'es' },
  });
  if (created.statusCode !== 200) throw new Error(`create: ${created.body}`);
  const linkToken = (created.json() as { link_token: string }).link_token;
  const submitted = await app.inject({
    method: 'POST',
    url: '/sandbox/plaid/link/submit',
    payload: {
      link_token: linkToken,
      document_type: 'passport',
      given_name: givenName,
      family_name: familyName,
      date_of_birth: '1990-04-12',
      photo: { type: 'image/png', data_base64: TINY_PNG_BASE64 },
    },
  });
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.body}`);
  const { identity_verification_id: id, status } = submitted.json() as {
    identity_verification_id: string;
    status: string;
  };
  return { linkToken, id, status };
}

/** Creates a Persona inquiry for a user and submits the hosted flow with this last name. */
export async function submitPersonaFlow(
  app: AppInstance,
  user: TestUser,
  lastName = 'García',
  firstName = 'Lucía',
): Promise<{ inquiryId: string; status: string }> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/persona/create-inquiry',
    headers: bearer(user.token),
    payload: { firstName, lastName, email: user.email },
  });
  if (created.statusCode !== 200) throw new Error(`create-inquiry: ${created.body}`);
  const inquiryId = (created.json() as { inquiry: { id: string } }).inquiry.id;
  const submitted = await app.inject({
    method: 'POST',
    url: '/sandbox/persona/flow/submit',
    payload: {
      inquiry_id: inquiryId,
      country: 'AR',
      id_class: 'id',
      name_first: firstName,
      name_last: lastName,
      birthdate: '1988-09-30',
      identification_number: '30123456',
      photo: { type: 'image/png', data_base64: TINY_PNG_BASE64 },
    },
  });
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.body}`);
  return { inquiryId, status: (submitted.json() as { status: string }).status };
}
