/**
 * US Eastern calendar days, in which Pago counts limits and dates activity (spec §9). The limits
 * compute theirs in SQL (`at time zone 'America/New_York'`); this is the one copy in TypeScript.
 */
export const EASTERN_TIME_ZONE = 'America/New_York';

/** Midnight US Eastern at the start of `date` (YYYY-MM-DD), plus `days`. */
export function easternDayStart(date: string, days = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // 05:00 UTC is 00:00 or 01:00 in New York: before any 2 AM daylight-saving switch.
  const probe = new Date(Date.UTC(y, m - 1, d + days, 5));
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone: EASTERN_TIME_ZONE,
    timeZoneName: 'shortOffset',
  })
    .formatToParts(probe)
    .find((part) => part.type === 'timeZoneName')?.value;
  const offsetHours = Number(/GMT([+-]\d+)/.exec(zone ?? '')?.[1] ?? -5);
  return new Date(Date.UTC(y, m - 1, d + days) - offsetHours * 3_600_000);
}
