import { z } from 'zod';
import { centsValueSchema } from './amounts';
import { textLines } from './text';

/**
 * Disputes of card transactions under Regulation E (`/api/cards/disputes`): the holder says a
 * charge was not theirs or was for the wrong amount; Pago gives provisional credit within 10
 * business days while the bank investigates, then the outcome: the credit kept, or taken back
 * after notice (docs/card-disputes.md).
 */

/** unauthorized: "No reconozco este cargo"; wrong_amount: "El monto es incorrecto". */
export const CARD_DISPUTE_REASONS = ['unauthorized', 'wrong_amount'] as const;
export const cardDisputeReasonSchema = z.enum(CARD_DISPUTE_REASONS);
export type CardDisputeReason = z.infer<typeof cardDisputeReasonSchema>;

export const CARD_DISPUTE_STATUSES = ['open', 'provisionally_credited', 'won', 'lost'] as const;
export const cardDisputeStatusSchema = z.enum(CARD_DISPUTE_STATUSES);
export type CardDisputeStatus = z.infer<typeof cardDisputeStatusSchema>;

/** The card transfer kinds a holder may dispute. */
export const DISPUTABLE_KINDS = ['card_purchase', 'card_atm_withdrawal', 'card_fee'] as const;

// POST /api/cards/disputes (money POST: Idempotency-Key)
export const createCardDisputeBody = z
  .strictObject({
    transferId: z.uuid(),
    reason: cardDisputeReasonSchema,
    description: textLines().min(1).max(1000),
    /** wrong_amount: what the charge should have been (less than what was charged). */
    correctAmountCents: z.number().int().min(0).max(100_000_000).optional(),
  })
  .refine((body) => (body.reason === 'wrong_amount') === (body.correctAmountCents !== undefined), {
    message: 'correctAmountCents is given for wrong_amount only, and required there',
    path: ['correctAmountCents'],
  })
  .meta({
    examples: [
      {
        transferId: '0190a1b2-0000-7000-8000-000000000001',
        reason: 'unauthorized',
        description: 'No hice esta compra',
      },
    ],
  });
export type CreateCardDisputeBody = z.input<typeof createCardDisputeBody>;

export const CARD_DISPUTE_STEPS = [
  'opened',
  'provisionally_credited',
  'won',
  'lost',
  'reversal_scheduled',
  'reversed',
] as const;
export const cardDisputeStepSchema = z.object({
  step: z.enum(CARD_DISPUTE_STEPS),
  /** When it happened; reversal_scheduled: when the credit will be taken back. */
  at: z.iso.datetime(),
  amountCents: centsValueSchema.optional(),
});
export type CardDisputeStep = z.infer<typeof cardDisputeStepSchema>;

export const cardDisputeSchema = z
  .object({
    id: z.string(),
    transferId: z.string(),
    reason: cardDisputeReasonSchema,
    description: z.string(),
    status: cardDisputeStatusSchema,
    disputedCents: centsValueSchema,
    correctAmountCents: centsValueSchema.nullable(),
    /** The charge: merchant or ATM, the card's last four digits. */
    merchant: z.string(),
    last4: z.string(),
    /** Pago's deadline for the provisional credit (10 business days). */
    creditDueAt: z.iso.datetime(),
    /** When lost: when the credit is taken back (5 business days after the notice). */
    reversalDueAt: z.iso.datetime().nullable(),
    /** What the wallet could not cover of the reversal, owed to Pago. */
    owedCents: centsValueSchema.nullable(),
    steps: z.array(cardDisputeStepSchema),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CardDispute' });
export type CardDispute = z.infer<typeof cardDisputeSchema>;

export const cardDisputesSchema = z
  .object({ disputes: z.array(cardDisputeSchema) })
  .meta({ id: 'CardDisputes' });

export const cardDisputeParams = z.strictObject({ id: z.uuid() });
