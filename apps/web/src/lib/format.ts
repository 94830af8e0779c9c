import { intlLocale, type Locale } from '@pago/shared/money';
import { formatDateTime as formatInZone, isTimeZone } from '@pago/shared/time-zones';
import { useTranslation } from 'react-i18next';
import { chosenTimeZone } from './display-time-zone';

/**
 * The zone every time on screen is shown in: the signed-in user's (profile `timeZone`, their
 * choice or their ZIP's, set by the session through `./display-time-zone`) when it is one Pago
 * offers; until then, and signed out, the browser's own.
 */
export function getDisplayTimeZone(): string | undefined {
  const zone = chosenTimeZone();
  return isTimeZone(zone) ? zone : undefined;
}

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

/**
 * A moment in the user's time zone, in the app's language ("27 nov 2026, 9:41 a. m."): the
 * shared `formatDateTime` (packages/shared/src/time-zones.ts) that e-mails and receipts use too.
 */
export function formatDateTime(iso: string, locale: Locale): string {
  const displayTimeZone = getDisplayTimeZone();
  if (displayTimeZone) return formatInZone(iso, locale, displayTimeZone, { withZone: false });
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * A day with its weekday ("martes, 1 de diciembre"; "Tuesday, December 1"), for the locale: a
 * moment's day in the user's zone, a calendar day (YYYY-MM-DD) as it is.
 */
export function formatDay(iso: string, locale: Locale): string {
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const zone = calendarDay ? 'UTC' : getDisplayTimeZone();
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(zone ? { timeZone: zone } : {}),
  }).format(new Date(calendarDay ? `${iso}T12:00:00Z` : iso));
}
