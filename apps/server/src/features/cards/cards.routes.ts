import {
  activateCardBody,
  cardLimitsBody,
  cardParams,
  cardSchema,
  cardSecureTokenBody,
  cardSecureTokenSchema,
  cardSecureVerificationBody,
  cardSecureVerificationSchema,
  cardsSchema,
  createCardBody,
  reportLostBody,
  reportLostSchema,
} from '@pago/shared/contracts/cards';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { IssuedAtPartner, Recorded, Reported } from './card-issuance.service';
import type { Cards } from './cards.service';

const tags = ['Cards'];
const noBody = z.strictObject({});

/** What the cards' routes use, passed in by the wiring (app.ts). */
export type CardsRouteDeps = { cards: Cards; accounts: Accounts };

/** The Pago debit card: issue, list, freeze, secure display token, report lost, activate, limits. */
export async function cardsRoutes(
  app: AppInstance,
  { cards, accounts }: CardsRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });
  const userOf = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/api/cards',
    {
      preValidation,
      schema: {
        ...signedIn('The signed-in user’s cards, newest first (closed ones too)'),
        response: { 200: cardsSchema, ...errorResponses },
      },
    },
    async (request) => ({ cards: await cards.list(userOf(request)) }),
  );

  // Issue → record with its fee (a transaction) → close it at the partner if refused (`runPhased`).
  moneyPost(
    app,
    accounts,
    '/api/cards',
    {
      summary:
        'Issue a debit card: virtual (at once) or physical (shipped to the home address; expedited delivery has a fee)',
      tags,
      body: createCardBody,
      response: { status: 201, schema: cardSchema },
    },
    {
      phases: ({ userId, body, key }) => ({
        prepare: () => cards.issueAtPartner(userId, body, key),
        reserve: (tx: Database, issued: IssuedAtPartner) => cards.record(tx, issued),
        call: (recorded: Recorded) => cards.closeUnpaid(recorded),
        settle: async (_tx: Database, recorded: Recorded) => ({
          statusCode: 201,
          body: cards.answer(recorded),
        }),
      }),
    },
  );

  moneyPost(
    app,
    accounts,
    '/api/cards/:id/report-lost',
    {
      summary:
        'Report a card lost or stolen: closed at once and replaced (replacement fee; expedited delivery for a physical card)',
      tags,
      body: reportLostBody,
      params: cardParams,
      response: { status: 200, schema: reportLostSchema },
    },
    {
      phases: ({ userId, body, params }) => ({
        prepare: () => cards.reportLostAtPartner(userId, params.id, body),
        reserve: async (
          tx: Database,
          reported: { closed: Reported['closed']; issued: IssuedAtPartner },
        ): Promise<Reported> => ({
          closed: reported.closed,
          recorded: await cards.record(tx, reported.issued),
        }),
        call: async (done: Reported): Promise<Reported> => ({
          ...done,
          recorded: await cards.closeUnpaid(done.recorded),
        }),
        settle: async (_tx: Database, done: Reported) => ({
          statusCode: 200,
          body: cards.lostAnswer(done.closed, done.recorded),
        }),
      }),
    },
  );

  for (const action of ['freeze', 'unfreeze'] as const) {
    app.post(
      `/api/cards/:id/${action}`,
      {
        preValidation,
        schema: {
          ...signedIn(
            action === 'freeze'
              ? 'Freeze a card: every purchase and withdrawal is declined until unfrozen'
              : 'Unfreeze a frozen card',
          ),
          params: cardParams,
          body: noBody.nullish(),
          response: { 200: cardSchema, ...errorResponses },
        },
      },
      async (request) => cards[action](userOf(request), request.params.id),
    );
  }

  app.post(
    '/api/cards/:id/secure-token/verification',
    {
      preValidation,
      schema: {
        ...signedIn(
          'After the password, the partner texts a code to the holder’s phone; the answer’s verification goes with that code to the secure-token route',
        ),
        params: cardParams,
        body: cardSecureVerificationBody,
        response: { 200: cardSecureVerificationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const verification = await cards.secureVerification(
        userOf(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.header('cache-control', 'no-store').send(verification);
    },
  );

  app.post(
    '/api/cards/:id/secure-token',
    {
      preValidation,
      schema: {
        ...signedIn(
          'With the verification and the texted code, a short-lived partner token for the browser’s secure display of the card’s numbers (purpose show) or its secure PIN form (purpose pin); Pago never sees them',
        ),
        params: cardParams,
        body: cardSecureTokenBody,
        response: { 200: cardSecureTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = await cards.secureToken(userOf(request), request.params.id, request.body);
      return reply.header('cache-control', 'no-store').send(token);
    },
  );

  app.post(
    '/api/cards/:id/activate',
    {
      preValidation,
      schema: {
        ...signedIn('Activate a physical card with the last four digits and expiry printed on it'),
        params: cardParams,
        body: activateCardBody,
        response: { 200: cardSchema, ...errorResponses },
      },
    },
    async (request) => cards.activate(userOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/cards/:id/limits',
    {
      preValidation,
      schema: {
        ...signedIn('Change the card’s daily purchase and ATM limits, up to the maximums'),
        params: cardParams,
        body: cardLimitsBody,
        response: { 200: cardSchema, ...errorResponses },
      },
    },
    async (request) => cards.setLimits(userOf(request), request.params.id, request.body),
  );
}
