import type { Locale } from '@pago/shared/money';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { amountRefusalText } from '@/lib/money-errors';

export type Feedback = {
  severity: 'success' | 'error' | 'info';
  text: string;
  /** The server wants identity verification first: the message links to it. */
  identity?: boolean;
};

/** Codes with a sentence of their own in moneymover.json `errors`. */
const TRANSLATED = new Set<string>([
  'identity_not_verified',
  'self_transfer',
  'quote_expired',
  'quote_mismatch',
  'quote_recipient_mismatch',
  'recipient_country_mismatch',
  'recipient_not_on_pago',
  'quote_required',
  'recipient_not_found',
  'request_not_pending',
  'bank_account_required',
]);

/**
 * What to tell the person about a failed money call, in their language: limits with the room
 * left, insufficient funds with the balance, our sentence for other known codes (`overrides`
 * first, for a screen's own wording), else the screen's `fallbackKey`. Never the server's English.
 */
export function moneyErrorFeedback(
  t: TFunction<'moneymover'>,
  failure: unknown,
  fallbackKey: string,
  locale: Locale,
  overrides: Record<string, string> = {},
): Feedback {
  const text = (key: string): Feedback => ({ severity: 'error', text: t(key) });
  if (!(failure instanceof ApiError)) return text(fallbackKey);
  const override = overrides[failure.code];
  if (override) return text(override);
  if (failure.code === 'identity_not_verified') {
    return { ...text('errors.identity_not_verified'), identity: true };
  }
  if (failure.code === 'request_limit_reached') {
    const { limit, max } = (failure.details ?? {}) as { limit?: unknown; max?: unknown };
    if ((limit === 'pending' || limit === 'daily') && typeof max === 'number') {
      return { severity: 'error', text: t(`errors.request_limit_reached.${limit}`, { max }) };
    }
  }
  if (failure.code === 'feature_unavailable_in_live_mode') {
    const { feature } = (failure.details ?? {}) as { feature?: unknown };
    if (feature === 'remittances' || feature === 'billPay' || feature === 'bankAccount') {
      return { severity: 'error', text: t(`common:liveMode.${feature}`) };
    }
  }
  const refusal = amountRefusalText(t, 'errors.', failure, locale);
  if (refusal) return { severity: 'error', text: refusal };
  return TRANSLATED.has(failure.code) ? text(`errors.${failure.code}`) : text(fallbackKey);
}
