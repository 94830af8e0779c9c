import { phoneSchema } from '@pago/shared/contracts/accounts';
import { isPhoneCountry, type PhoneCountryCode } from '@pago/shared/phone-countries';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The E.164 form of a phone typed for `country` (or with its own "+country code"), when it is a
 * valid number of one of the allowed countries; otherwise null.
 */
export function toE164(text: string, country: PhoneCountryCode): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const phone = trimmed.startsWith('+')
    ? parsePhoneNumberFromString(trimmed)
    : parsePhoneNumberFromString(trimmed, country);
  if (!phone?.isValid()) return null;
  return phoneSchema.safeParse(phone.number).success ? phone.number : null;
}

/** Whether text looks like a phone number rather than a username or an e-mail. */
export function looksLikePhone(text: string): boolean {
  return /^\+?[\d\s().-]{4,}$/.test(text.trim());
}

/** A linked phone (E.164 and its country, for the picker), when it is an allowed one. */
export function splitPhone(text: string): { country: PhoneCountryCode; e164: string } | null {
  const phone = parsePhoneNumberFromString(text.trim());
  if (!phone?.isValid() || !isPhoneCountry(phone.country)) return null;
  return { country: phone.country, e164: phone.number };
}

/**
 * A phone as Pago shows it everywhere: "+1 (713) 555-0123" in the U.S. and Canada, the country's
 * international form elsewhere ("+52 55 1234 5678"); the one formatter is @pago/shared/phone-format.
 */
export { formatPhone } from '@pago/shared/phone-format';
