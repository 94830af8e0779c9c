import type { ScheduleRule } from './schedule-dates';
import type { ScheduleRow } from './schedules.repository';

/** A stored row's rule. */
export function ruleOf(row: ScheduleRow): ScheduleRule {
  return {
    frequency: row.frequency,
    startDate: row.start_date,
    dayOfMonth: row.day_of_month,
    secondDay: row.second_day,
  };
}
