import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { migrations } from '../../db/migrations';
import { errorBody } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  mode: z.enum(['sandbox', 'live']),
});
const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = healthSchema.extend({ migrations: z.literal('ok') });

/** The newest migration this code knows; a database without it is not ready for this code. */
const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) as string;

export async function healthRoutes(app: AppInstance): Promise<void> {
  const unavailable = (message: string) => errorBody('service_unavailable', message);

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
        await sql`select 1`.execute(app.deps.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send(unavailable('The database is not reachable.'));
      }
      return { status: 'ok' as const, database: 'ok' as const, mode: app.deps.config.mode };
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
      let latest: string | undefined;
      try {
        const { rows } = await sql<{ name: string }>`
          select name from kysely_migration where name = ${LATEST_MIGRATION}`.execute(app.deps.db);
        latest = rows[0]?.name;
      } catch (error) {
        // No migration table at all is a database not yet migrated (42P01), not an outage.
        if ((error as { code?: string }).code !== '42P01') {
          request.log.error({ err: error }, 'readiness: database unreachable');
          return reply.code(503).send(unavailable('The database is not reachable.'));
        }
      }
      if (!latest) {
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
