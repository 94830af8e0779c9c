import type { Locale } from '@pago/shared/money';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { amountRefusalText } from '@/lib/money-errors';

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
  const refusal = amountRefusalText(t, 'pay.failure.', failure, locale);
  if (refusal) return refusal;
  const details = failure.details ?? {};
  switch (failure.code) {
    case 'payment_failed':
      return details.reason === 'account_not_found' || details.reason === 'unknown_biller'
        ? t(`pay.failure.${details.reason}`)
        : t('pay.failure.refused');
    case 'identity_not_verified':
      return t('pay.failure.identity_not_verified');
    case 'feature_unavailable_in_live_mode':
      return t('common:liveMode.billPay');
    case 'network_error':
      return t('pay.failure.network');
    default:
      return t('pay.failure.generic');
  }
}
