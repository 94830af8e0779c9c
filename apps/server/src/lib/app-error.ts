import type { ApiErrorBody, ErrorCode } from '@pago/shared/errors';

/** What services throw for anything a caller can act on; the error handler turns it into JSON. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ApiErrorBody {
  return { error: details ? { code, message, details } : { code, message }, message };
}
