import type { Database } from '../../db/database';
import { migrations } from '../../db/migrations';
import { isMigrationApplied, latestSanctionsLoad, pingDatabase } from './health.repository';

/** The newest migration this code knows; a database without it is not ready for this code. */
export const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) as string;

/** The probes behind the health routes; each throws when the database cannot be reached. */
export function createHealth(db: Database) {
  return {
    checkDatabase: () => pingDatabase(db),
    /** Ready: the database has every migration this code needs. */
    async isMigrated(): Promise<boolean> {
      return isMigrationApplied(db, LATEST_MIGRATION);
    },
    /**
     * The sanctions list screening uses: `missing` before the first load (live mode then refuses
     * money movements, 503 `sanctions_list_unavailable`; sandbox mode loads its own on first use).
     */
    async sanctionsList() {
      const load = await latestSanctionsLoad(db);
      return {
        status: load ? ('loaded' as const) : ('missing' as const),
        loadedAt: load?.loaded_at.toISOString() ?? null,
        entries: load?.entry_count ?? 0,
      };
    },
  };
}
