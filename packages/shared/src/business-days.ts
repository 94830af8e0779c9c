/**
 * Banking days as ACH counts them: Monday to Friday in US Eastern time, less the Federal Reserve's
 * holidays (a holiday on a Sunday is observed the Monday after; one on a Saturday closes nothing).
 * Funds availability (docs/funds-availability.md) counts its holds in these days.
 */

const EASTERN = 'America/New_York';

/** The hour (Eastern) at which money on hold becomes available on its day. */
export const RELEASE_HOUR_EASTERN = 9;

type Day = { year: number; month: number; day: number };

/** The nth (1-based) weekday (0 = Sunday) of a month; n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return lastDay - ((last - weekday + 7) % 7);
}

/** The Federal Reserve's holidays of a year as "MM-DD", Sunday ones moved to Monday. */
function fedHolidays(year: number): Set<string> {
  const fixed = (month: number, day: number) => {
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    return weekday === 0 ? [month, day + 1] : [month, day];
  };
  const days = [
    fixed(1, 1), // New Year's Day
    [1, nthWeekday(year, 1, 1, 3)], // Martin Luther King Jr. Day
    [2, nthWeekday(year, 2, 1, 3)], // Washington's Birthday
    [5, nthWeekday(year, 5, 1, -1)], // Memorial Day
    fixed(6, 19), // Juneteenth
    fixed(7, 4), // Independence Day
    [9, nthWeekday(year, 9, 1, 1)], // Labor Day
    [10, nthWeekday(year, 10, 1, 2)], // Columbus Day
    fixed(11, 11), // Veterans Day
    [11, nthWeekday(year, 11, 4, 4)], // Thanksgiving
    fixed(12, 25), // Christmas
  ];
  return new Set(
    days.map(([m, d]) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  );
}

/** Whether a calendar day is a banking day. */
export function isBusinessDay({ year, month, day }: Day): boolean {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const key = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return !fedHolidays(year).has(key);
}

/** The Eastern calendar day of an instant. */
function easternDay(at: Date): Day {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: EASTERN,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** Minutes Eastern time is ahead of UTC at an instant (-300 in winter, -240 in summer). */
function easternOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: EASTERN, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * RELEASE_HOUR_EASTERN on the `days`-th banking day after `from`'s Eastern day (a weekend or a
 * holiday does not count). Zero days is `from` itself.
 */
export function addBusinessDays(from: Date, days: number): Date {
  if (days <= 0) return from;
  let { year, month, day } = easternDay(from);
  let counted = 0;
  while (counted < days) {
    const next = new Date(Date.UTC(year, month - 1, day + 1));
    year = next.getUTCFullYear();
    month = next.getUTCMonth() + 1;
    day = next.getUTCDate();
    if (isBusinessDay({ year, month, day })) counted += 1;
  }
  const wallClock = Date.UTC(year, month - 1, day, RELEASE_HOUR_EASTERN);
  // The offset at about that hour (daylight saving changes at 2 a.m., far from it).
  const offset = easternOffsetMinutes(new Date(wallClock + 5 * 60 * 60 * 1000));
  return new Date(wallClock - offset * 60 * 1000);
}

/**
 * Whether `at` falls in the same-day services' window (`SAME_DAY_HOURS` on /fees: a banking day,
 * from `fromHour` to `toHour` Eastern time). An instant withdrawal asked outside it arrives the
 * next banking day.
 */
export function inSameDayWindow(
  at: Date,
  window: { readonly fromHour: number; readonly toHour: number },
): boolean {
  if (!isBusinessDay(easternDay(at))) return false;
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: EASTERN, hour: 'numeric', hourCycle: 'h23' })
      .formatToParts(at)
      .find((p) => p.type === 'hour')?.value,
  );
  return hour >= window.fromHour && hour < window.toHour;
}
