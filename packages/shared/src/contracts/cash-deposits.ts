import { z } from 'zod';
import { DEPOSIT_FEES } from '../fees';
import { cents } from '../money';
import { centsValueSchema } from './amounts';

/**
 * Cash paid in at stores with a barcode, and in-network ATMs near a place
 * (`/api/cash-deposits/*`, `/api/cards/atms`). Amounts in cents.
 */

/**
 * What the stores' network takes in cash per account (the partner's retail network caps them; the
 * register refuses more, so cash over a limit never leaves the customer's hand).
 */
export const CASH_DEPOSIT_LIMITS = {
  perDeposit: cents(100_000),
  perDay: cents(100_000),
  perMonth: cents(250_000),
} as const;

/** The month's cash that is free, and the fee of each deposit from the one that crosses it. */
export const CASH_DEPOSIT_FEE_RULE = {
  freePerMonthCents: DEPOSIT_FEES.cashFreePerMonth,
  feeCents: DEPOSIT_FEES.cashAfterFreeAmount,
} as const;

export const postalCodeSchema = z.string().regex(/^\d{5}$/, 'A 5-digit ZIP code');

// GET /api/cash-deposits/stores?postalCode=
export const storesQuery = z.strictObject({ postalCode: postalCodeSchema });
export const cashStoreSchema = z
  .object({
    storeId: z.string(),
    name: z.string(),
    phone: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    /** Miles from the ZIP code's centre. */
    distanceMiles: z.number(),
  })
  .meta({ id: 'CashStore' });
export type CashStore = z.infer<typeof cashStoreSchema>;
export const cashStoresSchema = z.object({ items: z.array(cashStoreSchema) });

// GET /api/cash-deposits/barcode?storeId=
export const barcodeQuery = z.strictObject({
  storeId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
});
export const cashBarcodeSchema = z
  .object({
    barcodeNumber: z.string(),
    expiresAt: z.string(),
    storeId: z.string(),
  })
  .meta({ id: 'CashBarcode' });
export type CashBarcode = z.infer<typeof cashBarcodeSchema>;

// GET /api/cash-deposits — the user's, newest first, with the month's standing.
export const cashDepositsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const cashDepositSchema = z
  .object({
    id: z.string(),
    transferId: z.string(),
    amountCents: centsValueSchema,
    feeCents: centsValueSchema,
    storeName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CashDeposit' });
export type CashDeposit = z.infer<typeof cashDepositSchema>;
export const cashDepositListSchema = z.object({
  items: z.array(cashDepositSchema),
  total: z.number().int(),
  /** This US Eastern month: cash paid in, and how much more is free. */
  month: z.object({
    depositedCents: centsValueSchema,
    freeLeftCents: centsValueSchema,
  }),
  rules: z.object({
    freePerMonthCents: centsValueSchema,
    feeCents: centsValueSchema,
    perDepositCents: centsValueSchema,
    perDayCents: centsValueSchema,
    perMonthCents: centsValueSchema,
  }),
});
export type CashDepositList = z.infer<typeof cashDepositListSchema>;

// GET /api/cards/atms?postalCode=
export const atmsQuery = z.strictObject({ postalCode: postalCodeSchema });
export const atmSchema = z
  .object({
    network: z.string(),
    name: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    distanceMiles: z.number(),
    acceptsDeposits: z.boolean(),
  })
  .meta({ id: 'InNetworkAtm' });
export type Atm = z.infer<typeof atmSchema>;
export const atmListSchema = z.object({ items: z.array(atmSchema) });

/**
 * The fee of a cash deposit of `amount` when `before` was paid in earlier the same month: none
 * while the month's total stays within the free amount; the deposit that crosses it and each
 * after pays the flat fee (never more than the deposit itself).
 */
export function cashDepositFee(before: number, amount: number): number {
  if (before + amount <= CASH_DEPOSIT_FEE_RULE.freePerMonthCents) return 0;
  return Math.min(CASH_DEPOSIT_FEE_RULE.feeCents, amount);
}
