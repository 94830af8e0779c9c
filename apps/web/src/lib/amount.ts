import { TRANSFER_LIMITS } from '@pago/shared/fees';
import { type Cents, centsToDecimalString, type Locale, parseAmount } from '@pago/shared/money';

/** Translation keys (`common:amount.errors`) of what can be wrong with a typed amount. */
export type AmountProblem =
  | 'common:amount.errors.required'
  | 'common:amount.errors.invalid'
  | 'common:amount.errors.positive'
  | 'common:amount.errors.overLimit';

/**
 * Reads an amount as typed in the app's language ("12,50" or "12.50" in Spanish). One transfer
 * can move at most the per-transaction limit, so a larger amount is refused here already.
 */
export function readAmount(
  input: string,
  locale: Locale,
): { cents: Cents; problem?: never } | { cents?: never; problem: AmountProblem } {
  if (!input.trim()) return { problem: 'common:amount.errors.required' };
  const cents = parseAmount(input, locale);
  if (cents === null) return { problem: 'common:amount.errors.invalid' };
  if (cents <= 0) return { problem: 'common:amount.errors.positive' };
  if (cents > TRANSFER_LIMITS.perTransaction) return { problem: 'common:amount.errors.overLimit' };
  return { cents };
}

/** The API's `amountUsd` (a number with two decimals) for whole cents, without float arithmetic. */
export function centsToAmountUsd(amount: Cents): number {
  return Number(centsToDecimalString(amount));
}
