import { z } from 'zod';
import { cents } from '../money';
import { centsSchema, centsValueSchema } from './amounts';

/** The wallet: balance, sending limits and sandbox test money (`/api/wallet/*`, `/api/limits`). */

// POST /api/wallet/test-deposit (sandbox mode only)
export const TEST_DEPOSIT_MAX_CENTS = cents(100_000);
export const testDepositBody = z
  .strictObject({
    amount: centsSchema(TEST_DEPOSIT_MAX_CENTS),
  })
  .meta({ examples: [{ amount: 50000 }] });

const limitWindowSchema = z.object({
  limitCents: centsValueSchema,
  usedCents: centsValueSchema,
  remainingCents: centsValueSchema,
});
export type LimitWindow = z.infer<typeof limitWindowSchema>;
export const limitsSchema = z.object({
  perTransactionCents: centsValueSchema,
  day: limitWindowSchema,
  month: limitWindowSchema,
});
export type Limits = z.infer<typeof limitsSchema>;

export const balanceSchema = z.object({
  /** The wallet less what it owes: below zero while a returned bank deposit is owed. */
  balanceCents: centsValueSchema,
  /** What can be spent now: the balance less pending bank deposits and what is owed. */
  availableBalanceCents: centsValueSchema,
  /** Bank deposits not settled yet: in the balance, not spendable (holds not included). */
  pendingCents: centsValueSchema.optional(),
  /** A returned bank deposit the wallet could not cover; nothing can be sent until it is paid. */
  owedCents: centsValueSchema.optional(),
  /**
   * Settled bank deposits still on hold (docs/funds-availability.md): in the balance, not
   * spendable until `availableAt`, earliest first.
   */
  holds: z
    .array(z.object({ amountCents: centsValueSchema, availableAt: z.iso.datetime() }))
    .optional(),
  /** Contributions held in colectas (docs/colectas.md): out of the balance until sent or returned. */
  inColectasCents: centsValueSchema.optional(),
  currency: z.literal('USD'),
});
export type Balance = z.infer<typeof balanceSchema>;
