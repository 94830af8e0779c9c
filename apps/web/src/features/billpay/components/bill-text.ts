import type { Biller } from '@pago/shared/contracts/billpay';
import type { TFunction } from 'i18next';

/** How a biller is paid and when it has the money ("llega en X días hábiles"). */
export function methodText(t: TFunction<'billpay'>, biller: Biller): string {
  return t(`pay.method.${biller.method}`, { days: biller.deliveryDays });
}

/** A YYYY-MM-DD day as the person reads it, in their language. */
export function formatDay(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)));
}
