import { z } from 'zod';
import { BANK_FUNDING_LIMITS } from '../fees';
import { cents } from '../money';
import { centsSchema, centsValueSchema } from './amounts';

/**
 * Moving money between a linked bank (Plaid) and the wallet, through the banking partner's ACH
 * (`/api/funding/*`). Amounts in cents.
 */

/** The most one withdrawal may take (the sending limit per transaction). */
export const MAX_WITHDRAWAL_CENTS = cents(99_900);

export const withdrawalSpeedSchema = z.enum(['standard', 'instant']);
export type WithdrawalSpeed = z.infer<typeof withdrawalSpeedSchema>;

// POST /api/funding/deposits
export const depositBody = z
  .strictObject({
    plaidAccountId: z.uuid(),
    amountCents: centsSchema(BANK_FUNDING_LIMITS.perDeposit),
  })
  .meta({
    examples: [{ plaidAccountId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90', amountCents: 20000 }],
  });
export type DepositBody = z.input<typeof depositBody>;

// POST /api/funding/withdrawals
export const withdrawalBody = z
  .strictObject({
    plaidAccountId: z.uuid(),
    amountCents: centsSchema(MAX_WITHDRAWAL_CENTS),
    speed: withdrawalSpeedSchema,
  })
  .meta({
    examples: [
      {
        plaidAccountId: '0b6f1c2e-8d1a-4c3e-9f5b-2a7d4e6c8b90',
        amountCents: 5000,
        speed: 'instant',
      },
    ],
  });
export type WithdrawalBody = z.input<typeof withdrawalBody>;

// GET /api/funding/withdrawals/quote
export const withdrawalQuoteQuery = z.strictObject({
  amountCents: z.coerce.number().int().positive().max(MAX_WITHDRAWAL_CENTS).transform(cents),
  speed: withdrawalSpeedSchema,
});
export const withdrawalQuoteSchema = z.object({
  amountCents: centsValueSchema,
  feeCents: centsValueSchema,
  totalCents: centsValueSchema,
  speed: withdrawalSpeedSchema,
  /** Business days until the bank has it: 0 for instant. */
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

const windowSchema = z.object({
  limitCents: centsValueSchema,
  usedCents: centsValueSchema,
  remainingCents: centsValueSchema,
});
// GET /api/funding/limits
export const fundingLimitsSchema = z.object({
  perDepositCents: centsValueSchema,
  day: windowSchema,
  month: windowSchema,
});
export type FundingLimits = z.infer<typeof fundingLimitsSchema>;

// GET /api/funding/deposits/availability — shown before a deposit is confirmed
export const depositAvailabilityQuery = z.strictObject({
  plaidAccountId: z.uuid(),
  amountCents: z.coerce
    .number()
    .int()
    .positive()
    .max(BANK_FUNDING_LIMITS.perDeposit)
    .transform(cents),
});
export const depositAvailabilitySchema = z.object({
  amountCents: centsValueSchema,
  /** Whether the link has yet to see one of its deposits through its hold (docs/funds-availability.md). */
  newLink: z.boolean(),
  /** Spendable as soon as the bank settles the deposit. */
  atSettlementCents: centsValueSchema,
  /** On hold after settlement, for `holdBusinessDays` banking days. */
  onHoldCents: centsValueSchema,
  holdBusinessDays: z.number().int(),
  /** When the bank settles it at the latest (standard ACH, banking days). */
  settlesBy: z.iso.datetime(),
  /** When all of it is available at the latest. */
  availableBy: z.iso.datetime(),
});
export type DepositAvailability = z.infer<typeof depositAvailabilitySchema>;
