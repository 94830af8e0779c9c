import { cents, formatUsd, type Locale } from '@pago/shared/money';
import type { ApiError } from './api-client';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The sentence for a refusal about an amount, from the keys under `prefix` in the caller's
 * namespace: `insufficient_funds` with the balance, `limit_exceeded.{per_transaction,daily,monthly}`
 * with the limit and what is left of it. Null for any other failure.
 */
export function amountRefusalText(
  t: Translate,
  prefix: string,
  failure: ApiError,
  locale: Locale,
): string | null {
  const details = failure.details ?? {};
  // Details come over the wire: a whole number of cents, or nothing to show but $0.00.
  const usd = (value: unknown) =>
    formatUsd(
      typeof value === 'number' && Number.isSafeInteger(value) ? cents(value) : cents(0),
      locale,
    );
  switch (failure.code) {
    case 'insufficient_funds':
      return t(`${prefix}insufficient_funds`, { balance: usd(details.balanceCents) });
    case 'limit_exceeded': {
      const limit =
        details.limit === 'daily' || details.limit === 'monthly'
          ? details.limit
          : 'per_transaction';
      return t(`${prefix}limit_exceeded.${limit}`, {
        limit: usd(details.limitCents),
        remaining: usd(details.remainingCents),
      });
    }
    default:
      return null;
  }
}
