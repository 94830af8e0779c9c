import {
  quoteBody,
  quoteSchema,
  sendMoneyBody,
  transferSchema,
} from '@pago/shared/contracts/transfers';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import { type Transfers, withReference } from './transfers.service';

const tags = ['Transactions'];

/** What the transfers' routes use, passed in by the wiring (app.ts). */
export type TransfersRouteDeps = { transfers: Transfers; accounts: Accounts };

export async function transfersRoutes(
  app: AppInstance,
  { transfers, accounts }: TransfersRouteDeps,
): Promise<void> {
  const signedIn = requireUser(accounts);

  app.post(
    '/api/transactions/quote',
    {
      preValidation: [signedIn, requireVerifiedIdentity()],
      schema: {
        summary: 'Quote a send: fee, exchange rate and what the recipient gets',
        description:
          'A quote for a `recipientPhone` counts against the look-up budget (429 ' +
          '`lookup_limit_reached` with Retry-After), whoever the phone belongs to.',
        tags,
        security: bearerAuth,
        body: quoteBody,
        response: { 200: quoteSchema, ...errorResponses },
      },
    },
    async (request) => transfers.quote(currentUser(request).userId, request.body, request.ip),
  );

  moneyPost(
    app,
    accounts,
    '/api/transactions/send',
    {
      summary: 'Send money to a phone: to a Pago user instantly, abroad with a quote',
      tags,
      body: sendMoneyBody,
      response: { status: 201, schema: transferSchema },
    },
    async ({ userId, body, tx }) => {
      const transfer = await transfers.send(tx, userId, body);
      // Held for a sanctions review: accepted, not sent yet (features/sanctions).
      return { statusCode: transfer.details.underReview === true ? 202 : 201, body: transfer };
    },
    // To a Pago user's phone: one database statement, the session check included (batched with
    // the sends that arrive with it); a remittance takes the handler above.
    {
      oneStatement: (input) => transfers.sendOnce(input),
      sessionInStatement: true,
      storedAnswer: withReference,
      // A username takes from the look-up budget before it is resolved; a phone no Pago user
      // has (or a remittance) before it is answered. A payment to a Pago user's phone is the
      // payment itself (docs/architecture.md, "Privacy: one look-up budget for finding
      // people").
      beforeStatement: ({ userId, body, ip }) =>
        body.recipientUsername !== undefined
          ? accounts.takePayeeLookup(userId, ip)
          : Promise.resolve(),
      before: ({ userId, body, ip }) =>
        body.recipientUsername === undefined
          ? accounts.takePayeeLookup(userId, ip)
          : Promise.resolve(),
    },
  );
}
