import { z } from 'zod';
import { centsSchema, centsValueSchema } from './amounts';

/**
 * "Día de pago" (issue 29 part 3, docs/payday.md): rules that send a share of each incoming
 * direct deposit home to a saved recipient, as soon as the deposit is available in the wallet.
 */

/** How many rules a person may have (each one is a send per deposit). */
export const MAX_PAYDAY_RULES = 5;

export const PAYDAY_SPEEDS = ['standard', 'express'] as const;

/** A rule's share of each deposit: a percentage (in basis points, 1–10000) or a fixed amount. */
const share = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('percent'),
    /** 1000 = 10%; 1 = 0.01%; 10000 = 100%. */
    percentBps: z.number().int().min(1).max(10_000),
  }),
  z.strictObject({
    kind: z.literal('fixed'),
    fixedCents: centsSchema(1_000_000),
  }),
]);

const ruleFields = {
  recipientId: z.uuid(),
  /** The most one deposit sends (null: no cap). */
  maxCents: centsSchema(1_000_000).nullable().default(null),
  /** Deposits below this do not trigger the rule (0: every deposit). */
  minDepositCents: z.number().int().min(0).max(100_000_000).default(0),
  speed: z.enum(PAYDAY_SPEEDS).default('standard'),
  enabled: z.boolean().default(true),
};

// POST /api/payday-rules
export const paydayRuleBody = z.strictObject({ share, ...ruleFields });
export type PaydayRuleBody = z.input<typeof paydayRuleBody>;

// PATCH /api/payday-rules/:id — any of the fields; the share is replaced whole.
export const paydayRulePatch = z
  .strictObject({
    share: share.optional(),
    recipientId: z.uuid().optional(),
    maxCents: centsSchema(1_000_000).nullable().optional(),
    minDepositCents: z.number().int().min(0).max(100_000_000).optional(),
    speed: z.enum(PAYDAY_SPEEDS).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Nothing to change' });
export type PaydayRulePatch = z.input<typeof paydayRulePatch>;

export const paydayRuleParams = z.strictObject({ id: z.uuid() });

export const paydayRuleSchema = z
  .object({
    id: z.string(),
    share: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('percent'), percentBps: z.number().int() }),
      z.object({ kind: z.literal('fixed'), fixedCents: centsValueSchema }),
    ]),
    recipientId: z.string(),
    recipientName: z.string(),
    recipientCountry: z.string(),
    maxCents: centsValueSchema.nullable(),
    minDepositCents: centsValueSchema,
    speed: z.enum(PAYDAY_SPEEDS),
    enabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaydayRule' });
export type PaydayRule = z.infer<typeof paydayRuleSchema>;

export const PAYDAY_RUN_STATUSES = ['due', 'sent', 'failed', 'skipped'] as const;

/** One rule applied to one deposit: at most one per (rule, deposit). */
export const paydayRunSchema = z
  .object({
    id: z.string(),
    ruleId: z.string(),
    recipientName: z.string(),
    depositId: z.string(),
    payer: z.string(),
    depositCents: centsValueSchema,
    /** The share sent (or that was to be sent); the fee is on top, as for any send. */
    amountCents: centsValueSchema,
    status: z.enum(PAYDAY_RUN_STATUSES),
    /** failed/skipped: why (an error code: insufficient_funds, limit_exceeded, below_minimum…). */
    reason: z.string().nullable(),
    transferId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaydayRun' });
export type PaydayRun = z.infer<typeof paydayRunSchema>;

/** The share of a deposit a rule sends: its percentage or amount, capped, never above the deposit. */
export function paydayShareCents(
  rule: { share: PaydayRule['share']; maxCents: number | null },
  depositCents: number,
): number {
  const raw =
    rule.share.kind === 'percent'
      ? Math.floor((depositCents * rule.share.percentBps) / 10_000)
      : rule.share.fixedCents;
  return Math.max(0, Math.min(raw, rule.maxCents ?? raw, depositCents));
}
