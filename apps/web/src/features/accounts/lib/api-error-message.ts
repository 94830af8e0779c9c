import type { ErrorCode } from '@pago/shared/errors';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

type Code = ErrorCode | 'network_error';

/** The sign-up form's field names, as validation_failed reports them, with their label keys. */
const FIELD_LABELS: Record<string, string> = {
  name: 'signup.fields.name',
  email: 'signup.fields.email',
  phone: 'signup.fields.phone',
  username: 'signup.fields.username',
  password: 'signup.fields.password',
  zipCode: 'signup.fields.zipCode',
  code: 'verify.code',
};

/**
 * What to tell the person about a failed call: the `errors` namespace's sentence for the code
 * (`overrides` first, for a screen's own wording), the server's message for other 4xx answers,
 * and `fallbackKey` for everything else (5xx texts are not meant for people).
 * `t` must be bound to the accounts namespace.
 */
export function apiErrorMessage(
  t: TFunction<'accounts'>,
  failure: unknown,
  fallbackKey: string,
  overrides: Partial<Record<Code, string>> = {},
): string {
  if (!(failure instanceof ApiError)) return t(fallbackKey);
  const override = overrides[failure.code];
  if (override) return t(override);
  if (failure.code === 'validation_failed') {
    const fields = invalidFields(failure.details)
      .map((field) => (FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field))
      .join(', ');
    return fields ? t('errors.validationFailedFields', { fields }) : t('errors:validation_failed');
  }
  const text = errorText(t, failure);
  if (text) return text;
  if (failure.status >= 400 && failure.status < 500 && failure.message) return failure.message;
  return t(fallbackKey);
}

function invalidFields(details: Record<string, unknown> | undefined): string[] {
  const fields = details?.fields;
  if (!Array.isArray(fields)) return [];
  const names = fields.map((entry: { path?: unknown }) => {
    const path = Array.isArray(entry?.path) ? entry.path[0] : entry?.path;
    return String(path ?? '').split('.')[0] ?? '';
  });
  return [...new Set(names.filter(Boolean))];
}
