import type { ErrorCode } from '@pago/shared/errors';
import type { TFunction } from 'i18next';
import esErrors from '@/locales/es/errors.json';
import { ApiError } from './api-client';

/** What a failed call may say of itself: a code of the API's, or no answer at all. */
export type FailureCode = ErrorCode | 'network_error';

/**
 * The codes the `errors` namespace puts in words. Each key of errors.json must be a shared
 * error code: a typo or a code the API no longer has does not compile.
 */
export type ExplainedCode = keyof typeof esErrors & FailureCode;
export type UnknownErrorKeys = Exclude<keyof typeof esErrors, FailureCode>;
const everyKeyIsACode: [UnknownErrorKeys] extends [never] ? true : never = true;
void everyKeyIsACode;

/** The failure's code when the `errors` namespace has a sentence for it, else null. */
export function explainedCode(failure: unknown): ExplainedCode | null {
  if (!(failure instanceof ApiError)) return null;
  // A code with variants (limit_exceeded.daily...) is worded by the screen that has the details.
  // (Both languages have the same keys: errors.test.ts.)
  const text: unknown = (esErrors as Record<string, unknown>)[failure.code];
  return typeof text === 'string' ? (failure.code as ExplainedCode) : null;
}

/**
 * The one sentence for an API error code, in the reader's language (`errors:<code>`), or null
 * when the code has none (then the screen says its own fallback). Never the server's English.
 */
export function errorText(t: TFunction, failure: unknown): string | null {
  const code = explainedCode(failure);
  return code ? String(t(`errors:${code}`)) : null;
}
