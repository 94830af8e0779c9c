import type { Schedule, ScheduleRun } from '@pago/shared/contracts/schedules';
import type { Cents } from '@pago/shared/money';
import type { ScheduleRow, ScheduleRunRow } from './schedules.repository';

export function runView(row: ScheduleRunRow): ScheduleRun {
  return {
    id: row.id,
    dueDate: row.due_date,
    dueAt: new Date(row.due_at).toISOString(),
    // `processing` is a bill's run, which this view never shows (bill pay lists its payments).
    status: row.status as ScheduleRun['status'],
    failureReason: (row.failure_reason as ScheduleRun['failureReason']) ?? null,
    transferId: row.transfer_id,
    amountCents: Number(row.amount_cents) as Cents,
    feeCents: row.fee_cents === null ? null : (Number(row.fee_cents) as Cents),
    payoutAmount: row.payout_amount,
    payoutCurrency: row.payout_currency,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function scheduleView(
  row: ScheduleRow,
  runs: ScheduleRunRow[],
  extra: { timeZone: string; payeeUsername: string | null },
): Schedule {
  return {
    id: row.id,
    // A `bill` schedule is bill pay's and never listed here (schedules.repository).
    kind: row.kind as Schedule['kind'],
    recipientId: row.recipient_id,
    payeeUsername: extra.payeeUsername,
    recipientName: row.recipient_name,
    recipientCountry: row.recipient_country,
    amountCents: Number(row.amount_cents) as Cents,
    speed: row.speed,
    frequency: row.frequency,
    startDate: row.start_date,
    dayOfMonth: row.day_of_month,
    secondDay: row.second_day,
    status: row.status,
    nextRunDate: row.status === 'active' ? row.next_date : null,
    nextRunAt: row.status === 'active' && row.next_due_at ? row.next_due_at.toISOString() : null,
    timeZone: extra.timeZone,
    createdAt: new Date(row.created_at).toISOString(),
    runs: runs.filter((r) => r.schedule_id === row.id).map(runView),
  };
}
