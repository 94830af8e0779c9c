import type { Services } from '../../app-services';
import type { Database } from '../../db/database';
import type { ThunesClient } from '../../providers/thunes/thunes-client';
import { createJobRetry } from './job-retry';
import { createOpsQueues } from './ops-queues.service';

/**
 * The queues built from the app's services (each action goes through the feature that owns it),
 * so app-services.ts only gains one line.
 */
export function opsQueuesOf(
  services: Services,
  db: Database,
  thunes: ThunesClient | null,
  log: Parameters<typeof createOpsQueues>[0]['log'],
) {
  return createOpsQueues({
    db,
    ledger: services.ledger,
    partnerPayouts: services.partnerPayouts,
    thunes,
    remittanceCases: services.remittanceCases,
    identity: services.identity,
    cardDisputes: services.cardDisputes,
    reconcile: {
      unit: () => services.banking.reconcile(),
      payouts: () => services.payoutReconciliation.reconcile(),
      ledger: services.ledgerInvariants,
    },
    retryJob: createJobRetry(db),
    log,
  });
}
