import type { Schedule, ScheduleFrequency } from '@pago/shared/contracts/schedules';
import type { TFunction } from 'i18next';

/** A YYYY-MM-DD day as the person reads it ("lun, 1 de diciembre"), in their language. */
export function formatRunDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}

/** The rule in words: "El 1 y el 15 de cada mes", "Cada semana, los viernes". */
export function ruleText(
  t: TFunction<'schedules'>,
  s: Pick<Schedule, 'frequency' | 'startDate' | 'dayOfMonth' | 'secondDay'>,
  locale: string,
): string {
  const weekday = s.startDate
    ? new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', {
        weekday: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${s.startDate}T12:00:00Z`))
    : '';
  const [first, second] = [s.dayOfMonth ?? 1, s.secondDay ?? 15].sort((a, b) => a - b);
  const rules: Record<ScheduleFrequency, () => string> = {
    once: () => t('rule.once', { date: formatRunDay(s.startDate ?? '', locale) }),
    weekly: () => t('rule.weekly', { weekday }),
    biweekly: () => t('rule.biweekly', { weekday }),
    monthly: () => t('rule.monthly', { day: s.dayOfMonth }),
    twice_monthly: () => t('rule.twice_monthly', { first, second }),
  };
  return rules[s.frequency]();
}

/** "200", "19.5", "19.99": dollars with at most two decimals, as the API takes them. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}
