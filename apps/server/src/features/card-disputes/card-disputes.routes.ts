import {
  cardDisputeParams,
  cardDisputeSchema,
  cardDisputesSchema,
  createCardDisputeBody,
} from '@pago/shared/contracts/card-disputes';
import type { AppInstance } from '../../app-instance';
import type { Database } from '../../db/database';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { CardDisputes } from './card-disputes.service';

const tags = ['Card disputes'];

export type CardDisputesRouteDeps = { cardDisputes: CardDisputes; accounts: Accounts };

/** Disputes of card charges (Regulation E): open, list, and each with its steps. */
export async function cardDisputesRoutes(
  app: AppInstance,
  { cardDisputes, accounts }: CardDisputesRouteDeps,
): Promise<void> {
  const preValidation = requireUser(accounts);
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });

  // Record (a transaction) → open at the partner, none open → the answer (`runPhased`).
  moneyPost(
    app,
    accounts,
    '/api/cards/disputes',
    {
      summary:
        'Dispute a card charge: not recognized (unauthorized) or the wrong amount; provisional credit within 10 business days',
      tags,
      body: createCardDisputeBody,
      response: { status: 201, schema: cardDisputeSchema },
    },
    {
      phases: ({ userId, body }) => ({
        prepare: () => cardDisputes.prepare(userId, body),
        reserve: (tx: Database, prepared: Awaited<ReturnType<CardDisputes['prepare']>>) =>
          cardDisputes.reserve(tx, prepared),
        call: (reserved: Awaited<ReturnType<CardDisputes['reserve']>>) =>
          cardDisputes.openAtPartner(reserved),
        settle: (
          tx: Database,
          reserved: Awaited<ReturnType<CardDisputes['reserve']>>,
          partner: Awaited<ReturnType<CardDisputes['openAtPartner']>>,
        ) => cardDisputes.settle(tx, reserved, partner),
      }),
    },
  );

  app.get(
    '/api/cards/disputes',
    {
      preValidation,
      schema: {
        ...signedIn('The signed-in user’s card disputes, newest first, each with its steps'),
        response: { 200: cardDisputesSchema, ...errorResponses },
      },
    },
    async (request) => ({ disputes: await cardDisputes.list(currentUser(request).userId) }),
  );

  app.get(
    '/api/cards/disputes/:id',
    {
      preValidation,
      schema: {
        ...signedIn('One card dispute with every step'),
        params: cardDisputeParams,
        response: { 200: cardDisputeSchema, ...errorResponses },
      },
    },
    async (request) => cardDisputes.get(currentUser(request).userId, request.params.id),
  );
}
