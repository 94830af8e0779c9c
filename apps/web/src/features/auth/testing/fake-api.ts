import type { UserProfile } from '@pago/shared/contracts/accounts';
import type { ErrorCode } from '@pago/shared/errors';
import { onTestFinished, vi } from 'vitest';

/** One call the page made: method, path, bearer token and JSON body. */
export type ApiCall = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
};

export type Reply = { status: number; body?: unknown } | 'network-error';
type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** The server's error shape (docs/architecture.md). */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): Reply {
  return { status, body: { error: { code, message, ...(details ? { details } : {}) }, message } };
}

export function ok(body: unknown = { success: true }, status = 200): Reply {
  return { status, body };
}

/**
 * Replaces fetch for one test: `routes` maps "METHOD /path" to a reply (or a function giving
 * one). An unexpected call fails the test. Returns the calls made, in order.
 */
export function stubApi(routes: Record<string, Route>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      authorization: new Headers(init?.headers).get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) throw new Error(`Unexpected call: ${call.method} ${call.path}`);
    const reply = typeof route === 'function' ? await route(call) : route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return calls;
}

export function userProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: 'user-1',
    name: 'Jason Rivera',
    username: 'jason',
    email: 'jason@example.com',
    phone: null,
    phone_verified: false,
    address: null,
    zipCode: '10001',
    verificationService: 'plaid',
    kyc_status: null,
    persona_status: null,
    persona_inquiry_id: null,
    plaidIdentityStatus: null,
    unitAccountId: null,
    balanceCents: 0,
    balance: 0,
    availableBalanceCents: 0,
    language: 'es',
    createdAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  };
}
