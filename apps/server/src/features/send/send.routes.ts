import { sendContactsSchema } from '@pago/shared/contracts/send';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import type { SendContactsService } from './send-contacts.service';

/** What the send flow's routes use, passed in by the wiring (app-routes.ts). */
export type SendRouteDeps = { sendContacts: SendContactsService; accounts: Accounts };

export async function sendRoutes(
  app: AppInstance,
  { sendContacts, accounts }: SendRouteDeps,
): Promise<void> {
  app.get(
    '/api/send/contacts',
    {
      preValidation: requireUser(accounts),
      schema: {
        summary: 'Recent people the signed-in user paid or was paid by, newest first',
        description:
          'Up to eight Pago users with a verified phone whom the signed-in user paid (a ' +
          'payment or a paid request) or who paid them, newest first, each once: display name ' +
          'and username only. Saved recipients abroad are listed by `GET /api/recipients`.',
        tags: ['Transactions'],
        security: bearerAuth,
        response: { 200: sendContactsSchema, ...errorResponses },
      },
    },
    async (request) => sendContacts.contacts(currentUser(request).userId),
  );
}
