import type { ChipProps } from '@mui/material/Chip';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { formatPhone } from './format';

/** The wallet.json key of a transfer's kind, as its owner sees it ("Money received"). */
export function kindKey(transfer: Pick<Transfer, 'kind' | 'direction' | 'details'>): string {
  switch (transfer.kind) {
    case 'deposit':
      return transfer.details.source === 'sandbox_test_money'
        ? 'kind.test_deposit'
        : 'kind.deposit';
    case 'p2p':
    case 'bank_transfer':
    case 'request_payment':
      return `kind.${transfer.kind}.${transfer.direction}`;
    case 'bank_deposit_return':
      // The same kind pays back a returned deposit's debt from money that came in later.
      return transfer.details.reason === 'debt_collected'
        ? 'kind.bank_debt_paid'
        : 'kind.bank_deposit_return';
    default:
      return `kind.${transfer.kind}`;
  }
}

/** Who is on the other side: a person's name, a biller, or a phone abroad; null for Pago itself. */
export function counterpartyName(transfer: Pick<Transfer, 'counterparty'>): string | null {
  const party = transfer.counterparty;
  if (!party) return null;
  if (party.userId) return party.username ? `${party.name} (@${party.username})` : party.name;
  return formatPhone(party.name);
}

/** What the transfer did to the owner's balance, in cents: out is negative. */
export function signedCents(transfer: Pick<Transfer, 'direction' | 'totalCents'>): number {
  return transfer.direction === 'out' ? -transfer.totalCents : transfer.totalCents;
}

export const STATUS_COLOR: Record<Transfer['status'], ChipProps['color']> = {
  completed: 'success',
  delivered: 'success',
  processing: 'info',
  failed: 'error',
  refunded: 'warning',
};
