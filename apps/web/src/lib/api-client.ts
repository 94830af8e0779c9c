import type { ApiErrorBody, ErrorCode } from '@pago/shared/errors';
import { SESSION_EXPIRED } from './events';
import { clearStoredToken, getStoredToken } from './session-storage';

const BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');

/**
 * Our error shape (`{error: {code, message}}`, a snake_case code). The shared list of codes is not
 * checked here — it stays out of the first load; a code no screen knows is worded by the screen's
 * fallback (`errorText` knows only codes that have words).
 */
function isErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return (
    typeof error?.code === 'string' &&
    /^[a-z][a-z0-9_]*$/.test(error.code) &&
    typeof error.message === 'string'
  );
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Send the stored token (default). Sign-up, log-in and code calls pass false: a stale token must
   * not travel with them, and their 401 (wrong password) is not an expired session.
   */
  auth?: boolean;
};

/** Calls our API with the stored bearer token; non-2xx answers become ApiError with the server's code. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.auth === false ? null : getStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${BASE_URL}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Network error');
  }

  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (response.status === 401 && token) {
      clearStoredToken();
      window.dispatchEvent(new Event(SESSION_EXPIRED));
    }
    if (isErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.details);
    }
    throw new ApiError(
      response.status,
      'internal_error',
      `${response.status} ${text.slice(0, 200)}`,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
