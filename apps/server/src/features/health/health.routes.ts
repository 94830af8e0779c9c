import { sql } from 'kysely';
import type { AppInstance } from '../../app';
import { errorBody } from '../../lib/app-error';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(app.deps.db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply
        .code(503)
        .send(errorBody('service_unavailable', 'The database is not reachable.'));
    }
    return { status: 'ok', database: 'ok', mode: app.deps.config.mode };
  });
}
