import { type Cents, formatUsd, type Locale } from '@pago/shared/money';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * The {detail} of "Payment failed: {detail}" (spec §8), in the person's language: the biller's
 * refusal, the balance or the limit in question, else a general sentence.
 */
export function paymentFailureDetail(
  t: TFunction<'billpay'>,
  failure: unknown,
  locale: Locale,
): string {
  if (!(failure instanceof ApiError)) return t('pay.failure.generic');
  const details = failure.details ?? {};
  const usd = (value: unknown) =>
    formatUsd((typeof value === 'number' ? value : 0) as Cents, locale);
  switch (failure.code) {
    case 'payment_failed':
      return details.reason === 'account_not_found' || details.reason === 'unknown_biller'
        ? t(`pay.failure.${details.reason}`)
        : t('pay.failure.refused');
    case 'insufficient_funds':
      return t('pay.failure.insufficient_funds', { balance: usd(details.balanceCents) });
    case 'limit_exceeded': {
      const limit =
        details.limit === 'daily' || details.limit === 'monthly'
          ? details.limit
          : 'per_transaction';
      return t(`pay.failure.limit_exceeded.${limit}`, {
        limit: usd(details.limitCents),
        remaining: usd(details.remainingCents),
      });
    }
    case 'identity_not_verified':
      return t('pay.failure.identity_not_verified');
    case 'network_error':
      return t('pay.failure.network');
    default:
      return t('pay.failure.generic');
  }
}
