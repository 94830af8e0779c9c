import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { ScheduleRunsTable, SchedulesTable } from '../../db/schema';

export type ScheduleRow = Selectable<SchedulesTable>;
export type ScheduleRunRow = Selectable<ScheduleRunsTable>;

export async function insertSchedule(tx: Database, values: Insertable<SchedulesTable>) {
  return tx.insertInto('schedules').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findSchedule(executor: Database, id: string) {
  return executor.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's schedule, locked (another user's is none). */
export async function lockOwnSchedule(tx: Database, userId: string, id: string) {
  return (
    tx
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      // A bill's schedule is bill pay's to change (features/billpay).
      .where('kind', '<>', 'bill')
      .forUpdate()
      .executeTakeFirst()
  );
}

export async function listSchedules(executor: Database, userId: string) {
  return executor
    .selectFrom('schedules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '<>', 'bill')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();
}

export async function updateSchedule(tx: Database, id: string, values: Updateable<SchedulesTable>) {
  await tx
    .updateTable('schedules')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Active schedules due by `now`, oldest due first (read without a lock; each is then claimed). */
export async function listDue(executor: Database, now: Date, limit: number) {
  return executor
    .selectFrom('schedules')
    .select('id')
    .where('status', '=', 'active')
    .where('next_due_at', '<=', now)
    .orderBy('next_due_at')
    .limit(limit)
    .execute();
}

/**
 * The claim: the schedule locked if it is still active and due at `dueAt` — none when another
 * worker holds it (SKIP LOCKED) or already moved it on.
 */
export async function claimDue(tx: Database, id: string, dueAt: Date) {
  return tx
    .selectFrom('schedules')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_due_at', '=', dueAt)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** A run inserted unless one exists for its (schedule, due_at): its id, or none. */
export async function insertRun(tx: Database, values: Insertable<ScheduleRunsTable>) {
  return tx
    .insertInto('schedule_runs')
    .values(values)
    .onConflict((c) => c.columns(['schedule_id', 'due_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function updateRun(tx: Database, id: string, values: Updateable<ScheduleRunsTable>) {
  await tx.updateTable('schedule_runs').set(values).where('id', '=', id).execute();
}

/** The runs of some schedules, newest first, at most `perSchedule` each. */
export async function runsOf(executor: Database, scheduleIds: string[], perSchedule: number) {
  if (scheduleIds.length === 0) return [];
  const { rows } = await sql<ScheduleRunRow>`
    select * from (
      select r.*, row_number() over (partition by schedule_id order by due_at desc) as n
      from schedule_runs r where schedule_id in (${sql.join(scheduleIds)})
    ) ranked where n <= ${perSchedule} order by due_at desc`.execute(executor);
  return rows.map(({ n: _n, ...row }: ScheduleRunRow & { n?: unknown }) => row);
}

/** Active schedules due by `by` (a bill's further ahead) with no reminder for their next day yet. */
export async function listToRemind(
  executor: Database,
  by: { transfers: Date; bills: Date },
  limit: number,
) {
  return executor
    .selectFrom('schedules as s')
    .select(['s.id', 's.next_date'])
    .where('s.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.and([eb('s.kind', '<>', 'bill'), eb('s.next_due_at', '<=', by.transfers)]),
        eb.and([eb('s.kind', '=', 'bill'), eb('s.next_due_at', '<=', by.bills)]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('schedule_reminders as r')
            .select('r.schedule_id')
            .whereRef('r.schedule_id', '=', 's.id')
            .whereRef('r.due_date', '=', 's.next_date'),
        ),
      ),
    )
    .orderBy('s.next_due_at')
    .limit(limit)
    .execute();
}

/** The reminder of a run day, recorded once: true when this call recorded it. */
export async function insertReminder(tx: Database, scheduleId: string, dueDate: string) {
  const row = await tx
    .insertInto('schedule_reminders')
    .values({ schedule_id: scheduleId, due_date: dueDate })
    .onConflict((c) => c.columns(['schedule_id', 'due_date']).doNothing())
    .returning('schedule_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The zone the user reads dates in: their choice and their ZIP code (`userTimeZone`). */
export async function zoneOfUser(executor: Database, userId: string) {
  return executor
    .selectFrom('users')
    .select(['time_zone', 'zip_code', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether any of these users closed their account (features/account-rights). */
export async function anyClosed(executor: Database, userIds: string[]): Promise<boolean> {
  const row = await executor
    .selectFrom('users')
    .select('id')
    .where('id', 'in', userIds)
    .where('closed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Bill runs claimed and not settled yet (bill pay's answer still to apply), oldest first. */
export async function listProcessingRuns(executor: Database, limit: number) {
  return executor
    .selectFrom('schedule_runs as r')
    .innerJoin('schedules as s', 's.id', 'r.schedule_id')
    .select(['r.id', 'r.due_date', 'r.amount_cents', 's.id as schedule_id'])
    .where('r.status', '=', 'processing')
    .orderBy('r.created_at')
    .limit(limit)
    .execute();
}

/** A processing run's outcome, applied once: true when this call applied it. */
export async function settleRun(tx: Database, id: string, values: Updateable<ScheduleRunsTable>) {
  const row = await tx
    .updateTable('schedule_runs')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** An active schedule still due at `from` made due at `to` instead (its day unchanged). */
export async function moveDue(executor: Database, id: string, from: Date, to: Date) {
  await executor
    .updateTable('schedules')
    .set({ next_due_at: to, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_due_at', '=', from)
    .execute();
}
