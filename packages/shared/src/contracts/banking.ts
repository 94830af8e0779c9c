import { z } from 'zod';
import { amountCentsSchema } from './amounts';
import { textLine } from './text';

/** The banking partner: accounts and book payments (`/api/unit/*`). */

// POST /api/unit/payments/send — receiver is a phone or an e-mail of a Pago user.
export const bankPaymentBody = z
  .strictObject({
    receiver: textLine().min(3).max(254),
    amount: amountCentsSchema,
    description: textLine().max(140).default(''),
  })
  .meta({ examples: [{ receiver: '+13055550199', amount: 5000, description: 'Rent share' }] });
export type BankPaymentBody = z.input<typeof bankPaymentBody>;

export const bankAccountSchema = z.object({
  id: z.string(),
  accountNumber: z.string(),
  routingNumber: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
