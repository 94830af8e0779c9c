import { z } from 'zod';
import { reasonSchema } from './ops';
import { textLines } from './text';

/**
 * The operations queues (`/api/ops/queues`, docs/ops-queues.md): what Pago already stores that
 * waits for a person (a payout held by the partner, an identity in manual review, an error claim,
 * a card dispute, a debt a returned deposit left, a reconciliation difference, a failed job), each
 * item with its customer, its money, its history, how long it has waited and its actions.
 */

export const OPS_QUEUES = [
  'held_payouts',
  'identity_reviews',
  'error_claims',
  'card_disputes',
  'debts',
  'reconciliation',
  'failed_jobs',
] as const;
export const opsQueueSchema = z.enum(OPS_QUEUES);
export type OpsQueue = z.infer<typeof opsQueueSchema>;

export const opsQueueCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});

export const opsQueueMoneySchema = z.object({
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  currency: z.string(),
});

export const opsQueueHistoryEntrySchema = z.object({
  at: z.string(),
  status: z.string(),
  note: z.string().nullable(),
});

export const opsQueueItemSchema = z.object({
  queue: opsQueueSchema,
  id: z.string(),
  /** What the item is, in a few words (the partner's status, the job's name, the kind). */
  title: z.string(),
  customer: opsQueueCustomerSchema.nullable(),
  money: opsQueueMoneySchema.nullable(),
  history: z.array(opsQueueHistoryEntrySchema),
  /** Since when it has waited for a person. */
  waitingSince: z.string(),
  /** The deadline it must be dealt with by, where one applies (a legal one, or the partner's). */
  dueBy: z.string().nullable(),
  overdue: z.boolean(),
  /** What else staff need to decide (the vendor's result, the job's error, expected/actual). */
  details: z.record(z.string(), z.unknown()),
  /** The actions this staff member may take on it. */
  actions: z.array(z.string()),
});
export type OpsQueueItem = z.infer<typeof opsQueueItemSchema>;

export const opsQueueListSchema = z.object({
  queue: opsQueueSchema,
  items: z.array(opsQueueItemSchema),
});
export type OpsQueueList = z.infer<typeof opsQueueListSchema>;

export const opsQueueSummarySchema = z.object({
  queues: z.array(
    z.object({ queue: opsQueueSchema, count: z.number().int(), overdue: z.number().int() }),
  ),
});
export type OpsQueueSummary = z.infer<typeof opsQueueSummarySchema>;

/** Every action takes a reason, written to the audit log (the console's own rule). */
export const opsQueueReason = reasonSchema;

export const ERROR_CLAIM_FINDINGS = ['not_paid', 'late', 'wrong_amount', 'wrong_details'] as const;

// POST /api/ops/queues/:queue/:id/:action
export const opsQueueActionBody = z.strictObject({
  reason: opsQueueReason,
  /** error_claims.resolve: what the error was. */
  finding: z.enum(ERROR_CLAIM_FINDINGS).optional(),
  /** error_claims.no_error: the explanation the sender reads. */
  explanation: textLines().trim().min(10).max(2000).optional(),
  /** debts.write_off: how much of the debt is written off (default all of it). */
  amountCents: z.number().int().min(1).max(100_000_000).optional(),
});
export type OpsQueueActionBody = z.infer<typeof opsQueueActionBody>;

export const opsQueueActionResult = z.object({
  queue: opsQueueSchema,
  id: z.string(),
  action: z.string(),
  /** Whether the item left the queue. */
  done: z.boolean(),
  message: z.string(),
});
export type OpsQueueActionResult = z.infer<typeof opsQueueActionResult>;

// GET /api/ops/queues/:queue, /api/ops/queues/:queue/:id; POST …/:id/:action
export const opsQueueParams = z.strictObject({ queue: opsQueueSchema });
export const opsQueueItemParams = z.strictObject({
  queue: opsQueueSchema,
  id: z.string().min(1).max(200),
});
export const opsQueueActionParams = z.strictObject({
  queue: opsQueueSchema,
  id: z.string().min(1).max(200),
  action: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z_]+$/),
});

export const opsQueueActionOutcome = z.union([
  z.object({ status: z.literal('done'), result: opsQueueActionResult }),
  z.object({ status: z.literal('pending'), approvalId: z.string() }),
]);
export type OpsQueueActionOutcome = z.infer<typeof opsQueueActionOutcome>;
