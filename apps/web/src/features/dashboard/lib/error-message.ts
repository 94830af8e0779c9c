import type { ErrorCode } from '@pago/shared/errors';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/** The server codes this feature explains in its own words (locales `edit.errors.<code>`). */
const EXPLAINED = new Set<ErrorCode | 'network_error'>([
  'email_taken',
  'username_taken',
  'email_not_verified',
  'invalid_verification_code',
  'verification_code_locked',
  'rate_limited',
  'validation_failed',
  'service_unavailable',
  'unauthorized',
  'network_error',
]);

export type FallbackError = 'updateFailed' | 'sendFailed' | 'verifyFailed';

/** A sentence for the person, chosen by the API error code; the server's English text is never shown. */
export function apiErrorMessage(t: TFunction, error: unknown, fallback: FallbackError): string {
  if (error instanceof ApiError && EXPLAINED.has(error.code)) {
    return t(`dashboard:edit.errors.${error.code}`);
  }
  return t(`dashboard:edit.errors.${fallback}`);
}
