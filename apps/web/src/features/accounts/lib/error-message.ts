import type { TFunction } from 'i18next';
import { errorText } from '@/lib/error-text';

export type FallbackError = 'updateFailed' | 'sendFailed' | 'verifyFailed';

/** A sentence for the person, chosen by the API error code; the server's English text is never shown. */
export function apiErrorMessage(t: TFunction, error: unknown, fallback: FallbackError): string {
  return errorText(t, error) ?? t(`dashboard:edit.errors.${fallback}`);
}
