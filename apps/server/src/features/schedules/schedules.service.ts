import { usdToCents } from '@pago/shared/contracts/amounts';
import {
  type CreateScheduleBody,
  ruleProblem,
  type Schedule,
  type ScheduleRuleInput,
  type UpdateScheduleBody,
} from '@pago/shared/contracts/schedules';
import { userTimeZone } from '@pago/shared/time-zones';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Accounts } from '../accounts/accounts.service';
import type { Recipients } from '../remittances/recipients.service';
import { addDays, localDate, nextRunFrom, type ScheduleRule } from './schedule-dates';
import { ruleOf } from './schedule-outcomes';
import { createScheduleRuns, type ScheduleRunDeps } from './schedule-runs';
import { scheduleView } from './schedule-views';
import {
  findSchedule,
  insertRun,
  insertSchedule,
  listSchedules,
  lockOwnSchedule,
  runsOf,
  type ScheduleRow,
  updateSchedule,
  zoneOfUser,
} from './schedules.repository';

/** How far ahead a schedule may start. */
const MAX_DAYS_AHEAD = 366;
/** Runs the list shows per schedule (one schedule's page shows more). */
const LIST_RUNS = 5;
const PAGE_RUNS = 50;

type Deps = ScheduleRunDeps & {
  accounts: Pick<Accounts, 'findRecipient'>;
  recipients: () => Pick<Recipients, 'rowOf'>;
};

const notFound = () => new AppError('not_found', 404, 'Scheduled transfer not found');

function invalid(field: string, message: string) {
  return new AppError('invalid_schedule', 422, message, { field });
}

/**
 * Scheduled and recurring transfers: made, listed, edited, paused, resumed, skipped and canceled
 * here; run by the job (schedule-runs.ts).
 */
export function createSchedules(deps: Deps) {
  const { db, clock, accounts, recipients } = deps;
  const runs = createScheduleRuns(deps);

  async function zoneOf(userId: string, executor: Database = db): Promise<string> {
    const user = await zoneOfUser(executor, userId);
    return userTimeZone(user?.time_zone, user?.zip_code);
  }

  /** The rule made whole (today in the user's zone when it has no start) and checked. */
  function ruleFrom(input: ScheduleRuleInput, today: string): ScheduleRule {
    const problem = ruleProblem(input);
    if (problem) throw invalid(problem.field, problem.message);
    const startDate = input.startDate ?? today;
    if (!isRealDate(startDate)) throw invalid('startDate', 'Not a date.');
    if (input.frequency !== 'monthly' && input.frequency !== 'twice_monthly') {
      if (startDate < today) throw invalid('startDate', 'Choose today or a later date.');
    }
    if (startDate > addDays(today, MAX_DAYS_AHEAD)) {
      throw invalid('startDate', 'Choose a date within a year.');
    }
    return {
      frequency: input.frequency,
      startDate,
      dayOfMonth: input.dayOfMonth ?? null,
      secondDay: input.frequency === 'twice_monthly' ? (input.secondDay ?? null) : null,
    };
  }

  /** The next run of a rule from now, or a 422 when it has none (a time already past today). */
  function nextOf(rule: ScheduleRule, zone: string) {
    const next = nextRunFrom(rule, clock(), zone);
    if (!next) throw invalid('startDate', 'That time has passed: choose a later date.');
    return next;
  }

  async function views(rows: ScheduleRow[], userId: string, perSchedule: number, ex: Database) {
    const zone = await zoneOf(userId, ex);
    const runRows = await runsOf(
      ex,
      rows.map((r) => r.id),
      perSchedule,
    );
    const payees = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.payee_user_id).filter((x) => x !== null))) {
      payees.set(id, (await zoneOfUser(ex, id))?.username ?? '');
    }
    return rows.map((row) =>
      scheduleView(row, runRows, {
        timeZone: zone,
        payeeUsername: row.payee_user_id ? (payees.get(row.payee_user_id) ?? null) : null,
      }),
    );
  }

  async function viewOf(row: ScheduleRow, ex: Database, perSchedule = PAGE_RUNS) {
    return (await views([row], row.user_id, perSchedule, ex))[0] as Schedule;
  }

  /** The user's schedule, locked, that may still change (else 404 or 409). */
  async function editable(tx: Database, userId: string, id: string) {
    const row = await lockOwnSchedule(tx, userId, id);
    if (!row) throw notFound();
    if (row.status === 'canceled' || row.status === 'done') {
      throw new AppError('schedule_not_editable', 409, 'This scheduled transfer has ended.');
    }
    return row;
  }

  return {
    runDue: runs.runDue,
    sendReminders: runs.sendReminders,
    runOne: runs.runOne,

    /** A new schedule, in `tx` (the POST's idempotent transaction). No money moves now. */
    async create(tx: Database, userId: string, body: CreateScheduleBody): Promise<Schedule> {
      const zone = await zoneOf(userId, tx);
      const rule = ruleFrom(body, localDate(clock(), zone));
      const next = nextOf(rule, zone);
      const amountCents = usdToCents(body.amountUsd);
      let target: { recipient_id?: string; payee_user_id?: string; name: string; country: string };
      if (body.recipientId) {
        const row = await recipients().rowOf(userId, body.recipientId, tx);
        target = { recipient_id: row.id, name: row.full_name, country: row.country };
      } else {
        const payee = await accounts.findRecipient({ username: body.payeeUsername ?? '' }, tx);
        if (!payee || payee.userId === userId) {
          throw new AppError('not_found', 404, 'No Pago user with that username', {
            field: 'payeeUsername',
          });
        }
        target = { payee_user_id: payee.userId, name: payee.name, country: 'US' };
      }
      const row = await insertSchedule(tx, {
        user_id: userId,
        kind: body.recipientId ? 'remittance' : 'p2p',
        recipient_id: target.recipient_id ?? null,
        payee_user_id: target.payee_user_id ?? null,
        recipient_name: target.name,
        recipient_country: target.country,
        amount_cents: amountCents,
        speed: body.speed ?? 'standard',
        frequency: rule.frequency,
        start_date: rule.startDate,
        day_of_month: rule.dayOfMonth,
        second_day: rule.secondDay,
        status: 'active',
        next_date: next.date,
        next_due_at: next.at,
      });
      return viewOf(row, tx);
    },

    async list(userId: string): Promise<Schedule[]> {
      return views(await listSchedules(db, userId), userId, LIST_RUNS, db);
    },

    async get(userId: string, id: string): Promise<Schedule> {
      const row = await findSchedule(db, id);
      if (!row || row.user_id !== userId || row.kind === 'bill') throw notFound();
      return viewOf(row, db);
    },

    /** The amount, the speed or the rule changed; a new rule's next run is computed from now. */
    async update(userId: string, id: string, body: UpdateScheduleBody): Promise<Schedule> {
      return db.transaction().execute(async (tx) => {
        const row = await editable(tx, userId, id);
        const zone = await zoneOf(userId, tx);
        const changes: Parameters<typeof updateSchedule>[2] = {};
        if (body.amountUsd !== undefined) changes.amount_cents = usdToCents(body.amountUsd);
        if (body.speed !== undefined) changes.speed = body.speed;
        if (body.frequency !== undefined) {
          const rule = ruleFrom({ ...body, frequency: body.frequency }, localDate(clock(), zone));
          Object.assign(changes, {
            frequency: rule.frequency,
            start_date: rule.startDate,
            day_of_month: rule.dayOfMonth,
            second_day: rule.secondDay,
          });
          if (row.status === 'active') {
            const next = nextOf(rule, zone);
            Object.assign(changes, { next_date: next.date, next_due_at: next.at });
          }
        }
        if (Object.keys(changes).length > 0) await updateSchedule(tx, row.id, changes);
        return viewOf((await findSchedule(tx, row.id)) as ScheduleRow, tx);
      });
    },

    async pause(userId: string, id: string): Promise<Schedule> {
      return db.transaction().execute(async (tx) => {
        const row = await editable(tx, userId, id);
        if (row.status === 'active') {
          await updateSchedule(tx, row.id, {
            status: 'paused',
            next_date: null,
            next_due_at: null,
          });
        }
        return viewOf((await findSchedule(tx, row.id)) as ScheduleRow, tx);
      });
    },

    /** Runs again from the next run day after now (the days missed while paused are not made up). */
    async resume(userId: string, id: string): Promise<Schedule> {
      return db.transaction().execute(async (tx) => {
        const row = await editable(tx, userId, id);
        if (row.status === 'paused') {
          const next = nextRunFrom(ruleOf(row), clock(), await zoneOf(userId, tx));
          await updateSchedule(
            tx,
            row.id,
            next
              ? { status: 'active', next_date: next.date, next_due_at: next.at }
              : { status: 'done' },
          );
        }
        return viewOf((await findSchedule(tx, row.id)) as ScheduleRow, tx);
      });
    },

    /** The next run only is skipped (kept in the history as skipped); the one after stays. */
    async skip(userId: string, id: string): Promise<Schedule> {
      return db.transaction().execute(async (tx) => {
        const row = await editable(tx, userId, id);
        if (row.status !== 'active' || !row.next_date || !row.next_due_at) {
          throw new AppError('schedule_not_editable', 409, 'Only an active schedule can skip.');
        }
        await insertRun(tx, {
          schedule_id: row.id,
          user_id: userId,
          due_date: row.next_date,
          due_at: row.next_due_at,
          status: 'skipped',
          amount_cents: Number(row.amount_cents),
        });
        await runs.advance(tx, row, await zoneOf(userId, tx));
        return viewOf((await findSchedule(tx, row.id)) as ScheduleRow, tx);
      });
    },

    async cancel(userId: string, id: string): Promise<Schedule> {
      return db.transaction().execute(async (tx) => {
        const row = await lockOwnSchedule(tx, userId, id);
        if (!row) throw notFound();
        if (row.status === 'active' || row.status === 'paused') {
          await updateSchedule(tx, row.id, {
            status: 'canceled',
            next_date: null,
            next_due_at: null,
          });
        }
        return viewOf((await findSchedule(tx, row.id)) as ScheduleRow, tx);
      });
    },
  };
}

/** A YYYY-MM-DD that names a real day (not February 30). */
function isRealDate(date: string): boolean {
  return addDays(date, 0) === date;
}

export type Schedules = ReturnType<typeof createSchedules>;
