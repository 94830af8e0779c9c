import type { ErrorCode } from '@pago/shared/errors';
import { vi } from 'vitest';

export type ApiCall = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
};
type Result = { status?: number; body?: unknown } | 'network_error';
export type Answer = Result | Promise<Result>;

/**
 * Replaces fetch with `answer`, which sees each request the page makes (headers included);
 * unanswered paths get the server's JSON 404, 'network_error' makes fetch reject.
 */
export function stubApi(answer: (call: ApiCall) => Answer | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: Object.fromEntries(
          Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [
            k.toLowerCase(),
            v,
          ]),
        ),
      };
      calls.push(call);
      const result = (await answer(call)) ?? apiError(404, 'not_found');
      if (result === 'network_error') throw new TypeError('Failed to fetch');
      const { status = 200, body } = result;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The server's error shape. */
export function apiError(
  status: number,
  code: ErrorCode,
  details?: Record<string, unknown>,
): { status: number; body: unknown } {
  const message = `${code} (test)`;
  return { status, body: { error: { code, message, details }, message } };
}
