import type { CardDispute, CardDisputeStep } from '@pago/shared/contracts/card-disputes';
import type { Database } from '../../db/database';
import type { DisputeRow } from './card-disputes.repository';

/** A card charge's merchant (or ATM, or Pago for its own fee) and card, from its metadata. */
export function merchantOf(metadata: unknown): { merchant: string; last4: string } {
  const m = (metadata ?? {}) as Record<string, unknown>;
  const merchant = String(m.merchantName ?? m.atmName ?? (m.fee ? 'Pago' : ''));
  return { merchant, last4: String(m.last4 ?? '') };
}

/** A dispute as the API shows it: the charge, the amounts, the deadlines and every step. */
export async function disputeView(db: Database, row: DisputeRow): Promise<CardDispute> {
  const transfer = await db
    .selectFrom('ledger_transfers')
    .select('metadata')
    .where('id', '=', row.transfer_id)
    .executeTakeFirstOrThrow();
  const amount = row.disputed_cents;
  const steps: CardDisputeStep[] = [{ step: 'opened', at: row.created_at.toISOString() }];
  const resolved = row.resolved_at?.toISOString();
  const finalCredit =
    row.status === 'won' && row.credited_at?.getTime() === row.resolved_at?.getTime();
  if (row.credited_at && !finalCredit) {
    steps.push({
      step: 'provisionally_credited',
      at: row.credited_at.toISOString(),
      amountCents: amount,
    });
  }
  if (row.status === 'won' && resolved)
    steps.push({ step: 'won', at: resolved, amountCents: amount });
  if (row.status === 'lost' && resolved) {
    steps.push({ step: 'lost', at: resolved });
    if (row.reversal_due_at && !row.reversed_at) {
      steps.push({
        step: 'reversal_scheduled',
        at: row.reversal_due_at.toISOString(),
        amountCents: amount,
      });
    }
    if (row.reversed_at)
      steps.push({ step: 'reversed', at: row.reversed_at.toISOString(), amountCents: amount });
  }
  const { merchant, last4 } = merchantOf(transfer.metadata);
  return {
    id: row.id,
    transferId: row.transfer_id,
    reason: row.reason,
    description: row.description,
    status: row.status,
    disputedCents: amount,
    correctAmountCents: row.correct_amount_cents,
    merchant,
    last4,
    creditDueAt: row.credit_due_at.toISOString(),
    reversalDueAt: row.reversal_due_at?.toISOString() ?? null,
    owedCents: row.owed_cents,
    steps,
    createdAt: row.created_at.toISOString(),
  };
}
