import type { ChipProps } from '@mui/material/Chip';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { cashPickupState } from '@pago/shared/remittance-status';
import { formatPhone } from './format';

/** The activity.json key of a transfer's kind, as its owner sees it ("Money received"). */
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

const ORIGINS = ['schedule', 'rate_order', 'payday', 'pideme', 'colecta'] as const;

/**
 * The activity.json key of what sent a transfer without the user at the keyboard (a schedule, a
 * rate order, a payday rule, a Pídeme request, a colecta); null for a send the user made.
 */
export function originKey(transfer: Pick<Transfer, 'kind' | 'details'>): string | null {
  if (transfer.kind === 'p2p' && typeof transfer.details.scheduleId === 'string') {
    return 'origin.schedule';
  }
  if (transfer.kind !== 'remittance') return null;
  const origin = transfer.details.origin as { kind?: unknown } | undefined;
  const kind = ORIGINS.find((k) => k === origin?.kind);
  return kind ? `origin.${kind}` : null;
}

/** Who is on the other side: a person's name, a biller, or a phone abroad; null for Pago itself. */
export function counterpartyName(transfer: Pick<Transfer, 'counterparty'>): string | null {
  const party = transfer.counterparty;
  if (!party) return null;
  if (party.userId) return party.username ? `${party.name} (@${party.username})` : party.name;
  return formatPhone(party.name);
}

/** Money between the wallet and a linked bank: its status and history have their own words. */
const BANK_KINDS = ['bank_withdrawal', 'bank_deposit'] as const;
type BankKind = (typeof BANK_KINDS)[number];
const isBankKind = (kind: Transfer['kind']): kind is BankKind =>
  (BANK_KINDS as readonly string[]).includes(kind);

/** The statuses bank money goes through: on its way, done, or returned. */
const BANK_STATUSES = { processing: true, completed: true, failed: true } as const;

/** Kinds whose money came back from or went back to the user's bank, naming no account. */
const RETURN_KINDS: readonly Transfer['kind'][] = ['bank_withdrawal_return', 'bank_deposit_return'];

/**
 * The linked bank of a deposit or withdrawal as the funding form names it ("First Platypus Bank
 * ••0000"), from the transfer's own details; null for other kinds.
 */
export function bankName(transfer: Pick<Transfer, 'kind' | 'details'>): string | null {
  if (!isBankKind(transfer.kind)) return null;
  const { institution, mask } = transfer.details;
  if (typeof institution !== 'string' || !institution.trim()) return null;
  return typeof mask === 'string' && mask ? `${institution} ••${mask}` : institution;
}

/**
 * The user's bank as the other side of bank money: named for a deposit or withdrawal, "your bank"
 * (an activity.json key) for a return, which names none; null for every other kind.
 */
export function bankSide(
  transfer: Pick<Transfer, 'kind' | 'details'>,
): { name: string } | { key: string } | null {
  const bank = bankName(transfer);
  if (bank) return { name: bank };
  if (isBankKind(transfer.kind)) return { key: 'receipt.yourBank' };
  // A deposit return that only paid back a debt went to Pago, not to the bank.
  if (RETURN_KINDS.includes(transfer.kind) && transfer.details.reason !== 'debt_collected') {
    return { key: 'receipt.yourBank' };
  }
  return null;
}

/**
 * The activity.json key of a status as this kind says it: a withdrawal is "on its way to your
 * bank", not "processing"; other kinds use the shared words.
 */
export function statusKey(
  transfer: Pick<Transfer, 'kind'> & Partial<Pick<Transfer, 'details' | 'status'>>,
  status: Transfer['status'],
): string {
  // A direct deposit the partner advanced (early pay) is spendable while still processing.
  if (transfer.kind === 'ach_received' && status === 'processing') {
    const advanced = transfer.status === status && transfer.details?.advanced === true;
    return `statusOf.ach_received.${advanced ? 'advanced' : 'processing'}`;
  }
  if (isBankKind(transfer.kind) && status in BANK_STATUSES) {
    return `statusOf.${transfer.kind}.${status}`;
  }
  // Held for a sanctions review (features/sanctions on the server): "En revisión".
  if (status === 'processing' && transfer.status === status && transfer.details?.underReview) {
    return 'status.under_review';
  }
  // Cash waiting at the agent is ready for pickup, not delivered, until collected.
  const cash = cashPickupState({ kind: transfer.kind, status, details: transfer.details });
  if (cash) return `statusOf.remittance_cash.${cash}`;
  return `status.${status}`;
}

/**
 * The activity.json key of the note under a status in the receipt's history: a remittance's words
 * (its payout partner) for remittances only; bank money and transfers between bank accounts have
 * their own, and everything else the plain ones.
 */
export function historyNoteKey(
  transfer: Pick<Transfer, 'kind'> & Partial<Pick<Transfer, 'details'>>,
  status: Transfer['status'],
) {
  if (transfer.kind === 'remittance') {
    const cash = status === 'delivered' && transfer.details?.payoutMethod === 'cash_pickup';
    return cash ? 'receipt.historyNote.cashReady' : `receipt.historyNote.${status}`;
  }
  if ((isBankKind(transfer.kind) || transfer.kind === 'bank_transfer') && status in BANK_STATUSES)
    return `receipt.notes.${transfer.kind}.${status}`;
  return `receipt.notes.other.${status}`;
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
