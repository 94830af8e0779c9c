import {
  createScheduleBody,
  scheduleIdParams,
  scheduleListSchema,
  scheduleSchema,
  updateScheduleBody,
} from '@pago/shared/contracts/schedules';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { bearerAuth, errorResponses } from '../../lib/openapi';
import type { Accounts } from '../accounts/accounts.service';
import { currentUser, requireUser, requireVerifiedIdentity } from '../accounts/require-user';
import { moneyPost } from '../idempotency/money-route';
import type { Schedules } from './schedules.service';

const tags = ['Schedules'];
const noBody = z.strictObject({});

/** What the schedules' routes use, passed in by the wiring (app-routes.ts). */
export type SchedulesRouteDeps = { accounts: Accounts; schedules: Schedules };

const ACTIONS = {
  pause: 'Pause a scheduled transfer: no run until it is resumed',
  resume: 'Resume a paused scheduled transfer from its next date after now',
  skip: 'Skip the next run of a scheduled transfer only (kept in its history as skipped)',
  cancel: 'Cancel a scheduled transfer (the transfers it made stay)',
} as const;

export async function schedulesRoutes(
  app: AppInstance,
  { accounts, schedules }: SchedulesRouteDeps,
): Promise<void> {
  const signedIn = (summary: string, description: string) => ({
    summary,
    description,
    tags,
    security: bearerAuth,
  });

  // Idempotent like a money POST: the same key answers the same schedule, never a second one.
  moneyPost(
    app,
    accounts,
    '/api/schedules',
    {
      summary: 'Schedule a transfer to a saved recipient or a Pago user, once or recurring',
      tags,
      body: createScheduleBody,
      response: { status: 201, schema: scheduleSchema },
    },
    async ({ userId, body, tx }) => ({
      statusCode: 201,
      body: await schedules.create(tx, userId, body),
    }),
  );

  app.get(
    '/api/schedules',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn(
          'Your scheduled transfers, newest first',
          'Each with its next run (day in your time zone and moment) and its latest runs.',
        ),
        response: { 200: scheduleListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await schedules.list(currentUser(request).userId) }),
  );

  app.get(
    '/api/schedules/:id',
    {
      preValidation: requireUser(accounts),
      schema: {
        ...signedIn('One scheduled transfer', 'With its run history, newest first.'),
        params: scheduleIdParams,
        response: { 200: scheduleSchema, ...errorResponses },
      },
    },
    async (request) => schedules.get(currentUser(request).userId, request.params.id),
  );

  app.patch(
    '/api/schedules/:id',
    {
      preValidation: [requireUser(accounts), requireVerifiedIdentity()],
      schema: {
        ...signedIn(
          'Change a scheduled transfer',
          'The amount, the speed, or the rule (given whole, with its frequency); a new rule’s next run is computed from now.',
        ),
        params: scheduleIdParams,
        body: updateScheduleBody,
        response: { 200: scheduleSchema, ...errorResponses },
      },
    },
    async (request) =>
      schedules.update(currentUser(request).userId, request.params.id, request.body),
  );

  for (const action of Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]) {
    app.post(
      `/api/schedules/:id/${action}`,
      {
        preValidation: requireUser(accounts),
        schema: {
          ...signedIn(
            ACTIONS[action],
            'Answers the schedule as it is now; repeating it is harmless.',
          ),
          params: scheduleIdParams,
          body: noBody.optional(),
          response: { 200: scheduleSchema, ...errorResponses },
        },
      },
      async (request) => schedules[action](currentUser(request).userId, request.params.id),
    );
  }
}
