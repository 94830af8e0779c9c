import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  formatSortableDateTime,
  isTimeZone,
  TIME_ZONES,
  timeZoneForZip,
  timeZoneLabel,
  userTimeZone,
} from './time-zones';

describe('time zones', () => {
  it('offers only zones the runtime knows, each once', () => {
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    for (const zone of TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
    expect(TIME_ZONES).toContain('America/Chicago');
    expect(TIME_ZONES).toContain('America/Mexico_City');
    expect(isTimeZone('Europe/Paris')).toBe(false);
  });

  it.each([
    ['10001', 'America/New_York'],
    ['33101', 'America/New_York'],
    ['32501', 'America/Chicago'],
    ['60601', 'America/Chicago'],
    ['77001', 'America/Chicago'],
    ['79901', 'America/Denver'],
    ['57701', 'America/Denver'],
    ['80202', 'America/Denver'],
    ['85001', 'America/Phoenix'],
    ['83814', 'America/Los_Angeles'],
    ['90001', 'America/Los_Angeles'],
    ['96813', 'Pacific/Honolulu'],
    ['99501', 'America/Anchorage'],
    ['00901', 'America/Puerto_Rico'],
    ['98101-1234', 'America/Los_Angeles'],
  ])('ZIP %s is in %s', (zip, zone) => {
    expect(timeZoneForZip(zip)).toBe(zone);
  });

  it('falls back to US Eastern without a ZIP it can read, and prefers the chosen zone', () => {
    expect(timeZoneForZip(null)).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneForZip('ABCDE')).toBe(DEFAULT_TIME_ZONE);
    expect(userTimeZone('America/Bogota', '60601')).toBe('America/Bogota');
    expect(userTimeZone(null, '60601')).toBe('America/Chicago');
    expect(userTimeZone('Mars/Base', '60601')).toBe('America/Chicago');
  });

  it('formats a moment in the zone and language given', () => {
    const at = new Date('2026-11-27T15:41:00Z');
    expect(formatDateTime(at, 'en', 'America/Chicago')).toMatch(/Nov 27, 2026.*9:41.*CST/);
    expect(formatDateTime(at, 'en', 'America/Los_Angeles')).toMatch(/7:41.*PST/);
    expect(formatDateTime(at, 'es', 'America/New_York')).toMatch(/27 nov.*2026.*10:41/);
    expect(
      formatDateTime(at.toISOString(), 'en', 'America/Chicago', { withZone: false }),
    ).not.toMatch(/CST/);
    // An unknown zone reads as US Eastern rather than throwing.
    expect(formatDateTime(at, 'en', 'Nowhere/Else')).toMatch(/10:41.*EST/);
  });

  it('writes a sortable wall clock in the zone, with the zone it was in', () => {
    // 02:00 UTC is the evening before in Los Angeles.
    expect(formatSortableDateTime('2026-11-19T02:00:00Z', 'America/Los_Angeles')).toBe(
      '2026-11-18 18:00 PST',
    );
    expect(formatSortableDateTime(new Date('2026-07-04T16:00:00Z'), 'America/New_York')).toBe(
      '2026-07-04 12:00 EDT',
    );
    expect(formatSortableDateTime('2026-11-19T02:00:00Z', 'Nowhere/Else')).toBe(
      '2026-11-18 21:00 EST',
    );
  });

  it('names a zone as people say it, with its identifier', () => {
    expect(timeZoneLabel('America/Los_Angeles', 'es')).toBe(
      'hora del Pacífico (America/Los_Angeles)',
    );
    expect(timeZoneLabel('America/Los_Angeles', 'en')).toBe('Pacific Time (America/Los_Angeles)');
    expect(timeZoneLabel('Nowhere/Else', 'en')).toBe('Eastern Time (America/New_York)');
  });
});
