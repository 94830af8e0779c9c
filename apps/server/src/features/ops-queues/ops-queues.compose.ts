import type { Database } from '../../db/database';
import type { ReadRouting } from '../../db/replica';
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
 * so app-services.ts only gains one line. With `reads`, the summary and the lists (what staff
 * browse) may read a replica (db/replica.ts); opening an item and every action read the primary.
 */
export function opsQueuesOf(
  services: QueueServices,
  db: Database,
  thunes: ThunesClient | null,
  log: QueueDeps['log'],
  reads?: ReadRouting,
) {
  const onPrimary = queuesOn(services, db, thunes, log);
  if (!reads) return onPrimary;
  let onReplica: typeof onPrimary | undefined;
  const on = (from: Database) => {
    if (from === db) return onPrimary;
    onReplica ??= queuesOn(services, from, thunes, log);
    return onReplica;
  };
  return {
    ...onPrimary,
    list: (queue: Parameters<typeof onPrimary.list>[0], role: string) =>
      reads.read(null, (from) => on(from).list(queue, role)),
    summary: () => reads.read(null, (from) => on(from).summary()),
  };
}

function queuesOn(
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
