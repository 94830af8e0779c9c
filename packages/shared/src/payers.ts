import type { CorridorCountry } from './fees';
import { isPhoneOfCountry } from './phone-countries';
import {
  BANK_ACCOUNT_FORMATS,
  isValidBankAccount,
  isValidCbu,
  isValidClabe,
  isValidIban,
  maskAccount,
  normalizeAccountNumber,
} from './remittances';

/**
 * What a payer (the bank, cash pickup network or mobile wallet that pays a recipient abroad for
 * the payout partner) may require of a recipient, beyond the name and phone Pago always asks:
 * the fields Pago knows how to ask for and check. The names are the payout partner's own (Thunes'
 * credit party identifiers and beneficiary fields), so a payer's requirements map onto them
 * one to one. The web form and the server validate with the same rules.
 */

/** The account that is paid: the payer's credit party identifiers. */
export const CREDIT_PARTY_FIELDS = [
  'clabe',
  'cbu',
  'iban',
  'bank_account_number',
  'bank_code',
  'account_type',
  'msisdn',
] as const;
/** About the recipient as a person, beyond their name and phone. */
export const BENEFICIARY_FIELDS = ['id_type', 'id_number'] as const;
export const PAYER_FIELDS = [...CREDIT_PARTY_FIELDS, ...BENEFICIARY_FIELDS] as const;
export type PayerFieldName = (typeof PAYER_FIELDS)[number];
export type CreditPartyField = (typeof CREDIT_PARTY_FIELDS)[number];

export function isPayerField(name: string): name is PayerFieldName {
  return (PAYER_FIELDS as readonly string[]).includes(name);
}
export function isCreditPartyField(name: string): name is CreditPartyField {
  return (CREDIT_PARTY_FIELDS as readonly string[]).includes(name);
}

/** Bank account types, as the partner names them. */
export const ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
/** Identity documents a recipient shows, as the partner names them. */
export const ID_TYPES = ['NATIONAL_ID', 'PASSPORT', 'DRIVING_LICENSE', 'RESIDENT_CARD'] as const;

/** The beneficiary fields Pago fills from the recipient's name and phone, never asked twice. */
export const BENEFICIARY_FROM_RECIPIENT = ['firstname', 'lastname', 'msisdn'] as const;

/**
 * What Pago can tell the partner about the sender, from the verified identity and the profile's
 * home address. A payer that requires anything else is not offered (see payers.service.ts).
 */
export const SENDER_FIELDS_PAGO_HAS = [
  'firstname',
  'lastname',
  'date_of_birth',
  'country_iso_code',
  'address',
  'city',
  'postal_code',
] as const;

/** Bank codes: a few digits or letters (a SWIFT/BIC code is 8 or 11). */
const BANK_CODE = /^[A-Z0-9]{3,11}$/;
/** ID numbers as printed: letters, digits and dashes. */
const ID_NUMBER = /^[A-Z0-9-]{4,20}$/;

/** The value as typed, made canonical: spaces and dashes out of account numbers, upper case. */
export function normalizePayerField(name: PayerFieldName, value: string): string {
  const trimmed = value.trim();
  switch (name) {
    case 'clabe':
    case 'cbu':
    case 'iban':
    case 'bank_account_number':
      return normalizeAccountNumber(trimmed);
    case 'bank_code':
      return trimmed.replace(/\s/g, '').toUpperCase();
    case 'id_number':
      return trimmed.replace(/\s/g, '').toUpperCase();
    case 'msisdn':
      return trimmed.replace(/[\s()-]/g, '');
    default:
      return trimmed;
  }
}

/**
 * Whether a normalized value is valid for the field in `country`: null when it is, else the
 * stable message key of what is wrong (the web shows it translated).
 */
export function checkPayerField(
  country: CorridorCountry,
  name: PayerFieldName,
  value: string,
): null | 'required' | 'account_invalid' | 'phone_not_of_country' | 'invalid' {
  if (value === '') return 'required';
  switch (name) {
    case 'clabe':
      return isValidClabe(value) ? null : 'account_invalid';
    case 'cbu':
      return isValidCbu(value) ? null : 'account_invalid';
    case 'iban': {
      const format = BANK_ACCOUNT_FORMATS[country];
      const length = format.kind === 'iban' ? format.length : 0;
      return length > 0 && isValidIban(value, country, length) ? null : 'account_invalid';
    }
    case 'bank_account_number': {
      const format = BANK_ACCOUNT_FORMATS[country];
      if (format.kind === 'digits') {
        return isValidBankAccount(country, value) ? null : 'account_invalid';
      }
      return /^[A-Z0-9]{6,34}$/.test(value) ? null : 'account_invalid';
    }
    case 'bank_code':
      return BANK_CODE.test(value) ? null : 'invalid';
    case 'account_type':
      return (ACCOUNT_TYPES as readonly string[]).includes(value) ? null : 'invalid';
    case 'msisdn':
      return isPhoneOfCountry(value, country) ? null : 'phone_not_of_country';
    case 'id_type':
      return (ID_TYPES as readonly string[]).includes(value) ? null : 'invalid';
    case 'id_number':
      return ID_NUMBER.test(value) ? null : 'invalid';
  }
}

/** ISO 3166-1 alpha-3 codes of the corridor countries, as the payout partner names countries. */
export const CORRIDOR_ALPHA3: Readonly<Record<CorridorCountry, string>> = {
  MX: 'MEX',
  GT: 'GTM',
  BZ: 'BLZ',
  SV: 'SLV',
  HN: 'HND',
  NI: 'NIC',
  CR: 'CRI',
  PA: 'PAN',
  CO: 'COL',
  VE: 'VEN',
  GY: 'GUY',
  SR: 'SUR',
  BR: 'BRA',
  EC: 'ECU',
  PE: 'PER',
  BO: 'BOL',
  PY: 'PRY',
  UY: 'URY',
  AR: 'ARG',
  CL: 'CHL',
};

/** Express: a payer that pays out within this many minutes (the fee table's "under 30 minutes"). */
export const EXPRESS_MAX_MINUTES = 30;

/** "••••6789" for an account, the last four of anything else that identifies it. */
export function maskPayerField(name: PayerFieldName, value: string): string {
  if (name === 'account_type' || name === 'id_type' || name === 'bank_code') return value;
  return maskAccount(value);
}
