import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * How Pago shows a phone, everywhere: a U.S. or Canadian number as "+1 (713) 555-0123", any other
 * in its country's international form ("+52 55 1234 5678"). What is not a phone (a name, a
 * username) or cannot be read comes back as it is.
 */
export function formatPhone(value: string): string {
  const text = value.trim();
  if (!text.startsWith('+')) return value;
  const phone = parsePhoneNumberFromString(text);
  if (!phone) return value;
  if (phone.countryCallingCode === '1') return `+1 ${phone.formatNational()}`;
  return phone.formatInternational();
}

/** A phone's calling code and national number (as Unit's Phone object takes them), or null. */
export function phoneParts(value: string): { countryCode: string; number: string } | null {
  const phone = parsePhoneNumberFromString(value.trim());
  return phone ? { countryCode: phone.countryCallingCode, number: phone.nationalNumber } : null;
}
