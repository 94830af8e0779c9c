import { CORRIDORS, type CorridorCountry } from './fees';

/**
 * The time zone each user reads times in: one they chose in their profile, else the one of their
 * ZIP code, else US Eastern (the zone Pago's days and limits are counted in). One formatter,
 * `formatDateTime`, for the web, the e-mails, receipts and statements alike.
 */

/** The zone used when a user has neither chosen one nor given a ZIP code we know. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The United States' zones (states, Puerto Rico and the territories), east to west. */
export const US_TIME_ZONES = [
  'America/Puerto_Rico',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Adak',
  'Pacific/Honolulu',
  'Pacific/Pago_Pago',
  'Pacific/Guam',
] as const;

/** The zones of the countries money is sent to (`CORRIDORS`), one or more per country. */
export const CORRIDOR_TIME_ZONES = {
  MX: ['America/Mexico_City', 'America/Cancun', 'America/Mazatlan', 'America/Tijuana'],
  GT: ['America/Guatemala'],
  BZ: ['America/Belize'],
  SV: ['America/El_Salvador'],
  HN: ['America/Tegucigalpa'],
  NI: ['America/Managua'],
  CR: ['America/Costa_Rica'],
  PA: ['America/Panama'],
  CO: ['America/Bogota'],
  VE: ['America/Caracas'],
  GY: ['America/Guyana'],
  SR: ['America/Paramaribo'],
  BR: ['America/Sao_Paulo', 'America/Manaus'],
  EC: ['America/Guayaquil'],
  PE: ['America/Lima'],
  BO: ['America/La_Paz'],
  PY: ['America/Asuncion'],
  UY: ['America/Montevideo'],
  AR: ['America/Argentina/Buenos_Aires'],
  CL: ['America/Santiago'],
} as const satisfies Record<CorridorCountry, readonly string[]>;

/** Every zone a user may choose: the U.S. ones first, then the corridors' in `CORRIDORS` order. */
export const TIME_ZONES: readonly string[] = [
  ...US_TIME_ZONES,
  ...CORRIDORS.flatMap((c) => CORRIDOR_TIME_ZONES[c.country]),
];

export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && TIME_ZONES.includes(value);
}

/**
 * ZIP prefixes (the first three digits, inclusive ranges) and their zone; the first range that
 * holds a prefix wins (so an exception comes before the range around it), and a prefix in none
 * is US Eastern (New England to Florida, Ohio, Michigan). Approximate by design: a prefix can straddle a zone line (western Kentucky, the Florida
 * panhandle), and the user can always choose another zone in the profile.
 */
const ZIP_PREFIX_ZONES: readonly [from: number, to: number, zone: string][] = [
  [6, 9, 'America/Puerto_Rico'], // Puerto Rico and the U.S. Virgin Islands
  [324, 325, 'America/Chicago'], // the Florida panhandle west of the Apalachicola
  [350, 372, 'America/Chicago'], // Alabama; Middle Tennessee
  [380, 397, 'America/Chicago'], // West Tennessee; Mississippi
  [420, 427, 'America/Chicago'], // western Kentucky
  [463, 464, 'America/Chicago'], // northwest Indiana
  [476, 477, 'America/Chicago'], // southwest Indiana
  [577, 577, 'America/Denver'], // western South Dakota
  [500, 589, 'America/Chicago'], // Iowa, Wisconsin, Minnesota, the Dakotas
  [590, 599, 'America/Denver'], // Montana
  [600, 689, 'America/Chicago'], // Illinois, Missouri, Kansas, eastern Nebraska
  [690, 693, 'America/Denver'], // western Nebraska
  [700, 797, 'America/Chicago'], // Louisiana, Arkansas, Oklahoma, Texas
  [798, 799, 'America/Denver'], // El Paso
  [835, 838, 'America/Los_Angeles'], // northern Idaho
  [800, 847, 'America/Denver'], // Colorado, Wyoming, southern Idaho, Utah
  [850, 865, 'America/Phoenix'], // Arizona (no daylight saving time)
  [870, 884, 'America/Denver'], // New Mexico
  [889, 961, 'America/Los_Angeles'], // Nevada, California
  [967, 968, 'Pacific/Honolulu'],
  [969, 969, 'Pacific/Guam'],
  [970, 994, 'America/Los_Angeles'], // Oregon, Washington
  [995, 999, 'America/Anchorage'],
];

/** The zone of a U.S. ZIP code (its first three digits); US Eastern for anything else. */
export function timeZoneForZip(zip: string | null | undefined): string {
  const digits = /^\s*(\d{3})\d{2}/.exec(zip ?? '');
  if (!digits?.[1]) return DEFAULT_TIME_ZONE;
  const prefix = Number(digits[1]);
  for (const [from, to, zone] of ZIP_PREFIX_ZONES) {
    if (prefix >= from && prefix <= to) return zone;
  }
  return DEFAULT_TIME_ZONE;
}

/** The zone a user reads times in: the one chosen, else their ZIP's. */
export function userTimeZone(chosen: string | null | undefined, zip: string | null | undefined) {
  return isTimeZone(chosen) ? chosen : timeZoneForZip(zip);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: 'es' | 'en', timeZone: string, withZone: boolean) {
  const key = `${language}|${timeZone}|${withZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
      ...(withZone ? { timeZoneName: 'short' as const } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * A moment as the user reads it, in their language and zone: "27 nov 2026, 9:41 a. m. EST" /
 * "Nov 27, 2026, 9:41 AM EST". `withZone: false` leaves out the zone's name (the web app, where
 * every time is in the user's own zone). An unknown zone is read as US Eastern.
 */
export function formatDateTime(
  date: Date | string,
  language: 'es' | 'en',
  timeZone: string,
  { withZone = true }: { withZone?: boolean } = {},
): string {
  return formatter(language, timeZone, withZone).format(
    typeof date === 'string' ? new Date(date) : date,
  );
}

const sortableFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "2026-11-17 18:00 PST": a moment as a wall clock in `timeZone` that sorts as text, with the
 * zone's short name as it was then (PST or PDT) — for files read by spreadsheets (the activity
 * CSV). An unknown zone is read as US Eastern.
 */
export function formatSortableDateTime(date: Date | string, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let found = sortableFormatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    sortableFormatters.set(zone, found);
  }
  const parts = Object.fromEntries(
    found
      .formatToParts(typeof date === 'string' ? new Date(date) : date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/**
 * A zone as people name it, and its identifier: "hora del Pacífico (America/Los_Angeles)" /
 * "Pacific Time (America/Los_Angeles)" — what a document says its times are in.
 */
export function timeZoneLabel(timeZone: string, language: 'es' | 'en'): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const name = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-US', {
    timeZone: zone,
    timeZoneName: 'longGeneric',
  })
    .formatToParts(new Date(0))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name ? `${name} (${zone})` : zone;
}
