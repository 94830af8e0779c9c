import type { ErrorCode } from '@pago/shared/errors';
import { onTestFinished, vi } from 'vitest';
import { contractMismatch, requestMismatch } from './api-contracts';
import { sandboxCapabilities } from './capabilities';

/** One request the page made: method, path with query, JSON body and headers (names in lower case). */
export type ApiCall = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
};
/** A JSON answer (status 200 unless given), or 'network_error': fetch rejects, as offline. */
export type Reply = { status?: number; body?: unknown } | 'network_error';
export type Answer = Reply | Promise<Reply>;

/**
 * Replaces fetch until the test ends; `reply` sees each request and answers it. A request to a
 * route api-contracts.ts does not list, a request body or an answer its route's contract refuses
 * fails the test when it ends, whatever the page did with it.
 */
function replaceFetch(reply: (call: ApiCall) => Answer): void {
  const refused: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const method = init?.method ?? 'GET';
      const sent = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const wrongRequest = requestMismatch(method, url.pathname, sent);
      if (wrongRequest) refused.push(wrongRequest);
      const result = await reply({
        method,
        path: `${url.pathname}${url.search}`,
        body: sent,
        headers: Object.fromEntries(new Headers(init?.headers)),
      });
      if (result === 'network_error') throw new TypeError('Failed to fetch');
      const { status = 200, body } = result;
      const mismatch = contractMismatch(method, url.pathname, status, body);
      if (mismatch && mismatch !== wrongRequest) refused.push(mismatch);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  onTestFinished(() => {
    vi.unstubAllGlobals();
    if (refused.length > 0) throw new Error(refused.join('\n'));
  });
}

/**
 * The server played by `answer`, which sees each request the page makes (headers included);
 * what it leaves unanswered gets the server's JSON 404. Returns the calls made, in order.
 */
export function stubApi(answer: (call: ApiCall) => Answer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  replaceFetch(async (call) => {
    calls.push(call);
    return (await answer(call)) ?? apiError(404, 'not_found');
  });
  return calls;
}

/** One request as stubRoutes records it: the bearer token rather than every header. */
export type RouteCall = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
};
/** "METHOD /path" (query included) to a reply, or to a function giving one. */
export type Routes = Record<string, Reply | ((call: RouteCall) => Answer)>;

/**
 * The server as a fixed set of routes: a call to any other path fails (fetch rejects with
 * "Unexpected call"). Returns the calls made, in order.
 */
const BACKGROUND: Routes = {
  'GET /api/features': { status: 200, body: sandboxCapabilities() },
  'GET /api/auth/method': { status: 200, body: { method: 'traditional' } },
};

export function stubRoutes(routes: Routes): RouteCall[] {
  const calls: RouteCall[] = [];
  replaceFetch((request) => {
    const call: RouteCall = {
      method: request.method,
      path: request.path,
      authorization: request.headers.authorization ?? null,
      body: request.body,
    };
    const route =
      routes[`${call.method} ${call.path}`] ?? BACKGROUND[`${call.method} ${call.path}`];
    // The reads every page may make on its own (which features the server has, the sign-in
    // method) answer a sandbox default and are not counted, unless a test stubs them itself.
    if (routes[`${call.method} ${call.path}`] || !BACKGROUND[`${call.method} ${call.path}`]) {
      calls.push(call);
    }
    if (!route) throw new Error(`Unexpected call: ${call.method} ${call.path}`);
    return typeof route === 'function' ? route(call) : route;
  });
  return calls;
}

export function ok(
  body: unknown = { success: true },
  status = 200,
): { status: number; body: unknown } {
  return { status, body };
}

type Details = Record<string, unknown>;

/** The server's error shape (docs/architecture.md); the message is "<code> (test)" unless given. */
export function apiError(
  status: number,
  code: ErrorCode,
  details?: Details,
): { status: number; body: unknown };
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  details?: Details,
): { status: number; body: unknown };
export function apiError(
  status: number,
  code: ErrorCode,
  messageOrDetails?: string | Details,
  moreDetails?: Details,
): { status: number; body: unknown } {
  const [message, details] =
    typeof messageOrDetails === 'string'
      ? [messageOrDetails, moreDetails]
      : [`${code} (test)`, messageOrDetails];
  return { status, body: { error: { code, message, ...(details ? { details } : {}) }, message } };
}
