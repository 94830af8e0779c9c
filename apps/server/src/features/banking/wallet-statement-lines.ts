import type { TransferMetadata } from '@pago/shared/contracts/ledger';
import type { TransferKind } from '@pago/shared/contracts/transfers';
import type { Party } from '../accounts/accounts.service';
import { kindWords } from '../activity/activity-csv';

type Language = 'es' | 'en';

/** The statement's own words: what a fee line says, by the kind of transfer that charged it. */
const FEE_WORDS: Record<Language, Partial<Record<TransferKind, string>> & { other: string }> = {
  es: {
    remittance: 'Comisión del envío internacional',
    bank_withdrawal: 'Comisión del retiro inmediato',
    card_atm_withdrawal: 'Comisión de cajero automático',
    cash_deposit: 'Comisión del depósito en efectivo',
    card_funding: 'Comisión por agregar dinero con tarjeta',
    card_fee: 'Comisión de tarjeta',
    other: 'Comisión',
  },
  en: {
    remittance: 'International transfer fee',
    bank_withdrawal: 'Instant withdrawal fee',
    card_atm_withdrawal: 'ATM fee',
    cash_deposit: 'Cash deposit fee',
    card_funding: 'Card top-up fee',
    card_fee: 'Card fee',
    other: 'Fee',
  },
};
const FEE_BACK: Record<Language, string> = { es: 'Comisión devuelta', en: 'Fee refunded' };
const TEST_MONEY: Record<Language, string> = {
  es: 'Pago (dinero de prueba)',
  en: 'Pago (test money)',
};
const CARD_FEE_WORDS: Record<Language, Record<'replacement' | 'expedited_delivery', string>> = {
  es: { replacement: 'Reposición de tarjeta', expedited_delivery: 'Envío urgente de tarjeta' },
  en: { replacement: 'Card replacement', expedited_delivery: 'Expedited card delivery' },
};

/** What a fee line says: the fee of that kind of transfer, or a fee given back (`back`). */
export function feeDescription(kind: TransferKind, language: Language, back: boolean): string {
  if (back) return FEE_BACK[language];
  return FEE_WORDS[language][kind] ?? FEE_WORDS[language].other;
}

export function movementDescription(kind: TransferKind, language: Language): string {
  return kindWords(kind, language);
}

/** A transfer as the statement needs it to name the other side. */
export type NamedTransfer = {
  kind: TransferKind;
  user_id: string;
  counterparty_user_id: string | null;
  metadata: TransferMetadata;
};

const join = (...parts: (string | undefined | null)[]) =>
  parts.filter((p): p is string => !!p && p.trim() !== '').join(', ');

/**
 * The other side of a movement as the wallet's owner (`viewerId`) sees it: the other person
 * (P2P, requests, book payments), the recipient (remittances), the biller, the merchant or ATM,
 * the bank, the payer or employer (received ACH), the store; a return, release or reversal names
 * the original's (`original`). Null when there is none to name.
 */
export function counterpartyOf(
  transfer: NamedTransfer,
  viewerId: string,
  parties: Map<string, Party>,
  original: NamedTransfer | undefined,
  language: Language,
): string | null {
  const meta = transfer.metadata as Record<string, unknown>;
  const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : '');
  const isOwner = transfer.user_id === viewerId;
  const otherId = isOwner ? transfer.counterparty_user_id : transfer.user_id;
  if (otherId) {
    const snapshot = (meta.partyNames as { owner?: string; counterparty?: string } | undefined)?.[
      isOwner ? 'counterparty' : 'owner'
    ];
    const name = snapshot || parties.get(otherId)?.name;
    if (name) return name;
  }
  switch (transfer.kind) {
    case 'deposit':
      return TEST_MONEY[language];
    case 'p2p':
    case 'remittance':
    case 'remittance_refund':
      return text('recipientName') || text('recipientPhone') || null;
    case 'bill_payment':
      return text('billerName') || null;
    case 'card_purchase':
    case 'card_refund':
      return join(text('merchantName'), text('merchantCity')) || null;
    case 'card_atm_withdrawal':
      return join(text('atmName'), text('atmCity')) || null;
    case 'card_fee': {
      const fee = text('fee') as 'replacement' | 'expedited_delivery' | '';
      return fee ? `Pago — ${CARD_FEE_WORDS[language][fee]}` : 'Pago';
    }
    case 'bank_deposit':
    case 'bank_withdrawal':
      return join(text('institution'), text('mask') ? `••••${text('mask')}` : '') || null;
    case 'ach_received':
      return text('companyName') || null;
    case 'check_deposit':
      return text('description') || null;
    case 'cash_deposit':
      return text('storeName') || null;
    case 'card_funding':
      return join(text('brand'), text('last4') ? `••••${text('last4')}` : '') || null;
    case 'bank_transfer':
      return text('receiver') || null;
    default:
      // Returns, releases, reversals and dispute credits: the original's other side.
      return original && original.kind !== transfer.kind
        ? counterpartyOf(original, viewerId, parties, undefined, language)
        : null;
  }
}

/** The id of the transfer a return, release, refund or reversal gives back, from its metadata. */
export function originalIdOf(transfer: NamedTransfer & { related_transfer_id: string | null }) {
  const meta = transfer.metadata as Record<string, unknown>;
  for (const key of [
    'returnOf',
    'reversalOf',
    'releaseOf',
    'refundOf',
    'disputedTransferId',
  ] as const) {
    if (typeof meta[key] === 'string') return meta[key] as string;
  }
  return transfer.related_transfer_id;
}
