import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ReadRouting } from '../../db/replica';
import type { Activity } from '../activity/activity.service';
import type { Ledger } from '../ledger/ledger.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { createApprovals } from './approvals.service';
import { createAudit } from './audit.service';
import { createOpsCustomers } from './customers.service';
import { createStaffAuth } from './staff-auth.service';

type Deps = {
  db: Database;
  config: Config;
  rateLimits: RateLimits;
  ledger: Ledger;
  activity: Activity;
  reads?: ReadRouting;
};

/**
 * The operations console's foundation (docs/ops-console.md): staff sign-in and sessions
 * (`auth`), the append-only audit log (`audit`) and four eyes (`approvals`). Other features'
 * /api/ops routes use these three.
 */
export function createOps({ db, config, rateLimits, ledger, activity, reads }: Deps) {
  const audit = createAudit({ db, ...(reads ? { reads } : {}) });
  const approvals = createApprovals({ db, audit, fourEyesCents: config.opsFourEyesCents });
  return {
    auth: createStaffAuth({ db, config, rateLimits }),
    audit,
    approvals,
    /** The customer view and its actions (ops-customers.routes.ts). */
    customers: createOpsCustomers({
      db,
      ledger,
      activity,
      audit,
      approvals,
      sessionIdleMinutes: config.sessionIdleMinutes,
      ...(reads ? { reads } : {}),
    }),
  };
}

export type Ops = ReturnType<typeof createOps>;
