import { cents, formatUsd, type Locale } from '@pago/shared/money';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { errorText } from './error-text';
import { formatDay } from './format';

type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * The sentence for a refusal about an amount, from the keys under `prefix` in the caller's
 * namespace: `insufficient_funds` with the balance, `funds_on_hold` with the hold's end and what
 * can go now, `limit_exceeded.{per_transaction,daily,monthly}`
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
    case 'funds_on_hold':
      // A bank deposit's hold (docs/funds-availability.md): until when, and what can go now.
      return t(`${prefix}funds_on_hold`, {
        balance: usd(details.balanceCents),
        date:
          typeof details.availableAt === 'string' && !Number.isNaN(Date.parse(details.availableAt))
            ? formatDay(details.availableAt, locale)
            : '',
      });
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

export type Feedback = {
  severity: 'success' | 'error' | 'info';
  text: string;
  /** The server wants identity verification first: the message links to it. */
  identity?: boolean;
  /** Where the message leads next (a page of the app), with the link's words. */
  link?: { to: string; label: string };
};

/**
 * What to tell the person about a failed money call, in their language: limits with the room
 * left, insufficient funds with the balance, the `errors` namespace's sentence for other codes (`overrides`
 * first, for a screen's own wording), else the screen's `fallbackKey`. Never the server's English.
 */
export function moneyErrorFeedback(
  t: TFunction,
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
    return { ...text('errors:identity_not_verified'), identity: true };
  }
  if (failure.code === 'request_limit_reached') {
    const { limit, max } = (failure.details ?? {}) as { limit?: unknown; max?: unknown };
    if ((limit === 'pending' || limit === 'daily') && typeof max === 'number') {
      return { severity: 'error', text: t(`errors:request_limit_reached.${limit}`, { max }) };
    }
  }
  if (failure.code === 'feature_unavailable_in_live_mode') {
    const { feature } = (failure.details ?? {}) as { feature?: unknown };
    if (feature === 'remittances' || feature === 'billPay' || feature === 'bankAccount') {
      return { severity: 'error', text: t(`common:liveMode.${feature}`) };
    }
  }
  const refusal = amountRefusalText(t, 'errors:', failure, locale);
  if (refusal) return { severity: 'error', text: refusal };
  // A refusal is explained; no answer or a crash gets the screen's own "try again".
  const known = failure.status >= 400 && failure.status < 500 ? errorText(t, failure) : null;
  return known ? { severity: 'error', text: known } : text(fallbackKey);
}
