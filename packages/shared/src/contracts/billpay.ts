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

export const billerSchema = z.object({
  id: z.string(),
  name: z.string(),
  paymentType: z.string(),
  category: z.string(),
});
export type Biller = z.infer<typeof billerSchema>;
