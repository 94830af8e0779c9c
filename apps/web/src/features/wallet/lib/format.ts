import { intlLocale, type Locale } from '@pago/shared/money';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** An amount in any currency, given as an exact decimal string ("1829.15"), for the locale. */
export function formatCurrency(amount: string, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(
    amount as Intl.StringNumericLiteral,
  );
}

/** An exchange rate ("17.2345") with up to 4 decimals, for the locale. */
export function formatRate(rate: string, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 4 }).format(
    rate as Intl.StringNumericLiteral,
  );
}

export function formatDateTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

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
