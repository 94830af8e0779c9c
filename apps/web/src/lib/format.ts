import { intlLocale, type Locale } from '@pago/shared/money';
import { useTranslation } from 'react-i18next';

/** The app language as a money locale ('es' unless English is chosen). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'es';
}

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

/** A day with its weekday ("martes, 1 de diciembre"; "Tuesday, December 1"), for the locale. */
export function formatDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(iso));
}
