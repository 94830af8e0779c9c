import type { Database } from '../../db/database';
import type { ThunesClient } from '../../providers/thunes/thunes-client';
import { createJobRetry } from './job-retry';
import { createOpsQueues } from './ops-queues.service';
import type { QueueDeps } from './queue-items';

/** The app's services the queues act through (app-services.ts names them so). */
type QueueServices = Pick<
  QueueDeps,
  'ledger' | 'partnerPayouts' | 'remittanceCases' | 'identity' | 'cardDisputes'
> & {
  banking: { reconcile(): Promise<unknown> };
  payoutReconciliation: { reconcile(): Promise<unknown> };
  ledgerInvariants: QueueDeps['reconcile']['ledger'];
  personaApi: QueueDeps['persona'];
};

/**
 * The queues built from the app's services (each action goes through the feature that owns it),
 * so app-services.ts only gains one line.
 */
export function opsQueuesOf(
  services: QueueServices,
  db: Database,
  thunes: ThunesClient | null,
  log: QueueDeps['log'],
) {
  return createOpsQueues({
    db,
    ledger: services.ledger,
    partnerPayouts: services.partnerPayouts,
    thunes,
    remittanceCases: services.remittanceCases,
    identity: services.identity,
    persona: services.personaApi,
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
