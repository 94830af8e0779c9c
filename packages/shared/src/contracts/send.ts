import { z } from 'zod';
import { payeeSchema } from './accounts';

/** The send flow's "who" step (`/api/send/*`). */

/**
 * GET /api/send/contacts: the Pago users the signed-in user paid or was paid by, most recent
 * first, as the payment screen shows a person (display name and @username, nothing private).
 * Saved recipients abroad are the remittances feature's list (`/api/remittances/recipients`).
 */
export const SEND_CONTACTS_MAX = 8;
export const sendContactsSchema = z
  .object({ people: z.array(payeeSchema).max(SEND_CONTACTS_MAX) })
  .meta({ id: 'SendContacts' });
export type SendContacts = z.infer<typeof sendContactsSchema>;
