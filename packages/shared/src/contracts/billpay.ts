import { z } from 'zod';
import { BILL_CATEGORIES } from '../bill-categories';
import { amountCentsSchema } from './amounts';
import { textLine } from './text';

/** Paying bills through the biller network (`/api/unit/bill-payment`, `/api/billers`). */

export const BILL_PAYMENT_TYPES = BILL_CATEGORIES.flatMap((c) => c.billTypes);
// POST /api/unit/bill-payment — amount in cents; accountId is the user's account number at the biller.
export const billPaymentBody = z
  .strictObject({
    paymentType: z.enum(BILL_PAYMENT_TYPES as [string, ...string[]]),
    payeeId: textLine().min(1).max(64),
    amount: amountCentsSchema,
    accountId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,34}$/, { error: 'Account number at the biller is not valid' }),
    memo: textLine().max(140).default(''),
  })
  .meta({
    examples: [
      {
        paymentType: 'electricity',
        payeeId: 'electricity-1',
        amount: 8450,
        accountId: '1234-5678',
        memo: '',
      },
    ],
  });
export type BillPaymentBody = z.input<typeof billPaymentBody>;

/** How a biller is paid: an ACH credit to its bank account, or a check mailed to its address. */
export const BILL_METHODS = ['ach', 'check'] as const;
export type BillMethod = (typeof BILL_METHODS)[number];

export const billerSchema = z.object({
  id: z.string(),
  name: z.string(),
  paymentType: z.string(),
  category: z.string(),
  method: z.enum(BILL_METHODS),
  /** Banking days from the payment date until the biller has the money. */
  deliveryDays: z.number().int(),
});
export type Biller = z.infer<typeof billerSchema>;

// GET /api/billers — the directory, searched by name within the spec's categories.
export const billerQuery = z.strictObject({
  query: z.string().trim().max(60).optional(),
  category: z.enum(BILL_CATEGORIES.map((c) => c.id) as [string, ...string[]]).optional(),
  paymentType: z.string().max(32).optional(),
});

const payDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Not a date (YYYY-MM-DD)' });

// POST /api/billpay/schedules — a payment on a date (US Eastern), once or monthly; the amount
// leaves the wallet on the pay date (docs/bill-pay.md).
export const billScheduleBody = billPaymentBody.safeExtend({
  payDate,
  repeat: z.enum(['once', 'monthly']).default('once'),
});
export type BillScheduleBody = z.input<typeof billScheduleBody>;

export const BILL_PAYMENT_STATUSES = ['processing', 'completed', 'failed'] as const;

/** One payment made to a biller: now, or by a schedule on its date. */
export const billPaymentSchema = z.object({
  id: z.string(),
  billerId: z.string(),
  billerName: z.string(),
  method: z.enum(BILL_METHODS),
  amountCents: z.number().int(),
  payDate: z.string(),
  /** processing until the biller has it (completed) or it came back (failed: money returned). */
  status: z.enum(BILL_PAYMENT_STATUSES),
  /** The banking partner's own status (Pending, Sent, Settled; a check's InDelivery, Delivered…). */
  partnerStatus: z.string().nullable(),
  reason: z.string().nullable(),
  transferId: z.string().nullable(),
  /** The receipt's reference of `transferId` ("7KQ2MX9C4T"; written with formatReference). */
  reference: z.string().nullable(),
  /** A check not yet sent to the printer can be canceled. */
  cancelable: z.boolean(),
  /** Processing, held for a compliance (sanctions) review: not sent until it is cleared. */
  underReview: z.boolean(),
  expectedBy: z.string(),
});
export type BillPaymentView = z.infer<typeof billPaymentSchema>;

export const billScheduleSchema = z.object({
  id: z.string(),
  billerId: z.string(),
  billerName: z.string(),
  method: z.enum(BILL_METHODS),
  paymentType: z.string(),
  accountAtBiller: z.string(),
  amountCents: z.number().int(),
  memo: z.string(),
  repeat: z.enum(['once', 'monthly']),
  dayOfMonth: z.number().int().nullable(),
  /** The next date it pays (null once done or canceled). */
  nextDate: z.string().nullable(),
  status: z.enum(['active', 'canceled', 'done']),
  createdAt: z.string(),
});
export type BillSchedule = z.infer<typeof billScheduleSchema>;

export const billIdParams = z.strictObject({ id: z.uuid() });
