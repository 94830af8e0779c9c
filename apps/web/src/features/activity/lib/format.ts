import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** "+52 55 1234 5678" for an E.164 number; anything else as it is. */
export function formatPhone(value: string): string {
  return value.startsWith('+')
    ? (parsePhoneNumberFromString(value)?.formatInternational() ?? value)
    : value;
}

/** YYYY-MM-DD of a local date (what <input type="date"> and the export expect). */
export function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
