import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app';
import { errorBody } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  mode: z.enum(['sandbox', 'live']),
});

export async function healthRoutes(app: AppInstance): Promise<void> {
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
        return reply
          .code(503)
          .send(errorBody('service_unavailable', 'The database is not reachable.'));
      }
      return { status: 'ok' as const, database: 'ok' as const, mode: app.deps.config.mode };
    },
  );
}
