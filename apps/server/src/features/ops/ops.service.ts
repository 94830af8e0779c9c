import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { createApprovals } from './approvals.service';
import { createAudit } from './audit.service';
import { createStaffAuth } from './staff-auth.service';

type Deps = { db: Database; config: Config; rateLimits: RateLimits };

/**
 * The operations console's foundation (docs/ops-console.md): staff sign-in and sessions
 * (`auth`), the append-only audit log (`audit`) and four eyes (`approvals`). Other features'
 * /api/ops routes use these three.
 */
export function createOps({ db, config, rateLimits }: Deps) {
  const audit = createAudit({ db });
  return {
    auth: createStaffAuth({ db, config, rateLimits }),
    audit,
    approvals: createApprovals({ db, audit, fourEyesCents: config.opsFourEyesCents }),
  };
}

export type Ops = ReturnType<typeof createOps>;
