import type { StaffRole } from '@pago/shared/contracts/ops';

/**
 * Who may take each queue action (docs/ops-queues.md, "Roles"). Support looks and asks the
 * partner again; decisions about money, identities and compliance are compliance's; admin may do
 * everything. Reading a queue is open to every staff role.
 */
export const QUEUE_ACTION_ROLES = {
  'held_payouts.refresh': ['support', 'compliance', 'admin'],
  'held_payouts.cancel': ['compliance', 'admin'],
  'identity_reviews.refresh': ['support', 'compliance', 'admin'],
  'identity_reviews.approve': ['compliance', 'admin'],
  'identity_reviews.decline': ['compliance', 'admin'],
  'error_claims.investigate': ['support', 'compliance', 'admin'],
  'error_claims.resolve': ['compliance', 'admin'],
  'error_claims.no_error': ['compliance', 'admin'],
  'card_disputes.refresh': ['support', 'compliance', 'admin'],
  'debts.note': ['support', 'compliance', 'admin'],
  'debts.write_off': ['compliance', 'admin'],
  'reconciliation.acknowledge': ['compliance', 'admin'],
  'reconciliation.rerun': ['support', 'compliance', 'admin'],
  'failed_jobs.retry': ['support', 'compliance', 'admin'],
  'failed_jobs.dismiss': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type QueueAction = keyof typeof QUEUE_ACTION_ROLES;

export function mayTake(role: string, action: QueueAction): boolean {
  return (QUEUE_ACTION_ROLES[action] as readonly string[]).includes(role);
}

/** Who acts: a staff member and their role (features/ops gives both after sign-in). */
export type QueueActor = { staffId: string; role: StaffRole };
