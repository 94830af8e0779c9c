import type { Quote } from '@pago/shared/contracts/transfers';
import { AppError } from '../../lib/app-error';
import { formatScaled, parseRate } from '../transfers/fx-math';

/**
 * The dollars that buy at least an amount abroad at a rate (units of the currency per dollar):
 * ceil(amount × 100 / rate) cents. The partner pays floor(cents × rate / 100) in the currency's
 * minor units (fx-math's payoutAmount), which is then at least the amount asked: rounding the
 * dollars up costs the sender under one cent, and the relative gets at most one cent's worth
 * (under `rate / 100` units) more than asked, never less.
 */
export function usdCentsFor(amount: string, rate: string): number {
  const asked = parseRate(amount);
  const perDollar = parseRate(rate);
  if (perDollar <= 0n) throw new Error(`Not a usable rate: ${rate}`);
  return Number((asked * 100n + perDollar - 1n) / perDollar);
}

/** a ≥ b, for two decimal texts. */
export function atLeast(a: string, b: string): boolean {
  return parseRate(a) >= parseRate(b);
}

/** Currencies paid in whole units (as fx-math pays them). */
const ZERO_DECIMAL = new Set(['CLP', 'PYG']);

/** The amount as stored and shown: two decimals, or none for a whole-unit currency (null: too precise). */
export function normalAmount(amount: string, currency: string): string | null {
  const scaled = parseRate(amount);
  const decimals = ZERO_DECIMAL.has(currency) ? 0 : 2;
  const text = formatScaled(scaled, decimals);
  return parseRate(text) === scaled ? text : null;
}

/** How many tries a price for the asked amount gets, should the rate move between quotes. */
export const PRICE_TRIES = 3;

/**
 * A quote that pays at least `amount`: a first quote gives the partner's rate, the dollars are
 * computed from it, and the quote for those dollars is checked (and redone if the rate moved).
 */
export async function quoteAtLeast(
  amount: string,
  quoteFor: (amountCents: number) => Promise<Quote>,
  probeCents = 10_000,
): Promise<Quote> {
  let quote = await quoteFor(probeCents);
  let cents = usdCentsFor(amount, quote.fxRate);
  for (let attempt = 0; attempt < PRICE_TRIES; attempt++) {
    if (quote.amountCents !== cents) quote = await quoteFor(cents);
    if (atLeast(quote.payoutAmount, amount)) return quote;
    // The rate moved between the two quotes: the dollars again from the newer rate.
    cents = Math.max(cents + 1, usdCentsFor(amount, quote.fxRate));
  }
  throw new AppError(
    'service_unavailable',
    503,
    'The exchange rate kept moving while we priced this request. Try again in a moment.',
  );
}
