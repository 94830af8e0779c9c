import { CompiledQuery } from 'kysely';
import { PgBoss } from 'pg-boss';
import type { Database } from '../../db/database';

/**
 * pg-boss's own `retry` (a failed job back to `retry`, one more attempt allowed), run on Pago's
 * database pool: pg-boss accepts any client with `executeSql`, so no second pool and no worker is
 * started for it. Answers whether the job was failed and is queued again.
 */
export function createJobRetry(db: Database) {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: result.rows as unknown[], rowCount: Number(result.numAffectedRows ?? 0) };
      },
    },
    supervise: false,
    schedule: false,
    migrate: false,
  });
  return async (name: string, id: string): Promise<boolean> => {
    // Typed as an empty interface; pg-boss answers `{ jobs, requested, affected }`.
    const result = (await boss.retry(name, id)) as { affected?: number };
    return (result.affected ?? 0) > 0;
  };
}
