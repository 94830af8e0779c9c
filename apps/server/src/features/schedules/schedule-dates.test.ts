import { describe, expect, it } from 'vitest';
import {
  addDays,
  dueAt,
  firstRunOnOrAfter,
  localDate,
  nextRunAfter,
  nextRunFrom,
  type ScheduleRule,
} from './schedule-dates';

const rule = (r: Partial<ScheduleRule> & Pick<ScheduleRule, 'frequency'>): ScheduleRule => ({
  startDate: '2026-01-01',
  dayOfMonth: null,
  secondDay: null,
  ...r,
});

/** The first `n` run days of a rule from `from`. */
function runs(r: ScheduleRule, from: string, n: number): string[] {
  const out: string[] = [];
  let d = firstRunOnOrAfter(r, from);
  while (d && out.length < n) {
    out.push(d);
    d = nextRunAfter(r, d);
  }
  return out;
}

describe('schedule run days', () => {
  it('once: the date, then none; a date already past has none', () => {
    const once = rule({ frequency: 'once', startDate: '2026-12-24' });
    expect(runs(once, '2026-11-27', 5)).toEqual(['2026-12-24']);
    expect(firstRunOnOrAfter(once, '2026-12-25')).toBeNull();
  });

  it('weekly and biweekly keep the first date’s weekday and step, from any day', () => {
    const weekly = rule({ frequency: 'weekly', startDate: '2026-12-04' });
    expect(runs(weekly, '2026-11-27', 3)).toEqual(['2026-12-04', '2026-12-11', '2026-12-18']);
    expect(firstRunOnOrAfter(weekly, '2026-12-12')).toBe('2026-12-18');
    const biweekly = rule({ frequency: 'biweekly', startDate: '2026-12-25' });
    expect(runs(biweekly, '2026-12-26', 3)).toEqual(['2027-01-08', '2027-01-22', '2027-02-05']);
  });

  it('monthly clamps the day to the month’s end (31 → Feb 28, leap Feb 29, Apr 30)', () => {
    const monthly = rule({ frequency: 'monthly', dayOfMonth: 31 });
    expect(runs(monthly, '2027-01-15', 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(runs(monthly, '2028-02-01', 1)).toEqual(['2028-02-29']);
    expect(runs(rule({ frequency: 'monthly', dayOfMonth: 5 }), '2026-12-06', 2)).toEqual([
      '2027-01-05',
      '2027-02-05',
    ]);
  });

  it('twice a month: both days in order, across the year’s end, clamped', () => {
    const twice = rule({ frequency: 'twice_monthly', dayOfMonth: 15, secondDay: 1 });
    expect(runs(twice, '2026-11-27', 4)).toEqual([
      '2026-12-01',
      '2026-12-15',
      '2027-01-01',
      '2027-01-15',
    ]);
    const late = rule({ frequency: 'twice_monthly', dayOfMonth: 14, secondDay: 30 });
    expect(runs(late, '2027-02-01', 3)).toEqual(['2027-02-14', '2027-02-28', '2027-03-14']);
  });

  it('never runs before its start date', () => {
    const twice = rule({
      frequency: 'twice_monthly',
      startDate: '2027-03-10',
      dayOfMonth: 1,
      secondDay: 15,
    });
    expect(firstRunOnOrAfter(twice, '2026-11-27')).toBe('2027-03-15');
  });
});

describe('schedule run moments in the user’s zone', () => {
  it('is 9:00 in the zone, with daylight saving time', () => {
    expect(dueAt('2026-12-01', 'America/Los_Angeles').toISOString()).toBe(
      '2026-12-01T17:00:00.000Z',
    );
    expect(dueAt('2026-07-01', 'America/Los_Angeles').toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
    expect(dueAt('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(dueAt('2026-07-01', 'America/Phoenix').toISOString()).toBe('2026-07-01T16:00:00.000Z');
    // An unknown zone reads as US Eastern.
    expect(dueAt('2026-12-01', 'Mars/Olympus').toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });

  it('reads today in the zone, and skips today once its hour has passed', () => {
    const now = new Date('2026-12-01T03:00:00Z'); // Nov 30, 7 p.m. in Los Angeles
    expect(localDate(now, 'America/Los_Angeles')).toBe('2026-11-30');
    const daily = rule({ frequency: 'twice_monthly', dayOfMonth: 1, secondDay: 30 });
    expect(nextRunFrom(daily, now, 'America/Los_Angeles')?.date).toBe('2026-12-01');
    expect(nextRunFrom(daily, now, 'America/New_York')?.date).toBe('2026-12-01');
    const lateMorning = new Date('2026-12-01T18:00:00Z'); // 10 a.m. in Los Angeles
    expect(nextRunFrom(daily, lateMorning, 'America/Los_Angeles')?.date).toBe('2026-12-30');
    expect(
      nextRunFrom(
        rule({ frequency: 'once', startDate: '2026-12-01' }),
        lateMorning,
        'America/Los_Angeles',
      ),
    ).toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
