import type { ScheduleFrequency } from '@pago/shared/contracts/schedules';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@pago/shared/time-zones';

/**
 * When a schedule runs, in pure functions: dates are calendar days (YYYY-MM-DD) in the user's
 * zone, and a run is due at RUN_HOUR o'clock on its day, in that zone.
 */

/** The hour of the user's day a run is due (9:00, so a failed run is told during the day). */
export const RUN_HOUR = 9;

export type ScheduleRule = {
  frequency: ScheduleFrequency;
  /** once: the date; weekly, biweekly: the first run; monthly and twice a month: from when. */
  startDate: string;
  dayOfMonth: number | null;
  secondDay: number | null;
};

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y as number, m as number, d as number];
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function dayNumber(date: string): number {
  const [y, m, d] = parts(date);
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/** The day `day` of a month, or the month's last day when it is shorter. */
function clampedDay(year: number, month: number, day: number): string {
  return iso(year, month, Math.min(day, daysInMonth(year, month)));
}

/** The monthly days of a rule, in a month and the next (sorted). */
function monthlyCandidates(rule: ScheduleRule, from: string): string[] {
  const days = [rule.dayOfMonth, rule.frequency === 'twice_monthly' ? rule.secondDay : null].filter(
    (d): d is number => d !== null,
  );
  const [y, m] = parts(from);
  const out: string[] = [];
  for (const offset of [0, 1]) {
    const year = m + offset > 12 ? y + 1 : y;
    const month = ((m - 1 + offset) % 12) + 1;
    for (const day of days) out.push(clampedDay(year, month, day));
  }
  return out.sort();
}

/**
 * The rule's first run day on or after `from` (and never before its start); null when there is
 * none (a single date already past).
 */
export function firstRunOnOrAfter(rule: ScheduleRule, from: string): string | null {
  const start = rule.startDate;
  const floor = from > start ? from : start;
  switch (rule.frequency) {
    case 'once':
      return start >= from ? start : null;
    case 'weekly':
    case 'biweekly': {
      const step = rule.frequency === 'weekly' ? 7 : 14;
      const behind = dayNumber(floor) - dayNumber(start);
      return addDays(start, Math.ceil(behind / step) * step);
    }
    case 'monthly':
    case 'twice_monthly':
      return monthlyCandidates(rule, floor).find((d) => d >= floor) ?? null;
  }
}

/** The run day after `date` (a run day of the rule); null for a single date. */
export function nextRunAfter(rule: ScheduleRule, date: string): string | null {
  return firstRunOnOrAfter(rule, addDays(date, 1));
}

function zoneOf(timeZone: string): string {
  return isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A moment's calendar day in a zone. */
export function localDate(moment: Date, timeZone: string): string {
  const zone = zoneOf(timeZone);
  let f = dateFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(zone, f);
  }
  return f.format(moment);
}

/** The zone's offset from UTC at a moment, in milliseconds (negative west of Greenwich). */
function offsetAt(moment: Date, zone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(moment)
      .map((x) => [x.type, Number(x.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    p.year as number,
    (p.month as number) - 1,
    p.day as number,
    p.hour as number,
    p.minute as number,
    p.second as number,
  );
  return asUtc - (moment.getTime() - moment.getMilliseconds());
}

/** The moment a run day is due: RUN_HOUR:00 that day, in the zone (daylight saving included). */
export function dueAt(date: string, timeZone: string): Date {
  const zone = zoneOf(timeZone);
  const [y, m, d] = parts(date);
  const wall = Date.UTC(y, m - 1, d, RUN_HOUR);
  let moment = wall - offsetAt(new Date(wall), zone);
  // Once more at the guess, should the offset have changed between the two (a DST day).
  moment = wall - offsetAt(new Date(moment), zone);
  return new Date(moment);
}

/** The next run of a rule at or after `now`: its day and moment; null when there is none. */
export function nextRunFrom(
  rule: ScheduleRule,
  now: Date,
  timeZone: string,
): { date: string; at: Date } | null {
  let date = firstRunOnOrAfter(rule, localDate(now, timeZone));
  // Today's run hour already past: the next one (a run is never due in the past when set).
  if (date && dueAt(date, timeZone) <= now) date = nextRunAfter(rule, date);
  return date ? { date, at: dueAt(date, timeZone) } : null;
}
