import {
  activateCardBody,
  cardLimitsBody,
  cardParams,
  cardPinBody,
  cardSchema,
  cardsSchema,
  createCardBody,
  reportLostBody,
  reportLostSchema,
  revealCardBody,
  revealedCardSchema,
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

/** The Pago debit card: issue, list, freeze, reveal, report lost, activate, PIN, limits. */
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
    '/api/cards/:id/reveal',
    {
      preValidation,
      schema: {
        ...signedIn(
          'The card’s full number, expiry and CVV, after the password, to show for 60 seconds (sandbox mode; live mode uses the partner’s secure reveal)',
        ),
        params: cardParams,
        body: revealCardBody,
        response: { 200: revealedCardSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const numbers = await cards.reveal(
        userOf(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.header('cache-control', 'no-store').send(numbers);
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

  app.put(
    '/api/cards/:id/pin',
    {
      preValidation,
      schema: {
        ...signedIn('Set the card’s PIN at the partner (Pago never keeps it)'),
        params: cardParams,
        body: cardPinBody,
        response: { 200: z.object({ pinSet: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await cards.setPin(userOf(request), request.params.id, request.body.pin);
      return { pinSet: true as const };
    },
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
