import { describe, expect, it } from 'vitest';
import { easternDayStart } from './eastern-time';

describe('easternDayStart', () => {
  it.each([
    ['2026-01-15', 0, '2026-01-15T05:00:00.000Z'], // winter: UTC−5
    ['2026-07-04', 0, '2026-07-04T04:00:00.000Z'], // summer: UTC−4
    ['2026-03-08', 0, '2026-03-08T05:00:00.000Z'], // the day clocks spring forward starts at −5
    ['2026-03-08', 1, '2026-03-09T04:00:00.000Z'], // … and the next one at −4
    ['2026-11-01', 0, '2026-11-01T04:00:00.000Z'], // the day clocks fall back starts at −4
    ['2026-11-01', 1, '2026-11-02T05:00:00.000Z'],
    ['2026-12-31', 1, '2027-01-01T05:00:00.000Z'], // over the year's end
    ['2028-02-28', 1, '2028-02-29T05:00:00.000Z'], // a leap day
  ])('%s plus %i day(s) starts at %s', (date, days, expected) => {
    expect(easternDayStart(date, days).toISOString()).toBe(expected);
  });
});
