import { isBusinessDay } from './business-days';

/**
 * The dates of bill payments: US Eastern calendar days written YYYY-MM-DD. A payment is made on a
 * banking day (a weekend or a Federal Reserve holiday moves it to the next one); a monthly payment
 * falls on its day of the month, or on the month's last day when the month is shorter (the 31st
 * in February is the 28th, or the 29th in a leap year).
 */

const EASTERN = 'America/New_York';

function parts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
}
const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Whether `date` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const { year, month, day } = parts(date);
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** The Eastern calendar day of an instant. */
export function easternDate(at: Date): string {
  const p = new Intl.DateTimeFormat('en-US', {
    timeZone: EASTERN,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(p.find((x) => x.type === type)?.value);
  return iso(part('year'), part('month'), part('day'));
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parts(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return iso(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Whether a date is a banking day (Monday to Friday, not a Federal Reserve holiday). */
export function isBankingDate(date: string): boolean {
  return isBusinessDay(parts(date));
}

/** `date` itself when it is a banking day, else the next banking day. */
export function onOrAfterBankingDay(date: string): string {
  let d = date;
  while (!isBankingDate(d)) d = addDays(d, 1);
  return d;
}

/** `days` banking days after `date` (zero: the date itself). */
export function addBankingDays(date: string, days: number): string {
  let d = date;
  for (let counted = 0; counted < days; ) {
    d = addDays(d, 1);
    if (isBankingDate(d)) counted += 1;
  }
  return d;
}

/** The day `dayOfMonth` of a month, or the month's last day when it has fewer days. */
export function dayInMonth(year: number, month: number, dayOfMonth: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, Math.min(dayOfMonth, last));
}

/**
 * A monthly payment's due date in the month after `date`'s: on its day of the month, or the
 * month's last day (Jan 31 → Feb 28). The payment itself is made on that day or the next banking
 * day (`onOrAfterBankingDay`).
 */
export function nextMonthlyDate(date: string, dayOfMonth: number): string {
  const { year, month } = parts(date);
  return month === 12
    ? dayInMonth(year + 1, 1, dayOfMonth)
    : dayInMonth(year, month + 1, dayOfMonth);
}
