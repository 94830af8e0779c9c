import { z } from 'zod';
import { type Cents, cents, dollarsToCents } from '../money';

/**
 * Amounts in the API (spec §3, §7 plus what a real product needs). Amounts the spec gives
 * as dollars (`amountUsd`) are numbers with at most two decimals, turned into cents on arrival;
 * everything the API answers is in integer cents.
 */

/**
 * A positive dollar amount with at most two decimals, e.g. 12.5; the server works in cents. The
 * decimals are counted on the number's text, not by float arithmetic (see `dollarsToCents`).
 */
export const amountUsdSchema = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((value) => dollarsToCents(value) !== null, {
    error: 'Amount must be dollars with at most two decimals, e.g. 19.99',
  });

/**
 * Cents in an answer: a whole number on the wire, the `Cents` brand in TypeScript (the server
 * builds answers from `Cents` already; no transform, so answers serialize as they are).
 */
export const centsValueSchema = z.number().int() as unknown as z.ZodType<Cents, number>;

/** A positive whole number of cents up to `max`, branded `Cents` once validated. */
export function centsSchema(max: number) {
  return z.number().int().positive().max(max).transform(cents);
}

export const amountCentsSchema = centsSchema(100_000_000);

/** A validated `amountUsd` as cents, exactly (its decimal text, never `amountUsd * 100`). */
export function usdToCents(amountUsd: number): Cents {
  const amount = dollarsToCents(amountUsd);
  if (amount === null) throw new RangeError(`Not an amount in dollars and cents: ${amountUsd}`);
  return amount;
}
