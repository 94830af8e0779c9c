import { BILL_CATEGORIES } from '@pago/shared/bill-categories';
import { z } from 'zod';
import type { BillerRecord } from '../../providers/billpay/biller-network';

/**
 * A directory file as operations write it for live mode (`npm run billers -- import <file>`): a
 * JSON array of billers, each paid by ACH (`routingNumber`, `accountNumber`) or by check
 * (`address`), in one of the spec's categories and bill types. docs/bill-pay.md has an example.
 */
const billTypes = BILL_CATEGORIES.flatMap((c) => c.billTypes.map((t) => [t, c.id] as const));
const categoryOf = new Map<string, string>(billTypes);

const billerEntry = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,64}$/),
    name: z.string().trim().min(1).max(40),
    billType: z.enum(billTypes.map(([t]) => t) as [string, ...string[]]),
    method: z.enum(['ach', 'check']),
    routingNumber: z
      .string()
      .regex(/^\d{9}$/)
      .optional(),
    accountNumber: z
      .string()
      .regex(/^\d{4,17}$/)
      .optional(),
    address: z
      .strictObject({
        street: z.string().trim().min(1).max(50),
        city: z.string().trim().min(1).max(30),
        state: z.string().regex(/^[A-Z]{2}$/),
        postalCode: z.string().regex(/^\d{5}(-\d{4})?$/),
      })
      .optional(),
  })
  .refine(
    (b) => (b.method === 'ach' ? Boolean(b.routingNumber && b.accountNumber) : Boolean(b.address)),
    { error: 'An ACH biller needs routingNumber and accountNumber; a check biller an address' },
  );

export const billerFile = z.array(billerEntry).min(1).max(10_000);

/** The records of a directory file (throws the file's first mistake). */
export function parseBillerFile(json: unknown): BillerRecord[] {
  return billerFile.parse(json).map((b) => ({
    ...b,
    category: categoryOf.get(b.billType) ?? b.billType,
  }));
}
