import type { PartnerStatusEntry } from '../../db/schema';
import type { ThunesError, ThunesTransaction } from '../../providers/thunes/thunes-client';
import type { PartnerFinding } from './remittance-case-decision';
import type { PayoutRow } from './remittances.repository';

// What the payout partner's answer means for an error case: when the money was made available,
// and the part of the answer a case keeps for staff.

type Payout = PayoutRow;

/** When the partner's answer says the money was made available: its history, else our record. */
function paidAt(payout: Payout | undefined, now: Date): Date {
  const history = (payout?.partner_history ?? []) as PartnerStatusEntry[];
  const times = history
    .filter((entry) => entry.status.startsWith('6') || entry.status.startsWith('7'))
    .map((entry) => new Date(entry.at).getTime())
    .filter(Number.isFinite);
  for (const known of [payout?.available_at, payout?.paid_out_at, payout?.settled_at]) {
    if (known) times.push(known.getTime());
  }
  // Not recorded on our side: the earliest Pago can vouch for is now (the sender's benefit).
  return times.length > 0 ? new Date(Math.min(...times)) : now;
}

/** The part of the partner's answer a case keeps (for staff: what the decision rested on). */
export function answerOf(transaction: ThunesTransaction | null, error?: ThunesError) {
  if (error) return { error: { kind: error.kind, httpStatus: error.httpStatus, code: error.code } };
  if (!transaction) return null;
  return {
    id: transaction.id,
    status: transaction.status,
    statusMessage: transaction.status_message,
    statusClass: transaction.status_class,
    destination: transaction.destination,
    payerTransactionReference: transaction.payer_transaction_reference ?? null,
  };
}

export function findingOf(
  transaction: ThunesTransaction | null,
  payout: Payout | undefined,
  now: Date,
): PartnerFinding {
  if (!transaction) return { kind: 'not_paid' };
  const statusClass = transaction.status_class;
  if (statusClass === '6' || statusClass === '7') {
    return {
      kind: 'paid',
      at: paidAt(payout, now),
      destinationAmount: transaction.destination.amount,
      creditParty: transaction.credit_party_identifier ?? {},
    };
  }
  if (['1', '2', '5'].includes(statusClass)) return { kind: 'in_progress' };
  return { kind: 'not_paid' };
}
