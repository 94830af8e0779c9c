import { z } from 'zod';
import { usernameSchema } from './accounts';
import { amountUsdSchema, centsValueSchema } from './amounts';
import { speedSchema } from './transfers';

/**
 * Scheduled and recurring transfers (`/api/schedules`, docs/schedules.md): an amount sent on a
 * rule — once on a date, weekly, every two weeks, monthly on a day (the month's last day when it is
 * shorter), or twice a month on two days — to a saved remittance recipient or to a Pago user.
 * Dates are calendar days in the user's time zone; a run happens at 9:00 that day.
 */

export const SCHEDULE_FREQUENCIES = [
  'once',
  'weekly',
  'biweekly',
  'monthly',
  'twice_monthly',
] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_KINDS = ['remittance', 'p2p'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const SCHEDULE_STATUSES = ['active', 'paused', 'canceled', 'done'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_RUN_STATUSES = ['sent', 'under_review', 'failed', 'skipped'] as const;
/** Why a run sent nothing (stored on the run; the user is told). */
export const SCHEDULE_FAILURE_REASONS = [
  'insufficient_funds',
  'limit_exceeded',
  'partner_unavailable',
  'recipient_deleted',
  'send_refused',
] as const;
export type ScheduleFailureReason = (typeof SCHEDULE_FAILURE_REASONS)[number];

/**
 * Why a send was refused, as a run's stored reason, from the refusal's error code (and its HTTP
 * status when there is one): what the user is told of a schedule's, a bill run's or a payday
 * run's failure. A reason already (a stored one) stays itself.
 */
export function failureReasonOf(code: string, statusCode = 400): ScheduleFailureReason {
  if ((SCHEDULE_FAILURE_REASONS as readonly string[]).includes(code)) {
    return code as ScheduleFailureReason;
  }
  if (code.endsWith('_limit_exceeded')) return 'limit_exceeded';
  if (code === 'not_found') return 'recipient_deleted';
  if (statusCode >= 500 || code.includes('unavailable')) return 'partner_unavailable';
  return 'send_refused';
}

const calendarDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'Not a date (YYYY-MM-DD)' });
const dayOfMonth = z.number().int().min(1).max(31);

/** The rule's fields, as the API takes them (each frequency uses some). */
export const scheduleRuleFields = {
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  /** once: the date; weekly and biweekly: the first run (its weekday repeats); else from when. */
  startDate: calendarDate.optional(),
  /** monthly, twice_monthly: the day of the month (31 = the month's last day). */
  dayOfMonth: dayOfMonth.optional(),
  /** twice_monthly: the other day. */
  secondDay: dayOfMonth.optional(),
};
export type ScheduleRuleInput = {
  frequency: ScheduleFrequency;
  startDate?: string | undefined;
  dayOfMonth?: number | undefined;
  secondDay?: number | undefined;
};

/** What is missing from a rule, as the field to blame and why; null when it is whole. */
export function ruleProblem(rule: ScheduleRuleInput): { field: string; message: string } | null {
  const { frequency, startDate, dayOfMonth: day, secondDay } = rule;
  if ((frequency === 'once' || frequency === 'weekly' || frequency === 'biweekly') && !startDate) {
    return { field: 'startDate', message: 'Choose the date of the first transfer.' };
  }
  if ((frequency === 'monthly' || frequency === 'twice_monthly') && day === undefined) {
    return { field: 'dayOfMonth', message: 'Choose the day of the month.' };
  }
  if (frequency === 'twice_monthly' && (secondDay === undefined || secondDay === day)) {
    return { field: 'secondDay', message: 'Choose a second, different day of the month.' };
  }
  return null;
}

function checkRule(rule: ScheduleRuleInput, ctx: z.RefinementCtx) {
  const problem = ruleProblem(rule);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

// POST /api/schedules — to a saved recipient (recipientId) or a Pago user (payeeUsername).
export const createScheduleBody = z
  .strictObject({
    recipientId: z.uuid().optional(),
    payeeUsername: usernameSchema.optional(),
    amountUsd: amountUsdSchema,
    speed: speedSchema.default('standard'),
    ...scheduleRuleFields,
  })
  .superRefine((body, ctx) => {
    if ((body.recipientId === undefined) === (body.payeeUsername === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Give a saved recipient (recipientId) or a Pago user (payeeUsername).',
        path: ['recipientId'],
      });
    }
    checkRule(body, ctx);
  })
  .meta({
    examples: [
      {
        recipientId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90',
        amountUsd: 200,
        frequency: 'twice_monthly',
        dayOfMonth: 1,
        secondDay: 15,
      },
    ],
  });
export type CreateScheduleBody = z.input<typeof createScheduleBody>;

// PATCH /api/schedules/:id — the amount, the speed, or the rule (given whole: its frequency too).
export const updateScheduleBody = z
  .strictObject({
    amountUsd: amountUsdSchema.optional(),
    speed: speedSchema.optional(),
    frequency: scheduleRuleFields.frequency.optional(),
    startDate: scheduleRuleFields.startDate,
    dayOfMonth: scheduleRuleFields.dayOfMonth,
    secondDay: scheduleRuleFields.secondDay,
  })
  .superRefine((body, ctx) => {
    const ruleGiven =
      body.startDate !== undefined || body.dayOfMonth !== undefined || body.secondDay !== undefined;
    if (ruleGiven && body.frequency === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Give the frequency with it.', path: ['frequency'] });
    }
    if (body.frequency) checkRule({ ...body, frequency: body.frequency }, ctx);
  });
export type UpdateScheduleBody = z.input<typeof updateScheduleBody>;

export const scheduleIdParams = z.strictObject({ id: z.uuid() });

export const scheduleRunSchema = z
  .object({
    id: z.string(),
    /** The run's day in the user's zone, and the moment it was due. */
    dueDate: z.string(),
    dueAt: z.string(),
    status: z.enum(SCHEDULE_RUN_STATUSES),
    failureReason: z.enum(SCHEDULE_FAILURE_REASONS).nullable(),
    transferId: z.string().nullable(),
    amountCents: centsValueSchema,
    feeCents: centsValueSchema.nullable(),
    payoutAmount: z.string().nullable(),
    payoutCurrency: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ScheduleRun' });
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

export const scheduleSchema = z
  .object({
    id: z.string(),
    kind: z.enum(SCHEDULE_KINDS),
    /** remittance: the saved recipient (null once deleted; their name stays). */
    recipientId: z.string().nullable(),
    /** p2p: the Pago user's username. */
    payeeUsername: z.string().nullable(),
    recipientName: z.string(),
    recipientCountry: z.string(),
    amountCents: centsValueSchema,
    speed: speedSchema,
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    startDate: z.string().nullable(),
    dayOfMonth: z.number().int().nullable(),
    secondDay: z.number().int().nullable(),
    status: z.enum(SCHEDULE_STATUSES),
    /** The next run's day (user's zone) and moment; null when paused, canceled or done. */
    nextRunDate: z.string().nullable(),
    nextRunAt: z.string().nullable(),
    timeZone: z.string(),
    createdAt: z.string(),
    /** Its runs, newest first (the list carries the latest few). */
    runs: z.array(scheduleRunSchema),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ items: z.array(scheduleSchema) });
export type ScheduleList = z.infer<typeof scheduleListSchema>;
