import { z } from 'zod';
import type { AppInstance } from '../../app-instance';
import { errorBody } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';
import { isBroken, type LedgerInvariants } from '../ledger/ledger-invariants.service';
import { createHealth, LATEST_MIGRATION } from './health.service';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  mode: z.enum(['sandbox', 'live']),
});
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = healthSchema.extend({ migrations: z.literal('ok') });
const detailSchema = healthSchema.extend({
  /** `alert` when a check below found something that needs a person. */
  status: z.enum(['ok', 'alert']),
  ledgerInvariants: z.object({
    /** `broken` when the last check found anything; `unchecked` before its first run. */
    status: z.enum(['ok', 'broken', 'unchecked']),
    checkedAt: z.iso.datetime().nullable(),
    unbalancedTransfers: z.number().int(),
    driftedAccounts: z.number().int(),
    negativeUserAccounts: z.number().int(),
  }),
  /** The sanctions list: `missing` in live mode is an alert (money movements are refused). */
  sanctionsList: z.object({
    status: z.enum(['loaded', 'missing']),
    loadedAt: z.iso.datetime().nullable(),
    entries: z.number().int(),
  }),
});

/** What the health routes use besides the database, passed in by the wiring (app.ts). */
export type HealthRouteDeps = { ledgerInvariants: Pick<LedgerInvariants, 'latest'> };

export async function healthRoutes(
  app: AppInstance,
  { ledgerInvariants }: HealthRouteDeps,
): Promise<void> {
  const unavailable = (message: string) => errorBody('service_unavailable', message);
  // Probes only: built here rather than in app.ts's services, as nothing else calls them.
  const health = createHealth(app.deps.db);

  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server and its database answer, and the mode it runs in',
        tags: ['Health'],
        response: { 200: healthSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        await health.checkDatabase();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send(unavailable('The database is not reachable.'));
      }
      return { status: 'ok' as const, database: 'ok' as const, mode: app.deps.config.mode };
    },
  );

  app.get(
    '/api/health/detail',
    {
      schema: {
        summary:
          "The health check with what the background checks last found: the ledger's invariants (daily, and on `npm run reconcile`) and the sanctions list's load",
        tags: ['Health'],
        response: { 200: detailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      let last: Awaited<ReturnType<typeof ledgerInvariants.latest>>;
      let sanctionsList: Awaited<ReturnType<typeof health.sanctionsList>>;
      try {
        [last, sanctionsList] = await Promise.all([
          ledgerInvariants.latest(),
          health.sanctionsList(),
        ]);
      } catch (error) {
        request.log.error({ err: error }, 'health detail: database unreachable');
        return reply.code(503).send(unavailable('The database is not reachable.'));
      }
      const broken = last !== null && isBroken(last);
      if (broken)
        request.log.error({ ledgerInvariants: last }, 'health detail: ledger invariants broken');
      const noList = sanctionsList.status === 'missing' && app.deps.config.mode === 'live';
      if (noList) request.log.error('health detail: no sanctions list loaded in live mode');
      return {
        status: broken || noList ? ('alert' as const) : ('ok' as const),
        database: 'ok' as const,
        mode: app.deps.config.mode,
        ledgerInvariants: {
          status:
            last === null ? ('unchecked' as const) : broken ? ('broken' as const) : ('ok' as const),
          checkedAt: last?.checkedAt.toISOString() ?? null,
          unbalancedTransfers: last?.unbalancedTransfers ?? 0,
          driftedAccounts: last?.driftedAccounts ?? 0,
          negativeUserAccounts: last?.negativeUserAccounts ?? 0,
        },
        sanctionsList,
      };
    },
  );

  app.get(
    '/api/health/live',
    {
      // Never shed: a busy process is alive, and restarting it would only lose its work.
      config: { shed: false },
      schema: {
        summary: 'Liveness: the process is up and answers (no database involved)',
        tags: ['Health'],
        response: { 200: liveSchema, ...errorResponses },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        summary:
          'Readiness: the database answers and has every migration this code needs (503 while not, or while the process sheds load)',
        tags: ['Health'],
        response: { 200: readySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      let migrated: boolean;
      try {
        migrated = await health.isMigrated();
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable');
        return reply.code(503).send(unavailable('The database is not reachable.'));
      }
      if (!migrated) {
        return reply
          .code(503)
          .send(unavailable(`The database is not migrated to ${LATEST_MIGRATION} yet.`));
      }
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        migrations: 'ok' as const,
        mode: app.deps.config.mode,
      };
    },
  );
}
