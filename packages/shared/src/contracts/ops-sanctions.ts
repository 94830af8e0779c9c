import { z } from 'zod';
import { reasonSchema } from './ops';

/** The operations console's sanctions queue (features/sanctions, docs/sanctions.md). */

export const SANCTIONS_HIT_STATUSES = ['open', 'cleared', 'blocked'] as const;

export const sanctionsHitsQuery = z.strictObject({
  status: z.enum(SANCTIONS_HIT_STATUSES).default('open'),
});

const birthDateSchema = z.object({
  year: z.number(),
  month: z.number().nullable(),
  day: z.number().nullable(),
  circa: z.boolean(),
  toYear: z.number().nullable(),
});

/** A listed entry a screened name came close to, as the list has it. */
export const sanctionsMatchSchema = z.object({
  source: z.enum(['sdn', 'cons']),
  entryId: z.string(),
  listedName: z.string(),
  matchedName: z.string(),
  score: z.number(),
  /** Null when the entry has left the list since. */
  entry: z
    .object({
      type: z.string(),
      programs: z.array(z.string()),
      aliases: z.array(z.object({ type: z.string(), name: z.string() })),
      countries: z.array(z.string()),
      birthDates: z.array(birthDateSchema),
      placesOfBirth: z.array(z.string()),
      remarks: z.string().nullable(),
    })
    .nullable(),
});

export const sanctionsHeldSchema = z.object({
  transferId: z.string(),
  movement: z.enum(['remittance', 'p2p', 'bill_payment']),
  amountCents: z.number(),
  feeCents: z.number(),
  status: z.enum(['held', 'released', 'refunded']),
  createdAt: z.string(),
});

export const sanctionsHitSchema = z.object({
  id: z.string(),
  status: z.enum(SANCTIONS_HIT_STATUSES),
  createdAt: z.string(),
  subject: z.object({
    kind: z.enum(['user', 'recipient', 'bill_payee']),
    id: z.string(),
    name: z.string(),
    /** What is known of the subject: a customer's verified birth date, a recipient's country. */
    birthDate: z.string().nullable(),
    country: z.string().nullable(),
  }),
  /** The customer concerned: the listed person, or the sender whose recipient it is. */
  customer: z.object({
    userId: z.string(),
    name: z.string(),
    username: z.string(),
  }),
  matches: z.array(sanctionsMatchSchema),
  held: z.array(sanctionsHeldSchema),
  heldCents: z.number(),
  decision: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
  report: z.object({ dueOn: z.string(), filedAt: z.string().nullable() }).nullable(),
});
export type SanctionsHit = z.infer<typeof sanctionsHitSchema>;

export const sanctionsHitListSchema = z.object({ items: z.array(sanctionsHitSchema) });

/** One hit with its history: every screening of the subject, newest first. */
export const sanctionsHitDetailSchema = sanctionsHitSchema.extend({
  screenings: z.array(
    z.object({
      at: z.string(),
      name: z.string(),
      reason: z.string(),
      result: z.enum(['clear', 'possible_match']),
      bestScore: z.number().nullable(),
    }),
  ),
});
export type SanctionsHitDetail = z.infer<typeof sanctionsHitDetailSchema>;

export const sanctionsDecisionBody = z.strictObject({ reason: reasonSchema });

export const sanctionsDecisionSchema = z.object({
  id: z.string(),
  status: z.enum(['cleared', 'blocked']),
  /** Movements that went ahead (clear) or were refunded in full (block). */
  movements: z.number(),
  reportDueOn: z.string().nullable(),
});
