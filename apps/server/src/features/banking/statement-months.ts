import { EASTERN_TIME_ZONE, easternDayStart } from '../../lib/eastern-time';

/** "2026-11": the US Eastern month an instant falls in (Pago counts days in Eastern time). */
export function easternMonthOf(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: EASTERN_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}`;
}

/** The month's first and the next month's first instant, US Eastern midnights. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { start: easternDayStart(`${month}-01`), end: easternDayStart(`${next}-01`) };
}

/** Every month from `first` to `last`, both included, oldest first. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, m] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const month = `${year}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month);
    m += 1;
    if (m === 13) {
      m = 1;
      year += 1;
    }
  }
  return months;
}
