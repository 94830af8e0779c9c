import { describe, expect, it } from 'vitest';
import { addBusinessDays, inSameDayWindow, isBusinessDay } from './business-days';

describe('banking days (US Eastern, Federal Reserve holidays)', () => {
  it.each([
    // from (UTC), days, 9 a.m. Eastern of the day it ends on
    ['2026-11-25T15:00:00Z', 3, '2026-12-01T14:00:00Z', 'skips Thanksgiving and the weekend'],
    [
      '2026-11-27T03:00:00Z',
      1,
      '2026-11-27T14:00:00Z',
      '10 p.m. Thursday Eastern counts from Thursday',
    ],
    [
      '2026-07-02T16:00:00Z',
      1,
      '2026-07-03T13:00:00Z',
      'July 4th on a Saturday: the Friday before is open',
    ],
    ['2027-12-24T16:00:00Z', 1, '2027-12-27T14:00:00Z', 'over a weekend'],
    [
      '2028-06-16T16:00:00Z',
      1,
      '2028-06-20T13:00:00Z',
      'Juneteenth on a Sunday is observed Monday',
    ],
    ['2026-03-06T16:00:00Z', 2, '2026-03-10T13:00:00Z', 'summer time starts in between'],
  ])('from %s plus %i banking days is %s (%s)', (from, days, expected) => {
    expect(addBusinessDays(new Date(from), days).toISOString()).toBe(
      new Date(expected).toISOString(),
    );
  });

  it('counts no weekend and no holiday as a banking day', () => {
    expect(isBusinessDay({ year: 2026, month: 11, day: 26 })).toBe(false); // Thanksgiving
    expect(isBusinessDay({ year: 2026, month: 11, day: 28 })).toBe(false); // Saturday
    expect(isBusinessDay({ year: 2026, month: 12, day: 25 })).toBe(false); // Christmas
    expect(isBusinessDay({ year: 2026, month: 1, day: 19 })).toBe(false); // MLK Day
    expect(isBusinessDay({ year: 2026, month: 11, day: 27 })).toBe(true);
  });

  it('is the same instant for zero days', () => {
    const at = new Date('2026-11-25T15:00:00Z');
    expect(addBusinessDays(at, 0)).toEqual(at);
  });
});

describe('inSameDayWindow', () => {
  const hours = { fromHour: 8, toHour: 20 };
  it.each([
    ['a Wednesday at 10 a.m. Eastern', '2026-12-02T15:00:00Z', true],
    ['a Wednesday at 7:59 a.m. Eastern', '2026-12-02T12:59:00Z', false],
    ['a Wednesday at 8 p.m. Eastern', '2026-12-03T01:00:00Z', false],
    ['a Saturday at noon Eastern', '2026-12-05T17:00:00Z', false],
    ['Thanksgiving at noon Eastern', '2026-11-26T17:00:00Z', false],
    ['a July Monday at 7:30 p.m. Eastern (daylight time)', '2026-07-13T23:30:00Z', true],
  ])('%s: %s', (_label, at, expected) => {
    expect(inSameDayWindow(new Date(at), hours)).toBe(expected);
  });
});
