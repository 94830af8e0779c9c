import {
  paydayRuleBody,
  paydayRuleParams,
  paydayRulePatch,
  paydayRuleSchema,
  paydayRunSchema,
} from '@pago/shared/contracts/payday';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Payday } from './payday.service';

const tags = ['Payday'];

/** What the payday routes use, passed in by the wiring (app-routes.ts). */
export type PaydayRouteDeps = { accounts: Accounts; payday: Payday };

/** Día de pago: the user's rules on incoming direct deposits, and what each did (owner only). */
export async function paydayRoutes(
  app: AppInstance,
  { accounts, payday }: PaydayRouteDeps,
): Promise<void> {
  const signedIn = (summary: string) => ({ summary, tags, security: bearerAuth });
  const preValidation = requireUser(accounts);

  app.get(
    '/api/payday-rules',
    {
      preValidation,
      schema: {
        ...signedIn('Your payday rules: a share of each direct deposit sent home, oldest first'),
        querystring: z.strictObject({}),
        response: { 200: z.array(paydayRuleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return payday.list(currentUser(request).userId);
    },
  );

  // Sets up money that will move: one rule per Idempotency-Key, as any money POST.
  moneyPost(
    app,
    accounts,
    '/api/payday-rules',
    {
      summary:
        'Create a payday rule: when a direct deposit is available, send a percentage or a fixed amount (capped) to a saved recipient',
      tags,
      body: paydayRuleBody,
      response: { status: 201, schema: paydayRuleSchema },
    },
    async ({ userId, body, tx }) => ({
      statusCode: 201,
      body: await payday.create(tx, userId, body),
    }),
  );

  app.patch(
    '/api/payday-rules/:id',
    {
      preValidation,
      schema: {
        ...signedIn(
          'Change a payday rule (its share, cap, minimum deposit, speed, or turn it off)',
        ),
        params: paydayRuleParams,
        body: paydayRulePatch,
        response: { 200: paydayRuleSchema, ...errorResponses },
      },
    },
    async (request) => payday.update(currentUser(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/api/payday-rules/:id',
    {
      preValidation,
      schema: {
        ...signedIn('Delete a payday rule (what it already sent stays; a pending send is skipped)'),
        params: paydayRuleParams,
        response: { 200: z.object({ removed: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      await payday.remove(currentUser(request).userId, request.params.id);
      return { removed: true as const };
    },
  );

  app.get(
    '/api/payday-runs',
    {
      preValidation,
      schema: {
        ...signedIn(
          'What your payday rules did with each deposit (sent, failed with why), newest first',
        ),
        querystring: z.strictObject({}),
        response: { 200: z.array(paydayRunSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return payday.runs(currentUser(request).userId);
    },
  );
}
