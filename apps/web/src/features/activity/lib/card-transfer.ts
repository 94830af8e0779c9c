import type { ChipProps } from '@mui/material/Chip';
import type { Transfer } from '@pago/shared/contracts/transfers';
import { type Cents, cents, formatUsd, type Locale } from '@pago/shared/money';

import { STATUS_COLOR } from './transfer-text';

type Translate = (key: string, values?: Record<string, string>) => string;
type CardTransfer = Pick<Transfer, 'kind' | 'status' | 'details'>;

function text(details: Transfer['details'], key: string): string | null {
  const value = details[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

function centsOf(details: Transfer['details'], key: string): Cents | null {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? cents(value)
    : null;
}

/** "•••• 1234": the card's last four digits as they are shown everywhere. */
export function maskedLast4(last4: string): string {
  return `•••• ${last4}`;
}

/** Where the card was used: "Café Luna, Austin" (merchant) or "Cajero Centro, Dallas" (ATM). */
export function cardPlace(transfer: CardTransfer): string | null {
  const { details } = transfer;
  const name = text(details, 'merchantName') ?? text(details, 'atmName');
  const city = text(details, 'merchantCity') ?? text(details, 'atmCity');
  if (!name) return city;
  return city ? `${name}, ${city}` : name;
}

/** The second line of a card transfer: its place and the card ("Café Luna, Austin · •••• 1234"). */
export function cardLine(transfer: CardTransfer): string | null {
  const last4 = text(transfer.details, 'last4');
  const parts = [cardPlace(transfer), last4 ? maskedLast4(last4) : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * A purchase the merchant cleared at another amount than it authorized (a tip, a fuel pump):
 * "Autorizado $12.34 · Cobrado $14.00" (`activity:card.authorizedCleared`); null otherwise.
 */
export function authorizedClearedText(
  t: Translate,
  transfer: CardTransfer,
  locale: Locale,
): string | null {
  const authorized = centsOf(transfer.details, 'authorizedCents');
  const cleared = centsOf(transfer.details, 'clearedCents');
  if (authorized === null || cleared === null || authorized === cleared) return null;
  return t('activity:card.authorizedCleared', {
    authorized: formatUsd(authorized, locale),
    cleared: formatUsd(cleared, locale),
  });
}

/**
 * The status words of a card transfer: a hold is "pending", one given back "hold released"
 * (`reversed`; the one row of a purchase whose hold was reversed or expired: activity shows no
 * separate release row).
 */
export function cardStatusKey(transfer: CardTransfer): string {
  if (typeof transfer.details.declineReason === 'string') return 'activity:card.status.declined';
  if (transfer.kind === 'card_purchase' || transfer.kind === 'card_atm_withdrawal') {
    if (transfer.status === 'processing') return 'activity:card.status.pending';
    if (transfer.status === 'failed') return 'activity:card.status.reversed';
  }
  return `activity:status.${transfer.status}`;
}

/**
 * The status chip's colour of a card transfer: a released hold moved no money in the end, so it
 * is neutral, not an error; a declined charge stays red.
 */
export function cardStatusColor(transfer: CardTransfer): ChipProps['color'] {
  if (typeof transfer.details.declineReason === 'string') return 'error';
  if (transfer.status === 'failed') return 'default';
  return STATUS_COLOR[transfer.status];
}

/**
 * The ATM fee of a withdrawal, shown as its own line under it ("Comisión del cajero −$3.00");
 * null for any other transfer or a withdrawal without a fee.
 */
export function atmFeeCents(transfer: Pick<Transfer, 'kind' | 'feeCents'>): Cents | null {
  return transfer.kind === 'card_atm_withdrawal' && transfer.feeCents > 0
    ? transfer.feeCents
    : null;
}

/** The kind of ATM network, for the receipt ("Fuera de la red"). */
export function atmNetworkKey(transfer: CardTransfer): string | null {
  const network = transfer.details.network;
  return network === 'in' || network === 'out' || network === 'international'
    ? `activity:card.network.${network}`
    : null;
}

/**
 * Why the network's request was declined, in words (`activity:card.declined.<reason>`, one per
 * `CARD_DECLINE_REASONS`; a reason without words is "declined" alone); null if it was not.
 */
export function declineText(t: Translate, transfer: CardTransfer): string | null {
  const reason = transfer.details.declineReason;
  if (typeof reason !== 'string') return null;
  return (
    t(`activity:card.declined.${reason}`, { defaultValue: '' }) || t('activity:card.declined.other')
  );
}
