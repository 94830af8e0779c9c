import { z } from 'zod';
import { type Cents, cents } from '../money';
import { centsSchema, centsValueSchema } from './amounts';

/**
 * Mobile check deposits (`/api/check-deposits/*`), through the banking partner (Unit's check
 * deposits): create with the amount, upload the front and the back, confirm; then the partner
 * reviews, clears and credits it (docs/check-deposits.md). Amounts in cents.
 */

/** How much may be deposited by check: per check, per US Eastern day and calendar month. */
export const CHECK_DEPOSIT_LIMITS = {
  perCheck: cents(250_000),
  daily: cents(250_000),
  monthly: cents(500_000),
} as const satisfies Record<string, Cents>;

/**
 * When a deposited check's money is spendable: when the partner sends it (Unit's `Sent`, the
 * account credited), expected this many business days after the deposit is confirmed.
 */
export const CHECK_AVAILABILITY_BUSINESS_DAYS = 2;

/** The largest image of one side Pago takes (the partner takes more; a phone photo is less). */
export const CHECK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CHECK_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/** Unit's check deposit statuses, and `Creating` before the partner answered the creation. */
export const CHECK_DEPOSIT_STATUSES = [
  'Creating',
  'AwaitingImages',
  'AwaitingFrontImage',
  'AwaitingBackImage',
  'AwaitingCustomerConfirmation',
  'PendingReview',
  'Pending',
  'Clearing',
  'Sent',
  'Rejected',
  'Canceled',
  'Returned',
] as const;
export const checkDepositStatusSchema = z.enum(CHECK_DEPOSIT_STATUSES);
export type CheckDepositStatus = z.infer<typeof checkDepositStatusSchema>;

/** What the wallet sees of a deposit: nothing yet, pending (held), available, failed, returned. */
export const checkDepositFundsSchema = z.enum(['none', 'held', 'available', 'failed', 'returned']);

// POST /api/check-deposits
export const createCheckDepositBody = z
  .strictObject({
    amountCents: centsSchema(CHECK_DEPOSIT_LIMITS.perCheck),
    description: z.string().trim().min(1).max(50).optional(),
  })
  .meta({ examples: [{ amountCents: 12000, description: 'Cheque de nómina' }] });
export type CreateCheckDepositBody = z.input<typeof createCheckDepositBody>;

// POST /api/check-deposits/:id/confirm (no body, or an empty one)
export const confirmCheckDepositBody = z.strictObject({});

export const checkDepositParams = z.strictObject({ id: z.uuid() });
export const checkDepositSideParams = z.strictObject({
  id: z.uuid(),
  side: z.enum(['front', 'back']),
});

export const checkDepositSchema = z
  .object({
    id: z.uuid(),
    amountCents: centsValueSchema,
    description: z.string(),
    status: checkDepositStatusSchema,
    funds: checkDepositFundsSchema,
    /** Why the partner rejected or returned it (Unit's reason), else null. */
    reason: z.string().nullable(),
    frontUploaded: z.boolean(),
    backUploaded: z.boolean(),
    /** When the money is (expected to be) spendable: set once confirmed. */
    availableBy: z.string().nullable(),
    /** A returned check's amount the wallet could not cover (a debt), in cents. */
    owedCents: centsValueSchema,
    transferId: z.string().nullable(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
  })
  .meta({ id: 'CheckDeposit' });
export type CheckDeposit = z.infer<typeof checkDepositSchema>;

// GET /api/check-deposits
export const listCheckDepositsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const checkDepositListSchema = z.object({
  items: z.array(checkDepositSchema),
  hasMore: z.boolean(),
});
export type CheckDepositList = z.infer<typeof checkDepositListSchema>;

const windowSchema = z.object({
  limitCents: centsValueSchema,
  usedCents: centsValueSchema,
  remainingCents: centsValueSchema,
});
// GET /api/check-deposits/limits
export const checkDepositLimitsSchema = z.object({
  perCheckCents: centsValueSchema,
  day: windowSchema,
  month: windowSchema,
  /** When a check confirmed now would be spendable (expected). */
  availableBy: z.string(),
  availabilityBusinessDays: z.number().int(),
});
export type CheckDepositLimits = z.infer<typeof checkDepositLimitsSchema>;
