/**
 * How fast a payer pays, as words can say it: the partner's estimate in minutes rounded up to
 * minutes (up to an hour), hours (up to a day) or days, as the key under `payer.delivery` and
 * its count (the translations' plural forms).
 */
export function payerDelivery(minutes: number): {
  key: 'payer.delivery.minutes' | 'payer.delivery.hours' | 'payer.delivery.days';
  count: number;
} {
  if (minutes <= 60) return { key: 'payer.delivery.minutes', count: Math.max(1, minutes) };
  if (minutes < 24 * 60) return { key: 'payer.delivery.hours', count: Math.ceil(minutes / 60) };
  return { key: 'payer.delivery.days', count: Math.ceil(minutes / (24 * 60)) };
}
