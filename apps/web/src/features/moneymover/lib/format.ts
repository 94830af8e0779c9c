import { intlLocale, type Locale } from '@pago/shared/money';

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

/** "9:05" for 545 seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
