import { type CorridorCountry, DELIVERY_TIMES, getCorridor } from './fees';

/**
 * Sending home: how a recipient abroad is paid (payout methods per corridor), the account shape
 * each corridor country's banks use, and when the money arrives. The web form and the server
 * validate with the same functions (through `contracts/remittances`).
 */

export const PAYOUT_METHODS = ['bank_deposit', 'cash_pickup', 'mobile_wallet'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Countries where the payout partner pays cash at pickup locations (its catalog lists them). */
export const CASH_PICKUP_COUNTRIES: readonly CorridorCountry[] = [
  'MX',
  'GT',
  'SV',
  'HN',
  'NI',
  'CO',
  'PE',
  'EC',
  'BO',
];

/**
 * Countries where a mobile wallet account, keyed by the recipient's phone, is a common way to be
 * paid (Tigo Money in Central America, Bolivia and Paraguay; Nequi in Colombia; Yape in Peru).
 */
export const MOBILE_WALLET_COUNTRIES: readonly CorridorCountry[] = [
  'GT',
  'SV',
  'HN',
  'CO',
  'PE',
  'BO',
  'PY',
];

/** The payout methods a corridor offers; bank deposit everywhere. */
export function payoutMethodsFor(country: CorridorCountry): PayoutMethod[] {
  return PAYOUT_METHODS.filter(
    (m) =>
      m === 'bank_deposit' ||
      (m === 'cash_pickup' && CASH_PICKUP_COUNTRIES.includes(country)) ||
      (m === 'mobile_wallet' && MOBILE_WALLET_COUNTRIES.includes(country)),
  );
}

// --- Bank accounts ---------------------------------------------------------------------------

/**
 * How a corridor country's bank accounts are written for a transfer from abroad: Mexico's CLABE,
 * Argentina's CBU (both with check digits), an IBAN where the country uses one, else the account
 * number's digits.
 */
export type BankAccountFormat =
  | { kind: 'clabe' }
  | { kind: 'cbu' }
  | { kind: 'iban'; length: number }
  | { kind: 'digits'; min: number; max: number };

export const BANK_ACCOUNT_FORMATS: Readonly<Record<CorridorCountry, BankAccountFormat>> = {
  MX: { kind: 'clabe' },
  GT: { kind: 'iban', length: 28 },
  BZ: { kind: 'digits', min: 6, max: 12 },
  SV: { kind: 'iban', length: 28 },
  HN: { kind: 'digits', min: 10, max: 16 },
  NI: { kind: 'digits', min: 8, max: 16 },
  CR: { kind: 'iban', length: 22 },
  PA: { kind: 'digits', min: 10, max: 16 },
  CO: { kind: 'digits', min: 6, max: 17 },
  // The 20-digit "código cuenta cliente".
  VE: { kind: 'digits', min: 20, max: 20 },
  GY: { kind: 'digits', min: 7, max: 14 },
  SR: { kind: 'digits', min: 7, max: 12 },
  BR: { kind: 'iban', length: 29 },
  EC: { kind: 'digits', min: 8, max: 12 },
  // The 20-digit CCI (código de cuenta interbancario).
  PE: { kind: 'digits', min: 20, max: 20 },
  BO: { kind: 'digits', min: 10, max: 14 },
  PY: { kind: 'digits', min: 6, max: 14 },
  UY: { kind: 'digits', min: 6, max: 14 },
  AR: { kind: 'cbu' },
  CL: { kind: 'digits', min: 8, max: 12 },
};

/** Spaces and dashes people type between groups are not part of the number. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The digit that makes `digits` weighted by `weights` (repeated) sum to a multiple of 10. */
function weightedCheckDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[i]) * (weights[i % weights.length] as number);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A CLABE: 18 digits (bank 3, branch 3, account 11) and a check digit, the last: each of the first
 * 17 digits times 3, 7, 1 repeated, each product mod 10, summed; the check digit is
 * (10 − sum mod 10) mod 10.
 */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(value[i]) * ([3, 7, 1][i % 3] as number)) % 10;
  return (10 - (sum % 10)) % 10 === Number(value[17]);
}

/** An Argentine CBU: 22 digits in two blocks (8 and 14), each ending in its check digit. */
export function isValidCbu(value: string): boolean {
  if (!/^\d{22}$/.test(value)) return false;
  const first = value.slice(0, 8);
  const second = value.slice(8);
  return (
    weightedCheckDigit(first.slice(0, 7), [7, 1, 3, 9]) === Number(first[7]) &&
    weightedCheckDigit(second.slice(0, 13), [3, 9, 7, 1]) === Number(second[13])
  );
}

/** An IBAN of `country`: its length, and mod 97 of the rearranged number is 1 (ISO 13616). */
export function isValidIban(value: string, country: string, length: number): boolean {
  if (value.length !== length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(value)) return false;
  if (!value.startsWith(country)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of code) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** Whether `value` (normalized) is a bank account of `country` in its format. */
export function isValidBankAccount(country: CorridorCountry, value: string): boolean {
  const format = BANK_ACCOUNT_FORMATS[country];
  switch (format.kind) {
    case 'clabe':
      return isValidClabe(value);
    case 'cbu':
      return isValidCbu(value);
    case 'iban':
      return isValidIban(value, country, format.length);
    case 'digits':
      return /^\d+$/.test(value) && value.length >= format.min && value.length <= format.max;
  }
}

/** "••••6789": what screens show of an account number. */
export function maskAccount(value: string): string {
  return `••••${value.slice(-4)}`;
}

// --- Delivery ----------------------------------------------------------------------------------

/**
 * Express is priced for every region (the fee table's express extra); whether a transfer can go
 * express is its payer's (one that pays within EXPRESS_MAX_MINUTES, payers.ts), which the server
 * decides at quote time.
 */

/**
 * Standard delivery per corridor, within the schedule's 1–3 days: Mexico next day, Central
 * America within 2 days, South America within 3.
 */
export function standardDeliveryDays(country: CorridorCountry): { min: number; max: number } {
  const region = getCorridor(country).region;
  const max =
    region === 'mexico' ? 1 : region === 'central_america' ? 2 : DELIVERY_TIMES.standardMaxDays;
  return { min: DELIVERY_TIMES.standardMinDays, max };
}

/** When a remittance sent at `sentAt` is expected to be paid out at the latest. */
export function expectedDeliveryBy(
  country: CorridorCountry,
  speed: 'standard' | 'express',
  sentAt: Date,
): Date {
  if (speed === 'express') {
    return new Date(sentAt.getTime() + DELIVERY_TIMES.expressMexicoMaxMinutes * 60_000);
  }
  return new Date(sentAt.getTime() + standardDeliveryDays(country).max * 86_400_000);
}
