import type { Transfer, TransferKind, TransferStatus } from '@pago/shared/contracts/transfers';
import { cashPickupState } from '@pago/shared/remittance-status';
import { formatSortableDateTime, timeZoneLabel } from '@pago/shared/time-zones';

export type CsvLanguage = 'es' | 'en';

/**
 * The words of the activity CSV, in the account's language (the web app's wallet words; the CSV
 * is read away from the app, so the server writes them).
 */
const WORDS = {
  es: {
    headers: [
      'Referencia',
      'Fecha y hora',
      'Tipo',
      'Estado',
      'Dirección',
      'Otra persona',
      'Teléfono',
      'País',
      'Monto (USD)',
      'Comisión (USD)',
      'Total (USD)',
      'Tipo de cambio',
      'Moneda que se recibe',
      'Monto que se recibe',
      'ID',
    ],
    direction: { in: 'Recibido', out: 'Enviado' },
    kind: {
      deposit: 'Depósito',
      p2p: 'Envío entre usuarios de Pago',
      remittance: 'Envío internacional',
      remittance_refund: 'Reembolso',
      bill_payment: 'Factura pagada',
      bank_transfer: 'Transferencia a otra persona de Pago',
      request_payment: 'Solicitud pagada',
      bank_transfer_reversal: 'Transferencia devuelta',
      bank_deposit: 'Dinero agregado desde tu banco',
      bank_deposit_return: 'Depósito devuelto por tu banco',
      bank_withdrawal: 'Retiro a tu banco',
      bank_withdrawal_return: 'Retiro devuelto',
      card_purchase: 'Compra con tarjeta',
      card_atm_withdrawal: 'Retiro en cajero automático',
      card_refund: 'Reembolso a tu tarjeta',
      card_fee: 'Comisión de tarjeta',
      card_release: 'Retención de tarjeta liberada',
      ach_received: 'Depósito directo o ACH recibido',
      ach_received_return: 'ACH recibido devuelto',
      check_deposit: 'Depósito de cheque',
      check_deposit_return: 'Cheque devuelto',
      cash_deposit: 'Depósito en efectivo',
      card_funding: 'Dinero agregado con tarjeta',
      card_funding_reversal: 'Contracargo de tarjeta',
      bill_payment_return: 'Pago de factura devuelto',
      card_dispute_credit: 'Crédito por disputa de tarjeta',
      card_dispute_reversal: 'Crédito por disputa retirado',
      debt_write_off: 'Deuda cancelada por Pago',
      staff_refund: 'Reembolso de Pago',
      sanctions_release: 'Pago liberado tras revisión',
      rate_order_hold: 'Reservado para enviar a tu tipo de cambio',
      rate_order_release: 'Reserva liberada',
      colecta_contribution: 'Aporte a una colecta',
      colecta_release: 'Aporte a una colecta devuelto',
      colecta_collected: 'Colecta reunida',
    },
    status: {
      completed: 'Completada',
      processing: 'En proceso',
      delivered: 'Entregada',
      failed: 'Fallida',
      refunded: 'Reembolsada',
    },
  },
  en: {
    headers: [
      'Reference',
      'Date and time',
      'Type',
      'Status',
      'Direction',
      'Other party',
      'Phone',
      'Country',
      'Amount (USD)',
      'Fee (USD)',
      'Total (USD)',
      'Exchange rate',
      'Payout currency',
      'Payout amount',
      'ID',
    ],
    direction: { in: 'Received', out: 'Sent' },
    kind: {
      deposit: 'Deposit',
      p2p: 'Send between Pago users',
      remittance: 'International transfer',
      remittance_refund: 'Refund',
      bill_payment: 'Bill paid',
      bank_transfer: 'Transfer to another Pago user',
      request_payment: 'Request paid',
      bank_transfer_reversal: 'Transfer returned',
      bank_deposit: 'Money added from your bank',
      bank_deposit_return: 'Deposit returned by your bank',
      bank_withdrawal: 'Withdrawal to your bank',
      bank_withdrawal_return: 'Withdrawal returned',
      card_purchase: 'Card purchase',
      card_atm_withdrawal: 'ATM withdrawal',
      card_refund: 'Refund to your card',
      card_fee: 'Card fee',
      card_release: 'Card hold released',
      ach_received: 'Direct deposit or incoming ACH',
      ach_received_return: 'Incoming ACH returned',
      check_deposit: 'Check deposit',
      check_deposit_return: 'Check returned',
      cash_deposit: 'Cash deposit',
      card_funding: 'Money added with a card',
      card_funding_reversal: 'Card chargeback',
      bill_payment_return: 'Bill payment returned',
      card_dispute_credit: 'Card dispute credit',
      card_dispute_reversal: 'Card dispute credit withdrawn',
      debt_write_off: 'Debt written off by Pago',
      staff_refund: 'Refund from Pago',
      sanctions_release: 'Payment released after review',
      rate_order_hold: 'Reserved to send at your rate',
      rate_order_release: 'Reserve released',
      colecta_contribution: 'Colecta contribution',
      colecta_release: 'Colecta contribution given back',
      colecta_collected: 'Colecta collected',
    },
    status: {
      completed: 'Completed',
      processing: 'Processing',
      delivered: 'Delivered',
      failed: 'Failed',
      refunded: 'Refunded',
    },
  },
} satisfies Record<
  CsvLanguage,
  {
    headers: string[];
    direction: Record<Transfer['direction'], string>;
    kind: Record<TransferKind, string>;
    status: Record<TransferStatus, string>;
  }
>;

/** A transfer's kind in words, in `language` (the CSV's words; the wallet statement's too). */
export function kindWords(kind: TransferKind, language: CsvLanguage): string {
  return WORDS[language].kind[kind];
}

/** A cash pickup's "delivered": ready for pickup until collected (remittance-status.ts). */
const CASH_PICKUP_WORDS: Record<CsvLanguage, Record<string, string>> = {
  es: { ready_for_pickup: 'Lista para cobrar', picked_up: 'Cobrada en efectivo' },
  en: { ready_for_pickup: 'Ready for pickup', picked_up: 'Picked up in cash' },
};

/**
 * The header line; the date column names the zone its times are in, the user's own
 * ("Fecha y hora: hora del Pacífico (America/Los_Angeles)").
 */
export function csvHeader(language: CsvLanguage, timeZone: string): string {
  const [reference, dateTime, ...rest] = WORDS[language].headers;
  return [reference ?? '', `${dateTime}: ${timeZoneLabel(timeZone, language)}`, ...rest]
    .map(csvField)
    .join(',');
}

/**
 * One transfer as a CSV line, as `language` reads it, its time on the wall clock of `timeZone`
 * (the user's) with the zone's short name ("2026-11-17 18:00 PST").
 */
export function csvLine(
  t: Transfer & { reference: string },
  language: CsvLanguage,
  timeZone: string,
): string {
  const words = WORDS[language];
  const sign = t.direction === 'out' ? '-' : '';
  const detail = (key: string) => (typeof t.details[key] === 'string' ? t.details[key] : '');
  const phone = t.counterparty?.phone ?? detail('recipientPhone');
  return [
    t.reference,
    formatSortableDateTime(t.createdAt, timeZone),
    words.kind[t.kind],
    CASH_PICKUP_WORDS[language][cashPickupState(t) ?? ''] ?? words.status[t.status],
    words.direction[t.direction],
    // A card row's other party is the merchant (or the ATM) it was made at.
    t.counterparty?.name || detail('merchantName') || detail('atmName'),
    phone,
    detail('recipientCountry'),
    `${sign}${dollars(t.amountCents)}`,
    dollars(t.feeCents),
    `${sign}${dollars(t.totalCents)}`,
    detail('fxRate'),
    detail('payoutCurrency'),
    detail('payoutAmount'),
    t.id,
  ]
    .map(csvField)
    .join(',');
}

function dollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** A number a spreadsheet reads as a number: a sign, digits, one decimal point ("+525512345678"). */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * Quotes a CSV field (RFC 4180) and defuses spreadsheet formulas: a field starting with = + - @,
 * a tab or a carriage return gets a leading ' — unless it is a plain number (a phone in E.164, a
 * negative amount), which a spreadsheet can only read as a number, never run.
 */
export function csvField(value: string): string {
  const risky = /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value);
  const safe = risky ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
