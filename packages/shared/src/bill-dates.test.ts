import { describe, expect, it } from 'vitest';
import {
  addBankingDays,
  easternDate,
  isCalendarDate,
  nextMonthlyDate,
  onOrAfterBankingDay,
} from './bill-dates';

describe('bill dates', () => {
  it('repeats monthly on the day, or the last day of a shorter month', () => {
    expect(nextMonthlyDate('2027-01-31', 31)).toBe('2027-02-28');
    expect(nextMonthlyDate('2028-01-31', 31)).toBe('2028-02-29');
    expect(nextMonthlyDate('2027-02-28', 31)).toBe('2027-03-31');
    expect(nextMonthlyDate('2027-12-15', 15)).toBe('2028-01-15');
    expect(nextMonthlyDate('2027-03-30', 30)).toBe('2027-04-30');
  });

  it('pays on a banking day: weekends and Federal Reserve holidays move it forward', () => {
    expect(onOrAfterBankingDay('2027-02-27')).toBe('2027-03-01'); // Saturday → Monday
    expect(onOrAfterBankingDay('2026-12-25')).toBe('2026-12-28'); // Christmas (Fri) → Monday
    expect(onOrAfterBankingDay('2026-12-01')).toBe('2026-12-01');
    expect(addBankingDays('2026-11-25', 2)).toBe('2026-11-30'); // over Thanksgiving and a weekend
  });

  it('reads days in US Eastern time and refuses dates that do not exist', () => {
    expect(easternDate(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-26');
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2028-2-9')).toBe(false);
  });
});
