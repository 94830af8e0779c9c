import { intlLocale, type Locale } from '@pago/shared/money';

/** A moment in the person's own time zone (the browser's), with the weekday and the time. */
export function formatDayTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    // "18:50" in Spanish: "6:50 p.m." would end a sentence in two periods.
    ...(locale === 'es' ? { hourCycle: 'h23' as const } : {}),
  }).format(new Date(iso));
}
