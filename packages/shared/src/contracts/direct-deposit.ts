import { z } from 'zod';
import { centsValueSchema } from './amounts';
import { textLine } from './text';

/** Direct deposit: the numbers to give an employer, its form, the deposits received. */

/**
 * A received ACH's state as the user sees it: `pending` (in the balance, not spendable yet),
 * `available_early` (the partner advanced it before its completion date), `available`, `returned`.
 */
export const DIRECT_DEPOSIT_STATES = [
  'pending',
  'available_early',
  'available',
  'returned',
] as const;
export type DirectDepositState = (typeof DIRECT_DEPOSIT_STATES)[number];

export const directDepositItemSchema = z.object({
  id: z.string(),
  transferId: z.string(),
  amountCents: centsValueSchema,
  /** Who sent it, as the ACH names it (the employer, up to 16 characters). */
  companyName: z.string(),
  description: z.string(),
  state: z.enum(DIRECT_DEPOSIT_STATES),
  /** The day the partner completes it (YYYY-MM-DD). */
  completionDate: z.string(),
  /** What could not be taken back when it was returned after being spent. */
  owedCents: centsValueSchema,
  returnReason: z.string().nullable(),
  createdAt: z.string(),
});
export type DirectDepositItem = z.infer<typeof directDepositItemSchema>;

// GET /api/direct-deposit
export const directDepositSchema = z
  .object({
    accountNumber: z.string(),
    routingNumber: z.string(),
    bankName: z.string(),
    accountType: z.literal('checking'),
    /** Early pay: Pago asks the partner to advance every advanceable deposit (always on). */
    earlyPay: z.literal(true),
    deposits: z.array(directDepositItemSchema),
  })
  .meta({ id: 'DirectDeposit' });
export type DirectDeposit = z.infer<typeof directDepositSchema>;

// GET /api/direct-deposit/form.pdf — which part of each paycheck to deposit.
export const directDepositFormQuery = z
  .strictObject({
    language: z.enum(['es', 'en']).optional(),
    amountType: z.enum(['all', 'percent', 'fixed']).default('all'),
    /** percent: a whole 1–100; fixed: dollars with at most two decimals (1–100000). */
    value: z
      .string()
      .regex(/^\d{1,6}(\.\d{1,2})?$/)
      .optional(),
  })
  .superRefine((query, context) => {
    const value = query.value === undefined ? undefined : Number(query.value);
    if (query.amountType === 'all') {
      if (value !== undefined) context.addIssue({ code: 'custom', message: 'No value for all' });
      return;
    }
    const ok =
      query.amountType === 'percent'
        ? value !== undefined && Number.isInteger(value) && value >= 1 && value <= 100
        : value !== undefined && value >= 1 && value <= 100_000;
    if (!ok) context.addIssue({ code: 'custom', path: ['value'], message: 'Invalid value' });
  });
export type DirectDepositFormQuery = z.infer<typeof directDepositFormQuery>;

// POST /sandbox/direct-deposit/payroll (sandbox mode only): an employer pays an account number.
export const sandboxPayrollBody = z.strictObject({
  accountNumber: z.string().regex(/^\d{4,17}$/),
  amountCents: z.number().int().min(1).max(100_000_00),
  companyName: textLine().min(1).max(16).default('PAYROLL'),
  description: textLine().min(1).max(10).default('PAYROLL'),
  /** Days until the partner completes it (0: today, the sandbox clock completes it at once). */
  completesInDays: z.number().int().min(0).max(10).default(2),
});
export const sandboxPayrollSchema = z.object({
  receivedPaymentId: z.string(),
  status: z.string(),
  amountCents: centsValueSchema,
  completionDate: z.string(),
});
